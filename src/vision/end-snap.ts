/**
 * Moves the two ends of a found domino onto the image's edge nearby: the network's faces run on or
 * stop short where two tiles touch end to end, while the long sides, against the table, come out
 * right. An end is a step (face against table) or a groove (a dark line between two faces).
 */
import { dominoHalves, orderDomino } from './quad-geometry';
import type { Point, RgbaImage, TileCandidate } from './segment-types';

function sample(img: RgbaImage, x: number, y: number, c: number): number {
  const w = img.width;
  const xi = Math.max(0, Math.min(w - 2, Math.floor(x)));
  const yi = Math.max(0, Math.min(img.height - 2, Math.floor(y)));
  const fx = Math.max(0, Math.min(1, x - xi));
  const fy = Math.max(0, Math.min(1, y - yi));
  const d = img.data;
  const o = (yi * w + xi) * 4 + c;
  const top = d[o] + (d[o + 4] - d[o]) * fx;
  const bottom = d[o + w * 4] + (d[o + w * 4 + 4] - d[o + w * 4]) * fx;
  return top + (bottom - top) * fy;
}

/** Edge evidence at (x, y) across direction n: the larger of a colour step and a dark groove. */
function edge(img: RgbaImage, x: number, y: number, nx: number, ny: number, w: number): number {
  let stepSum = 0;
  let groove = 0;
  for (let c = 0; c < 3; c++) {
    const a = sample(img, x - w * nx, y - w * ny, c);
    const m = sample(img, x, y, c);
    const b = sample(img, x + w * nx, y + w * ny, c);
    stepSum += Math.abs(b - a);
    groove += (a + b) / 2 - m;
  }
  return Math.max(stepSum, groove * 2);
}

const ENV = (globalThis as { process?: { env: Record<string, string> } }).process?.env ?? {};
const REACH = Number(ENV.REACH ?? 0.3);
const MIN_GAIN = Number(ENV.MIN_GAIN ?? 1.2);
const STEP_PX = 0.5;

/** Offset along `n` (frame px) that puts the end from a to b on the strongest edge, 0 where none is clear. */
function endOffset(img: RgbaImage, a: Point, b: Point, nx: number, ny: number, reach: number, width: number): number {
  const steps = Math.round(reach / STEP_PX);
  const ts = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
  const profile = new Float64Array(2 * steps + 1);
  for (let j = 0; j <= 2 * steps; j++) {
    const o = (j - steps) * STEP_PX;
    for (const t of ts) profile[j] += edge(img, a[0] + (b[0] - a[0]) * t + o * nx, a[1] + (b[1] - a[1]) * t + o * ny, nx, ny, width);
  }
  let best = steps;
  for (let j = 0; j <= 2 * steps; j++) if (profile[j] > profile[best]) best = j;
  return profile[best] >= MIN_GAIN * profile[steps] ? (best - steps) * STEP_PX : 0;
}

export function snapEnds(img: RgbaImage, c: TileCandidate): TileCandidate {
  if (c.kind !== 'domino' || c.polygon.length !== 4) return c;
  const [p0, p1, p2, p3] = c.polygon;
  const len = (Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) + Math.hypot(p2[0] - p3[0], p2[1] - p3[1])) / 2;
  const short = (Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) + Math.hypot(p3[0] - p0[0], p3[1] - p0[1])) / 2;
  if (len < 8) return c;
  const ux = (p1[0] + p2[0] - p0[0] - p3[0]) / 2 / len;
  const uy = (p1[1] + p2[1] - p0[1] - p3[1]) / 2 / len;
  const reach = Math.max(2, REACH * short);
  const width = Math.max(1, 0.06 * short);
  const o1 = endOffset(img, p1, p2, ux, uy, reach, width); // the end at c1-c2, outward along +u
  const o0 = endOffset(img, p3, p0, -ux, -uy, reach, width); // the end at c3-c0, outward along -u
  const polygon = orderDomino([
    [p0[0] - o0 * ux, p0[1] - o0 * uy],
    [p1[0] + o1 * ux, p1[1] + o1 * uy],
    [p2[0] + o1 * ux, p2[1] + o1 * uy],
    [p3[0] - o0 * ux, p3[1] - o0 * uy],
  ]);
  return { ...c, polygon, halves: dominoHalves(polygon) };
}
