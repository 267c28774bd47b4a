/**
 * `npx tsx test/vision/eval-real-photos.ts [MODEL_DIR]` — how the classifier reads real photos:
 * ../shared/realdata/single-tile-photos (560 photos, 100x100, one ivory double-6 tile each;
 * evaluation only, never trained on). A stand-in for the real segmenter (src/vision/segment*,
 * written elsewhere), kept simple and out of src/: the tile is the largest bright blob (threshold
 * on whiteness), its box is the blob's minimum-area rectangle, and the two halves are cut
 * through src/vision/crop-geometry.ts like the pipeline does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { CLASSES, CROP_SIZE } from '../../src/vision/classifier-model';
import { classify, loadClassifier } from '../../src/vision/classify';
import { cutCrop, halfCropMap, type Point } from '../../src/vision/crop-geometry';
import { useWasmBackend } from '../../src/train/wasm-backend';

const PHOTOS = join(import.meta.dirname, '../../../shared/realdata/single-tile-photos');

/** 35% of the way from the tile body (99th percentile) down to the background (median): the tile is the whitest thing. */
function brightThreshold(v: Float32Array): number {
  const sorted = Float32Array.from(v).sort();
  const [bg, tile] = [sorted[Math.floor(sorted.length * 0.5)], sorted[Math.floor(sorted.length * 0.99)]];
  return tile - 0.35 * (tile - bg);
}

/** Pixels of the largest 4-connected component of `mask`, as indices. */
function largestBlob(mask: Uint8Array, w: number, h: number): number[] {
  const seen = new Uint8Array(mask.length);
  let best: number[] = [];
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || seen[s]) continue;
    const blob: number[] = [];
    const stack = [s];
    seen[s] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      blob.push(p);
      const x = p % w;
      const y = (p - x) / w;
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
        const q = ny * w + nx;
        if (nx >= 0 && ny >= 0 && nx < w && ny < h && mask[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    if (blob.length > best.length) best = blob;
  }
  return best;
}

/** 3x3 dilation (any = 1) or erosion (every = 1). */
function morph(mask: Uint8Array, w: number, h: number, any: boolean): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) n += mask[Math.min(h - 1, Math.max(0, y + dy)) * w + Math.min(w - 1, Math.max(0, x + dx))];
      out[y * w + x] = any ? (n > 0 ? 1 : 0) : n === 9 ? 1 : 0;
    }
  return out;
}
const dilate = (m: Uint8Array, w: number, h: number) => morph(m, w, h, true);
const erode = (m: Uint8Array, w: number, h: number) => morph(m, w, h, false);

/** The smallest rectangle holding the points (one of its sides lies along a convex hull edge); u = its long side. */
function minAreaRect(points: Point[]): { angle: number; box: [number, number, number, number] } {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    return out.slice(0, -1);
  };
  const hull = [...half(pts), ...half([...pts].reverse())];
  let best = { area: Infinity, angle: 0, box: [0, 0, 0, 0] as [number, number, number, number] };
  for (let i = 0; i < hull.length; i++) {
    const [a, b] = [hull[i], hull[(i + 1) % hull.length]];
    for (const angle of [Math.atan2(b[1] - a[1], b[0] - a[0]), Math.atan2(b[1] - a[1], b[0] - a[0]) + Math.PI / 2]) {
      const [c, s] = [Math.cos(angle), Math.sin(angle)];
      let [u0, u1, v0, v1] = [Infinity, -Infinity, Infinity, -Infinity];
      for (const [x, y] of hull) {
        const [pu, pv] = [x * c + y * s, -x * s + y * c];
        [u0, u1, v0, v1] = [Math.min(u0, pu), Math.max(u1, pu), Math.min(v0, pv), Math.max(v1, pv)];
      }
      const area = (u1 - u0) * (v1 - v0);
      if (area < best.area - 1e-9 && u1 - u0 >= v1 - v0) best = { area, angle, box: [u0, u1, v0, v1] };
    }
  }
  return best;
}

