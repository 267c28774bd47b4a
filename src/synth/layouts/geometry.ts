/**
 * Plane geometry of tiles lying on the table (mm): how far apart two tiles are, which pairs
 * overlap, and the box a layout fills. Tiles are convex (a 48 x 24 rectangle, a triangle of side
 * 46), so the separating-axis test is exact for overlap and the vertex-to-edge distance is exact
 * for the gap between disjoint tiles.
 */
import { footprint } from '../tile-geometry';
import { DOMINO_HALF_MM, TRIOMINO_SIDE_MM, type PlacedTile, type Vec2 } from '../types';

export interface Extent {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Designed contact: two tiles laid against each other may interpenetrate this much (mm). */
export const CONTACT_TOLERANCE_MM = 0.5;

/** Radius of the circle around a tile's centre that holds its whole footprint. */
export function boundRadius(t: PlacedTile): number {
  return t.kind === 'domino' ? Math.hypot(DOMINO_HALF_MM, DOMINO_HALF_MM / 2) : TRIOMINO_SIDE_MM / Math.sqrt(3);
}

/** Projection interval of a polygon on axis (ax, ay). */
function project(p: Vec2[], ax: number, ay: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x, y] of p) {
    const d = x * ax + y * ay;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  return [lo, hi];
}

/** Smallest overlap of the projections over both polygons' edge normals; < 0 means a gap. */
function satOverlap(a: Vec2[], b: Vec2[]): number {
  let least = Infinity;
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x0, y0] = poly[i];
      const [x1, y1] = poly[(i + 1) % poly.length];
      const len = Math.hypot(x1 - x0, y1 - y0);
      const ax = (y0 - y1) / len;
      const ay = (x1 - x0) / len;
      const [alo, ahi] = project(a, ax, ay);
      const [blo, bhi] = project(b, ax, ay);
      const o = Math.min(ahi, bhi) - Math.max(alo, blo);
      if (o < least) least = o;
    }
  }
  return least;
}

function pointSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Distance between two disjoint convex polygons (the closest pair is always a vertex and an edge). */
function polygonDistance(a: Vec2[], b: Vec2[]): number {
  let best = Infinity;
  for (const [p, q] of [
    [a, b],
    [b, a],
  ])
    for (const v of p)
      for (let i = 0; i < q.length; i++) best = Math.min(best, pointSegment(v, q[i], q[(i + 1) % q.length]));
  return best;
}

/** Gap between two polygons in mm: > 0 apart, 0 touching, < 0 the depth they interpenetrate. */
export function polygonSeparation(a: Vec2[], b: Vec2[]): number {
  const o = satOverlap(a, b);
  return o < 0 ? polygonDistance(a, b) : -o;
}

/** Gap between two tiles in mm (see polygonSeparation); far-apart tiles answer early. */
export function separation(a: PlacedTile, b: PlacedTile): number {
  const centres = Math.hypot(a.x - b.x, a.y - b.y);
  const reach = boundRadius(a) + boundRadius(b);
  if (centres > reach + 50) return centres - reach;
  return polygonSeparation(footprint(a), footprint(b));
}

/**
 * Pairs of tiles that overlap by more than the designed contact tolerance: a generator's layout
 * must give none. E.g. two dominoes laid end to end at exactly 48 mm between centres touch (0)
 * and pass; at 47 mm they interpenetrate 1 mm and are reported.
 */
export function findOverlaps(tiles: readonly PlacedTile[], toleranceMm = CONTACT_TOLERANCE_MM): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < tiles.length; i++)
    for (let j = i + 1; j < tiles.length; j++) if (separation(tiles[i], tiles[j]) < -toleranceMm) out.push([i, j]);
  return out;
}

/** The box holding every tile's footprint (the camera frames it). Empty: a zero box at 0. */
export function layoutExtent(tiles: readonly PlacedTile[]): Extent {
  if (tiles.length === 0) return { minX: 0, maxX: 0, minY: 0, maxY: 0 };
  const e: Extent = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  for (const t of tiles) growExtent(e, footprint(t));
  return e;
}

export function growExtent(e: Extent, poly: readonly Vec2[]): void {
  for (const [x, y] of poly) {
    if (x < e.minX) e.minX = x;
    if (x > e.maxX) e.maxX = x;
    if (y < e.minY) e.minY = y;
    if (y > e.maxY) e.maxY = y;
  }
}

/** Whether the tile's footprint lies inside the box. */
export function insideExtent(t: PlacedTile, e: Extent): boolean {
  for (const [x, y] of footprint(t)) if (x < e.minX || x > e.maxX || y < e.minY || y > e.maxY) return false;
  return true;
}

/** Moves every tile so the layout's box is centred on (0, 0); returns the new box. */
export function centreTiles(tiles: PlacedTile[]): Extent {
  const e = layoutExtent(tiles);
  const cx = (e.minX + e.maxX) / 2;
  const cy = (e.minY + e.maxY) / 2;
  for (const t of tiles) {
    t.x -= cx;
    t.y -= cy;
  }
  return layoutExtent(tiles);
}

/** Centres of a domino's two halves: [half 0, half 1]. */
export function halfCentres(t: PlacedTile): [Vec2, Vec2] {
  const ux = (Math.cos(t.angle) * DOMINO_HALF_MM) / 2;
  const uy = (Math.sin(t.angle) * DOMINO_HALF_MM) / 2;
  return [
    [t.x - ux, t.y - uy],
    [t.x + ux, t.y + uy],
  ];
}
