/**
 * How blurred the picture is, measured on the tiles' own outlines: a tile's edge against the table is a
 * step, and a step blurred by a Gaussian of sigma s rises at most contrast / (s sqrt(2 pi)) per pixel.
 * Across each edge of the tiles read (at 7 points along it), the grey profile 8 px either side gives
 * s = contrast / (sqrt(2 pi) max slope); the frame's blur is the median over the profiles of enough
 * contrast. Dev still images of seeds 2061 and 3001 (70 each, read by the pipeline; the renderer's lens
 * blur sigma 0-2 px), the 60 and 55 scenes with no motion smear: correlation with the true sigma 0.85
 * and 0.79 (Spearman 0.87, 0.83). Edges with a shadow or a tile's side in view read a little softer
 * than the lens makes them; a sharp frame reads 0.4-0.6 px.
 *
 * A tile the app asks the person to look at (below BLURRED_BELOW) and given no other reason says
 * "blurred" where that blur is at least BLURRED_RATIO of its half (a half, or half a triangle's side):
 * pips and numerals are about a fifth of a half across, and such a blur runs them together. On those
 * dev images 99 unsure tiles said so, every one in a scene blurred at least that much for its size
 * (the renderer's sigma, with a motion smear of length L counted as a sigma of L / 2.5), and 16 such
 * tiles did not, nor any of the 38 unsure tiles of sharper scenes; 72 of the 99 were read right: the
 * label says why a reading is unsure, not that it is wrong. read-table.ts measures the blur only where
 * an unsure tile gives no other reason: 0.6 ms on the bench's 28-tile frame.
 */
import { unitOf } from './tile-select';
import type { Point, ReadTile, Rgba } from './types';

/** The profile's reach either side of the edge and its step, px. */
const REACH = 8;
const STEP = 0.5;
/** Points along each edge (shares of its length) where a profile is taken. */
const ALONG = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
/** A profile counts where the two sides differ by this many grey levels (0-255): a clear step. */
const MIN_CONTRAST = 25;
/** Edges shorter than this (px) are left out. */
const MIN_EDGE = 8;

/** Luma of pixel (x, y), bilinear between pixels, clamped to the frame. */
function grey(image: Rgba, x: number, y: number): number {
  const cx = Math.min(Math.max(x, 0), image.width - 1.001);
  const cy = Math.min(Math.max(y, 0), image.height - 1.001);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const fx = cx - x0;
  const fy = cy - y0;
  const d = image.data;
  const o = (y0 * image.width + x0) * 4;
  const p = o + image.width * 4;
  const top = (0.299 * d[o] + 0.587 * d[o + 1] + 0.114 * d[o + 2]) * (1 - fx) + (0.299 * d[o + 4] + 0.587 * d[o + 5] + 0.114 * d[o + 6]) * fx;
  const bottom = (0.299 * d[p] + 0.587 * d[p + 1] + 0.114 * d[p + 2]) * (1 - fx) + (0.299 * d[p + 4] + 0.587 * d[p + 5] + 0.114 * d[p + 6]) * fx;
  return top * (1 - fy) + bottom * fy;
}

const COUNT = Math.round((2 * REACH) / STEP) + 1;
const profile = new Float64Array(COUNT);

/** The blur of a step edge at `p` across the unit normal `n`, px, or undefined where the step is too faint. */
function stepBlur(image: Rgba, p: Point, n: Point): number | undefined {
  for (let k = 0; k < COUNT; k++) profile[k] = grey(image, p[0] + n[0] * (-REACH + k * STEP), p[1] + n[1] * (-REACH + k * STEP));
  const contrast = Math.abs(profile[COUNT - 1] + profile[COUNT - 2] + profile[COUNT - 3] + profile[COUNT - 4] - profile[0] - profile[1] - profile[2] - profile[3]) / 4;
  if (contrast < MIN_CONTRAST) return undefined;
  let slope = 0;
  for (let k = 1; k < COUNT; k++) slope = Math.max(slope, Math.abs(profile[k] - profile[k - 1]) / STEP);
  return contrast / (Math.sqrt(2 * Math.PI) * slope);
}

/** The frame's blur sigma (px) measured across the edges of these outlines, or undefined where none shows a clear step. */
export function edgeBlur(image: Rgba, outlines: readonly (readonly Point[])[]): number | undefined {
  const sigmas: number[] = [];
  for (const poly of outlines) {
    for (let k = 0; k < poly.length; k++) {
      const [a, b] = [poly[k], poly[(k + 1) % poly.length]];
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (length < MIN_EDGE) continue;
      const n: Point = [(b[1] - a[1]) / length, -(b[0] - a[0]) / length]; // either way: the blur of a step is the same
      for (const t of ALONG) {
        const s = stepBlur(image, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], n);
        if (s !== undefined) sigmas.push(s);
      }
    }
  }
  if (sigmas.length === 0) return undefined;
  sigmas.sort((x, y) => x - y);
  return sigmas[sigmas.length >> 1];
}

/** Tiles read below this confidence say "blurred" where the frame is blurred for their size. */
const BLURRED_BELOW = 0.9;
/** The frame's blur as a share of a tile's half from which it says "blurred". */
const BLURRED_RATIO = 0.06;
/** The outlines measured: tiles read at least this surely (a false tile's outline is no tile's edge). */
export const MEASURED_FROM = 0.5;

/** Whether a tile may say "blurred": read below BLURRED_BELOW, and giving no other reason. */
export const mayBeBlurred = (tile: ReadTile): boolean => !tile.doubt && tile.confidence < BLURRED_BELOW;

/** The tile, saying "blurred" where it may (`mayBeBlurred`) and `sigma` is BLURRED_RATIO of its half (tile-select.ts `unitOf`) or more. */
export function saysBlurred(tile: ReadTile, sigma: number | undefined): ReadTile {
  if (sigma === undefined || !mayBeBlurred(tile) || sigma < BLURRED_RATIO * unitOf(tile)) return tile;
  return { ...tile, doubt: 'blurred' };
}
