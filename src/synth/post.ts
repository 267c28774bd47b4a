/**
 * What a webcam does to the light: lens blur (and sometimes motion), vignetting, auto-exposure,
 * sensor noise (shot noise grows with the signal, read noise is constant), imperfect auto white
 * balance, an in-camera sharpening and tone curve, then 8-bit sRGB. Order as in a camera: optics,
 * sensor, ISP. The JPEG step is encode.ts, at `jpegQuality`.
 */
import { createRng, type Rng } from '../rules/random';
import { blurStreaming, gaussianBlur, motionBlur } from './blur';
import { makeGaussTable } from './noise';
import { linearToSrgb } from './srgb';
import type { Image, Lighting, Rgb } from './types';

export interface PostParams {
  /** Exposure multiplier after metering (EV error of the camera's auto-exposure). */
  exposure: number;
  /**
   * 0 = fixed exposure .. 1 = the frame's mean brought fully to `target`. Webcams meter only
   * partly (0.2-0.6): a white tablecloth comes out light grey, a black cloth dark grey.
   */
  meter: number;
  /** Linear mean luminance auto-exposure aims for (0.18 is photographic mid-grey). */
  target: number;
  /** Colour of the light the auto white balance tries to cancel ([1,1,1] when unknown). */
  illuminant: Rgb;
  /** How much of the illuminant's colour the AWB removes (webcams: 0.6-1). */
  awb: number;
  /** Residual per-channel gain error of the AWB (mean 1). */
  tint: Rgb;
  /** Corner darkening, 0 (none) .. 0.5 (half as bright in the corners). */
  vignette: number;
  /** Lens/defocus blur, px. */
  blurSigma: number;
  /** Motion smear length, px (0 = none), and direction, radians. */
  motion: number;
  motionAngle: number;
  /** Unsharp-mask strength of the camera's sharpening (0 = none). */
  sharpen: number;
  /** Shot noise variance per unit signal, and read noise sigma (linear units). */
  shotNoise: number;
  readNoise: number;
  /** Exponent on the sRGB curve's output (0.9 flat .. 1.1 punchy) and S-curve strength. */
  gamma: number;
  contrast: number;
  jpegQuality: number;
}

const pick = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng.next();

/** Camera settings of one frame; pass the scene's light so the white balance can (mostly) cancel it. */
export function samplePost(rng: Rng, light?: Lighting): PostParams {
  const motion = rng.next() < 0.12 ? pick(rng, 1, 4) : 0;
  return {
    exposure: Math.pow(2, pick(rng, -0.6, 0.5)),
    meter: pick(rng, 0.2, 0.6),
    target: pick(rng, 0.13, 0.22),
    illuminant: light ? [light.colour[0], light.colour[1], light.colour[2]] : [1, 1, 1],
    awb: pick(rng, 0.6, 1),
    tint: [Math.exp(pick(rng, -0.08, 0.08)), 1, Math.exp(pick(rng, -0.1, 0.1))],
    vignette: rng.next() < 0.7 ? pick(rng, 0.05, 0.45) : 0,
    blurSigma: rng.next() < 0.2 ? pick(rng, 0, 0.4) : pick(rng, 0.4, 2),
    motion,
    motionAngle: pick(rng, 0, Math.PI),
    sharpen: rng.next() < 0.4 ? pick(rng, 0.2, 0.8) : 0,
    shotNoise: Math.pow(10, pick(rng, -4, -2.4)),
    readNoise: pick(rng, 0.001, 0.008),
    gamma: pick(rng, 0.9, 1.1),
    contrast: pick(rng, 0, 0.25),
    jpegQuality: Math.round(pick(rng, 55, 95)),
  };
}

let scratchA = new Float32Array(0);
let scratchB = new Float32Array(0);
let gauss: Float32Array | null = null;

