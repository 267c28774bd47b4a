/** Geometric checks of layouts shared by the layout tests: what a person at the table would check. */
import { createRng } from '../../src/rules/random';
import { generateLayout, separation, type LayoutResult } from '../../src/synth/layouts';
import { halfCentres } from '../../src/synth/layouts/geometry';
import { footprint } from '../../src/synth/tile-geometry';
import type { PlacedTile, SceneFamily, Vec2 } from '../../src/synth/types';

export const SEEDS = Array.from({ length: 200 }, (_, i) => i);

const cache = new Map<string, LayoutResult>();
/** The layout of a family and seed (made once per test file). */
export function layoutOf(family: SceneFamily, seed: number): LayoutResult {
  const key = `${family}:${seed}`;
  let l = cache.get(key);
  if (!l) cache.set(key, (l = generateLayout(family, createRng(seed))));
  return l;
}

function pointSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Distance from a point to a tile's outline (0 inside is not needed: half centres lie outside other tiles). */
function pointToTile(p: Vec2, t: PlacedTile): number {
  const f = footprint(t);
  let best = Infinity;
  for (let i = 0; i < f.length; i++) best = Math.min(best, pointSegment(p, f[i], f[(i + 1) % f.length]));
  return best;
}

/** The value of the half of domino `a` nearest tile `b` (the half a player would say touches it). */
export function touchingValue(a: PlacedTile, b: PlacedTile): number {
  const [h0, h1] = halfCentres(a);
  return pointToTile(h0, b) <= pointToTile(h1, b) ? a.values[0] : a.values[1];
}

/** A failure message for the joint between chain tiles a and b, or null when it is right. */
export function jointProblem(a: PlacedTile, b: PlacedTile, maxGap: number): string | null {
  const gap = separation(a, b);
  if (gap > maxGap) return `gap ${gap.toFixed(2)} mm`;
  const va = touchingValue(a, b);
  const vb = touchingValue(b, a);
  return va === vb ? null : `touching halves show ${va} and ${vb}`;
}

/** Direction (unit) from tile a's centre to tile b's centre. */
export function directionTo(a: PlacedTile, b: PlacedTile): Vec2 {
  const d = Math.hypot(b.x - a.x, b.y - a.y);
  return [(b.x - a.x) / d, (b.y - a.y) / d];
}

export const isDouble = (t: PlacedTile): boolean => t.kind === 'domino' && t.values[0] === t.values[1];
