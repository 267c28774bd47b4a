/**
 * Patterned tablecloths: checks (picnic and buffalo check), gingham, stripes, polka dots and
 * florals, in the colours such cloths are sold in, laid slightly askew and not quite straight,
 * with the same wrinkles and weave as plain cloth. Edges are box-filtered over a texel, so a
 * 10 mm gingham seen from far away greys out instead of shimmering.
 */
import type { Rng } from '../rules/random';
import { makeNoise } from './noise';
import { hex, mix } from './srgb';
import { shadeAt, shadingGrid, type ShadeGrid } from './table-cloth';
import { weaveDetail } from './table-detail';
import type { SurfaceLayers, TexelGrid } from './table';
import type { Rgb } from './types';

const INKS = ['#c62828', '#1e56a0', '#1a2a5a', '#2e7d32', '#1a1a1a', '#e0b020', '#e07a9a', '#e07020', '#1f8a8a', '#7b1f3a'];
const GROUNDS = ['#f2f0ea', '#efe6cf', '#f7f7f4'];
const FLORAL_GROUNDS = ['#f3ecd9', '#1d2b4f', '#cfe0ef', '#f4e3a1', '#f6f6f2', '#2f4f3a', '#7b1f3a'];
const PETALS = ['#c62828', '#e07a9a', '#f0c419', '#6a4c93', '#1e56a0', '#f08a24', '#ffffff', '#f2a7b8'];
const LEAVES = ['#4c7a34', '#2e5d2a', '#7a9a4a', '#3f6b5a'];

type PatternName = 'checks' | 'gingham' | 'stripes' | 'dots' | 'florals';
const PATTERNS: readonly PatternName[] = ['checks', 'gingham', 'stripes', 'dots', 'florals'];

const pickHex = (rng: Rng, list: string[]): Rgb => hex(list[rng.int(list.length)]);

/** Box-filtered square wave: the share of [u - w/2, u + w/2] where frac(u / p) < 1/2. */
function squareCover(u: number, p: number, w: number): number {
  return (inkBefore(u + w / 2, p) - inkBefore(u - w / 2, p)) / w;
}

/** Length of the inked half-periods of a period-p square wave on [0, v). */
function inkBefore(v: number, p: number): number {
  const n = Math.floor(v / p);
  const r = v - n * p;
  return n * p * 0.5 + (r < p * 0.5 ? r : p * 0.5);
}

export function makePatternSurface(rng: Rng, grid: TexelGrid): SurfaceLayers {
  const name = PATTERNS[rng.int(PATTERNS.length)];
  const noise = makeNoise(rng);
  const shade = shadingGrid(noise, grid.extentMm, 80 + rng.next() * 150, 0.05 + rng.next() * 0.07, 0.02);
  const rgb = new Float32Array(grid.size * grid.size * 3);
  const angle = (rng.next() - 0.5) * 0.12; // cloth laid up to ±3.4 degrees off the table's axes
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const paint = name === 'florals' ? null : flatPattern(name, rng);
  const { size, texelsPerMm: tpm, extentMm: ext } = grid;
  const half = ext / 2;
  const w = 1 / tpm;
  const out: Rgb = [0, 0, 0];
  const ground = name === 'florals' ? pickHex(rng, FLORAL_GROUNDS) : [0, 0, 0];
  // A woven cloth is not straight: its threads wander a few mm over a metre.
  const wanderU = new Float64Array(size);
  const wanderV = new Float64Array(size);
  for (let t = 0; t < size; t++) {
    wanderU[t] = 3 * Math.sin(((t + 0.5) * w - half) / 170 + 1.3);
    wanderV[t] = 3 * Math.sin(((t + 0.5) * w - half) / 210 + 0.4);
  }
  for (let ty = 0; ty < size; ty++) {
    const y = (ty + 0.5) * w - half;
    for (let tx = 0; tx < size; tx++) {
      const x = (tx + 0.5) * w - half;
      const u = ca * x + sa * y + wanderU[ty];
      const v = -sa * x + ca * y + wanderV[tx];
      if (paint) paint(u, v, w, out);
      else {
        out[0] = ground[0];
        out[1] = ground[1];
        out[2] = ground[2];
      }
      const k = shadeAt(shade, x + half, y + half);
      const i = (ty * size + tx) * 3;
      rgb[i] = out[0] * k;
      rgb[i + 1] = out[1] * k;
      rgb[i + 2] = out[2] * k;
    }
  }
  if (name === 'florals') paintFlorals(rgb, grid, rng, shade);
  return { rgb, detail: weaveDetail(rng, rng.next() < 0.5, 0.05 + rng.next() * 0.05), gloss: 0, shininess: 10 };
}

type Paint = (u: number, v: number, w: number, out: Rgb) => void;

