/**
 * The `mixed` family: a laid-out game with what else lies on a real table. One of
 *   line-hands   a line with the hands laid open and a few loose tiles from the stock;
 *   cross-hands  a Sevastopol cross with the four hands laid open;
 *   line-tri     a domino line with triangular tiles lying loose around it (another box's tiles);
 *   tri-dominoes a triangular board with hands, and a few loose dominoes.
 * The position covers only the laid-out part (and its open hands); loose tiles are never within
 * 15 mm of it, so nobody could take them for played tiles.
 */
import type { Rng } from '../../rules/random';
import { crossLayout } from './cross';
import { grownBox } from './chain';
import { layoutExtent } from './geometry';
import { lineLayout } from './line';
import { TileList, type LayoutResult } from './result';
import { scatterFaces } from './scatter';
import { between, drawFaces, faceOf, pick, randomSet, tileKey, turnFace, type DominoSetName, type TileFace } from './tile-specs';
import { triominoLayout } from './triomino';

export type MixedVariant = 'line-hands' | 'cross-hands' | 'line-tri' | 'tri-dominoes';

export interface MixedOptions {
  variant?: MixedVariant;
  tileCount?: number;
}

/** Loose faces around what lies already, none within `keepOff` mm of it. */
function scatterAround(base: LayoutResult, faces: TileFace[], rng: Rng): void {
  const list = new TileList();
  base.tiles.forEach((t, i) => list.add(t, base.roles[i]));
  const region = grownBox(layoutExtent(base.tiles), 60);
  scatterFaces(faces, list, { region, nearShare: 0.3, keepOff: 15, spacing: 5, role: { role: 'loose' } }, rng);
  base.tiles = list.tiles;
  base.roles = list.roles;
}

/** Tiles of the set not seen in the layout, hands or named stock: from the stock as the position lists it. */
function stockFaces(base: LayoutResult, count: number, rng: Rng): TileFace[] {
  const stock = base.position?.stock;
  const pool = Array.isArray(stock) ? stock.filter((x): x is string => typeof x === 'string').map(faceOf) : [];
  const seen = new Set(base.tiles.map(tileKey));
  return pool
    .filter((f) => !seen.has(tileKey(f)))
    .slice(0, count)
    .map((f) => turnFace(f, rng));
}

export function mixedLayout(rng: Rng, o: MixedOptions = {}): LayoutResult {
  const variant = o.variant ?? pick(rng, ['line-hands', 'cross-hands', 'line-tri', 'tri-dominoes'] as const, [35, 20, 25, 20]);
  let out: LayoutResult;
  if (variant === 'line-hands') {
    out = lineLayout(rng, { tileCount: o.tileCount ?? between(rng, 6, 18), openHands: true });
    scatterAround(out, stockFaces(out, between(rng, 0, 4), rng), rng);
  } else if (variant === 'cross-hands') {
    out = crossLayout(rng, { tileCount: o.tileCount ?? between(rng, 8, 18), openHands: true });
  } else if (variant === 'line-tri') {
    out = lineLayout(rng, { tileCount: o.tileCount ?? between(rng, 8, 24) });
    scatterAround(out, drawFaces('triomino', between(rng, 3, 8), rng), rng);
  } else {
    out = triominoLayout(rng, { tileCount: o.tileCount ?? between(rng, 6, 16) });
    const set = randomSet(rng, false) as DominoSetName;
    scatterAround(out, drawFaces(set, between(rng, 2, 5), rng), rng);
  }
  out.family = 'mixed';
  return out;
}
