/**
 * Plane geometry in image pixels for tiles lying against each other: two tiles laid edge to edge
 * show two nearly coincident, opposite edges, and how long they run together says whether the
 * tiles really touch there or only meet at a corner (a line's turn: ▭▭▭▭▯ — the turned tile's
 * far half meets the previous tile at one corner only, its near half along a whole side).
 */
import type { Point } from '../types';

export const dist = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

export function centroid(poly: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p[0];
    y += p[1];
  }
  return [x / poly.length, y / poly.length];
}

export function meanEdge(poly: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) s += dist(poly[i], poly[(i + 1) % poly.length]);
  return s / poly.length;
}

export interface Contact {
  /** Length over which the two edges run together, px. */
  length: number;
  /** Mean distance between them, px. */
  gap: number;
  /** Middle of the shared stretch. */
  at: Point;
}

/** 15°: edges laid against each other are parallel to 0.4° on the table; perspective keeps them so. */
const ANTIPARALLEL = Math.cos((25 * Math.PI) / 180);

/** How edge (q0, q1) lies against edge (p0, p1): null unless opposite, parallel and within `maxGap`. */
function edgeAgainst(p0: Point, p1: Point, q0: Point, q1: Point, maxGap: number): Contact | null {
  const len = dist(p0, p1);
  if (len < 1e-9) return null;
  const ux = (p1[0] - p0[0]) / len;
  const uy = (p1[1] - p0[1]) / len;
  const ql = dist(q0, q1);
  if (ql < 1e-9) return null;
  if ((ux * (q1[0] - q0[0]) + uy * (q1[1] - q0[1])) / ql > -ANTIPARALLEL) return null;
  const along = (q: Point): number => (q[0] - p0[0]) * ux + (q[1] - p0[1]) * uy;
  const across = (q: Point): number => Math.abs((q[0] - p0[0]) * -uy + (q[1] - p0[1]) * ux);
  const gap = (across(q0) + across(q1)) / 2;
  if (gap > maxGap) return null;
  const lo = Math.max(0, Math.min(along(q0), along(q1)));
  const hi = Math.min(len, Math.max(along(q0), along(q1)));
  if (hi <= lo) return null;
  const mid = (lo + hi) / 2;
  return { length: hi - lo, gap, at: [p0[0] + ux * mid, p0[1] + uy * mid] };
}

/** The longest stretch over which an edge of `a` and an edge of `b` lie against each other. */
export function contactOf(a: readonly Point[], b: readonly Point[], maxGap: number): Contact | null {
  let best: Contact | null = null;
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++) {
      const c = edgeAgainst(a[i], a[(i + 1) % a.length], b[j], b[(j + 1) % b.length], maxGap);
      if (c && (!best || c.length > best.length)) best = c;
    }
  return best;
}

function pointSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Smallest vertex-to-edge distance between two outlines (0 when they touch or cross). */
export function outlineDistance(a: readonly Point[], b: readonly Point[]): number {
  let best = Infinity;
  for (const [p, q] of [
    [a, b],
    [b, a],
  ])
    for (const v of p) for (let i = 0; i < q.length; i++) best = Math.min(best, pointSegment(v, q[i], q[(i + 1) % q.length]));
  return best;
}

/** Whether p lies inside the convex polygon (either winding). */
export function insideConvex(p: Point, poly: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const c = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (c === 0) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

/** Angle of vector v on screen, degrees in [0, 360), measured clockwise from image right (y down). */
export const screenAngle = (v: Point): number => ((Math.atan2(v[1], v[0]) * 180) / Math.PI + 360) % 360;
