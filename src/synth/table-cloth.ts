/**
 * Plain textiles: a green (or blue, red, grey...) games felt, a dark cloth (the hard case for
 * black tiles), a white or ivory tablecloth (the hard case for ivory tiles). What makes them read
 * as cloth: soft wrinkles and, on a tablecloth, the straight creases of storage folds, shaded as
 * if lit from above; colour mottling; lint; and the weave or fuzz of the detail texture.
 */
import type { Rng } from '../rules/random';
import { fbm, hash2, makeNoise, type Noise } from './noise';
import { hex, scale } from './srgb';
import { fuzzDetail, weaveDetail } from './table-detail';
import type { SurfaceLayers, TableKind, TexelGrid } from './table';
import type { Rgb } from './types';

const FELT = ['#1f6b3a', '#2e7d32', '#1a5c3a', '#1e4d8c', '#27408b', '#7a1f1f', '#5a1626', '#5a5f63', '#2b2b2b', '#5b4636', '#4b2a5e', '#0f5257'];
// Black fabric photographs at sRGB ~35-60 (albedo 2-4%), not 20: that would be velvet in a cave.
const DARK = ['#262626', '#2c2c2e', '#30343b', '#222a44', '#1d2a4a', '#27352a', '#3a2a20', '#3a1c2a', '#333333', '#3b3b38'];
const WHITE = ['#f4f4f1', '#f2efe6', '#efe8d8', '#ede3cc', '#e4e4e0', '#e8edf2', '#f5f0e6'];

interface ClothLook {
  colour: Rgb;
  wrinkleMm: number; // size of the soft wrinkles
  wrinkle: number; // their shading strength
  mottle: number; // colour blotchiness
  creaseMm: number; // spacing of storage creases (0 = none)
  creaseWidth: number;
  lint: number; // light specks per m^2
  damask: number; // woven-in pattern strength (white cloth)
}

function look(kind: TableKind, rng: Rng): ClothLook {
  const pick = (list: string[], lo: number): Rgb => scale(hex(list[rng.int(list.length)]), lo + rng.next() * 0.3);
  if (kind === 'felt') return { colour: pick(FELT, 0.75), wrinkleMm: 150 + rng.next() * 200, wrinkle: 0.04, mottle: 0.05, creaseMm: 0, creaseWidth: 0, lint: 60, damask: 0 };
  if (kind === 'dark-cloth') return { colour: pick(DARK, 0.85), wrinkleMm: 80 + rng.next() * 150, wrinkle: 0.05 + rng.next() * 0.07, mottle: 0.04, creaseMm: 0, creaseWidth: 0, lint: 350, damask: 0 };
  const white = scale(hex(WHITE[rng.int(WHITE.length)]), 0.9 + rng.next() * 0.1);
  const creaseMm = rng.next() < 0.7 ? 180 + rng.next() * 250 : 0;
  return { colour: white, wrinkleMm: 150 + rng.next() * 250, wrinkle: 0.02 + rng.next() * 0.04, mottle: 0.015, creaseMm, creaseWidth: 4 + rng.next() * 6, lint: 0, damask: rng.next() < 0.35 ? 0.03 : 0 };
}

export function makeClothSurface(kind: TableKind, rng: Rng, grid: TexelGrid): SurfaceLayers {
  const lk = look(kind, rng);
  const noise = makeNoise(rng);
  const shade = shadingGrid(noise, grid.extentMm, lk.wrinkleMm, lk.wrinkle, lk.mottle);
  const rgb = new Float32Array(grid.size * grid.size * 3);
  const creaseX = lk.creaseMm > 0 ? rng.next() * lk.creaseMm : 0;
  const creaseY = lk.creaseMm > 0 ? rng.next() * lk.creaseMm : 0;
  const damaskMm = 30 + rng.next() * 40;
  const seed = rng.int(1 << 30);
  fillCloth(rgb, grid, lk, shade, creaseX, creaseY, damaskMm, seed);
  if (lk.lint > 0) addLint(rgb, grid, rng, lk.lint);
  const detail = kind === 'felt' || (kind === 'dark-cloth' && rng.next() < 0.4) ? fuzzDetail(rng, 0.06 + rng.next() * 0.05) : weaveDetail(rng, rng.next() < 0.5, 0.05 + rng.next() * 0.07);
  return { rgb, detail, gloss: 0, shininess: 10 };
}

export interface ShadeGrid {
  data: Float32Array; // 2 floats per point: wrinkle shading, colour mottle
  n: number;
  step: number;
}

/**
 * Wrinkle shading and mottling on an 8 mm grid. Folds are fBm stretched 3x along x or y; crests
 * are lighter and steep flanks darker (1 + a h - b |grad h|^2), an even function of the slope,
 * so the texture's mirror image beyond its extent shades the same way (shading toward one light
 * turned every mirror seam into a chevron).
 */
