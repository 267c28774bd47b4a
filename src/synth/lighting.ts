/**
 * Light over a table: one key light (lamp, window, ceiling panel) plus ambient. Real play spaces
 * range from a warm 2700 K pendant lamp low over a kitchen table to cool 6500 K daylight from a
 * window at the side, and from hard (small bulb, crisp shadows) to soft (overcast window).
 *
 * Convention shared with the tile renderer: a surface of albedo a with normal n is lit
 * a * colour * (ambient + intensity * max(0, n . direction)).
 */
import type { Rng } from '../rules/random';
import type { Lighting, Rgb } from './types';

/** Blackbody colours in 8-bit sRGB (Charity's table, D65 white), every 500 K from 2500 K. */
const KELVIN_SRGB: readonly Rgb[] = [
  [255, 161, 72], // 2500
  [255, 180, 107], // 3000
  [255, 196, 137], // 3500
  [255, 209, 163], // 4000
  [255, 219, 186], // 4500
  [255, 228, 206], // 5000
  [255, 236, 224], // 5500
  [255, 243, 239], // 6000
  [255, 249, 253], // 6500
  [245, 243, 255], // 7000
  [235, 238, 255], // 7500
];

const toLinear = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
};

/** Linear RGB of a blackbody at `kelvin` (2500..7500), scaled to luminance 1. */
export function kelvinToRgb(kelvin: number): Rgb {
  const t = Math.min(KELVIN_SRGB.length - 1.0001, Math.max(0, (kelvin - 2500) / 500));
  const i = Math.floor(t);
  const f = t - i;
  const c = [0, 1, 2].map((k) => toLinear(KELVIN_SRGB[i][k] * (1 - f) + KELVIN_SRGB[i + 1][k] * f));
  const y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  return [c[0] / y, c[1] / y, c[2] / y];
}

/** Colour temperature: a third warm bulbs, a third neutral/LED, a third daylight. */
function sampleKelvin(rng: Rng): number {
  const u = rng.next();
  if (u < 0.35) return 2600 + rng.next() * 700;
  if (u < 0.65) return 3300 + rng.next() * 1900;
  return 5200 + rng.next() * 1800;
}

export function sampleLighting(rng: Rng): Lighting {
  const softness = rng.next() < 0.3 ? rng.next() * 0.25 : 0.25 + rng.next() * 0.75;
  // Elevation 20..90 degrees, most lights fairly high (sqrt skews toward overhead).
  const elevation = ((20 + 70 * Math.sqrt(rng.next())) * Math.PI) / 180;
  const azimuth = rng.next() * 2 * Math.PI;
  const ce = Math.cos(elevation);
  const direction: Lighting['direction'] = [ce * Math.cos(azimuth), ce * Math.sin(azimuth), Math.sin(elevation)];
  const colour = kelvinToRgb(sampleKelvin(rng));
  // Soft light comes with more fill: an overcast room is ~60% ambient, a lone bulb ~15%.
  const ambient = 0.12 + softness * 0.35 + rng.next() * 0.15;
  const intensity = 0.7 + rng.next() * 0.5;
  // Most high lights are a lamp near enough to brighten the table under it; low ones are windows.
  const lamp = elevation > (55 * Math.PI) / 180 && rng.next() < 0.75;
  const light: Lighting = { direction, colour, intensity, ambient, softness };
  if (lamp) light.distanceMm = 1000 + rng.next() * 1500;
  return light;
}

/**
 * Lamp falloff at table point (x, y) relative to the origin: (D / r)^3 for a point lamp at
 * distance D (inverse square times the cosine), 1 for a far light, kept within 0.5..1.6 so the
 * table is never much darker or brighter than the tiles (which are lit without falloff). A lamp
 * 1000 mm away at 60 degrees elevation lights points 300 mm to either side at 0.61..1.42.
 */
export function lampFalloff(light: Lighting, x: number, y: number): number {
  const d = light.distanceMm;
  if (d === undefined) return 1;
  const lx = light.direction[0] * d - x;
  const ly = light.direction[1] * d - y;
  const lz = light.direction[2] * d;
  const r2 = lx * lx + ly * ly + lz * lz;
  const q = (d * d) / r2;
  const f = q * Math.sqrt(q);
  return f < 0.5 ? 0.5 : f > 1.6 ? 1.6 : f;
}
