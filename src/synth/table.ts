/**
 * Table surfaces: a pre-rendered albedo texture of a square of the table (extentMm x extentMm
 * centred on the origin, mirrored beyond) with a 4-level mip chain, plus a small tileable detail
 * texture (weave, felt fuzz, wood pores, speckle) repeated every 16 mm that carries what a close
 * camera sees below the big texture's ~1 mm texels. renderTableBackground (table-render.ts) lights
 * it and projects it into the image.
 */
import type { Rng } from '../rules/random';
import { makeClothSurface } from './table-cloth';
import { DETAIL_SIZE, DETAIL_TEXELS_PER_MM } from './table-detail';
import { makeLaminateSurface } from './table-laminate';
import { makePatternSurface } from './table-pattern';
import { makeWoodSurface } from './table-wood';
import type { Rgb } from './types';

export type TableKind = 'wood' | 'felt' | 'dark-cloth' | 'white-tablecloth' | 'patterned-cloth' | 'laminate';
export const TABLE_KINDS: readonly TableKind[] = ['wood', 'felt', 'dark-cloth', 'white-tablecloth', 'patterned-cloth', 'laminate'];

/** Where texel centres lie: texel i covers x = i / texelsPerMm - extentMm / 2 .. (i + 1) / texelsPerMm - extentMm / 2. */
export interface TexelGrid {
  size: number;
  texelsPerMm: number;
  extentMm: number;
}

/** What a kind's generator returns: level 0 of the albedo, the detail texture, the finish. */
export interface SurfaceLayers {
  /** Linear RGB albedo, size * size * 3. */
  rgb: Float32Array;
  /** Brightness multiplier (mean 1), DETAIL_SIZE^2, tileable. */
  detail: Float32Array;
  /** Specular albedo at normal incidence: 0 for cloth, ~0.02-0.05 for varnish and laminate. */
  gloss: number;
  /** Blinn-Phong exponent of the lamp's reflection (20 broad sheen .. 300 sharp glare). */
  shininess: number;
}

export interface TableSurface extends TexelGrid {
  kind: TableKind;
  /** Albedo mip chain: level k is (size >> k)^2 texels, linear RGB. */
  levels: Float32Array[];
  /** Detail mip chain: level k is (DETAIL_SIZE >> k)^2 multipliers. */
  detail: Float32Array[];
  detailSize: number;
  detailTexelsPerMm: number;
  gloss: number;
  shininess: number;
  /** Mean albedo of the whole texture (for pixels beyond the horizon, and for tests). */
  mean: Rgb;
}

const LEVELS = 4;
const MAX_SIZE = 768;

/** Kind frequencies: wood and cloth are the common home tables; felt is the games-club mat. */
export function sampleTableKind(rng: Rng): TableKind {
  const weights = [0.27, 0.13, 0.15, 0.15, 0.15, 0.15];
  let u = rng.next();
  for (let i = 0; i < TABLE_KINDS.length; i++) {
    u -= weights[i];
    if (u < 0) return TABLE_KINDS[i];
  }
  return 'wood';
}

/**
 * Renders a surface of `kind` over extentMm x extentMm at ~1.5 texels/mm, at most `maxSize`
 * texels a side: the default 768 keeps every kind within ~25 ms; a 1200 mm square then gets 0.64
 * texels/mm, and what a close camera sees below that comes from the detail texture. Pass the
 * table area the camera actually sees as the extent for sharper close-ups.
 */
export function makeTableSurface(kind: TableKind, rng: Rng, extentMm: number, maxSize = MAX_SIZE): TableSurface {
  const size = Math.max(64, Math.min(maxSize, Math.round((extentMm * 1.5) / 8) * 8));
  const grid: TexelGrid = { size, texelsPerMm: size / extentMm, extentMm };
  const layers = generate(kind, rng, grid);
  const levels = mipChain(layers.rgb, size, 3, LEVELS);
  return {
    ...grid,
    kind,
    levels,
    detail: detailMips(layers.detail, DETAIL_SIZE, LEVELS),
    detailSize: DETAIL_SIZE,
    detailTexelsPerMm: DETAIL_TEXELS_PER_MM,
    gloss: layers.gloss,
    shininess: layers.shininess,
    mean: meanOf(levels[LEVELS - 1]),
  };
}

function generate(kind: TableKind, rng: Rng, grid: TexelGrid): SurfaceLayers {
  switch (kind) {
    case 'wood':
      return makeWoodSurface(rng, grid, false);
    case 'laminate':
      return makeLaminateSurface(rng, grid);
    case 'patterned-cloth':
      return makePatternSurface(rng, grid);
    default:
      return makeClothSurface(kind, rng, grid);
  }
}

/** Box-filtered mip levels; `channels` floats per texel; sizes halve (sizes are multiples of 8). */
function mipChain(base: Float32Array, size: number, channels: number, count: number): Float32Array[] {
  const out = [base];
  let n = size;
  for (let k = 1; k < count; k++) {
    const src = out[k - 1];
    const m = n >> 1;
    const dst = new Float32Array(m * m * channels);
    const row = n * channels;
    for (let y = 0; y < m; y++) {
      for (let x = 0; x < m; x++) {
        const s = (2 * y * n + 2 * x) * channels;
        const d = (y * m + x) * channels;
        for (let c = 0; c < channels; c++) dst[d + c] = 0.25 * (src[s + c] + src[s + channels + c] + src[s + row + c] + src[s + row + channels + c]);
      }
    }
    out.push(dst);
    n = m;
  }
  return out;
}

/**
 * Mip levels of the tileable detail with a [1 3 3 1]/8 filter (wrapping): a box filter leaves
 * beats of a 0.9 mm weave at the 1 mm level that read as graph-paper lines; this damps them ~4x.
 */
function detailMips(base: Float32Array, size: number, count: number): Float32Array[] {
  const out = [base];
  let n = size;
  for (let k = 1; k < count; k++) {
    const src = out[k - 1];
    const m = n >> 1;
    const tmp = new Float32Array(m * n);
    const dst = new Float32Array(m * m);
    const at = (i: number): number => (i + n) % n;
    for (let y = 0; y < n; y++)
      for (let x = 0; x < m; x++) {
        const r = y * n;
        tmp[y * m + x] = (src[r + at(2 * x - 1)] + 3 * src[r + 2 * x] + 3 * src[r + 2 * x + 1] + src[r + at(2 * x + 2)]) / 8;
      }
    for (let y = 0; y < m; y++)
      for (let x = 0; x < m; x++)
        dst[y * m + x] = (tmp[at(2 * y - 1) * m + x] + 3 * tmp[2 * y * m + x] + 3 * tmp[(2 * y + 1) * m + x] + tmp[at(2 * y + 2) * m + x]) / 8;
    out.push(dst);
    n = m;
  }
  return out;
}

function meanOf(rgb: Float32Array): Rgb {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    r += rgb[i];
    g += rgb[i + 1];
    b += rgb[i + 2];
  }
  const n = rgb.length / 3;
  return [r / n, g / n, b / n];
}

export { renderTableBackground } from './table-render';
