import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexHull, fitPolygon } from '../../src/vision/polygon-fit';
import type { Point } from '../../src/vision/segment-types';

/** Outline points of a rounded rectangle w x h (corner radius r), turned by `angle` about the origin. */
function roundedRect(w: number, h: number, r: number, angle: number): Point[] {
  const pts: Point[] = [];
  const corners: [number, number, number][] = [[w / 2 - r, h / 2 - r, 0], [-w / 2 + r, h / 2 - r, 90], [-w / 2 + r, -h / 2 + r, 180], [w / 2 - r, -h / 2 + r, 270]];
  for (const [cx, cy, a0] of corners)
    for (let a = a0; a <= a0 + 90; a += 5) pts.push([cx + r * Math.cos((a * Math.PI) / 180), cy + r * Math.sin((a * Math.PI) / 180)]);
  // Straight sides sampled densely, as a region's border is.
  for (let t = -w / 2 + r; t <= w / 2 - r; t += 0.5) pts.push([t, h / 2], [t, -h / 2]);
  for (let t = -h / 2 + r; t <= h / 2 - r; t += 0.5) pts.push([w / 2, t], [-w / 2, t]);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return pts.map(([x, y]) => [x * c - y * s, x * s + y * c]);
}

describe('tile polygon from a face outline', () => {
  it('hull of a square is its 4 corners', () => {
    expect(convexHull([[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5]]).length).toBe(4);
  });
  it('hull of an outline on the half-pixel grid: every point inside, every corner one of the points', () => {
    // Outlines are pixel corners and half-pixel steps; only each row's ends can be hull corners.
    const half = (n: number) => fc.integer({ min: -n, max: n }).map((v) => v / 2);
    // Few rows, many points to a row, as on a face's outline.
    fc.assert(
      fc.property(fc.array(fc.tuple(half(40), half(8)), { minLength: 20, maxLength: 120 }), (pts) => {
        const hull = convexHull(pts as Point[]);
        for (const v of hull) expect(pts.some((p) => p[0] === v[0] && p[1] === v[1])).toBe(true);
        for (const p of pts)
          for (let k = 0; k < hull.length && hull.length >= 3; k++) {
            const a = hull[k];
            const b = hull[(k + 1) % hull.length];
            // Counter-clockwise in y-up terms: every point on the left of (or on) each side.
            expect((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])).toBeGreaterThanOrEqual(0);
          }
      }),
    );
  });
  it('puts the corners of a rounded domino where its straight sides meet', () => {
    const poly = fitPolygon(roundedRect(40, 20, 3, 0.3), 4);
    const c = Math.cos(0.3);
    const s = Math.sin(0.3);
    const truth: Point[] = [[20, 10], [-20, 10], [-20, -10], [20, -10]].map(([x, y]) => [x * c - y * s, x * s + y * c]);
    for (const t of truth) expect(Math.min(...poly.map((p) => Math.hypot(p[0] - t[0], p[1] - t[1])))).toBeLessThan(0.3);
  });
  it('fits a triangle with 3 corners', () => {
    const tri: Point[] = [];
    const v: Point[] = [[0, 0], [30, 0], [15, 26]];
    for (let k = 0; k < 3; k++) for (let t = 0; t < 1; t += 0.02) tri.push([v[k][0] + t * (v[(k + 1) % 3][0] - v[k][0]), v[k][1] + t * (v[(k + 1) % 3][1] - v[k][1])]);
    const poly = fitPolygon(tri, 3);
    expect(poly.length).toBe(3);
    for (const t of v) expect(Math.min(...poly.map((p) => Math.hypot(p[0] - t[0], p[1] - t[1])))).toBeLessThan(0.5);
  });
});
