/**
 * The pip classifier: what it reads (19 classes), how a crop becomes its input, and the network.
 * Shared by training (src/train) and inference (classify.ts), so both see crops the same way.
 *
 * Input: one 32x32 grey channel per crop, normalised per crop (mean 0, std 1), with its polarity
 * made canonical: pips bright on a dark body. The body fills most of the crop's centre, so its
 * grey level is the centre's median, and pips pull the centre's mean away from it: darker pips
 * (ivory, Mexican, light coloured sets) put the median above the mean, and such crops are
 * negated. A photographic negative therefore gives the same input (exactly, unless median =
 * mean), and black-on-ivory looks like white-on-black. The guess is wrong on ~10% of large and
 * ~25% of small rendered halves of dark sets (measured on 3000 crops), so the network still sees
 * both polarities in training and learns both.
 * Chosen over alternatives in quick runs (20k crops, 6 epochs, validation on 1500): this 92.7%,
 * grey with random inversion instead of the canonical sign 92.6%, RGB distance from the median
 * colour (polarity-blind by construction, but it folds the sign away) 90.5%, |first conv layer|
 * 90.7%.
 */
import * as tf from '@tensorflow/tfjs';

export const CROP_SIZE = 32;

export const CLASSES: readonly string[] = [
  ...Array.from({ length: 13 }, (_, v) => `half-${v}`),
  ...Array.from({ length: 6 }, (_, v) => `corner-${v}`),
];

export type CropKind = 'half' | 'corner';

export function classIndex(kind: CropKind, value: number): number {
  return kind === 'half' ? value : 13 + value;
}

export function classOf(index: number): { kind: CropKind; value: number } {
  return index < 13 ? { kind: 'half', value: index } : { kind: 'corner', value: index - 13 };
}

/** A flat crop (blank half, blur) keeps its noise small instead of blowing it up to std 1. */
const MIN_STD = 6;
const CENTRE = CROP_SIZE / 4;

