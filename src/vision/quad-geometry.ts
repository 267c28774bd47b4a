/**
 * Small plane geometry for tile polygons: winding on screen, corner order as the spec wants it,
 * and the perspective-correct midline of a domino (the image of the line between its halves).
 */
import type { Point } from './segment-types';

/** Signed area on screen (y down): positive = clockwise as a person sees it (as src/synth/truth.ts). */
export function screenArea(poly: readonly Point[]): number {
  let a = 0;
  for (let k = 0; k < poly.length; k++) {
    const [x0, y0] = poly[k];
    const [x1, y1] = poly[(k + 1) % poly.length];
    a += x0 * y1 - x1 * y0;
  }
  return a / 2;
}

export const clockwise = (poly: readonly Point[]): Point[] => (screenArea(poly) < 0 ? [...poly].reverse() : [...poly]);

const dist = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** A domino's 4 corners, clockwise, starting so that the first edge is a long one (c0 -> c1 along the tile). */
export function orderDomino(quad: readonly Point[]): Point[] {
  const q = clockwise(quad);
  const longFirst = dist(q[0], q[1]) + dist(q[2], q[3]) >= dist(q[1], q[2]) + dist(q[3], q[0]);
  return longFirst ? q : [q[1], q[2], q[3], q[0]];
}

/** Homography from the unit square ((0,0),(1,0),(1,1),(0,1)) to the quad, as 9 numbers (row-major). */
export function squareToQuad(q: readonly Point[]): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = den === 0 ? 0 : (sx * dy2 - dx2 * sy) / den;
  const h = den === 0 ? 0 : (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

export function mapPoint(m: readonly number[], u: number, v: number): Point {
  const w = m[6] * u + m[7] * v + m[8];
  return [(m[0] * u + m[1] * v + m[2]) / w, (m[3] * u + m[4] * v + m[5]) / w];
}

/** The quad [u0, u1] x [v0, v1] of a quad's unit square (`m`: squareToQuad), corners in the square's order. */
export function subQuad(m: readonly number[], u0: number, u1: number, v0: number, v1: number): Point[] {
  return [mapPoint(m, u0, v0), mapPoint(m, u1, v0), mapPoint(m, u1, v1), mapPoint(m, u0, v1)];
}

/**
 * A tile's polygon as the spec orders it, from corners in any order: a domino's clockwise with a long
 * side first, and its halves; a triangle's clockwise.
 */
export function shaped(kind: 'domino' | 'triomino', corners: readonly Point[]): { polygon: Point[]; halves?: [Point[], Point[]] } {
  if (kind === 'triomino') return { polygon: clockwise(corners) };
  const polygon = orderDomino(corners);
  return { polygon, halves: dominoHalves(polygon) };
}

/** Halves of an ordered domino polygon: [c0, mid01, mid32, c3] and [mid01, c1, c2, mid32]. */
export function dominoHalves(poly: readonly Point[]): [Point[], Point[]] {
  const m = squareToQuad(poly);
  const top = mapPoint(m, 0.5, 0);
  const bottom = mapPoint(m, 0.5, 1);
  return [
    [poly[0], top, bottom, poly[3]],
    [top, poly[1], poly[2], bottom],
  ];
}
