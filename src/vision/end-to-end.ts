/**
 * A domino face found longer than its neighbours, by a quarter to nearly a whole tile, read as two
 * dominoes laid end to end. Along a line of touching tiles the tile network can trace one face over a
 * tile and part of the next (black or coloured dominoes, whose joint shows little gap). The second look
 * (realign.ts) then sizes it to its neighbours about the middle of that face, which is a joint: the
 * tile read there has a half of each, and the two tiles it lies on are missed (dev still
 * heldOutSeed(2061, 25): 4|5 and 5|3 missed, 5|5 read across their joint at 0.93). Here each end of
 * such a face (the tile finder's outline, and the outline the reading settled on where that differs)
 * is taken in turn as a tile's true end; the tile there and the one after it are cut at the
 * neighbours' size and looked at as every tile is (realign.ts, wide moves); the pair whose tiles both
 * read surely, lie on no other tile found and read no blank half beyond the face (plain table reads as
 * a blank half) stands instead of the one tile, if it is not much less sure than that tile.
 *
 * Still images only (read-table.ts). Fresh dev still images (`npm run --silent eval -- --only vision
 * --no-real --seed S --scenes 70`), without -> with, scenes with the pip total exact, precision /
 * recall: seed 2061 51 -> 52, 99.10 / 97.78 -> 99.25 / 98.08 %; 2062 51 -> 53, 99.73 / 98.19 -> 99.80 /
 * 98.39 %; 5001 53 -> 54, 99.50 % both / 98.10 -> 98.17 %; 3001 and 4001 the same to the tile. Before the
 * blank-half rule 4001 read one false tile more (a pair whose second tile lay on the wood beside a
 * crosswise double, 0|4 at 0.99); the rule came from that case and from 5001's 57th scene (8|0 at 0.95
 * on a white cloth). The 300 held-out still images read the same to the tile: no pair stood there.
 * Tried on the same seeds and not taken: a pair tile's lowest confidence 0.6 with overlaps up to 0.4
 * (tile-select.ts MAX_OVERLAP): a false 5|5 and 4|2 on 2061 (a cross whose crosswise double was
 * read as a pair across a joint), a false 4|4 and 6|6 on 3001 (precision 99.43 -> 99.36 %); one outline
 * only (the one the reading settled on): 2062's first scene kept its missed 9|7.
 */
import { shaped, squareToQuad, subQuad } from './quad-geometry';
import { neighbourSize, realignTiles, sizeOf, type Frame, type Read } from './realign';
import type { Point, TileCandidate } from './segment-types';
import type { TablePlane } from './table-plane';
import { boxOf, overlapShare, touches } from './tile-select';

/** A domino at least this much longer than its neighbours (and at most LONGEST) may be two. */
const LONGER = 1.25;
/** Longer than this, and the tile finder's own cut (tile-repair.ts `splitLong`) has its say. */
const LONGEST = 1.9;
/** Each tile of a pair must read at least this surely (its calibrated confidence). */
const PAIR_SURE = 0.9;
/**
 * A tile of a pair may lie on another tile found by at most this share of the smaller. A tile laid
 * across a neighbour's joint lies on it by about half; the pairs across a joint on dev seeds 2061
 * and 3001 lay on a neighbour by 0.29-0.34, the right pairs by up to 0.23 (2062's 13th scene).
 */
const PAIR_OVERLAP = 0.25;
/** The pair's less sure tile may be this much (log units of 1 - confidence) less sure than the one tile, counted at most SURE_CAP sure. */
const MARGIN = Math.log(2);
const SURE_CAP = -Math.log(0.01);
/** How sure a reading is by its calibrated confidence, in log units. */
const sure = (r: Read): number => -Math.log(Math.max(1e-6, 1 - r.tile.confidence));

/** Two tiles end to end that a long face may be, and the face's outline. */
interface Pair {
  tiles: [TileCandidate, TileCandidate];
  face: readonly Point[];
}

