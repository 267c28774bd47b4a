/**
 * The reading's tiles as shapes to reason about: each domino's two square halves (with their
 * centres and side length in pixels), each triangle's corners, and whether the tile belongs to
 * the set of the game being played.
 */
import type { Point, ReadTile, TableReading } from '../types';
import { centroid, meanEdge } from './geometry';

export interface HalfShape {
  value: number;
  poly: Point[];
  centre: Point;
}

export interface Piece {
  /** Index into reading.tiles. */
  index: number;
  kind: 'domino' | 'triomino';
  values: number[];
  poly: Point[];
  /** Domino: the two halves in `values` order; triangle: empty. */
  halves: HalfShape[];
  centre: Point;
  /** Domino: mean side of a half, px; triangle: mean side, px. */
  size: number;
}

/** Splits a domino outline into two halves when the reading gives none (half 0 at corners 0 and 3). */
function splitHalves(t: ReadTile): Point[][] {
  let p = t.polygon;
  const d = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
  // The outline starts on a long side in readings of this project; turn it when it does not.
  if (d(p[0], p[1]) < d(p[1], p[2])) p = [p[1], p[2], p[3], p[0]];
  const m01: Point = [(p[0][0] + p[1][0]) / 2, (p[0][1] + p[1][1]) / 2];
  const m32: Point = [(p[3][0] + p[2][0]) / 2, (p[3][1] + p[2][1]) / 2];
  return [
    [p[0], m01, m32, p[3]],
    [m01, p[1], p[2], m32],
  ];
}

export function pieceOf(t: ReadTile, index: number): Piece {
  if (t.kind === 'triomino') {
    return { index, kind: 'triomino', values: t.values.slice(), poly: t.polygon, halves: [], centre: centroid(t.polygon), size: meanEdge(t.polygon) };
  }
  const polys = t.halves && t.halves.length === 2 ? t.halves.map((h) => h.polygon) : splitHalves(t);
  const values = t.halves && t.halves.length === 2 ? t.halves.map((h) => h.value) : t.values.slice(0, 2);
  const halves = polys.map((poly, k) => ({ value: values[k], poly, centre: centroid(poly) }));
  return { index, kind: 'domino', values, poly: t.polygon, halves, centre: centroid(t.polygon), size: (meanEdge(polys[0]) + meanEdge(polys[1])) / 2 };
}

export const piecesOf = (r: TableReading): Piece[] => r.tiles.map(pieceOf);

/** Highest pip of a set ("double-9" -> 9; triomino 5). */
export function maxPipOfSet(set: string): number {
  const m = /^double-(\d+)$/.exec(set);
  return m ? Number(m[1]) : 5;
}

/** The kind of tile a set holds. */
export const kindOfSet = (set: string): 'domino' | 'triomino' => (set === 'triomino' ? 'triomino' : 'domino');

/** Whether corner values listed clockwise are a triangular tile (a rotation of a <= b <= c, rules.md §9). */
export function isClockwiseAscending(v: readonly number[]): boolean {
  for (let k = 0; k < 3; k++) {
    const [a, b, c] = [v[k], v[(k + 1) % 3], v[(k + 2) % 3]];
    if (a <= b && b <= c) return true;
  }
  return false;
}

/** Whether `values` (of a tile of `kind`) name a tile of the set: pips in range, triangles not mirrored. */
export function isInSet(kind: 'domino' | 'triomino', values: readonly number[], set: string): boolean {
  if (kind !== kindOfSet(set)) return false;
  const max = maxPipOfSet(set);
  if (values.some((v) => !Number.isInteger(v) || v < 0 || v > max)) return false;
  return kind === 'domino' ? values.length === 2 : values.length === 3 && isClockwiseAscending(values);
}

/** The tile as a hand writes it: "2-5", "0-1-2" (ascending). */
export const handText = (values: readonly number[]): string => [...values].sort((a, b) => a - b).join('-');

export const pipsOfValues = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