/**
 * Turns the linear render into the camera's 8-bit frame; `linear` is left unchanged. `metered`: the
 * render the auto-exposure and white balance are metered on, if not `linear` (a scene drawn without its
 * marks is exposed as the scene itself). The common
 * case (no motion, no sharpening) streams: blurred rows go straight to the developer, with no
 * image-sized temporaries. Otherwise two scratch images are kept between calls (allocating
 * 2 x 11 MB costs ~5 ms a frame).
 */
export function applyPost(linear: Float32Array, width: number, height: number, p: PostParams, rng: Rng, metered: Float32Array = linear): Image {
  // Metered on the sharp frame: the blur keeps the mean, and vignetting is not metered.
  const dev = developer(p, channelGains(metered, p), width, height, rng.int(0x7fffffff) | 1);
  const data = new Uint8ClampedArray(width * height * 4);
  const bytes = new Uint8Array(data.buffer); // the LUT is already 0..255: skip the clamped store
  if (p.motion <= 0.5 && p.sharpen <= 0) {
    blurStreaming(linear, width, height, p.blurSigma, (y, row) => developRow(dev, row, y, bytes));
    return { width, height, data };
  }
  const n = width * height * 3;
  if (scratchA.length < n) {
    scratchA = new Float32Array(n);
    scratchB = new Float32Array(n);
  }
  let img = scratchA.subarray(0, n);
  let spare = scratchB.subarray(0, n);
  gaussianBlur(linear, img, width, height, p.blurSigma);
  if (p.motion > 0.5) {
    motionBlur(img, spare, width, height, p.motion, p.motionAngle);
    [img, spare] = [spare, img];
  }
  if (p.sharpen > 0) {
    sharpen(img, spare, width, height, p.sharpen);
    [img, spare] = [spare, img];
  }
  const row = width * 3;
  for (let y = 0; y < height; y++) developRow(dev, img.subarray(y * row, (y + 1) * row), y, bytes);
  return { width, height, data };
}

/** Exposure x white balance per channel: metered on a sparse grid (every 7th pixel). */
function channelGains(img: Float32Array, p: PostParams): Rgb {
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let count = 0;
  for (let i = 0; i < img.length; i += 21) {
    sr += img[i];
    sg += img[i + 1];
    sb += img[i + 2];
    count++;
  }
  const wb = p.illuminant.map((c, k) => Math.pow(1 / c, p.awb) * p.tint[k]);
  const mean = (0.2126 * sr * wb[0] + 0.7152 * sg * wb[1] + 0.0722 * sb * wb[2]) / Math.max(1, count);
  const auto = Math.pow(p.target / Math.max(1e-4, mean), p.meter);
  const k = p.exposure * Math.min(4, Math.max(0.4, auto));
  return [wb[0] * k, wb[1] * k, wb[2] * k];
}

const LUT_SIZE = 16384;

/** sRGB with the camera's gamma tweak and S-curve, for linear values 0..1 (above 1 clips). */
const lutCache = new Map<number, Uint8Array>();

/**
 * The tone curve as a lookup table. Building one costs ~1 ms (16k pow calls), more than a crop
 * takes to render, so curves are cached with gamma rounded to 0.02 and contrast to 0.05: at most
 * 11 x 6 tables (samplePost draws gamma 0.9-1.1, contrast 0-0.25).
 */
function toneLut(p: PostParams): Uint8Array {
  const gamma = Math.round(p.gamma * 50) / 50;
  const contrast = Math.round(p.contrast * 20) / 20;
  const key = gamma * 1000 + contrast;
  const hit = lutCache.get(key);
  if (hit) return hit;
  const lut = new Uint8Array(LUT_SIZE + 1);
  for (let i = 0; i <= LUT_SIZE; i++) {
    let s = Math.pow(linearToSrgb(i / LUT_SIZE), gamma);
    s += contrast * s * (1 - s) * (2 * s - 1) * 2;
    lut[i] = Math.round(Math.min(1, Math.max(0, s)) * 255);
  }
  lutCache.set(key, lut);
  return lut;
}

/**
 * The camera's sharpening: a 3x3 unsharp mask (v + k (v - mean of the 4 neighbours)), from `src`
 * into `dst`, edges clamped. Run only when `sharpen` > 0 (40% of frames).
 */