/** The tile's two half quads (clockwise, half 0 = [outer-top, mid-top, mid-bottom, outer-bottom]). */
export function findHalves(rgba: Uint8Array, w: number, h: number): Point[][] | null {
  // Ivory is bright in every channel and nearly grey; wood is neither (its blue is low).
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const lo = Math.min(rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]);
    const hi = Math.max(rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]);
    grey[i] = lo - 0.5 * (hi - lo);
  }
  const t = brightThreshold(grey);
  const mask = Uint8Array.from(grey, (g) => (g > t ? 1 : 0));
  // Opened (eroded) to cut thin bright streaks of wood off the tile, joined across the divider line
  // (dilated five times), then only the bright pixels of that blob.
  let grown = erode(mask, w, h);
  for (let i = 0; i < 5; i++) grown = dilate(grown, w, h);
  const joined = largestBlob(grown, w, h);
  const blob = joined.filter((p) => mask[p]);
  if (blob.length < 30) return null;
  const { angle, box } = minAreaRect(blob.map((p): Point => [(p % w) + 0.5, Math.floor(p / w) + 0.5]));
  const [u0, u1, v0, v1] = box;
  const u: Point = [Math.cos(angle), Math.sin(angle)];
  const v: Point = [-u[1], u[0]];
  const at = (a: number, b: number): Point => [a * u[0] + b * v[0], a * u[1] + b * v[1]];
  const um = (u0 + u1) / 2;
  // u along the tile, v across it; (u, v) is clockwise on screen (y down), as the spec wants.
  return [
    [at(u0, v0), at(um, v0), at(um, v1), at(u0, v1)],
    [at(u1, v1), at(um, v1), at(um, v0), at(u1, v0)],
  ];
}

async function main(): Promise<void> {
  await useWasmBackend();
  const dir = process.argv[2] ?? join(import.meta.dirname, '../../models/classifier');
  const clf = await loadClassifier(JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')), readFileSync(join(dir, 'weights.bin')));
  const rows = readFileSync(join(PHOTOS, 'labels.csv'), 'utf8').trim().split('\n').slice(1);
  const S = CROP_SIZE;
  let tiles = 0;
  let right = 0;
  let rightDouble6 = 0;
  let halves = 0;
  let halvesRight = 0;
  let wellCut = 0;
  let wellCutRight = 0;
  const confusion = new Map<string, number>();
  for (const row of rows) {
    const [file, tile] = row.split(',');
    const want = tile.split('-').map(Number).sort((a, b) => a - b);
    const img = jpeg.decode(readFileSync(join(PHOTOS, file)), { useTArray: true });
    const quads = findHalves(img.data, img.width, img.height);
    tiles++;
    if (!quads) continue;
    const crops = new Uint8Array(2 * S * S * 3);
    quads.forEach((q, k) => cutCrop(img.data, img.width, img.height, halfCropMap(q, S), S, crops, k * S * S * 3));
    const { probs } = classify(clf, crops, 2, S);
    // A domino half: only the 13 half classes can be right (the segmenter knows a domino), or,
    // knowing the set, only 0-6.
    const argmax = (k: number, hi: number) => {
      let best = 0;
      for (let c = 1; c < hi; c++) if (probs[k * CLASSES.length + c] > probs[k * CLASSES.length + best]) best = c;
      return best;
    };
    const got = [argmax(0, 13), argmax(1, 13)].sort((a, b) => a - b);
    const got6 = [argmax(0, 7), argmax(1, 7)].sort((a, b) => a - b);
    // A tile's top face is 2:1; a box far from that caught the side, a shadow or the table too.
    const ratio = (2 * Math.hypot(quads[0][1][0] - quads[0][0][0], quads[0][1][1] - quads[0][0][1])) / Math.hypot(quads[0][3][0] - quads[0][0][0], quads[0][3][1] - quads[0][0][1]);
    const boxOk = ratio > 1.7 && ratio < 2.4;
    wellCut += boxOk ? 1 : 0;
    if (boxOk && got[0] === want[0] && got[1] === want[1]) wellCutRight++;
    if (got[0] === want[0] && got[1] === want[1]) right++;
    if (got6[0] === want[0] && got6[1] === want[1]) rightDouble6++;
    // Halves: matched as a multiset per tile.
    const left = [...want];
    for (const g of got) {
      const i = left.indexOf(g);
      halves++;
      if (i >= 0) {
        halvesRight++;
        left.splice(i, 1);
      }
    }
    if (got[0] !== want[0] || got[1] !== want[1]) confusion.set(`${tile} read ${got.join('-')}`, (confusion.get(`${tile} read ${got.join('-')}`) ?? 0) + 1);
  }
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}% (${a}/${b})`;
  console.log(`real single-tile photos, model ${dir}`);
  console.log(`whole tile right (13 half classes): ${pct(right, tiles)}`);
  console.log(`whole tile right (set known: 0-6):  ${pct(rightDouble6, tiles)}`);
  console.log(`halves right (13 half classes):     ${pct(halvesRight, halves)}`);
  console.log(`whole tile right where the box is 2:1 (1.7-2.4), 13 half classes: ${pct(wellCutRight, wellCut)}`);
  console.log('most common misreadings:', [...confusion.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, n]) => `${k} x${n}`).join('; '));
}

if (process.argv[1]?.endsWith("eval-real-photos.ts")) main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
