/**
 * Laminate (Formica) tops: plain colours from white to black and 1950s diner red, granite-like
 * speckle, or a printed wood look. They are glossy: the renderer adds the lamp's reflection and
 * a Fresnel sheen toward the horizon from `gloss` and `shininess`.
 */
import type { Rng } from '../rules/random';
import { hash2, makeNoise, noiseGrid, gridSample } from './noise';
import { hex, scale } from './srgb';
import { speckleDetail } from './table-detail';
import { makeWoodSurface } from './table-wood';
import type { SurfaceLayers, TexelGrid } from './table';
import type { Rgb } from './types';

const PLAIN = ['#f4f4f2', '#d9d9d6', '#8a8d8f', '#2b2b2d', '#e8dcc4', '#cfe3d4', '#f2e6a8', '#b0272e', '#9fb8cf', '#5b6770'];
const SPECKLE_BASE = ['#e9e6df', '#cfc8bb', '#3a3a3a', '#7d7b76', '#d8cfc0'];
const SPECKLE_INK = ['#1d1d1d', '#f5f3ee', '#8a6e52', '#6d6d6d', '#b9a58a', '#4a4036'];

export function makeLaminateSurface(rng: Rng, grid: TexelGrid): SurfaceLayers {
  const u = rng.next();
  if (u < 0.15) return makeWoodSurface(rng, grid, true);
  const speckled = u > 0.65;
  const base = scale(hex((speckled ? SPECKLE_BASE : PLAIN)[rng.int(speckled ? SPECKLE_BASE.length : PLAIN.length)]), 0.9 + rng.next() * 0.15);
  const rgb = plainFill(grid, base, rng);
  if (speckled) addSpeckles(rgb, grid, rng);
  const matte = rng.next() < 0.3;
  return {
    rgb,
    detail: speckleDetail(rng, speckled ? 1 : 0.1, speckled ? 0.08 : 0.015),
    gloss: matte ? 0.015 + rng.next() * 0.01 : 0.035 + rng.next() * 0.03,
    shininess: matte ? 10 + rng.next() * 15 : 60 + rng.next() * 200,
  };
}

/** The colour with faint large-scale mottling (±1.5%) and texel grain (±1%). */
function plainFill(grid: TexelGrid, c: Rgb, rng: Rng): Float32Array {
  const { size, texelsPerMm: tpm, extentMm: ext } = grid;
  const step = 8;
  const gn = Math.ceil(ext / step) + 2;
  const mottle = noiseGrid(makeNoise(rng), gn, gn, step, 300, 3);
  const seed = rng.int(1 << 30);
  const rgb = new Float32Array(size * size * 3);
  for (let ty = 0; ty < size; ty++) {
    for (let tx = 0; tx < size; tx++) {
      const k = 1 + 0.015 * gridSample(mottle, gn, gn, (tx + 0.5) / tpm / step, (ty + 0.5) / tpm / step) + (hash2(tx, ty, seed) - 0.5) * 0.02;
      const i = (ty * size + tx) * 3;
      rgb[i] = c[0] * k;
      rgb[i + 1] = c[1] * k;
      rgb[i + 2] = c[2] * k;
    }
  }
  return rgb;
}

/** Granite-look flecks: 2-3 inks, 0.4-2.5 mm, covering 15-40% of the surface, blended by coverage. */
function addSpeckles(rgb: Float32Array, grid: TexelGrid, rng: Rng): void {
  const { size, texelsPerMm: tpm, extentMm: ext } = grid;
  const inks = [0, 1, 2].map(() => hex(SPECKLE_INK[rng.int(SPECKLE_INK.length)]));
  const rMean = 0.4 + rng.next() * 1.2;
  const share = 0.15 + rng.next() * 0.25;
  const count = Math.min(250000, Math.round((share * ext * ext) / (Math.PI * rMean * rMean)));
  const texelArea = 1 / (tpm * tpm);
  for (let k = 0; k < count; k++) {
    const r = rMean * (0.5 + rng.next());
    const ink = inks[rng.int(3)];
    const x = rng.next() * size;
    const y = rng.next() * size;
    // A fleck smaller than a texel darkens it by its area share; larger ones fill a disc.
    const rt = r * tpm;
    const small = rt < 0.7;
    const x0 = small ? Math.floor(x) : Math.max(0, Math.floor(x - rt));
    const x1 = small ? x0 : Math.min(size - 1, Math.floor(x + rt));
    const y0 = small ? Math.floor(y) : Math.max(0, Math.floor(y - rt));
    const y1 = small ? y0 : Math.min(size - 1, Math.floor(y + rt));
    const share1 = Math.min(1, (Math.PI * r * r) / texelArea);
    for (let ty = y0; ty <= y1; ty++) {
      for (let tx = x0; tx <= x1; tx++) {
        const dx = tx + 0.5 - x;
        const dy = ty + 0.5 - y;
        const cover = small ? share1 : Math.min(1, Math.max(0, rt - Math.sqrt(dx * dx + dy * dy) + 0.5));
        if (cover <= 0) continue;
        const i = (ty * size + tx) * 3;
        rgb[i] += (ink[0] - rgb[i]) * cover;
        rgb[i + 1] += (ink[1] - rgb[i + 1]) * cover;
        rgb[i + 2] += (ink[2] - rgb[i + 2]) * cover;
      }
    }
  }
}