function sharpen(src: Float32Array, dst: Float32Array, width: number, height: number, k: number): void {
  const row = width * 3;
  for (let y = 0; y < height; y++) {
    const up = y > 0 ? -row : 0;
    const down = y < height - 1 ? row : 0;
    for (let x = 0; x < width; x++) {
      const left = x > 0 ? -3 : 0;
      const right = x < width - 1 ? 3 : 0;
      for (let j = y * row + x * 3, e = j + 3; j < e; j++) {
        const v = src[j];
        dst[j] = v + k * (v - 0.25 * (src[j + up] + src[j + down] + src[j + left] + src[j + right]));
      }
    }
  }
}

interface Developer {
  lut: Uint8Array;
  width: number;
  /** Vignette as column x row factors (1 + k x^2)^-2 (1 + k y^2)^-2: within 4% of the radial form. */
  colVig: Float32Array;
  rowVig: Float32Array;
  gains: Rgb;
  /** Noise sigma for signal 0..1 in 1024 steps: sqrt(shot * v + read^2). */
  sigma: Float32Array;
  noise: Float32Array;
  state: number;
}

function developer(p: PostParams, gains: Rgb, width: number, height: number, seed: number): Developer {
  gauss ??= makeGaussTable(createRng(0x5eed), 1024);
  const cx = width / 2;
  const cy = height / 2;
  // Corner gain (1 + k cx^2)^-2 (1 + k cy^2)^-2 ~ (1 + k r^2)^-2 = 1 - vignette.
  const k = p.vignette > 0 ? (1 / Math.sqrt(1 - p.vignette) - 1) / (cx * cx + cy * cy) : 0;
  const falloff = (n: number, c: number): Float32Array => Float32Array.from({ length: n }, (_, i) => 1 / (1 + k * (i + 0.5 - c) ** 2) ** 2);
  const sigma = new Float32Array(1025);
  for (let i = 0; i <= 1024; i++) sigma[i] = Math.sqrt((p.shotNoise * i) / 1024 + p.readNoise * p.readNoise);
  return { lut: toneLut(p), width, colVig: falloff(width, cx), rowVig: falloff(height, cy), gains, sigma, noise: gauss, state: seed | 0 };
}

/**
 * One row of the per-pixel pass: vignette, gains, noise with variance shot * signal + read^2 (per
 * channel; one xorshift step gives three 10-bit indices into a fixed table of 1024 normal
 * samples), tone curve, RGBA out.
 */
function developRow(d: Developer, img: Float32Array, y: number, out: Uint8Array): void {
  const { lut, width, colVig, sigma, noise: g } = d;
  const rv = d.rowVig[y];
  const gr = d.gains[0] * rv;
  const gg = d.gains[1] * rv;
  const gb = d.gains[2] * rv;
  const top = LUT_SIZE;
  let s = d.state;
  for (let x = 0, i = 0, o = y * width * 4; x < width; x++, i += 3, o += 4) {
    const vig = colVig[x];
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    let r = img[i] * vig * gr;
    let gn = img[i + 1] * vig * gg;
    let b = img[i + 2] * vig * gb;
    r += g[s & 1023] * sigma[r <= 0 ? 0 : r >= 1 ? 1024 : (r * 1024) | 0];
    gn += g[(s >>> 10) & 1023] * sigma[gn <= 0 ? 0 : gn >= 1 ? 1024 : (gn * 1024) | 0];
    b += g[(s >>> 20) & 1023] * sigma[b <= 0 ? 0 : b >= 1 ? 1024 : (b * 1024) | 0];
    out[o] = lut[r <= 0 ? 0 : r >= 1 ? top : (r * top + 0.5) | 0];
    out[o + 1] = lut[gn <= 0 ? 0 : gn >= 1 ? top : (gn * top + 0.5) | 0];
    out[o + 2] = lut[b <= 0 ? 0 : b >= 1 ? top : (b * top + 0.5) | 0];
    out[o + 3] = 255;
  }
  d.state = s;
}
