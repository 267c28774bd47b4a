/**
 * Training crops for the tile network: square windows of the labelled work images, most of them
 * around tiles (tiles cover a few percent of a frame), turned by a random quarter turn, mirrored,
 * and with a colour cast (white balance and exposure a real webcam gets wrong more than the renderer).
 */
import type { Rng } from '../rules/random';
import type { LabelledScene } from './segmenter-data';

export interface Batch {
  /** [n, size, size, 3] floats in -1..1. */
  x: Float32Array;
  /** [n, size, size] class labels. */
  y: Uint8Array;
  /** [n, size, size] depth inside the face, 0..1 (segmenter-data.ts). */
  centre: Float32Array;
  /** [n, size, size] 1 where two tiles meet (segmenter-data.ts). */
  contact: Uint8Array;
}

function pickCentre(s: LabelledScene, rng: Rng): [number, number] {
  if (rng.next() < 0.85) {
    for (let tries = 0; tries < 40; tries++) {
      const i = rng.int(s.width * s.height);
      if (s.labels[i] !== 0) return [i % s.width, Math.floor(i / s.width)];
    }
  }
  return [rng.int(s.width), rng.int(s.height)];
}

/** Source pixel of crop pixel (u, v) after `turn` quarter turns and an optional mirror. */
function sourceOf(u: number, v: number, size: number, turn: number, mirror: boolean): [number, number] {
  let a = mirror ? size - 1 - u : u;
  let b = v;
  for (let k = 0; k < turn; k++) [a, b] = [size - 1 - b, a];
  return [a, b];
}

/** Bilinear RGB at a real position (edge pixels repeated beyond the frame). */
function sample(s: LabelledScene, x: number, y: number, c: number): number {
  const fx = Math.min(s.width - 1, Math.max(0, x));
  const fy = Math.min(s.height - 1, Math.max(0, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(s.width - 1, x0 + 1);
  const y1 = Math.min(s.height - 1, y0 + 1);
  const ax = fx - x0;
  const ay = fy - y0;
  const p = (xx: number, yy: number): number => s.rgb[(yy * s.width + xx) * 3 + c];
  return (p(x0, y0) * (1 - ax) + p(x1, y0) * ax) * (1 - ay) + (p(x0, y1) * (1 - ax) + p(x1, y1) * ax) * ay;
}

/**
 * `zoom` rescales the crop around its centre (1 = work scale): rendered halves span 10-45 work
 * pixels, and a zoom of 0.7-1.4 widens that to 7-63 for cameras nearer or farther than the renderer's.
 */
export function makeBatch(scenes: readonly LabelledScene[], n: number, size: number, rng: Rng, zoomRange: [number, number] = [1, 1]): Batch {
  const x = new Float32Array(n * size * size * 3);
  const y = new Uint8Array(n * size * size);
  const contact = new Uint8Array(n * size * size);
  const centre = new Float32Array(n * size * size);
  for (let k = 0; k < n; k++) {
    const s = scenes[rng.int(scenes.length)];
    const [px, py] = pickCentre(s, rng);
    const zoom = zoomRange[0] * Math.pow(zoomRange[1] / zoomRange[0], rng.next());
    const cx = px + (rng.next() - 0.5) * (size / 2) / zoom;
    const cy = py + (rng.next() - 0.5) * (size / 2) / zoom;
    const turn = rng.int(4);
    const mirror = rng.next() < 0.5;
    const gain = [0, 1, 2].map(() => 0.85 + 0.3 * rng.next());
    const lift = (rng.next() - 0.5) * 40;
    for (let v = 0; v < size; v++)
      for (let u = 0; u < size; u++) {
        const [a, b] = sourceOf(u, v, size, turn, mirror);
        const sx = cx + (a + 0.5 - size / 2) / zoom - 0.5;
        const sy = cy + (b + 0.5 - size / 2) / zoom - 0.5;
        const nx = Math.round(sx);
        const ny = Math.round(sy);
        const inside = nx >= 0 && ny >= 0 && nx < s.width && ny < s.height;
        const o = (k * size + v) * size + u;
        // Outside the frame: edge pixels repeated, labelled table (the network sees borders too).
        y[o] = inside ? s.labels[ny * s.width + nx] : 0;
        contact[o] = inside ? s.contact[ny * s.width + nx] : 0;
        centre[o] = inside ? s.centre[ny * s.width + nx] / 255 : 0;
        for (let c = 0; c < 3; c++) x[o * 3 + c] = Math.max(-1, Math.min(1, (sample(s, sx, sy, c) * gain[c] + lift) / 127.5 - 1));
      }
  }
  return { x, y, centre, contact };
}
