/** Hand-made readings for the reconstruction tests, and the committed fixture scenes. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SceneTruthLike } from '../../src/vision/reconstruct/truth-reading';
import type { Point, ReadTile, TableReading } from '../../src/vision/types';

/** Side of a half in pixels, and the gap laid tiles leave between them. */
export const S = 40;
const GAP = 0.4;

/**
 * A domino lying with its centre at (x, y) (image px), its long side along screen angle `deg`
 * (from half `a` to half `b`), halves of side `s`. Polygons clockwise on screen.
 */
export function dominoAt(x: number, y: number, deg: number, a: number, b: number, s = S): ReadTile {
  const ux = Math.cos((deg * Math.PI) / 180);
  const uy = Math.sin((deg * Math.PI) / 180);
  const wx = -uy;
  const wy = ux;
  const corner = (along: number, across: number): Point => [x + ux * along + wx * across, y + uy * along + wy * across];
  const half = (from: number): Point[] => [corner(from, -s / 2), corner(from + s, -s / 2), corner(from + s, s / 2), corner(from, s / 2)];
  return {
    kind: 'domino',
    values: [a, b],
    polygon: [corner(-s, -s / 2), corner(s, -s / 2), corner(s, s / 2), corner(-s, s / 2)],
    halves: [
      { value: a, polygon: half(-s), confidence: 1 },
      { value: b, polygon: half(0), confidence: 1 },
    ],
    confidence: 1,
  };
}

export const reading = (tiles: ReadTile[]): TableReading => ({ image: { width: 1280, height: 720 }, tiles, ms: {} });

/**
 * A line laid left to right at y = 300 with a crosswise double and a turn down at its right end:
 *   3|6  6|6 (crosswise)  6|2  then 2|4 turning down (its 2 straight ahead of 6|2's end face).
 */
export function lineWithTurn(): TableReading {
  const g = GAP;
  return reading([
    dominoAt(200, 300, 0, 3, 6),
    dominoAt(200 + S + g + S / 2, 300, 90, 6, 6),
    dominoAt(200 + 2 * S + 2 * g + S, 300, 0, 6, 2),
    dominoAt(200 + 4 * S + 3 * g + S / 2, 300 + S / 2, 90, 2, 4),
  ]);
}

/** The committed fixture scenes (datasets/fixtures/scenes), truth JSON only. */
export function fixtureScenes(): SceneTruthLike[] {
  const dir = join(import.meta.dirname, '../../datasets/fixtures/scenes');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SceneTruthLike);
}
