/**
 * Fine surface detail, tileable, 128 x 128 texels at 8 per mm (one tile = 16 mm): the thread
 * weave of a tablecloth, felt fuzz, wood pores, laminate speckle. A camera at 3.75 px/mm (a
 * 90 px tile half) resolves 0.5 mm threads; at 0.8 px/mm the renderer's mip levels fade it out.
 * Values are brightness multipliers with mean 1 and standard deviation `contrast`.
 */
import type { Rng } from '../rules/random';
import { makeNoise, periodicValueNoise } from './noise';

/** The detail texture: 128 texels at 8 per mm, so it repeats every 16 mm. */
export const DETAIL_SIZE = 128;
export const DETAIL_TEXELS_PER_MM = 8;
const N = DETAIL_SIZE;

/**
 * Plain weave: threads over-under; each thread brighter at its crown, with slubs. Threads are
 * 0.5 or 1 mm (`coarse`), a power-of-two number of texels, so the box-filtered mip levels average
 * whole threads: a 0.9 mm pitch beat against 1 mm texels into visible graph-paper lines.
 */
export function weaveDetail(rng: Rng, coarse: boolean, contrast: number): Float32Array {
  const pitch = coarse ? 8 : 4;
  const k = N / pitch;
  const tone = new Float32Array(2 * k);
  for (let i = 0; i < tone.length; i++) tone[i] = 1 + (rng.next() - 0.5) * 0.5;
  const out = new Float32Array(N * N);
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      let sum = 0;
      for (let s = 0; s < 4; s++) {
        const px = (x + 0.25 + 0.5 * (s & 1)) / pitch;
        const py = (y + 0.25 + 0.5 * (s >> 1)) / pitch;
        const i = Math.floor(px);
        const j = Math.floor(py);
        const fx = px - i;
        const fy = py - j;
        const warpOnTop = ((i + j) & 1) === 0;
        const across = warpOnTop ? fx : fy; // position across the visible thread
        const along = warpOnTop ? fy : fx; // along it: it dives under at the cell edges
        sum += Math.sqrt(Math.sin(Math.PI * across)) * (0.7 + 0.3 * Math.sin(Math.PI * along)) * (warpOnTop ? tone[i] : tone[k + j]);
      }
      out[y * N + x] = sum / 4;
    }
  }
  return normalise(out, contrast);
}

/** Felt and fleece: blotchy fibre mass (1-2 mm blotches, finer fuzz) plus short random fibres (1-3 mm). */
export function fuzzDetail(rng: Rng, contrast: number): Float32Array {
  const noise = makeNoise(rng);
  const out = new Float32Array(N * N);
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      out[y * N + x] = periodicValueNoise(noise, x / 16, y / 16, N / 16) + 0.7 * periodicValueNoise(noise, x / 8, y / 8, N / 8) + 0.4 * periodicValueNoise(noise, x / 4, y / 4, N / 4);
    }
  }
  for (let f = 0; f < 500; f++) {
    const len = 8 + rng.next() * 16;
    const a = rng.next() * Math.PI;
    const v = (rng.next() - 0.4) * 1.2;
    stroke(out, rng.next() * N, rng.next() * N, Math.cos(a), Math.sin(a), len, v);
  }
  return normalise(out, contrast);
}

/** Wood: streaks along the grain (0.25 mm across, 4 mm along) and dark pore dashes. */
export function grainDetail(rng: Rng, alongX: boolean, contrast: number): Float32Array {
  const noise = makeNoise(rng);
  const out = new Float32Array(N * N);
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const a = alongX ? x : y;
      const c = alongX ? y : x;
      out[y * N + x] = periodicValueNoise(noise, a / 32, c / 2, N / 2) + 0.5 * periodicValueNoise(noise, a / 8, c, N);
    }
  }
  for (let p = 0; p < 260; p++) {
    const len = 4 + rng.next() * 12;
    stroke(out, rng.next() * N, rng.next() * N, alongX ? 1 : 0, alongX ? 0 : 1, len, -1.2);
  }
  return normalise(out, contrast);
}

/** Laminate: fine speckle (0.1-0.3 mm flecks) over faint orange-peel noise. */
export function speckleDetail(rng: Rng, density: number, contrast: number): Float32Array {
  const noise = makeNoise(rng);
  const out = new Float32Array(N * N);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) out[y * N + x] = 0.3 * periodicValueNoise(noise, x / 4, y / 4, N / 4);
  const count = Math.round(density * N * N * 0.05);
  for (let i = 0; i < count; i++) {
    const v = rng.next() < 0.5 ? -1.5 : 1.5;
    const x = rng.int(N);
    const y = rng.int(N);
    out[y * N + x] += v;
    if (rng.next() < 0.5) out[y * N + ((x + 1) % N)] += v * 0.6;
  }
  return normalise(out, contrast);
}

/** Adds `v` along a 1-texel line (wrapping), so fibres cross the tile edge seamlessly. */
function stroke(out: Float32Array, x: number, y: number, dx: number, dy: number, len: number, v: number): void {
  for (let t = 0; t < len; t++) {
    const ix = (((Math.floor(x + dx * t) % N) + N) % N) | 0;
    const iy = (((Math.floor(y + dy * t) % N) + N) % N) | 0;
    out[iy * N + ix] += v * Math.sin((Math.PI * (t + 0.5)) / len);
  }
}

/** Rescales to mean 1 and standard deviation `contrast` (clamped at 0.3 so nothing goes black). */
function normalise(v: Float32Array, contrast: number): Float32Array {
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < v.length; i++) {
    s += v[i];
    s2 += v[i] * v[i];
  }
  const mean = s / v.length;
  const sd = Math.sqrt(Math.max(1e-12, s2 / v.length - mean * mean));
  const k = contrast / sd;
  for (let i = 0; i < v.length; i++) v[i] = Math.max(0.3, 1 + (v[i] - mean) * k);
  return v;
}
