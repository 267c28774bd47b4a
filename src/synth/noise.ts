/**
 * Seeded 2D noise for procedural table textures and sensor noise: value noise, gradient (Perlin)
 * noise, fBm, a periodic variant for tileable detail, integer hashes for per-texel speckle, and a
 * table of normal samples. Everything comes from a seed, so the same seed gives the same bytes.
 */
import type { Rng } from '../rules/random';

/** A permutation with 256 random values and gradients; build one per texture from the rng. */
export interface Noise {
  perm: Uint8Array; // 512 entries: perm[i & 255] twice, so perm[perm[x] + y] needs no mask
  values: Float32Array; // 256 values in [-1, 1]
  gx: Float32Array; // 256 unit gradients
  gy: Float32Array;
}

export function makeNoise(rng: Rng): Noise {
  const p = new Uint8Array(256);
  for (let i = 0; i < 256; i++) p[i] = i;
  for (let i = 255; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
  const perm = new Uint8Array(512);
  for (let i = 0; i < 512; i++) perm[i] = p[i & 255];
  const values = new Float32Array(256);
  const gx = new Float32Array(256);
  const gy = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    values[i] = rng.next() * 2 - 1;
    const a = rng.next() * Math.PI * 2;
    gx[i] = Math.cos(a);
    gy[i] = Math.sin(a);
  }
  return { perm, values, gx, gy };
}

/** Value noise in [-1, 1], smooth (quintic fade), lattice spacing 1. */
export function valueNoise(n: Noise, x: number, y: number): number {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const ix = fx & 255;
  const iy = fy & 255;
  const p = n.perm;
  const a = p[ix] + iy;
  const b = p[ix + 1] + iy;
  const v = n.values;
  const sx = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
  const sy = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
  const top = v[p[a]] + (v[p[b]] - v[p[a]]) * sx;
  const bot = v[p[a + 1]] + (v[p[b + 1]] - v[p[a + 1]]) * sx;
  return top + (bot - top) * sy;
}

/** Gradient (Perlin) noise, roughly in [-1, 1] (scaled by sqrt 2), zero at lattice points. */
export function gradientNoise(n: Noise, x: number, y: number): number {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const ix = fx & 255;
  const iy = fy & 255;
  const p = n.perm;
  const a = p[ix] + iy;
  const b = p[ix + 1] + iy;
  const h00 = p[a];
  const h10 = p[b];
  const h01 = p[a + 1];
  const h11 = p[b + 1];
  const gx = n.gx;
  const gy = n.gy;
  const d00 = gx[h00] * tx + gy[h00] * ty;
  const d10 = gx[h10] * (tx - 1) + gy[h10] * ty;
  const d01 = gx[h01] * tx + gy[h01] * (ty - 1);
  const d11 = gx[h11] * (tx - 1) + gy[h11] * (ty - 1);
  const sx = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
  const sy = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
  const top = d00 + (d10 - d00) * sx;
  const bot = d01 + (d11 - d01) * sx;
  return (top + (bot - top) * sy) * 1.41;
}

/** Fractal sum of gradient noise; roughly in [-1, 1]. Octave k is shifted so lattices don't line up. */
export function fbm(n: Noise, x: number, y: number, octaves: number, lacunarity = 2, gain = 0.5): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  let f = 1;
  for (let k = 0; k < octaves; k++) {
    sum += amp * gradientNoise(n, x * f + k * 17.31, y * f - k * 9.77);
    norm += amp;
    amp *= gain;
    f *= lacunarity;
  }
  return sum / norm;
}

/** Value noise that repeats every `period` lattice cells (period ≤ 256), for tileable textures. */
export function periodicValueNoise(n: Noise, x: number, y: number, period: number): number {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const x0 = ((fx % period) + period) % period;
  const y0 = ((fy % period) + period) % period;
  const x1 = (x0 + 1) % period;
  const y1 = (y0 + 1) % period;
  const p = n.perm;
  const v = n.values;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const v00 = v[p[p[x0] + y0]];
  const v10 = v[p[p[x1] + y0]];
  const v01 = v[p[p[x0] + y1]];
  const v11 = v[p[p[x1] + y1]];
  const top = v00 + (v10 - v00) * sx;
  const bot = v01 + (v11 - v01) * sx;
  return top + (bot - top) * sy;
}

/** An integer hash of (x, y, seed) to [0, 1): white noise per texel without a generator call. */
export function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * Fills a w x h grid with fBm sampled every `cellMm` of a `scaleMm` feature size: the slow part
 * of a texture is computed on a coarse grid and upsampled (gridSample), 16x fewer noise calls
 * than per texel for a 1024-texel surface.
 */
export function noiseGrid(n: Noise, w: number, h: number, step: number, scale: number, octaves: number): Float32Array {
  const out = new Float32Array(w * h);
  const k = step / scale;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = fbm(n, x * k, y * k, octaves);
  return out;
}

/** Bilinear lookup in a grid from noiseGrid at fractional grid coordinates (clamped). */
export function gridSample(g: Float32Array, w: number, h: number, x: number, y: number): number {
  const cx = x < 0 ? 0 : x > w - 1.001 ? w - 1.001 : x;
  const cy = y < 0 ? 0 : y > h - 1.001 ? h - 1.001 : y;
  const ix = cx | 0;
  const iy = cy | 0;
  const fx = cx - ix;
  const fy = cy - iy;
  const i = iy * w + ix;
  const top = g[i] + (g[i + 1] - g[i]) * fx;
  const bot = g[i + w] + (g[i + w + 1] - g[i + w]) * fx;
  return top + (bot - top) * fy;
}

/** A cheap near-Gaussian sample (sum of three uniforms, unit variance, range ±3). */
export function gaussish(rng: Rng): number {
  return (rng.next() + rng.next() + rng.next() - 1.5) * 2;
}

/**
 * `size` (a power of two) standard normal samples by Box-Muller. Sensor noise reads it with a
 * seeded xorshift index: 2.8 M samples per 1280x720 frame cost ~3 ms instead of ~30 ms of rng calls.
 */
export function makeGaussTable(rng: Rng, size = 65536): Float32Array {
  const t = new Float32Array(size);
  for (let i = 0; i < size; i += 2) {
    const u = 1 - rng.next();
    const r = Math.sqrt(-2 * Math.log(u));
    const a = 2 * Math.PI * rng.next();
    t[i] = r * Math.cos(a);
    if (i + 1 < size) t[i + 1] = r * Math.sin(a);
  }
  return t;
}