/** Checks, gingham, stripes or dots as a function of cloth coordinates (u, v) in mm. */
function flatPattern(name: PatternName, rng: Rng): Paint {
  const inkIndex = rng.int(INKS.length);
  const ink = hex(INKS[inkIndex]);
  // One in five is ink on ink (red and black buffalo check); never the same ink twice.
  const ground = rng.next() < 0.8 ? pickHex(rng, GROUNDS) : hex(INKS[(inkIndex + 1 + rng.int(INKS.length - 1)) % INKS.length]);
  const set = (o: Rgb, a: Rgb, b: Rgb, t: number): void => {
    o[0] = a[0] + (b[0] - a[0]) * t;
    o[1] = a[1] + (b[1] - a[1]) * t;
    o[2] = a[2] + (b[2] - a[2]) * t;
  };
  if (name === 'gingham') {
    const p = 2 * (4 + rng.next() * 10);
    const halfInk = mix(ground, ink, 0.5);
    return (u, v, w, o) => {
      const a = squareCover(u, p, w);
      const b = squareCover(v, p, w);
      // Where one set of threads is dyed the square is half-tone; where both are, full colour.
      set(o, ground, halfInk, a + b - 2 * a * b);
      set(o, o, ink, a * b);
    };
  }
  if (name === 'checks') {
    const p = 2 * (15 + rng.next() * 45);
    return (u, v, w, o) => {
      const a = squareCover(u, p, w);
      const b = squareCover(v, p, w);
      set(o, ground, ink, a + b - 2 * a * b);
    };
  }
  if (name === 'dots') {
    const p = 15 + rng.next() * 30;
    const r = p * (0.15 + rng.next() * 0.2);
    return (u, v, w, o) => {
      const row = Math.floor(v / p);
      const du = u - (Math.floor(u / p - (row & 1) * 0.5) + 0.5 + (row & 1) * 0.5) * p;
      const dv = v - (row + 0.5) * p;
      const d = Math.sqrt(du * du + dv * dv);
      set(o, ground, ink, Math.min(1, Math.max(0, (r - d) / w + 0.5)));
    };
  }
  // Stripes: a repeat of 2-5 bands of different widths and colours, one direction.
  const bands: { end: number; colour: Rgb }[] = [];
  let total = 0;
  const count = 2 + rng.int(4);
  for (let k = 0; k < count; k++) {
    total += 4 + rng.next() * 30;
    bands.push({ end: total, colour: k % 2 === 0 ? ground : k === 1 ? ink : pickHex(rng, INKS) });
  }
  const across = rng.next() < 0.5;
  const bandAt = (s: number): Rgb => {
    const m = s - Math.floor(s / total) * total;
    for (const b of bands) if (m < b.end) return b.colour;
    return ground;
  };
  return (u, v, w, o) => {
    const s = across ? u : v;
    set(o, bandAt(s - w / 4), bandAt(s + w / 4), 0.5);
  };
}

/** Flowers (5-6 rounded petals, a centre) and leaf pairs scattered over the ground, anti-aliased. */
function paintFlorals(rgb: Float32Array, grid: TexelGrid, rng: Rng, shade: ShadeGrid): void {
  const { extentMm: ext } = grid;
  const spacing = 45 + rng.next() * 60;
  const petals = [pickHex(rng, PETALS), pickHex(rng, PETALS), pickHex(rng, PETALS)];
  const leaf = pickHex(rng, LEAVES);
  const heart = hex(rng.next() < 0.5 ? '#f0c419' : '#5a3a1a');
  const cells = Math.ceil(ext / spacing);
  for (let gy = 0; gy < cells; gy++) {
    for (let gx = 0; gx < cells; gx++) {
      const cx = (gx + 0.2 + rng.next() * 0.6) * spacing - ext / 2;
      const cy = (gy + 0.2 + rng.next() * 0.6) * spacing - ext / 2;
      const r = spacing * (0.18 + rng.next() * 0.17);
      const turn = rng.next() * Math.PI;
      for (let l = 0; l < 2; l++) {
        const a = turn + l * Math.PI + (rng.next() - 0.5);
        blob(rgb, grid, shade, cx + Math.cos(a) * r * 1.3, cy + Math.sin(a) * r * 1.3, r * 0.7, r * 0.28, a, 0, leaf);
      }
      blob(rgb, grid, shade, cx, cy, r, r, turn, 5 + rng.int(2), petals[rng.int(3)]);
      blob(rgb, grid, shade, cx, cy, r * 0.28, r * 0.28, 0, 0, heart);
    }
  }
}

/** An ellipse (petals = 0) or a flower outline with `petals` lobes, drawn over the texture. */
function blob(rgb: Float32Array, grid: TexelGrid, shade: ShadeGrid, cx: number, cy: number, rx: number, ry: number, turn: number, petals: number, c: Rgb): void {
  const { size, texelsPerMm: tpm, extentMm: ext } = grid;
  const half = ext / 2;
  const reach = Math.max(rx, ry) + 1;
  const x0 = Math.max(0, Math.floor((cx - reach + half) * tpm));
  const x1 = Math.min(size - 1, Math.ceil((cx + reach + half) * tpm));
  const y0 = Math.max(0, Math.floor((cy - reach + half) * tpm));
  const y1 = Math.min(size - 1, Math.ceil((cy + reach + half) * tpm));
  const ct = Math.cos(turn);
  const st = Math.sin(turn);
  for (let ty = y0; ty <= y1; ty++) {
    for (let tx = x0; tx <= x1; tx++) {
      const dx = (tx + 0.5) / tpm - half - cx;
      const dy = (ty + 0.5) / tpm - half - cy;
      const a = (ct * dx + st * dy) / rx;
      const b = (-st * dx + ct * dy) / ry;
      const d2 = a * a + b * b;
      if (d2 > 1.2) continue; // beyond the longest petal (and its anti-aliased rim)
      const d = Math.sqrt(d2);
      // Petal outline: only texels between the innermost and outermost radius need the angle.
      const edge = petals > 0 && d > 0.45 ? 0.55 + 0.45 * Math.abs(Math.cos((petals * Math.atan2(b, a)) / 2)) : 1;
      const cover = Math.min(1, Math.max(0, (edge - d) * rx * tpm + 0.5));
      if (cover <= 0) continue;
      const k = shadeAt(shade, dx + cx + half, dy + cy + half);
      const i = (ty * size + tx) * 3;
      for (let ch = 0; ch < 3; ch++) rgb[i + ch] += (c[ch] * k - rgb[i + ch]) * cover;
    }
  }
}
