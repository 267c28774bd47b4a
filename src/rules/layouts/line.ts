/**
 * The line of play of the two-ended games (rules.md §1-4, §6, §8 flat): tiles as laid, left to
 * right, each written `near|far` (`"6|2"`: 6 on the left). Only the two open ends matter for play.
 */
import { fail } from '../errors';
import type { Ledger } from '../position';
import { canonical, far, formatLaid, hi, lo, near, parseLaid, type Domino, type Laid, laid } from '../tiles';
import type { Json } from '../types';

export type Side = 'L' | 'R';

/** How two touching halves must relate: equal (most games) or summing to 7/10/13 (Matador). */
export type Joins = (leftHalf: number, rightHalf: number, leftTile: Laid, rightTile: Laid) => boolean;

export const equalJoin: Joins = (a, b) => a === b;

export function readLine(raw: Json | undefined, maxPip: number, ledger: Ledger, joins: Joins, rule: string): Laid[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) fail('BAD_LAYOUT', `line: expected a list of laid tiles like ["6|6", "6|2"], got ${JSON.stringify(raw)}`);
  const line = raw.map((x, i) => parseLaid(x, maxPip, `line[${i}]`));
  line.forEach((l, i) => ledger.add(canonical(l), `the line (position ${i + 1})`));
  for (let i = 1; i < line.length; i++) {
    if (!joins(far(line[i - 1]), near(line[i]), line[i - 1], line[i]))
      fail('BAD_LAYOUT', `line: ${formatLaid(line[i - 1])} and ${formatLaid(line[i])} cannot touch (${rule})`);
  }
  return line;
}

export const writeLine = (line: readonly Laid[]): Json => line.map(formatLaid);

/** Open end values: [left, right]. An empty line has none. */
export const leftEnd = (line: readonly Laid[]): number => near(line[0]);
export const rightEnd = (line: readonly Laid[]): number => far(line[line.length - 1]);

/**
 * The tile laid at a side with `touch` as the half that touches the end:
 * at the left end the touching half is the far (right) half, at the right end the near half.
 */
export function orient(tile: Domino, touch: number, side: Side): Laid {
  const other = lo(tile) === touch ? hi(tile) : lo(tile);
  return side === 'L' ? laid(other, touch) : laid(touch, other);
}

export function layAt(line: readonly Laid[], l: Laid, side: Side): Laid[] {
  return side === 'L' ? [l, ...line] : [...line, l];
}

/** The lead: a single tile; a hand tile `a-b` is laid `a|b`. */
export const leadOf = (tile: Domino): Laid => laid(lo(tile), hi(tile));
