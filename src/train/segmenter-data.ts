/**
 * Training data of the tile network: rendered tables (src/synth, seeds < 1000) through the same
 * JPEG round trip as the evaluation scenes, shrunk to the work image, with per pixel:
 *   class   0 table (or anything else), 1 domino top face, 2 triangle top face;
 *   centre  how deep inside its face the pixel lies: 1 at the face's centre, 0 on its edge
 *           (1 - the polygon's gauge about its centroid), so thresholding it at 1 - s gives the
 *           face shrunk to s: the cores of touching tiles never touch;
 *   contact 1 where two tiles' faces come within two pixels of each other.
 * A smooth depth trains faster than a hard core mask (tried: a 4-class map with cores at 0.6 left
 * the cores of a line merged after 1000 steps, and with contact weighting predicted no cores at all
 * after 3000).
 */
import type { Cv } from '../vision/opencv';
import { toWorkImage, type WorkImage } from '../vision/work-image';
import { decodeImage, encodeJpeg } from '../synth/encode';
import { renderScene } from '../synth/scene';
import { SCENE_FAMILIES } from '../synth/types';
import { itemSeed } from '../synth/seeds';
import type { SceneTruth } from '../synth/truth';

export interface LabelledScene extends WorkImage {
  labels: Uint8Array;
  /** Depth inside the face, 0..255 (0 off any face). */
  centre: Uint8Array;
  /** 1 where two tiles' faces come within two pixels of each other: where cores must part. */
  contact: Uint8Array;
  truth: SceneTruth;
}

type Pt = [number, number];

/** Fills a convex polygon (pixel centres inside) with `value`. */
export function fillConvex(labels: Uint8Array, width: number, height: number, poly: readonly Pt[], value: number): void {
  const ys = poly.map((p) => p[1]);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    let lo = -Infinity;
    let hi = Infinity;
    let sign = 0;
    for (let k = 0; k < poly.length; k++) {
      const [ax, ay] = poly[k];
      const [bx, by] = poly[(k + 1) % poly.length];
      sign += ax * by - bx * ay;
    }
    const s = Math.sign(sign) || 1;
    let empty = false;
    for (let k = 0; k < poly.length && !empty; k++) {
      const [ax, ay] = poly[k];
      const [bx, by] = poly[(k + 1) % poly.length];
      // Inside: s * cross(b - a, p - a) >= 0, linear in x: c0 + c1 * x >= 0.
      const c1 = -s * (by - ay);
      const c0 = s * ((bx - ax) * (cy - ay) + (by - ay) * ax);
      if (c1 === 0) empty = c0 < 0;
      else if (c1 > 0) lo = Math.max(lo, -c0 / c1);
      else hi = Math.min(hi, -c0 / c1);
    }
    if (empty) continue;
    const x0 = Math.max(0, Math.ceil(lo - 0.5));
    const x1 = Math.min(width - 1, Math.floor(hi - 0.5));
    for (let x = x0; x <= x1; x++) labels[y * width + x] = value;
  }
}

/** Writes max(current, 255 * (1 - gauge)) over the convex polygon's pixels: 255 at its centroid, 0 at its edges. */
export function fillDepth(depth: Uint8Array, width: number, height: number, poly: readonly Pt[]): void {
  const n = poly.length;
  const cx = poly.reduce((a, p) => a + p[0], 0) / n;
  const cy = poly.reduce((a, p) => a + p[1], 0) / n;
  // Each edge as n.(p - c) = h with n the unit outward normal: gauge(p) = max over edges of n.(p - c) / h.
  const edges = poly.map((a, k) => {
    const b = poly[(k + 1) % n];
    let nx = b[1] - a[1];
    let ny = -(b[0] - a[0]);
    const len = Math.hypot(nx, ny) || 1;
    nx /= len;
    ny /= len;
    let h = nx * (a[0] - cx) + ny * (a[1] - cy);
    if (h < 0) {
      nx = -nx;
      ny = -ny;
      h = -h;
    }
    return { nx, ny, h: Math.max(h, 1e-6) };
  });
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(height - 1, Math.ceil(Math.max(...ys))); y++)
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(width - 1, Math.ceil(Math.max(...xs))); x++) {
      let g = 0;
      for (const e of edges) g = Math.max(g, (e.nx * (x + 0.5 - cx) + e.ny * (y + 0.5 - cy)) / e.h);
      if (g >= 1) continue;
      const v = Math.round(255 * (1 - g));
      const i = y * width + x;
      if (v > depth[i]) depth[i] = v;
    }
}

export function labelScene(truth: SceneTruth, work: WorkImage): { labels: Uint8Array; centre: Uint8Array; contact: Uint8Array } {
  const { width, height } = work;
  const labels = new Uint8Array(width * height);
  const centre = new Uint8Array(width * height);
  const s = work.scale;
  const toWork = (poly: readonly Pt[]): Pt[] => poly.map(([x, y]) => [x * s, y * s]);
  for (const t of truth.tiles) fillConvex(labels, width, height, toWork(t.polygon as Pt[]), t.kind === 'domino' ? 1 : 2);
  for (const t of truth.tiles) fillDepth(centre, width, height, toWork(t.polygon as Pt[]));
  return { labels, centre, contact: contactZones(truth, work) };
}

/** Pixels whose 5x5 neighbourhood holds two different tiles' faces. */
function contactZones(truth: SceneTruth, work: WorkImage): Uint8Array {
  const { width, height, scale } = work;
  const owner = new Int32Array(width * height).fill(-1);
  const one = new Uint8Array(width * height);
  truth.tiles.forEach((t, i) => {
    one.fill(0);
    fillConvex(one, width, height, (t.polygon as Pt[]).map(([x, y]): Pt => [x * scale, y * scale]), 1);
    for (let p = 0; p < one.length; p++) if (one[p]) owner[p] = owner[p] === -1 ? i : owner[p];
  });
  const contact = new Uint8Array(width * height);
  for (let y = 2; y < height - 2; y++)
    for (let x = 2; x < width - 2; x++) {
      let first = -1;
      for (let dy = -2; dy <= 2 && !contact[y * width + x]; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const o = owner[(y + dy) * width + x + dx];
          if (o === -1) continue;
          if (first === -1) first = o;
          else if (o !== first) {
            contact[y * width + x] = 1;
            break;
          }
        }
    }
  return contact;
}

/**
 * The i-th training scene of dataset `seed` (family in turn, one in four at 1920x1080, as `npm run
 * datasets`). `tiltDeg`: the camera's tilt drawn in this range instead of the renderer's mix (35 %
 * within 6 degrees): steep views are where the network loses most (models/segmenter/card.md).
 */
export function trainingScene(cv: Cv, seed: number, i: number, tiltDeg?: [number, number]): LabelledScene {
  const s = itemSeed(seed, i);
  const [width, height] = s % 4 === 3 ? [1920, 1080] : [1280, 720];
  const scene = renderScene({ width, height, family: SCENE_FAMILIES[i % SCENE_FAMILIES.length], seed: s, ...(tiltDeg ? { tiltDeg } : {}) });
  const decoded = decodeImage(encodeJpeg(scene.image, scene.jpegQuality));
  const work = toWorkImage(cv, decoded);
  return { ...work, ...labelScene(scene.truth, work), truth: scene.truth };
}
