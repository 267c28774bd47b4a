/**
 * The `hand` family: 5-20 tiles of one set scattered face up, at random angles, never
 * overlapping; about a third pushed up to 0.5-3 mm from another tile. Not a game layout, so no
 * referee position: a hand on the table is just tiles (the reader must find and read each one).
 */
import type { Rng } from '../../rules/random';
import { DOMINO_HALF_MM, TRIOMINO_SIDE_MM } from '../types';
import { TileList, type LayoutResult } from './result';
import { regionFor, scatterFaces } from './scatter';
import { between, drawFaces, randomSet, type SetName } from './tile-specs';

export interface HandOptions {
  set?: SetName;
  tileCount?: number;
}

export function handLayout(rng: Rng, o: HandOptions = {}): LayoutResult {
  const set = o.set ?? randomSet(rng);
  const count = o.tileCount ?? between(rng, 5, 20);
  const faces = drawFaces(set, count, rng);
  const tileArea = set === 'triomino' ? (Math.sqrt(3) / 4) * TRIOMINO_SIDE_MM ** 2 : 2 * DOMINO_HALF_MM ** 2;
  const list = new TileList();
  scatterFaces(faces, list, {
    region: regionFor(count, tileArea, 0.12 + 0.2 * rng.next()),
    nearShare: 0.35,
    keepOff: 0,
    spacing: 4,
    role: { role: 'loose' },
  }, rng);
  return {
    family: 'hand',
    set,
    tiles: list.tiles,
    roles: list.roles,
    chains: [],
    extentMm: { minX: 0, maxX: 0, minY: 0, maxY: 0 },
  };
}
