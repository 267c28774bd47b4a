/**
 * Tiles by their faces, before they are placed: the sets, a random draw from a set, and the
 * faces of hand tiles written in referee JSON ("3-5", "0-1-2").
 */
import { shuffle, type Rng } from '../../rules/random';
import type { PlacedTile, SceneLayout } from '../types';

export type SetName = SceneLayout['set'];
export type DominoSetName = Exclude<SetName, 'triomino'>;

/** A tile's face: a domino's two halves, or a triangular tile's corners clockwise (a rotation of a <= b <= c). */
export interface TileFace {
  kind: 'domino' | 'triomino';
  values: number[];
}

export const DOMINO_SETS: readonly DominoSetName[] = ['double-6', 'double-9', 'double-12'];

export const maxPipOf = (set: DominoSetName): number => (set === 'double-6' ? 6 : set === 'double-9' ? 9 : 12);

/** Every tile of a set, in a fixed order. */
export function setFaces(set: SetName): TileFace[] {
  const out: TileFace[] = [];
  if (set === 'triomino') {
    for (let a = 0; a <= 5; a++) for (let b = a; b <= 5; b++) for (let c = b; c <= 5; c++) out.push({ kind: 'triomino', values: [a, b, c] });
    return out;
  }
  const n = maxPipOf(set);
  for (let a = 0; a <= n; a++) for (let b = a; b <= n; b++) out.push({ kind: 'domino', values: [a, b] });
  return out;
}

/** `count` different tiles of the set, each turned at random (halves swapped, corners rotated). */
export function drawFaces(set: SetName, count: number, rng: Rng): TileFace[] {
  return shuffle(setFaces(set), rng)
    .slice(0, count)
    .map((f) => turnFace(f, rng));
}

/** The same tile turned on the table: which half comes first, or which corner is corner 0. */
export function turnFace(f: TileFace, rng: Rng): TileFace {
  const v = f.values;
  if (f.kind === 'domino') return rng.int(2) ? { kind: 'domino', values: [v[1], v[0]] } : f;
  const k = rng.int(3);
  return { kind: 'triomino', values: [v[k], v[(k + 1) % 3], v[(k + 2) % 3]] };
}

/** "3-5" -> a domino face, "0-1-2" -> a triangular one (clockwise 0, 1, 2). */
export function faceOf(text: string): TileFace {
  const values = text.split('-').map(Number);
  return { kind: values.length === 3 ? 'triomino' : 'domino', values };
}

/** A key that names the tile whatever way it lies ("d3-5", "t0-1-2"), for "each tile once" checks. */
export function tileKey(t: { kind: string; values: readonly number[] }): string {
  return (t.kind === 'domino' ? 'd' : 't') + [...t.values].sort((a, b) => a - b).join('-');
}

export function placeFace(f: TileFace, x: number, y: number, angle: number): PlacedTile {
  return { kind: f.kind, values: f.values.slice(), x, y, angle };
}

export function randomSet(rng: Rng, withTriomino = true): SetName {
  const sets: SetName[] = withTriomino ? [...DOMINO_SETS, 'triomino'] : [...DOMINO_SETS];
  return sets[rng.int(sets.length)];
}

/** A whole number in [lo, hi]. */
export const between = (rng: Rng, lo: number, hi: number): number => lo + rng.int(hi - lo + 1);

/** One of the items, with the given weights. */
export function pick<T>(rng: Rng, items: readonly T[], weights?: readonly number[]): T {
  if (!weights) return items[rng.int(items.length)];
  let u = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < items.length; i++) {
    u -= weights[i];
    if (u < 0) return items[i];
  }
  return items[items.length - 1];
}