/** Share of a half outside the face beyond which a blank reading of it says nothing: plain table reads as a blank half. */
const BEYOND = 0.5;
/** Whether a tile of a pair has a half read blank that lies mostly beyond the face it was cut from. */
function blankBeyond(r: Read, face: readonly Point[]): boolean {
  // a half is smaller than the face (at least 1.25 tiles), so the overlap's share is the half's
  return (r.tile.halves ?? []).some((h) => h.value === 0 && 1 - overlapShare(h.polygon, face) > BEYOND);
}

/** The two pairs a long face may be: from its first end on, and from its far end back; `a`: a tile's length in the face's. */
export function pairsOf(c: TileCandidate, a: number, b: number): [TileCandidate, TileCandidate][] {
  const m = squareToQuad(c.polygon);
  const v0 = 0.5 - b / 2;
  const v1 = 0.5 + b / 2;
  const tile = (u0: number, u1: number): TileCandidate => ({ kind: 'domino', ...shaped('domino', subQuad(m, u0, u1, v0, v1)), score: c.score, evidence: c.evidence });
  return [
    [tile(0, a), tile(a, 2 * a)],
    [tile(1 - a, 1), tile(1 - 2 * a, 1 - a)],
  ];
}

/**
 * The tiles and readings with every long domino read as two where a pair reads surely (module note).
 * `read` reads a batch of candidates; `found` and `reads` are the second look's (realign.ts).
 */
export function endToEnd(faces: readonly TileCandidate[], found: readonly TileCandidate[], reads: readonly Read[], read: (cands: TileCandidate[]) => Read[], frame: Frame, plane?: TablePlane | null): { found: TileCandidate[]; reads: Read[] } {
  const out = { found: [...found], reads: [...reads] };
  const long: { i: number; pairs: Pair[] }[] = [];
  found.forEach((c, i) => {
    if (c.kind !== 'domino') return;
    const size = neighbourSize(found, i, frame, plane);
    if (!size) return;
    const pairs = [faces[i], ...(faces[i] === c ? [] : [c])].flatMap((f): Pair[] => {
      const own = f.kind === 'domino' && f.polygon.length === 4 ? sizeOf(f, plane) : null;
      if (!own) return [];
      const longer = own[0] / size[0];
      return longer < LONGER || longer > LONGEST ? [] : pairsOf(f, size[0] / own[0], Math.min(1.4, Math.max(0.7, size[1] / own[1]))).map((tiles) => ({ tiles, face: f.polygon }));
    });
    if (pairs.length > 0) long.push({ i, pairs });
  });
  if (long.length === 0) return out;
  const cands = long.flatMap((l) => l.pairs.flatMap((p) => p.tiles));
  const all = [...found, ...cands];
  const fixed = all.map((_, k) => k < found.length);
  const looked = realignTiles(all, [...reads, ...read(cands)], read, true, frame, plane, fixed).slice(found.length);
  let k = 0;
  for (const { i, pairs } of long) {
    const onOther = (r: Read) => found.some((o, j) => j !== i && touches(boxOf(o.polygon), boxOf(r.tile.polygon)) && overlapShare(o.polygon, r.tile.polygon) > PAIR_OVERLAP);
    let best: { reads: Read[]; worth: number } | null = null;
    for (let p = 0; p < pairs.length; p++, k += 2) {
      const pr = [looked[k], looked[k + 1]];
      if (pr.some((r) => r.tile.confidence < PAIR_SURE || onOther(r) || blankBeyond(r, pairs[p].face))) continue;
      const worth = Math.min(...pr.map(sure));
      if (!best || worth > best.worth) best = { reads: pr, worth };
    }
    if (!best || best.worth < Math.min(sure(reads[i]), SURE_CAP) - MARGIN) continue;
    const [a, b] = best.reads.map((r): TileCandidate => ({ kind: 'domino', ...shaped('domino', r.tile.polygon), score: found[i].score, evidence: found[i].evidence }));
    out.found[i] = a;
    out.reads[i] = best.reads[0];
    out.found.push(b);
    out.reads.push(best.reads[1]);
  }
  return out;
}
