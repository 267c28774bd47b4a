/**
 * Wooden tables: boards (planks) with growth rings cut from a log, so flat-sawn boards show the
 * "cathedral" arches of rings and quarter-sawn ones straight stripes; seams between boards, end
 * joints, the odd knot, species from pale maple to near-black stained oak, varnished or oiled.
 */
import type { Rng } from '../rules/random';
import { hash2, makeNoise, noiseGrid } from './noise';
import { hex, mix, scale } from './srgb';
import { grainDetail } from './table-detail';
import type { SurfaceLayers, TexelGrid } from './table';
import type { Rgb } from './types';

/** Earlywood / latewood colours (sRGB) of common table woods and stains. */
const SPECIES: readonly [string, string][] = [
  ['#c49a6c', '#946638'], // oak
  ['#e3c08d', '#b5844a'], // pine
  ['#6b4a33', '#412a1b'], // walnut
  ['#b8704a', '#86462a'], // cherry
  ['#e6cfa8', '#c9a57a'], // maple
  ['#7e3b24', '#56261a'], // mahogany
  ['#3e2a1f', '#24170f'], // espresso stain
  ['#a39d92', '#7a7267'], // grey-washed
  ['#b5824b', '#80552c'], // teak / honey
  ['#d8c3a5', '#b09473'], // white-oiled ash
];

interface Piece {
  c0: number; // across position of the log's pith, relative to the board's centre, mm
  z0: number; // depth of the pith below the face, mm
  slope: number; // how fast the face cuts through the rings along the board (cathedral length)
  lambda: number; // ring spacing, mm
  phase: number;
  tint: number; // brightness of this board
  streak: number; // offset into the streak table
}

function piece(id: number, q: number, seed: number, width: number, lambda: number): Piece {
  const quarter = hash2(id * 7 + 1, q * 13 - 1, seed) < 0.25; // quarter-sawn: rings nearly perpendicular to the face
  return {
    c0: (hash2(id * 7 + 2, q * 13 - 2, seed) - 0.5) * width * (quarter ? 4 : 1.4),
    // Flat-sawn: the pith 20-80 mm under the face (nearer shows a row of bullseyes along the board).
    z0: quarter ? 150 + hash2(id * 7 + 3, q * 13 - 3, seed) * 200 : 20 + hash2(id * 7 + 3, q * 13 - 3, seed) * 60,
    // The face cuts through the rings at a slope of 1-4%: the cathedral arches, 0.5-2 m long.
    slope: (hash2(id * 7 + 4, q * 13 - 4, seed) < 0.5 ? -1 : 1) * (0.01 + 0.03 * hash2(id * 7 + 9, q * 13 - 9, seed)),
    lambda: lambda * (0.7 + 0.6 * hash2(id * 7 + 5, q * 13 - 5, seed)),
    phase: hash2(id * 7 + 6, q * 13 - 6, seed),
    tint: 0.86 + 0.28 * hash2(id * 7 + 7, q * 13 - 7, seed),
    streak: Math.floor(hash2(id * 7 + 8, q * 13 - 8, seed) * 4096),
  };
}

interface WoodLook {
  early: Rgb;
  dark: Rgb;
  alongX: boolean;
  width: number; // board width, mm
  offset: number;
  boardLen: number; // distance between end joints (1e9: full-length boards)
  gapHalf: number;
  gapDark: number;
  lambda: number;
  ringStrength: number;
  seed: number;
  grid: Float32Array; // ring warp and colour figure, 2 channels, gn x gn on an 8 mm grid
  gn: number;
  streaks: Float32Array;
}

function sampleWood(rng: Rng, ext: number, laminate: boolean): WoodLook {
  const [e, l] = SPECIES[rng.int(SPECIES.length)];
  const shade = 0.8 + rng.next() * 0.4;
  const slab = rng.next() < 0.15;
  const width = slab ? 350 + rng.next() * 500 : 70 + rng.next() * 150;
  const look = {
    early: scale(hex(e), shade),
    dark: scale(hex(l), shade),
    alongX: rng.next() < 0.5,
    width,
    offset: rng.next() * width,
    boardLen: rng.next() < 0.5 ? 1e9 : 500 + rng.next() * 1500,
    gapHalf: laminate ? 0 : 0.35 + rng.next() * 0.65,
    gapDark: 0.15 + rng.next() * 0.3,
    lambda: 1.5 + rng.next() * 4,
    ringStrength: 0.5 + rng.next() * 0.5,
    seed: rng.int(1 << 30),
  };
  const noise = makeNoise(rng);
  const gn = Math.ceil(ext / 8) + 2;
  const warp = noiseGrid(noise, gn, gn, 8, 60, 3);
  const figure = noiseGrid(noise, gn, gn, 8, 250, 3);
  const grid = new Float32Array(gn * gn * 2);
  for (let i = 0; i < gn * gn; i++) {
    grid[2 * i] = warp[i];
    grid[2 * i + 1] = figure[i];
  }
  const streaks = new Float32Array(4096);
  for (let i = 0; i < streaks.length; i++) streaks[i] = (rng.next() - 0.5) * 0.16;
  return { ...look, grid, gn, streaks };
}

