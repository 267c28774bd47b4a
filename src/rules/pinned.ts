/**
 * A hand given only as a count is known after all when the position leaves no other place for
 * the unseen tiles: one hidden hand, nothing hidden in the stock or set aside, and exactly as many
 * unseen tiles as that hand holds. Example (domino, all 28 dealt): P3: 4 with 3-4, 3-6, 4-4 and
 * 6-6 seen nowhere else means P3 holds those four, and the round can be scored.
 */
import type { Table } from './game';
import { isObject, seatName } from './position';
import { allDominoes, allTris, domino, formatDomino, formatTri, tri } from './tiles';
import type { Json, JsonObject } from './types';

/** Every tile named anywhere in the position, canonical ("2-5", "0-1-2"). */
function seenTiles(v: Json, out: Set<string>, triangles: boolean): void {
  if (typeof v === 'string') {
    const d = /^(\d{1,2})\s*[-|]\s*(\d{1,2})$/.exec(v);
    if (d && !triangles) out.add(formatDomino(domino(Number(d[1]), Number(d[2]))));
    const t = /^(\d)-(\d)-(\d)$/.exec(v);
    if (t && triangles) out.add(formatTri(tri(Number(t[1]), Number(t[2]), Number(t[3]))));
  } else if (Array.isArray(v)) {
    v.forEach((x) => seenTiles(x, out, triangles));
  } else if (isObject(v)) {
    // A placed triangle is {"cell": [c, r], "v": [a, b, c]}.
    if (triangles && Array.isArray(v.v) && v.v.length === 3 && v.v.every((x) => typeof x === 'number')) {
      const [a, b, c] = v.v as number[];
      out.add(formatTri(tri(a, b, c)));
    }
    for (const [k, x] of Object.entries(v)) if (k !== 'scores' && k !== 'v') seenTiles(x, out, triangles);
  }
}

export function pinHiddenHand(t: Table<unknown>, pos: JsonObject): JsonObject {
  const hands = pos.hands;
  if (!isObject(hands)) return pos;
  const hidden = Object.entries(hands).filter(([, h]) => typeof h === 'number' && h > 0);
  if (hidden.length !== 1) return pos;
  const stockHidden = typeof pos.stock === 'number' && pos.stock > 0;
  const outHidden = typeof pos.out === 'number' && pos.out > 0;
  if (stockHidden || outHidden) return pos;
  const triangles = t.set === 'triomino';
  const seen = new Set<string>();
  seenTiles(pos, seen, triangles);
  const all = triangles ? allTris().map(formatTri) : allDominoes(t.maxPip).map(formatDomino);
  const unseen = all.filter((x) => !seen.has(x));
  const [seat, count] = hidden[0];
  if (unseen.length !== count || !/^P\d+$/.test(seat) || Number(seat.slice(1)) >= t.seats) return pos;
  return { ...pos, hands: { ...hands, [seatName(Number(seat.slice(1)))]: unseen } };
}
