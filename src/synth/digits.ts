/**
 * Numerals 0–5 for triangular tiles, drawn without a font: each digit is a few strokes (polylines)
 * in a glyph box 1 unit tall, x right, y down, centred on (0, 0) — the digit spans y -0.5..0.5 and
 * about x -0.3..0.3. A stroke is every point within DIGIT_HALF_STROKE of a polyline, so rendering
 * is a distance lookup: coverage = clamp((DIGIT_HALF_STROKE - d) * pxPerUnit + 0.5, 0, 1).
 *
 * Exact distances to a digit's ~20 segments would cost ~0.1 ms per numeral on a 96 px tile (~500
 * texels x 20 segments); a distance grid per digit (0.02 units a cell, 6 x 2,709 floats, built once
 * in ~20 ms on first use) with bilinear lookup costs ~15 µs per numeral (measured, tsx).
 *
 * The dotted variant prints dice-like groups instead: DOT_LAYOUTS in the same glyph frame.
 */
import type { Vec2 } from './types';

/** Stroke half width in glyph units: 0.15 of the height, the weight of the numerals on real tiles. */
export const DIGIT_HALF_STROKE = 0.075;

/** Points on an ellipse arc, angles in degrees (0 = +x, 90 = down, since y points down). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, n: number): Vec2[] {
  const pts: Vec2[] = [];
  for (let i = 0; i <= n; i++) {
    const a = ((from + ((to - from) * i) / n) * Math.PI) / 180;
    pts.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return pts;
}

/** Each digit: a list of polylines. */
const STROKES: readonly Vec2[][][] = [
  [arc(0, 0, 0.26, 0.43, 0, 360, 20)],
  [
    [[-0.17, -0.27], [0.03, -0.43], [0.03, 0.43]],
    [[-0.17, 0.43], [0.22, 0.43]],
  ],
  [[...arc(0, -0.19, 0.25, 0.24, 180, 375, 10), [-0.26, 0.43], [0.28, 0.43]]],
  [
    [...arc(-0.01, -0.22, 0.22, 0.21, 200, 450, 10)],
    [...arc(-0.01, 0.2, 0.26, 0.23, 270, 520, 12)],
  ],
  [[[0.13, 0.43], [0.13, -0.43], [-0.29, 0.17], [0.29, 0.17]]],
  [[[0.25, -0.43], [-0.19, -0.43], [-0.23, -0.04], ...arc(0.0, 0.18, 0.26, 0.25, 235, 495, 12)]],
];

/** The distance grid covers x -0.42..0.42, y -0.62..0.62 (the digit plus its stroke and a margin). */
const GRID_STEP = 0.02;
const GRID_X0 = -0.42;
const GRID_Y0 = -0.62;
const GRID_W = 43;
const GRID_H = 63;
const FAR = 1;

let grids: Float32Array[] | null = null;

function segmentDistance(px: number, py: number, a: Vec2, b: Vec2): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - a[0]) * dx + (py - a[1]) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(px - a[0] - t * dx, py - a[1] - t * dy);
}

function buildGrid(lines: readonly Vec2[][]): Float32Array {
  const g = new Float32Array(GRID_W * GRID_H);
  for (let j = 0; j < GRID_H; j++) {
    for (let i = 0; i < GRID_W; i++) {
      const x = GRID_X0 + i * GRID_STEP;
      const y = GRID_Y0 + j * GRID_STEP;
      let best = FAR;
      for (const pl of lines) for (let k = 1; k < pl.length; k++) best = Math.min(best, segmentDistance(x, y, pl[k - 1], pl[k]));
      g[j * GRID_W + i] = best;
    }
  }
  return g;
}

/** Distance grids, built on first use (pure: the same numbers every time). */
export function digitGrids(): Float32Array[] {
  if (!grids) grids = STROKES.map(buildGrid);
  return grids;
}

/** Distance (glyph units) from (x, y) in the glyph frame to the strokes of `grid`'s digit. */
export function digitDistance(grid: Float32Array, x: number, y: number): number {
  const fx = (x - GRID_X0) / GRID_STEP;
  const fy = (y - GRID_Y0) / GRID_STEP;
  if (fx < 0 || fy < 0 || fx >= GRID_W - 1 || fy >= GRID_H - 1) return FAR;
  const i = fx | 0;
  const j = fy | 0;
  const ax = fx - i;
  const ay = fy - j;
  const k = j * GRID_W + i;
  const top = grid[k] + (grid[k + 1] - grid[k]) * ax;
  const bottom = grid[k + GRID_W] + (grid[k + GRID_W + 1] - grid[k + GRID_W]) * ax;
  return top + (bottom - top) * ay;
}

/** Half extents (x, y) of any digit's ink, stroke included, in glyph units: for bounding boxes. */
export const GLYPH_INK: readonly [number, number] = [0.38, 0.58];

/**
 * Dice-like dot groups in the glyph frame (the dotted triangular tiles): 1 = centre, 2 = a
 * diagonal, 3 = the diagonal and centre, 4 = the corners, 5 = corners and centre. The group's "top"
 * is the glyph's top, so it turns toward its corner like a numeral.
 */
const A = 0.3;
export const DOT_LAYOUTS: readonly (readonly Vec2[])[] = [
  [],
  [[0, 0]],
  [[-A, -A], [A, A]],
  [[-A, -A], [0, 0], [A, A]],
  [[-A, -A], [A, -A], [-A, A], [A, A]],
  [[-A, -A], [A, -A], [0, 0], [-A, A], [A, A]],
];

/** Dot radius in glyph units. */
export const DOT_RADIUS = 0.15;