export function makeWoodSurface(rng: Rng, grid: TexelGrid, laminate: boolean): SurfaceLayers {
  const look = sampleWood(rng, grid.extentMm, laminate);
  const rgb = upsampleAlong(paintBoards(look, grid), grid.size, look.alongX);
  if (!laminate) addKnots(rgb, grid, rng, mix(look.dark, [0.02, 0.012, 0.006], 0.5), look.alongX);
  const varnished = laminate || rng.next() < 0.6;
  return {
    rgb,
    detail: grainDetail(rng, look.alongX, laminate ? 0.03 : 0.06 + rng.next() * 0.05),
    gloss: varnished ? 0.03 + rng.next() * 0.03 : 0.01 + rng.next() * 0.01,
    shininess: varnished ? 40 + rng.next() * 160 : 8 + rng.next() * 20,
  };
}

/**
 * The boards at half resolution along the grain (size / 2 along x size across, RGB): wood changes
 * ~5x slower along the grain than across it, so this halves the work (1024^2 surface: 48 -> 26 ms).
 */
function paintBoards(L: WoodLook, grid: TexelGrid): Float32Array {
  const { size, texelsPerMm: tpm, extentMm: ext } = grid;
  const half = ext / 2;
  const na = size >> 1;
  const out = new Float32Array(na * size * 3);
  const planks = Math.ceil((ext + L.width) / L.width) + 2;
  const jointShift = new Float64Array(planks);
  const gridShift = new Float64Array(planks);
  for (let p = 0; p < planks; p++) {
    jointShift[p] = hash2(p, 99, L.seed) * L.boardLen;
    gridShift[p] = (p * 37.3) % 50; // each board its own stretch of figure
  }
  const { width, boardLen, gapHalf, gapDark, early, dark, grid: g, gn, streaks } = L;
  const invW = 1 / width;
  const invL = 1 / boardLen;
  const gmax = gn - 1.001;
  let lastKey = NaN;
  let pc: Piece = piece(0, 0, L.seed, width, L.lambda);
  // Output in image orientation (alongX: na wide x size high; else size wide x na high), rows in order.
  const cols = L.alongX ? na : size;
  const rows = L.alongX ? size : na;
  for (let row = 0, i = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++, i += 3) {
      const a = L.alongX ? (2 * col + 1) / tpm - half : (2 * row + 1) / tpm - half;
      const c = L.alongX ? (row + 0.5) / tpm - half : (col + 0.5) / tpm - half;
      const p = Math.floor((c + half + L.offset) * invW); // board index, >= 0
      const cp = c + half + L.offset - p * width - width / 2;
      const aj = a + jointShift[p];
      const q = Math.floor(aj * invL);
      const key = p * 4096 + q;
      if (key !== lastKey) {
        pc = piece(p, q, L.seed, width, L.lambda);
        lastKey = key;
      }
      // Two-channel bilinear lookup of warp and figure, the noise stretched 5x along the grain.
      let ga = (a + half) / 40 + gridShift[p];
      let gc = (c + half) / 8;
      ga = ga > gmax ? gmax : ga;
      gc = gc > gmax ? gmax : gc;
      const ia = ga | 0;
      const ic = gc | 0;
      const fa = ga - ia;
      const fc = gc - ic;
      const j = (ia * gn + ic) * 2;
      const j2 = j + gn * 2;
      const w = (g[j] * (1 - fc) + g[j + 2] * fc) * (1 - fa) + (g[j2] * (1 - fc) + g[j2 + 2] * fc) * fa;
      const fg = (g[j + 1] * (1 - fc) + g[j + 3] * fc) * (1 - fa) + (g[j2 + 1] * (1 - fc) + g[j2 + 3] * fc) * fa;
      const ring = ringAt(pc, a, cp, w, tpm) * L.ringStrength;
      const fig = 1 + 0.18 * fg + streaks[(pc.streak + ((cp * 2 + 2048) | 0)) & 4095];
      // Seams: a dark gap at the board edges and at end joints, anti-aliased over one texel.
      const side = width / 2 - (cp < 0 ? -cp : cp);
      const endA = aj - q * boardLen;
      const endB = boardLen - endA;
      const edge = side < endA ? (side < endB ? side : endB) : endA < endB ? endA : endB;
      const cover = (gapHalf - edge) * tpm + 0.5;
      const gap = cover <= 0 ? 1 : cover >= 1 ? gapDark : 1 - cover * (1 - gapDark);
      const k = pc.tint * fig * (edge < 2.5 ? 0.92 + 0.032 * edge : 1) * gap;
      out[i] = (early[0] + (dark[0] - early[0]) * ring) * k;
      out[i + 1] = (early[1] + (dark[1] - early[1]) * ring) * k;
      out[i + 2] = (early[2] + (dark[2] - early[2]) * ring) * k;
    }
  }
  return out;
}

