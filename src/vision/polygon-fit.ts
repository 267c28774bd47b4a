/**
 * A tile's polygon from the outline points of its face region: convex hull, cut down to the 3 or 4
 * corners that keep the most area, then each side re-fitted to the outline points along its middle
 * and the corners re-intersected. The hull alone cuts the rounded corners of a tile (radius up to
 * 0.17 of a half); the re-fitted sides meet where the straight edges meet, as the truth's corners do.
 */
import { clockwise } from './quad-geometry';
import type { Point } from './segment-types';

/**
 * The points that can be hull corners: the leftmost and rightmost of each row (a point with others
 * left and right of it on its row lies on a chord). An outline (pixel corners and half-pixel steps)
 * has many points to a row; points off that grid are all kept.
 */
function rowEnds(points: readonly Point[]): readonly Point[] {
  let top = Infinity;
  let bottom = -Infinity;
  for (const q of points) {
    if (!Number.isInteger(q[1] * 2)) return points;
    if (q[1] < top) top = q[1];
    if (q[1] > bottom) bottom = q[1];
  }
  const rows = (bottom - top) * 2 + 1;
  if (!(rows <= 2 * points.length)) return points;
  const left: (Point | undefined)[] = new Array(rows);
  const right: (Point | undefined)[] = new Array(rows);
  for (const q of points) {
    const r = (q[1] - top) * 2;
    const l = left[r];
    if (!l) left[r] = right[r] = q;
    else if (q[0] < l[0]) left[r] = q;
    else if (q[0] > (right[r] as Point)[0]) right[r] = q;
  }
  const out: Point[] = [];
  for (let r = 0; r < rows; r++) {
    const l = left[r];
    if (!l) continue;
    out.push(l);
    if (right[r] !== l) out.push(right[r] as Point);
  }
  return out;
}

/** Andrew's monotone chain; returns the hull counter-clockwise in y-up terms (any start). */
export function convexHull(points: readonly Point[]): Point[] {
  const p = [...rowEnds(points)].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Point[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Greedy: drop the hull vertex whose removal loses the least area until `corners` remain. */
export function reduceHull(hull: readonly Point[], corners: number): Point[] {
  const p = clockwise(hull);
  while (p.length > corners) {
    let best = 0;
    let bestLoss = Infinity;
    for (let i = 0; i < p.length; i++) {
      const a = p[(i + p.length - 1) % p.length];
      const b = p[i];
      const c = p[(i + 1) % p.length];
      const loss = Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]));
      if (loss < bestLoss) {
        bestLoss = loss;
        best = i;
      }
    }
    p.splice(best, 1);
  }
  return p;
}

type Line = { px: number; py: number; dx: number; dy: number };

/** Total least squares line through points (centroid + principal direction). */
function fitLine(pts: readonly Point[]): Line {
  const n = pts.length;
  const px = pts.reduce((a, q) => a + q[0], 0) / n;
  const py = pts.reduce((a, q) => a + q[1], 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of pts) {
    sxx += (x - px) ** 2;
    sxy += (x - px) * (y - py);
    syy += (y - py) ** 2;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { px, py, dx: Math.cos(theta), dy: Math.sin(theta) };
}

function intersect(a: Line, b: Line): Point | null {
  const den = a.dx * b.dy - a.dy * b.dx;
  if (Math.abs(den) < 1e-6) return null;
  const t = ((b.px - a.px) * b.dy - (b.py - a.py) * b.dx) / den;
  return [a.px + t * a.dx, a.py + t * a.dy];
}

/**
 * Re-fits each side of `poly` to the outline points within `tol` of it along its middle 60 %, and
 * intersects neighbouring sides. A side with too few points, or a corner that moves further than a
 * quarter of the shorter side, keeps the reduced hull's corner.
 */
export function refineSides(poly: readonly Point[], outline: readonly Point[], tol: number): Point[] {
  const n = poly.length;
  const lines: (Line | null)[] = [];
  for (let k = 0; k < n; k++) {
    const a = poly[k];
    const b = poly[(k + 1) % n];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    const near: Point[] = [];
    for (const q of outline) {
      const t = (q[0] - a[0]) * ux + (q[1] - a[1]) * uy;
      if (t <= 0.2 * len || t >= 0.8 * len) continue;
      if (Math.abs(-(q[0] - a[0]) * uy + (q[1] - a[1]) * ux) <= tol) near.push(q);
    }
    lines.push(near.length >= 3 ? fitLine(near) : null);
  }
  let shortest = Infinity;
  for (let k = 0; k < n; k++) shortest = Math.min(shortest, Math.hypot(poly[(k + 1) % n][0] - poly[k][0], poly[(k + 1) % n][1] - poly[k][1]));
  return poly.map((corner, k) => {
    const before = lines[(k + n - 1) % n];
    const after = lines[k];
    const p = before && after ? intersect(before, after) : null;
    return p && Math.hypot(p[0] - corner[0], p[1] - corner[1]) < 0.25 * shortest ? p : corner;
  });
}

const area = (p: readonly Point[]): number => {
  let a = 0;
  for (let k = 0; k < p.length; k++) a += p[k][0] * p[(k + 1) % p.length][1] - p[(k + 1) % p.length][0] * p[k][1];
  return Math.abs(a) / 2;
};

/**
 * How much of a face's hull the best 3 of its corners keep: ~0.95 for a triangle (its rounded
 * corners cost a little), at most 0.5 for a rectangle, whatever the perspective.
 */
export function triangleShare(hull: readonly Point[]): number {
  if (hull.length < 3) return 0;
  return area(reduceHull(hull, 3)) / Math.max(1e-9, area(hull));
}

function shortestSide(poly: readonly Point[]): number {
  let m = Infinity;
  for (let k = 0; k < poly.length; k++) m = Math.min(m, Math.hypot(poly[(k + 1) % poly.length][0] - poly[k][0], poly[(k + 1) % poly.length][1] - poly[k][1]));
  return m;
}

/**
 * The polygon of a face from its outline points (pixel corners on the region's border). The reduced
 * hull's corners may sit where a rounded corner begins, so a short side can be a chord up to a
 * corner radius inside the true side: the first re-fit looks a quarter of the short side wide, the
 * second, from the corrected sides, `tol` wide.
 */
export function fitPolygon(outline: readonly Point[], corners: number, hull: readonly Point[] = convexHull(outline), tol = 1.5): Point[] {
  if (hull.length < corners) return [...hull];
  const rough = reduceHull(hull, corners);
  const first = refineSides(rough, outline, Math.max(tol, 0.25 * shortestSide(rough)));
  return clockwise(refineSides(first, outline, tol));
}
