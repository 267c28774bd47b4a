/**
 * Magnetic domino (rules.md §8) as far as a camera above the table sees it. Played flat, it is a
 * line (line.ts). Built up, the row on the table is the chain of tiles lying edge to edge, and a
 * tile lying over a row tile (a half centre inside one of its halves) is a tower tile on that
 * half. From above, of two tiles that overlap the one read with more confidence is the upper one
 * (the lower is partly hidden). Tiles deeper in a tower, and which tile was the lead, cannot be
 * seen: the leftmost row tile is written as the lead (`unknowns` says so).
 */
import type { JsonObject } from '../../rules/types';
import { laidTexts, longestPath, nearHalves } from './chain';
import { components, dominoContacts } from './contacts';
import type { Context, LayoutResult } from './context';
import { insideConvex } from './geometry';
import { lineLayout } from './line';

interface Overlap {
  top: number;
  topHalf: number;
  under: number;
  underHalf: number;
}

/** Tile pairs where a half of one lies over a half of the other; the upper one is read more surely. */
function overlaps(ctx: Context): Overlap[] {
  const out: Overlap[] = [];
  const { pieces, tiles } = ctx;
  for (const a of ctx.own)
    for (const b of ctx.own) {
      if (a >= b) continue;
      for (let ha = 0; ha < 2; ha++)
        for (let hb = 0; hb < 2; hb++) {
          if (!insideConvex(pieces[a].halves[ha].centre, pieces[b].halves[hb].poly) && !insideConvex(pieces[b].halves[hb].centre, pieces[a].halves[ha].poly)) continue;
          const aTop = tiles[a].confidence >= tiles[b].confidence;
          out.push(aTop ? { top: a, topHalf: ha, under: b, underHalf: hb } : { top: b, topHalf: hb, under: a, underHalf: ha });
        }
    }
  return out;
}

export function structureLayout(ctx: Context): LayoutResult {
  const over = overlaps(ctx);
  const rs = ctx.setup.ruleset;
  const mode = typeof rs === 'object' && rs !== null ? rs.mode : undefined;
  if (over.length === 0 && mode !== 'tower' && mode !== 'alternating') return lineLayout(ctx);
  const tops = new Set(over.map((o) => o.top));
  const flat = ctx.own.filter((t) => !tops.has(t));
  const g = dominoContacts(ctx.pieces, flat);
  const group = components(flat, (t) => g.neighbours(t))[0] ?? [];
  let order = group.length ? longestPath(g, group) : [];
  if (order.length > 1 && ctx.pieces[order[0]].centre[0] > ctx.pieces[order[order.length - 1]].centre[0]) order = order.reverse();
  const texts = laidTexts(ctx.pieces, order, nearHalves(g, order, null));
  const near = nearHalves(g, order, null);
  const id = new Map<number, number>(order.map((t, i) => [t, i + 1]));
  const out: JsonObject[] = order.map((_t, i): JsonObject => (i === 0 ? { id: 1, tile: texts[0], on: null } : { id: i + 1, tile: texts[i], on: null, next_to: { id: i, half: 1, with: 0 } }));
  for (const o of over) {
    const base = id.get(o.under);
    if (base === undefined || id.has(o.top)) continue;
    const v = ctx.pieces[o.top].values;
    id.set(o.top, id.size + 1);
    // The half lying on the tower's half is written first ("with": 0).
    const underHalfAsWritten = o.underHalf === near[order.indexOf(o.under)] ? 0 : 1;
    out.push({ id: id.size, tile: `${v[o.topHalf]}|${v[1 - o.topHalf]}`, on: { id: base, half: underHalfAsWritten, with: 0 } });
  }
  const tiles = [...id.keys()];
  return { key: 'structure', value: out, tiles, rejected: [], unknowns: order.length ? ['structure.lead', 'structure.hidden'] : [] };
}
