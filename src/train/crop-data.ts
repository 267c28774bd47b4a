/**
 * Labelled crops for training the pip classifier: rendered by src/synth/crops.ts (seeds < 1000;
 * one seed per chunk, so a chunk is reproducible on its own and cached on disk) or read from a
 * `npm run datasets -- --kind crops` directory. Batches are built here with augmentation.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from '../rules/random';
import { CROP_DRAWING, renderCropBatch, type CropLabel, type CropOptions } from '../synth/crops';
import { CROP_SIZE, classIndex, cropFeatures } from '../vision/classifier-model';

export interface CropSet {
  /** count x 32 x 32 x 3 bytes, RGB. */
  pixels: Uint8Array;
  /** Class index per crop (classifier-model.ts CLASSES). */
  classes: Int32Array;
  /** Apparent size of the half in the image, px (for accuracy per size bucket). */
  px: Float32Array;
  count: number;
}

const BYTES = CROP_SIZE * CROP_SIZE * 3;

function toCropSet(pixels: Uint8Array, labels: readonly CropLabel[]): CropSet {
  return {
    pixels,
    classes: Int32Array.from(labels, (l) => classIndex(l.kind, l.value)),
    px: Float32Array.from(labels, (l) => l.px),
    count: labels.length,
  };
}

/** One chunk of rendered crops; cached as cacheDir/seed-S-N-dD.u8 + .json (D: CROP_DRAWING; -gSHARExGAIN after it for glossier crops, -cSHARE for another share of corners) when cacheDir is given. */
function renderChunk(seed: number, count: number, cacheDir: string | null, options: CropOptions): CropSet {
  if (seed >= 1000) throw new Error(`crop seed ${seed}: seeds >= 1000 are kept for evaluation`);
  const glare = options.glare ? `-g${options.glare.share}x${options.glare.gain}` : '';
  const corners = options.cornerShare === undefined ? '' : `-c${options.cornerShare}`;
  const base = cacheDir ? join(cacheDir, `seed-${seed}-${count}-d${CROP_DRAWING}${glare}${corners}`) : null;
  if (base && existsSync(`${base}.json`)) {
    const labels = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as CropLabel[];
    return toCropSet(new Uint8Array(readFileSync(`${base}.u8`)), labels);
  }
  const batch = renderCropBatch(seed, count, CROP_SIZE, options);
  if (base && cacheDir) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${base}.u8`, batch.pixels);
    writeFileSync(`${base}.json`, JSON.stringify(batch.labels));
  }
  return toCropSet(batch.pixels, batch.labels);
}

export function concatSets(sets: readonly CropSet[]): CropSet {
  const count = sets.reduce((a, s) => a + s.count, 0);
  const out: CropSet = { pixels: new Uint8Array(count * BYTES), classes: new Int32Array(count), px: new Float32Array(count), count };
  let at = 0;
  for (const s of sets) {
    out.pixels.set(s.pixels, at * BYTES);
    out.classes.set(s.classes, at);
    out.px.set(s.px, at);
    at += s.count;
  }
  return out;
}

/** What a malformed `--glare` is told. */
export const GLARE_USAGE = 'a share of the crops (0-1) and a gain above 0, e.g. 0.5,2.5';
/** A `--glare SHARE,GAIN` option (crop-shards.ts, npm run train): a share of the crops (0-1) and a gloss gain above 0; null when malformed. */
export function parseGlare(v: string): NonNullable<CropOptions['glare']> | null {
  const parts = v.split(',').map(Number);
  const [share, gain] = parts;
  return parts.length === 2 && share >= 0 && share <= 1 && gain > 0 ? { share, gain } : null;
}

/** Crops from seeds `first`, first+1, ... in chunks of `chunk`, `count` in all. */
export function renderCrops(first: number, count: number, chunk: number, cacheDir: string | null, log: (s: string) => void = () => {}, options: CropOptions = {}): CropSet {
  const sets: CropSet[] = [];
  for (let done = 0, seed = first; done < count; seed++) {
    const n = Math.min(chunk, count - done);
    sets.push(renderChunk(seed, n, cacheDir, options));
    done += n;
    log(`crops: ${done} of ${count} (seed ${seed})`);
  }
  return concatSets(sets);
}

/** A directory written by `npm run datasets -- --kind crops` (32x32 crops only). */
export function readCropDir(dir: string): CropSet {
  const labels = JSON.parse(readFileSync(join(dir, 'crops.json'), 'utf8')) as CropLabel[];
  const pixels = new Uint8Array(readFileSync(join(dir, 'crops.u8')));
  if (pixels.length !== labels.length * BYTES) throw new Error(`${dir}: crops.u8 does not hold ${labels.length} crops of 32x32x3`);
  return toCropSet(pixels, labels);
}

function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/**
 * Jitter one RGB crop in place, as cameras, sets and detectors differ beyond what the renderer
 * draws: zoom and shift on 70% of crops (rescale), gamma 0.75-1.33 and ±10% per-channel gain
 * (exposure, white balance), sensor noise up to sigma 8 on half the crops, and a mirror image for
 * halves (every pip layout of src/synth/pips.ts is mirror-symmetric up to the quarter turns
 * already in the data; numerals are not, so corners are never mirrored). Polarity needs no
 * jitter: the input makes it canonical (classifier-model.ts), and a negative gives the same input.
 * The zoom cost 0.5 points of rendered validation accuracy in a quick run (20k crops, 6 epochs:
 * 92.5% vs 93.1%, within noise on 1500 crops) and read 219 instead of 207 of 240 well-cut real
 * photos (test/vision/eval-real-photos.ts).
 */
export function augmentCrop(rgb: Uint8Array, isHalf: boolean, rng: Rng, lut: Uint8Array): void {
  if (rng.next() < 0.7) rescale(rgb, rng);
  const gamma = Math.exp((rng.next() - 0.5) * 0.57);
  const gains = [0, 1, 2].map(() => 1 + (rng.next() - 0.5) * 0.2);
  const sigma = rng.next() < 0.5 ? rng.next() * 8 : 0;
  for (let ch = 0; ch < 3; ch++) {
    for (let v = 0; v < 256; v++) lut[ch * 256 + v] = Math.min(255, Math.round(255 * Math.pow(v / 255, gamma) * gains[ch]));
  }
  for (let i = 0; i < rgb.length; i++) {
    const v = lut[(i % 3) * 256 + rgb[i]] + (sigma > 0 ? sigma * gaussian(rng) : 0);
    rgb[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  if (isHalf && rng.next() < 0.5) {
    for (let y = 0; y < CROP_SIZE; y++)
      for (let x = 0; x < CROP_SIZE / 2; x++)
        for (let ch = 0; ch < 3; ch++) {
          const a = (y * CROP_SIZE + x) * 3 + ch;
          const b = (y * CROP_SIZE + CROP_SIZE - 1 - x) * 3 + ch;
          const t = rgb[a];
          rgb[a] = rgb[b];
          rgb[b] = t;
        }
  }
}

/**
 * Zoom by 0.86-1.16 (a little more along one axis than the other) and shift by up to 1.5 px:
 * a detector's box is a few percent off, and sets differ in pip size (the renderer draws one
 * pip radius per layout family). Outside the crop the edge pixel is repeated.
 */
function rescale(rgb: Uint8Array, rng: Rng): void {
  const s = Math.exp((rng.next() - 0.5) * 0.3);
  const a = Math.exp((rng.next() - 0.5) * 0.16);
  const [sx, sy] = [s * a, s / a];
  const [dx, dy] = [(rng.next() - 0.5) * 3, (rng.next() - 0.5) * 3];
  const c = CROP_SIZE / 2;
  const src = Uint8Array.from(rgb);
  for (let y = 0; y < CROP_SIZE; y++)
    for (let x = 0; x < CROP_SIZE; x++) {
      const fx = Math.min(CROP_SIZE - 1, Math.max(0, c + (x + 0.5 - c) * sx + dx - 0.5));
      const fy = Math.min(CROP_SIZE - 1, Math.max(0, c + (y + 0.5 - c) * sy + dy - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(CROP_SIZE - 1, x0 + 1);
      const y1 = Math.min(CROP_SIZE - 1, y0 + 1);
      const [ax, ay] = [fx - x0, fy - y0];
      for (let ch = 0; ch < 3; ch++) {
        const at = (xx: number, yy: number) => src[(yy * CROP_SIZE + xx) * 3 + ch];
        rgb[(y * CROP_SIZE + x) * 3 + ch] = Math.round((at(x0, y0) * (1 - ax) + at(x1, y0) * ax) * (1 - ay) + (at(x0, y1) * (1 - ax) + at(x1, y1) * ax) * ay);
      }
    }
}

export interface Batch {
  x: Float32Array;
  y: Int32Array;
}

/** The crops at `indices` as network input (augmented when rng is given) and their classes. */
export function makeBatch(set: CropSet, indices: ArrayLike<number>, rng: Rng | null): Batch {
  const n = indices.length;
  const rgb = new Uint8Array(n * BYTES);
  const lut = new Uint8Array(3 * 256);
  const y = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = indices[k];
    const crop = rgb.subarray(k * BYTES, (k + 1) * BYTES);
    crop.set(set.pixels.subarray(i * BYTES, (i + 1) * BYTES));
    if (rng) augmentCrop(crop, set.classes[i] < 13, rng, lut);
    y[k] = set.classes[i];
  }
  return { x: cropFeatures(rgb, n, CROP_SIZE), y };
}

