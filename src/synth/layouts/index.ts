/**
 * Where the tiles lie on the table for each scene family, in table millimetres, with the
 * referee position of the laid-out part. Every layout is centred on (0, 0) and carries its
 * extent for the camera. Conventions (types.ts): a domino's centre is the middle of its divider
 * and its angle points from half 0 to half 1; a triangular tile's centre is its centroid, angle 0
 * puts corner 0 at +y, corners clockwise seen from above. Chains lay half 0 on the inner side
 * (the half touching the previous tile), so a tile's values read [inner, outer].
 *
 *   generateLayout('line', createRng(7))            -> a legal line, turns and crosswise doubles
 *   generateLayout('hand', rng, { set: 'triomino', tileCount: 12 })
 */
import type { Rng } from '../../rules/random';
import type { SceneFamily } from '../types';
import { crossLayout } from './cross';
import { centreTiles } from './geometry';
import { handLayout } from './hand';
import { lineLayout } from './line';
import { mixedLayout, type MixedVariant } from './mixed';
import type { LayoutResult } from './result';
import type { DominoSetName, SetName } from './tile-specs';
import { trainsLayout } from './trains';
import { triominoLayout } from './triomino';

export { findOverlaps, layoutExtent, separation, type Extent } from './geometry';
export type { LaidChain, LayoutResult, TileRole } from './result';
export { cellTile, latticeToTable } from './triomino';

export interface LayoutOptions {
  /** hand: the set to draw from; line: the domino set (double-9/12 means the basic game). */
  set?: SetName;
  /** hand: tiles scattered; laid families: tiles in the layout (play may stop sooner). */
  tileCount?: number;
  /** line and cross: lay the remaining hands open along the edges; triomino: default true. */
  openHands?: boolean;
  /** mixed: which mixture. */
  variant?: MixedVariant;
}

export function generateLayout(family: SceneFamily, rng: Rng, opts: LayoutOptions = {}): LayoutResult {
  const out = build(family, rng, opts);
  out.extentMm = centreTiles(out.tiles);
  return out;
}

function build(family: SceneFamily, rng: Rng, o: LayoutOptions): LayoutResult {
  switch (family) {
    case 'hand':
      return handLayout(rng, o);
    case 'line':
      return lineLayout(rng, { set: o.set === 'triomino' ? undefined : (o.set as DominoSetName | undefined), tileCount: o.tileCount, openHands: o.openHands });
    case 'cross':
      return crossLayout(rng, o);
    case 'trains':
      return trainsLayout(rng, o);
    case 'triomino':
      return triominoLayout(rng, o);
    case 'mixed':
      return mixedLayout(rng, o);
  }
}