export function shadingGrid(noise: Noise, ext: number, wrinkleMm: number, wrinkle: number, mottle: number): ShadeGrid {
  const step = 8;
  const n = Math.ceil(ext / step) + 2;
  const data = new Float32Array(n * n * 2);
  const height = new Float32Array(n * n);
  const k = step / wrinkleMm;
  // Along x or y only: a diagonal stretch would fold into chevrons at the mirror seams.
  const turn = noise.values[7] < 0 ? 0 : Math.PI / 2;
  const ca = Math.cos(turn) * k;
  const sa = Math.sin(turn) * k;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) height[y * n + x] = fbm(noise, (ca * x + sa * y) / 3, -sa * x + ca * y, 2, 2.1, 0.45);
  const slope2 = new Float32Array(n * n);
  let mean2 = 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const dx = height[y * n + Math.min(n - 1, x + 1)] - height[y * n + Math.max(0, x - 1)];
      const dy = height[Math.min(n - 1, y + 1) * n + x] - height[Math.max(0, y - 1) * n + x];
      slope2[y * n + x] = dx * dx + dy * dy;
      mean2 += dx * dx + dy * dy;
    }
  }
  mean2 = Math.max(1e-9, mean2 / (n * n));
  for (let i = 0; i < n * n; i++) {
    const x = i % n;
    const y = (i - x) / n;
    data[2 * i] = 1 + wrinkle * (1.2 * height[i] - 0.25 * (slope2[i] / mean2 - 1));
    data[2 * i + 1] = 1 + mottle * fbm(noise, x * 0.2 + 31.7, y * 0.2 - 12.9, 3);
  }
  return { data, n, step };
}

/** Wrinkle shading x mottle at (x, y) mm from the texture corner, bilinear in the 8 mm grid. */
export function shadeAt(sg: ShadeGrid, x: number, y: number): number {
  const n = sg.n;
  const gx = x / sg.step;
  const gy = y / sg.step;
  const cx = gx < 0 ? 0 : gx > n - 1.001 ? n - 1.001 : gx;
  const cy = gy < 0 ? 0 : gy > n - 1.001 ? n - 1.001 : gy;
  const ix = cx | 0;
  const iy = cy | 0;
  const fx = cx - ix;
  const fy = cy - iy;
  const d = sg.data;
  const j = (iy * n + ix) * 2;
  const j2 = j + n * 2;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const s = d[j] * w00 + d[j + 2] * w10 + d[j2] * w01 + d[j2 + 2] * w11;
  return s * (d[j + 1] * w00 + d[j + 3] * w10 + d[j2 + 1] * w01 + d[j2 + 3] * w11);
}

function fillCloth(rgb: Float32Array, grid: TexelGrid, lk: ClothLook, sg: ShadeGrid, cx0: number, cy0: number, damaskMm: number, seed: number): void {
  const { size, texelsPerMm: tpm, extentMm: ext } = grid;
  const half = ext / 2;
  const [r, g, b] = lk.colour;
  for (let ty = 0; ty < size; ty++) {
    const y = (ty + 0.5) / tpm - half;
    for (let tx = 0; tx < size; tx++) {
      const x = (tx + 0.5) / tpm - half;
      let k = shadeAt(sg, x + half, y + half) * (1 + (hash2(tx, ty, seed) - 0.5) * 0.03);
      if (lk.creaseMm > 0) k += crease(y - cy0, x, lk.creaseMm, lk.creaseWidth) + crease(x - cx0, y, lk.creaseMm, lk.creaseWidth) * 0.8;
      if (lk.damask > 0) k *= 1 + lk.damask * damask(x, y, damaskMm);
      const i = (ty * size + tx) * 3;
      rgb[i] = r * k;
      rgb[i + 1] = g * k;
      rgb[i + 2] = b * k;
    }
  }
}

/**
 * A storage crease every `spacing` mm: a soft ridge `width` mm wide (4-10), bright on the side
 * facing the light and dark on the other (up to ±6%), the way a pressed fold catches a lamp.
 */
function crease(d: number, along: number, spacing: number, width: number): number {
  const n = Math.round(d / spacing);
  const t = (d - n * spacing) / width;
  if (t > 4 || t < -4) return 0; // most texels: skip the exp and sin
  // Pressed unevenly: the ridge fades in and out along its length.
  const strength = 0.5 + 0.5 * Math.sin(along / 90 + n * 2.1);
  return 0.1 * strength * t * Math.exp(-0.5 * t * t);
}

/** Woven-in damask figure: rounded medallions on a lattice, only a few percent brighter. */
function damask(x: number, y: number, p: number): number {
  const u = Math.cos((x / p) * Math.PI * 2);
  const v = Math.cos((y / p) * Math.PI * 2);
  const w = Math.cos(((x + y) / p) * Math.PI * 2);
  const f = u * v + 0.4 * w;
  return f > 0.45 ? 1 : f < 0.35 ? -0.3 : (f - 0.35) * 13 - 0.3;
}

/** Lint and crumbs: light specks under a millimetre, sparse (count per square metre). */
function addLint(rgb: Float32Array, grid: TexelGrid, rng: Rng, perM2: number): void {
  const { size, texelsPerMm: tpm, extentMm: ext } = grid;
  const count = Math.round((perM2 * ext * ext) / 1e6);
  for (let k = 0; k < count; k++) {
    const tx = rng.int(size);
    const ty = rng.int(size);
    const cover = Math.min(1, (0.2 + rng.next() * 0.5) * tpm * 0.6);
    const grey = 0.06 + rng.next() * 0.3;
    const i = (ty * size + tx) * 3;
    for (let c = 0; c < 3; c++) rgb[i + c] += (grey - rgb[i + c]) * cover;
  }
}
