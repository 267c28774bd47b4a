/**
 * Tile sets and the tile notation of rules.md: `a-b` in a hand (a <= b), `a|b` as laid
 * (left / near half first), `a-b-c` for triangular tiles.
 *
 * Internally a domino is one small integer: `a * 16 + b`. A hand tile is stored canonical
 * (a <= b); a laid tile keeps its orientation (near half in the high nibble), so `6|2` = 0x62.
 * A triangular tile is `a * 36 + b * 6 + c` with a <= b <= c.
 */
import { fail } from './errors';

export type SetName = 'double-6' | 'double-9' | 'double-12' | 'triomino';
export const SET_NAMES: readonly SetName[] = ['double-6', 'double-9', 'double-12', 'triomino'];

/** Highest pip value of a two-half set: double-6 -> 6. */
export function maxPipOf(set: SetName): number {
  switch (set) {
    case 'double-6':
      return 6;
    case 'double-9':
      return 9;
    case 'double-12':
      return 12;
    case 'triomino':
      return 5;
  }
}

/** Number of tiles in a set: double-6 28, double-9 55, double-12 91, triomino 56. */
export function setSize(set: SetName): number {
  if (set === 'triomino') return 56;
  const n = maxPipOf(set) + 1;
  return (n * (n + 1)) / 2;
}

// ---- dominoes --------------------------------------------------------------------------

export type Domino = number; // canonical hand tile, lo * 16 + hi
export type Laid = number; // oriented tile, near * 16 + far

export const domino = (a: number, b: number): Domino => (a <= b ? a * 16 + b : b * 16 + a);
export const laid = (near: number, far: number): Laid => near * 16 + far;
export const lo = (t: number): number => t >> 4;
export const hi = (t: number): number => t & 15;
export const near = lo;
export const far = hi;
export const isDouble = (t: number): boolean => t >> 4 === (t & 15);
export const pipsOf = (t: number): number => (t >> 4) + (t & 15);
/** The hand tile a laid tile is: `6|2` -> `2-6`. */
export const canonical = (l: Laid): Domino => domino(l >> 4, l & 15);
/** The same tile turned round: `6|2` -> `2|6`. */
export const flip = (l: Laid): Laid => (l & 15) * 16 + (l >> 4);

export const formatDomino = (t: Domino): string => `${t >> 4}-${t & 15}`;
export const formatLaid = (l: Laid): string => `${l >> 4}|${l & 15}`;

/** Every tile of a double-N set, in the order 0-0, 0-1, ... N-N. */
export function allDominoes(maxPip: number): Domino[] {
  const out: Domino[] = [];
  for (let a = 0; a <= maxPip; a++) for (let b = a; b <= maxPip; b++) out.push(domino(a, b));
  return out;
}

function parseHalves(s: unknown, sep: '-' | '|', maxPip: number, what: string): [number, number] {
  if (typeof s !== 'string') fail('BAD_TILE', `${what}: expected a tile like "3${sep}5", got ${JSON.stringify(s)}`);
  const m = /^\s*(\d{1,2})\s*([-|])\s*(\d{1,2})\s*$/.exec(s);
  if (!m || m[2] !== sep) fail('BAD_TILE', `${what}: "${s}" is not a tile written "a${sep}b"`);
  const a = Number(m[1]);
  const b = Number(m[3]);
  if (a > maxPip || b > maxPip) fail('BAD_TILE', `${what}: ${s} does not exist in a double-${maxPip} set`);
  return [a, b];
}

/** `"5-2"` -> the tile 2-5; the halves may come in any order. */
export function parseDomino(s: unknown, maxPip: number, what = 'tile'): Domino {
  const [a, b] = parseHalves(s, '-', maxPip, what);
  return domino(a, b);
}

/** `"6|2"` -> the laid tile with 6 near (left) and 2 far (right). */
export function parseLaid(s: unknown, maxPip: number, what = 'laid tile'): Laid {
  const [a, b] = parseHalves(s, '|', maxPip, what);
  return laid(a, b);
}

// ---- triangular tiles ------------------------------------------------------------------

export type Tri = number; // a * 36 + b * 6 + c, a <= b <= c

export const tri = (a: number, b: number, c: number): Tri => {
  const s = [a, b, c].sort((x, y) => x - y);
  return s[0] * 36 + s[1] * 6 + s[2];
};
export const triValues = (t: Tri): [number, number, number] => [Math.floor(t / 36), Math.floor(t / 6) % 6, t % 6];
export const triSum = (t: Tri): number => Math.floor(t / 36) + (Math.floor(t / 6) % 6) + (t % 6);
export const formatTri = (t: Tri): string => triValues(t).join('-');

/** The 56 triangular tiles: every a <= b <= c with values 0-5 (rules.md §9). */
export function allTris(): Tri[] {
  const out: Tri[] = [];
  for (let a = 0; a <= 5; a++) for (let b = a; b <= 5; b++) for (let c = b; c <= 5; c++) out.push(a * 36 + b * 6 + c);
  return out;
}

export function parseTri(s: unknown, what = 'tile'): Tri {
  if (typeof s !== 'string') fail('BAD_TILE', `${what}: expected a triangular tile like "0-1-2", got ${JSON.stringify(s)}`);
  const m = /^\s*(\d)\s*-\s*(\d)\s*-\s*(\d)\s*$/.exec(s);
  if (!m) fail('BAD_TILE', `${what}: "${s}" is not a triangular tile written "a-b-c"`);
  const v = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (v.some((x) => x > 5)) fail('BAD_TILE', `${what}: ${s} does not exist: triangular tiles carry 0 to 5`);
  return tri(v[0], v[1], v[2]);
}

/**
 * Corner values listed clockwise fit the tile a-b-c only as a rotation of [a, b, c], never as
 * its mirror image (rules.md §9: numbers ascend clockwise). `[1, 2, 0]` is 0-1-2; `[0, 2, 1]` is not a tile.
 */
export function isClockwiseTri(v: readonly number[]): boolean {
  const [x, y, z] = v;
  // Rotate so the smallest comes first (the first smallest when values repeat), then it must ascend.
  const rots: [number, number, number][] = [
    [x, y, z],
    [y, z, x],
    [z, x, y],
  ];
  return rots.some(([p, q, r]) => p <= q && q <= r);
}