/** Bilinear resize of one RGB crop to 32x32 (crops of another size, e.g. from an older pipeline). */
function resizeCrop(src: Uint8Array, offset: number, size: number, dst: Uint8Array): void {
  const s = size / CROP_SIZE;
  for (let y = 0; y < CROP_SIZE; y++)
    for (let x = 0; x < CROP_SIZE; x++) {
      const fx = Math.min(size - 1, Math.max(0, (x + 0.5) * s - 0.5));
      const fy = Math.min(size - 1, Math.max(0, (y + 0.5) * s - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(size - 1, x0 + 1);
      const y1 = Math.min(size - 1, y0 + 1);
      const ax = fx - x0;
      const ay = fy - y0;
      for (let ch = 0; ch < 3; ch++) {
        const at = (xx: number, yy: number) => src[offset + (yy * size + xx) * 3 + ch];
        const v = (at(x0, y0) * (1 - ax) + at(x1, y0) * ax) * (1 - ay) + (at(x0, y1) * (1 - ax) + at(x1, y1) * ax) * ay;
        dst[(y * CROP_SIZE + x) * 3 + ch] = Math.round(v);
      }
    }
}

/** -1 when the centre's median is above its mean (dark pips on a light body), else +1. */
function polarity(grey: Float32Array, base: number, centre: Float32Array): number {
  let k = 0;
  let sum = 0;
  for (let y = CENTRE; y < CROP_SIZE - CENTRE; y++)
    for (let x = CENTRE; x < CROP_SIZE - CENTRE; x++) {
      const g = grey[base + y * CROP_SIZE + x];
      centre[k++] = g;
      sum += g;
    }
  // The two middle values of the sorted centre (k is even), found without sorting it.
  const hi = select(centre, k, k >> 1);
  let lo = -Infinity;
  for (let i = 0; i < k >> 1; i++) if (centre[i] > lo) lo = centre[i];
  const median = (lo + hi) / 2;
  return median > sum / k ? -1 : 1;
}

/**
 * The value that would stand at index `at` of a[0..k) sorted ascending, with a[0..at) holding the
 * values below or equal to it afterwards (Hoare's selection; `a` is reordered).
 */
function select(a: Float32Array, k: number, at: number): number {
  let left = 0;
  let right = k - 1;
  while (left < right) {
    const pivot = a[(left + right) >> 1];
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (at <= j) right = j;
    else if (at >= i) left = i;
    else break;
  }
  return a[at];
}

/** Grey as the network learnt it: luma (Rec. 601). */
const LUMA: Mix = [0.299, 0.587, 0.114];

/** Weights of R, G and B that make one grey channel of a crop. */
type Mix = readonly [number, number, number];

/**
 * count crops of size x size x 3 bytes (RGB) -> count x 32 x 32 floats, the network's input.
 * `out` may be passed to reuse a buffer (training builds a batch per step).
 */
export function cropFeatures(pixels: Uint8Array, count: number, size: number, out = new Float32Array(count * CROP_SIZE * CROP_SIZE)): Float32Array {
  const centre = new Float32Array((CROP_SIZE - 2 * CENTRE) ** 2);
  eachCrop(pixels, count, size, (rgb, off, k) => greyInput(rgb, off, LUMA, out, k * CROP_SIZE * CROP_SIZE, centre));
  return out;
}

/** Each crop as 32x32 RGB (resized where it is not): the bytes, where the crop starts in them, its index. */
function eachCrop(pixels: Uint8Array, count: number, size: number, f: (rgb: Uint8Array, off: number, k: number) => void): void {
  const resized = size === CROP_SIZE ? null : new Uint8Array(CROP_SIZE * CROP_SIZE * 3);
  for (let k = 0; k < count; k++) {
    if (!resized) f(pixels, k * size * size * 3, k);
    else {
      resizeCrop(pixels, k * size * size * 3, size, resized);
      f(resized, 0, k);
    }
  }
}

/** One crop's input at out[base..]: grey by `mix`, normalised, its polarity made canonical. */
function greyInput(rgb: Uint8Array, off: number, [wr, wg, wb]: Mix, out: Float32Array, base: number, centre: Float32Array): void {
  const n = CROP_SIZE * CROP_SIZE;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const g = wr * rgb[off + i * 3] + wg * rgb[off + i * 3 + 1] + wb * rgb[off + i * 3 + 2];
    out[base + i] = g;
    sum += g;
  }
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (out[base + i] - mean) ** 2;
  const scale = polarity(out, base, centre) / Math.max(MIN_STD, Math.sqrt(sq / n));
  for (let i = 0; i < n; i++) out[base + i] = (out[base + i] - mean) * scale;
}

/**
 * A crop whose marks its grey (luma) shows faintly: yellow pips on white, say, which luma puts a few
 * grey levels from the body, though their colour stands out. Such a crop's centre varies less than
 * FAINT_STD grey levels (std) in luma, and along its strongest colour axis (the first principal
 * component of its RGB, weights summing to 1, so that a grey step of d levels stays d) STRONGER times
 * as much and at least MIN_STD. docs/reading-log.md, "Faint coloured pips read in their strongest
 * colour" (chosen on fresh dev scenes).
 */
export const FAINT_STD = 8;
export const STRONGER = 1.3;

/** The centre's strongest colour axis where its luma is faint (FAINT_STD, STRONGER, MIN_STD); else undefined. */
export function strongestMix(rgb: Uint8Array, off: number): Mix | undefined {
  const m = [0, 0, 0];
  const c = [0, 0, 0, 0, 0, 0]; // rr rg rb gg gb bb
  let k = 0;
  for (let y = CENTRE; y < CROP_SIZE - CENTRE; y++)
    for (let x = CENTRE; x < CROP_SIZE - CENTRE; x++) {
      const o = off + (y * CROP_SIZE + x) * 3;
      const [r, g, b] = [rgb[o], rgb[o + 1], rgb[o + 2]];
      m[0] += r;
      m[1] += g;
      m[2] += b;
      c[0] += r * r;
      c[1] += r * g;
      c[2] += r * b;
      c[3] += g * g;
      c[4] += g * b;
      c[5] += b * b;
      k++;
    }
  const [mr, mg, mb] = m.map((v) => v / k);
  const rr = c[0] / k - mr * mr;
  const rg = c[1] / k - mr * mg;
  const rb = c[2] / k - mr * mb;
  const gg = c[3] / k - mg * mg;
  const gb = c[4] / k - mg * mb;
  const bb = c[5] / k - mb * mb;
  const times = (w: readonly number[]): number[] => [rr * w[0] + rg * w[1] + rb * w[2], rg * w[0] + gg * w[1] + gb * w[2], rb * w[0] + gb * w[1] + bb * w[2]];
  const variance = (w: readonly number[]): number => times(w).reduce((a, v, i) => a + v * w[i], 0);
  const faint = variance(LUMA);
  if (faint >= FAINT_STD * FAINT_STD) return undefined;
  // The first principal component by power iteration, from luma.
  let v: number[] = [...LUMA];
  for (let it = 0; it < 20; it++) {
    const next = times(v);
    const norm = Math.hypot(...next);
    if (norm < 1e-9) return undefined; // a flat centre
    v = next.map((x) => x / norm);
  }
  const sum = v.reduce((a, x) => a + Math.abs(x), 0);
  const sign = v[0] + v[1] + v[2] < 0 ? -1 : 1;
  const w: Mix = [(sign * v[0]) / sum, (sign * v[1]) / sum, (sign * v[2]) / sum];
  // Along it the centre must vary more than luma, and by at least the std floor: below it, the network sees a flat crop in colour too.
  const strong = variance(w);
  return strong > STRONGER * STRONGER * faint && strong >= MIN_STD * MIN_STD ? w : undefined;
}

/**
 * The faint crops among count crops (`strongestMix`), each as the network's input in its strongest
 * colour: which they are, and their inputs one after another.
 */
export function faintCropFeatures(pixels: Uint8Array, count: number, size: number): { faint: number[]; features: Float32Array } {
  const n = CROP_SIZE * CROP_SIZE;
  const centre = new Float32Array((CROP_SIZE - 2 * CENTRE) ** 2);
  const faint: number[] = [];
  let features: Float32Array | undefined; // made at the first faint crop: most tables have none
  eachCrop(pixels, count, size, (rgb, off, k) => {
    const mix = strongestMix(rgb, off);
    if (!mix) return;
    features ??= new Float32Array(count * n);
    greyInput(rgb, off, mix, features, faint.length * n, centre);
    faint.push(k);
  });
  return { faint, features: features ? features.subarray(0, faint.length * n) : new Float32Array(0) };
}

/** The network's input for `count` RGB crops of size x size: a [count, 32, 32, 1] tensor. */
export function cropsToTensor(pixels: Uint8Array, count: number, size: number): tf.Tensor4D {
  return tf.tensor4d(cropFeatures(pixels, count, size), [count, CROP_SIZE, CROP_SIZE, 1]);
}

/**
 * Four 3x3 conv layers (12-24-48-48 filters, max-pooled to 4x4), a dense layer of 96 and 19
 * logits (softmax in classify.ts, after temperature scaling): 110k parameters, ~10 ms for 56
 * crops on wasm. Measured against alternatives of similar size: 16-16-32-32-64 or 16-32-32-64-64
 * filters took 20 ms, and batch normalisation added 3.6 ms of inference and doubled the training
 * step (193 vs 87 ms, batch 64). No dropout layer: training adds dropout itself, seeded per step
 * (src/train/train.ts), because a tf.js Dropout layer with a seed draws the same mask every step.
 * `seed` fixes the initial weights.
 */
/** The shipped network's widths: three convolution stages (the last one two convolutions), then a dense layer. */
export const CLASSIFIER_WIDTHS = [12, 24, 48, 48, 96] as const;

export function buildClassifier(seed: number, widths: readonly number[] = CLASSIFIER_WIDTHS): tf.Sequential {
  if (widths.length !== 5 || !widths.every((w) => Number.isInteger(w) && w > 0)) throw new Error(`classifier widths: five positive integers, got ${widths.join(',')}`);
  let s = seed;
  const init = () => tf.initializers.heNormal({ seed: s++ });
  const conv = (filters: number, first = false) =>
    tf.layers.conv2d({
      ...(first ? { inputShape: [CROP_SIZE, CROP_SIZE, 1] } : {}),
      filters,
      kernelSize: 3,
      padding: 'same',
      activation: 'relu',
      kernelInitializer: init(),
    });
  const pool = () => tf.layers.maxPooling2d({ poolSize: 2 });
  return tf.sequential({
    name: 'pip_classifier',
    layers: [
      conv(widths[0], true),
      pool(),
      conv(widths[1]),
      pool(),
      conv(widths[2]),
      conv(widths[3]),
      pool(),
      tf.layers.flatten(),
      tf.layers.dense({ units: widths[4], activation: 'relu', kernelInitializer: init() }),
      tf.layers.dense({ units: CLASSES.length, kernelInitializer: tf.initializers.glorotUniform({ seed: s++ }) }),
    ],
  });
}