/**
 * Latewood share at along-position a, across-position cp in the board: rings are circles around
 * the log's pith (c0, depth z0 + slope a), warped by `w`. Latewood darkens through the year and
 * ends abruptly (the drop spans >= 1.5 texels); rings closer than ~2 texels fade to their mean.
 */
function ringAt(pc: Piece, a: number, cp: number, w: number, tpm: number): number {
  const dz = pc.z0 + pc.slope * a;
  const dc = cp - pc.c0;
  const r0 = Math.sqrt(dc * dc + dz * dz);
  const ph = (r0 + w * pc.lambda * 2.5) / pc.lambda + pc.phase;
  const f = ph - Math.floor(ph);
  const density = (dc < 0 ? -dc : dc) / ((r0 + 1e-3) * pc.lambda * tpm);
  const fade = density < 0.2 ? 1 : density > 0.6 ? 0 : (0.6 - density) * 2.5;
  const drop = density * 1.5 < 0.08 ? 0.08 : density * 1.5;
  const f3 = f * f * f;
  const late = 1 - f < drop ? (f3 * (1 - f)) / drop : f3;
  return late * fade + 0.25 * (1 - fade);
}

/** The half-resolution boards -> the full size x size texture, linear interpolation along the grain. */
function upsampleAlong(src: Float32Array, size: number, alongX: boolean): Float32Array {
  const na = size >> 1;
  const rgb = new Float32Array(size * size * 3);
  // Texel i's centre sits at half-res coordinate (i - 0.5) / 2: weights 0.75 / 0.25 of two samples.
  const a0 = new Int32Array(size);
  const fr = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const pos = Math.min(na - 1, Math.max(0, (i - 0.5) / 2));
    a0[i] = Math.min(na - 2, Math.floor(pos));
    fr[i] = pos - a0[i];
  }
  if (alongX) {
    for (let y = 0; y < size; y++) {
      for (let x = 0, o = y * size * 3; x < size; x++, o += 3) {
        const s0 = (y * na + a0[x]) * 3;
        const f = fr[x];
        rgb[o] = src[s0] + (src[s0 + 3] - src[s0]) * f;
        rgb[o + 1] = src[s0 + 1] + (src[s0 + 4] - src[s0 + 1]) * f;
        rgb[o + 2] = src[s0 + 2] + (src[s0 + 5] - src[s0 + 2]) * f;
      }
    }
    return rgb;
  }
  for (let y = 0; y < size; y++) {
    const s0 = a0[y] * size * 3;
    const s1 = s0 + size * 3;
    const f = fr[y];
    const o = y * size * 3;
    for (let k = 0; k < size * 3; k++) rgb[o + k] = src[s0 + k] + (src[s1 + k] - src[s0 + k]) * f;
  }
  return rgb;
}

/** 0-3 knots: dark ellipses (longer along the grain) with a darker rim. */
function addKnots(rgb: Float32Array, grid: TexelGrid, rng: Rng, dark: Rgb, alongX: boolean): void {
  const { size, texelsPerMm: tpm, extentMm: ext } = grid;
  const count = rng.int(4);
  for (let k = 0; k < count; k++) {
    const cx = (rng.next() - 0.5) * ext;
    const cy = (rng.next() - 0.5) * ext;
    const rAlong = 6 + rng.next() * 14;
    const rAcross = rAlong * (0.4 + rng.next() * 0.4);
    const rx = alongX ? rAlong : rAcross;
    const ry = alongX ? rAcross : rAlong;
    const reach = 2.2;
    const x0 = Math.max(0, Math.floor((cx - rx * reach + ext / 2) * tpm));
    const x1 = Math.min(size - 1, Math.ceil((cx + rx * reach + ext / 2) * tpm));
    const y0 = Math.max(0, Math.floor((cy - ry * reach + ext / 2) * tpm));
    const y1 = Math.min(size - 1, Math.ceil((cy + ry * reach + ext / 2) * tpm));
    for (let ty = y0; ty <= y1; ty++) {
      for (let tx = x0; tx <= x1; tx++) {
        const dx = ((tx + 0.5) / tpm - ext / 2 - cx) / rx;
        const dy = ((ty + 0.5) / tpm - ext / 2 - cy) / ry;
        const d = Math.sqrt(dx * dx + dy * dy);
        // Inside: dark heartwood with rings; around it a faint dark halo where the grain bends.
        const t = d < 1 ? 0.75 + 0.25 * Math.cos(d * 18) * (1 - d) : d < reach ? 0.35 * (1 - (d - 1) / (reach - 1)) ** 2 : 0;
        const i = (ty * size + tx) * 3;
        for (let ch = 0; ch < 3; ch++) rgb[i + ch] += (dark[ch] - rgb[i + ch]) * t;
      }
    }
  }
}
