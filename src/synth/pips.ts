/**
 * Where the pips of one domino half lie, in the half's own unit square: (0,0) is the half's top-left
 * corner and (1,1) its bottom-right, x along the tile (toward half 1), y down the texture.
 *
 * 0–6 are the dice faces. 7–12 follow the layouts of the common double-12 sets (Puremco, Cardinal,
 * the Mexican-Train colour-dot sets): lines of pips run ALONG the tile, written here as rows
 * (top / middle / bottom) as seen on a tile lying with half 0 on the left:
 *
 *   0        1        2        3        4        5        6
 *   . . .    . . .    o . .    o . .    o . o    o . o    o o o
 *   . . .    . o .    . . .    . o .    . . .    . o .    . . .
 *   . . .    . . .    . . o    . . o    o . o    o . o    o o o
 *
 *   7 (3-1-3)   8 (3-2-3)   9 (3-3-3)   10 (4-2-4)   11 (4-3-4)   12 (4-4-4)
 *   o o o       o o o       o o o       o o o o      o o o o      o o o o
 *   . o .       o . o       o o o       . o o .      o o o        o o o o
 *   o o o       o o o       o o o       o o o o      o o o o      o o o o
 *
 * 8's middle pair sits halfway between the outer columns of its rows, 10's under the inner pair of
 * its rows of four, and 11's middle three spread like a row of three. Sets differ in how a half is
 * turned (a 6 as two rows of three or as two columns; a 2 or 3 rising or falling), so the renderer
 * may turn a layout a quarter turn (`turned`): both occur on real tables, often within one set.
 */
import type { Vec2 } from './types';

/** Rows of three and rows of four: the spacings a 24 mm half leaves between pips. */
const THREE = [0.22, 0.5, 0.78];
const FOUR = [0.17, 0.39, 0.61, 0.83];
const ROWS = [0.2, 0.5, 0.8];

const row = (y: number, xs: readonly number[]): Vec2[] => xs.map((x): Vec2 => [x, y]);

const DICE: readonly Vec2[][] = [
  [],
  [[0.5, 0.5]],
  [[0.25, 0.25], [0.75, 0.75]],
  [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  [...row(0.25, [0.25, 0.5, 0.75]), ...row(0.75, [0.25, 0.5, 0.75])],
];

const DOUBLE_12: readonly Vec2[][] = [
  [...row(0.22, THREE), [0.5, 0.5], ...row(0.78, THREE)], // 7
  [...row(ROWS[0], THREE), ...row(ROWS[1], [0.36, 0.64]), ...row(ROWS[2], THREE)], // 8
  [...row(ROWS[0], THREE), ...row(ROWS[1], THREE), ...row(ROWS[2], THREE)], // 9
  [...row(ROWS[0], FOUR), ...row(ROWS[1], [FOUR[1], FOUR[2]]), ...row(ROWS[2], FOUR)], // 10
  [...row(ROWS[0], FOUR), ...row(ROWS[1], [0.25, 0.5, 0.75]), ...row(ROWS[2], FOUR)], // 11
  [...row(ROWS[0], FOUR), ...row(ROWS[1], FOUR), ...row(ROWS[2], FOUR)], // 12
];

/** The canonical layouts, index = value 0..12. */
export const PIP_LAYOUTS: readonly (readonly Vec2[])[] = [...DICE, ...DOUBLE_12];

/** The same layout a quarter turn clockwise: (x, y) -> (1 - y, x). */
const TURNED: readonly (readonly Vec2[])[] = PIP_LAYOUTS.map((pips) => pips.map(([x, y]): Vec2 => [1 - y, x]));

export function pipLayout(value: number, turned = false): readonly Vec2[] {
  if (!Number.isInteger(value) || value < 0 || value > 12) throw new RangeError(`no pip layout for ${value}`);
  return turned ? TURNED[value] : PIP_LAYOUTS[value];
}

/**
 * Pip radius as a share of the half side: 0.095 for 1–6 (a 4.5 mm pip on a 24 mm half), smaller
 * where rows of three or four must fit (12's pips are 0.22 apart, so 0.068 leaves a 0.08 gap).
 */
export function pipRadius(value: number): number {
  if (value <= 6) return 0.095;
  if (value <= 9) return 0.08;
  return 0.068;
}
