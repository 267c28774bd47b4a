/**
 * The canonical top face of a domino: 2h x h texels, half 0 the left square, lit in the tile's own
 * frame (texel (0,0) top-left, +x right toward half 1, +y down the texture, +z out of the face; the
 * light direction is given in this frame — see tile-surface.ts).
 *
 * A rounded rectangle with a quarter-round bevel, a divider (engraved groove or painted line), an
 * optional brass centre rivet, pips as shaded dimples, and a glare spot whose strength follows the
 * set's gloss. Texel rectangle [0, 2h] x [0, h] is exactly the tile's top face.
 *
 * Cost (tsx, one core, CPU time): ~0.07 ms at h = 48, ~0.023 ms at h = 24, ~0.3 ms at h = 96.
 */
import type { Rng } from '../rules/random';
import { pipLayout, pipRadius } from './pips';
import { addGlare, fillBody, lightSurface, newSurface, setRim, stampDisc, type Surface } from './tile-surface';
import type { DominoStyle, Image, Lighting, Rgb, TileTexture } from './types';

/** A brass rivet (the "spinner" of real sets) and the dark countersink ring around it. */
const BRASS: Rgb = [0.62, 0.42, 0.14];

/**
 * Render one domino's top face. `rng` draws a fixed count of numbers (10) whatever the values:
 * each half's quarter turn, the body gradient, and the glare spot. `marks` false: the face without
 * its pips (the same draws), as the eval's `marksShown` compares it.
 */
export function renderDominoTexture(values: [number, number], style: DominoStyle, light: Lighting, halfPx: number, rng: Rng, marks = true): TileTexture {
  const h = Math.max(4, Math.round(halfPx));
  const turned = [rng.next() < 0.25, rng.next() < 0.25];
  const gx = (rng.next() - 0.5) * 0.16;
  const gy = (rng.next() - 0.5) * 0.16;
  const s = newSurface(2 * h, h);
  const gloss = style.gloss;
  fillBody(s, style.body, gx, gy, 0.1 + 0.5 * gloss);
  const bevel = Math.max(1, 0.07 * h);
  roundedRect(s, h, Math.max(0.5, style.cornerRadius * h), bevel);
  drawDivider(s, style, h, bevel);
  for (let k = 0; k < (marks ? 2 : 0); k++) {
    const v = values[k];
    const r = pipRadius(v) * h;
    for (const [px, py] of pipLayout(v, turned[k])) {
      stampDisc(s, (k + px) * h, py * h, r, style.pip[v], style.dimple, 0.2 + 0.8 * gloss);
    }
  }
  if (style.rivet) {
    // A 3 mm rivet on a 24 mm half; 12's middle-row pips stay 1.3 px clear of its ring at h = 48.
    const r = Math.max(1, 0.06 * h);
    stampDisc(s, h, h / 2, r * 1.25, scale(style.dividerColour, 0.5), 0.6, 0.2);
    stampDisc(s, h, h / 2, r, BRASS, -0.9, 1.5);
  }
  lightSurface(s, light);
  addGlare(s, light, gloss, rng);
  return { width: s.width, height: s.height, rgb: s.rgb, alpha: s.alpha };
}

/**
 * Coverage and bevel of a rounded rectangle 2h x h with corner radius rc. Only texels near the
 * outline are computed (the interior keeps the flat normal): ~1,100 of 4,608 texels at h = 48.
 */
function roundedRect(s: Surface, h: number, rc: number, bevel: number): void {
  const w = 2 * h;
  s.alpha.fill(1);
  const band = Math.ceil(bevel + 1.5);
  const corner = Math.max(band, Math.ceil(rc + 1.5));
  const ex = h - rc; // half extents minus the corner radius
  const ey = h / 2 - rc;
  for (let y = 0; y < h; y++) {
    const yc = y + 0.5;
    const m = yc < band || yc > h - band ? w : yc < corner || yc > h - corner ? corner : band;
    for (let x = 0; x < w; x++) {
      if (x === m && w - m > x) x = w - m;
      const px = x + 0.5 - h;
      const py = yc - h / 2;
      const qx = Math.abs(px) - ex;
      const qy = Math.abs(py) - ey;
      let d: number;
      let gx = 0;
      let gy = 0;
      if (qx > 0 && qy > 0) {
        const len = Math.sqrt(qx * qx + qy * qy);
        d = len - rc;
        gx = (Math.sign(px) * qx) / len;
        gy = (Math.sign(py) * qy) / len;
      } else if (qx > qy) {
        d = qx - rc;
        gx = Math.sign(px);
      } else {
        d = qy - rc;
        gy = Math.sign(py);
      }
      setRim(s, y * w + x, d, gx, gy, bevel);
    }
  }
}

/**
 * The line between the halves at x = h, stopping short of the long edges. Engraved: a groove
 * ~1.3 mm wide, dark at the bottom, its walls leaning toward each other (the wall facing the light
 * catches it: the "light edge"). Painted: a flat line of dividerColour ~0.9 mm wide.
 */
function drawDivider(s: Surface, style: DominoStyle, h: number, bevel: number): void {
  const engraved = style.divider === 'engraved';
  const half = engraved ? Math.max(0.6, 0.028 * h) : Math.max(0.45, 0.018 * h);
  const top = bevel + 0.05 * h;
  const bottom = h - top;
  const { rgb, nx, nz, shine, width: w } = s;
  const c = style.dividerColour;
  const x0 = Math.max(0, Math.floor(h - half - 1));
  const x1 = Math.min(w - 1, Math.ceil(h + half + 1));
  for (let y = Math.floor(top); y < Math.ceil(bottom); y++) {
    const cy = Math.min(1, Math.max(0, Math.min(y + 1 - top, bottom - y)));
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - h;
      const ad = Math.abs(dx);
      let cov = half - ad + 0.5;
      if (cov <= 0) continue;
      cov = (cov > 1 ? 1 : cov) * cy;
      const i = y * w + x;
      const o = i * 3;
      const q = ad / half > 1 ? 1 : ad / half;
      // Engraved: 80% the divider colour, darker toward the groove bottom (occlusion).
      const occ = engraved ? 1 - 0.4 * (1 - q) : 1;
      const paint = engraved ? 0.8 : 1;
      const keep = 1 - cov;
      for (let k = 0; k < 3; k++) rgb[o + k] = rgb[o + k] * keep + (rgb[o + k] * (1 - paint) + c[k] * paint) * occ * cov;
      if (engraved) {
        const tilt = 0.75 * Math.sqrt(q);
        nx[i] = nx[i] * keep - Math.sign(dx) * tilt * cov;
        nz[i] = nz[i] * keep + Math.sqrt(1 - tilt * tilt) * cov;
        shine[i] = 0.1 + 0.5 * style.gloss;
      }
    }
  }
}

const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];

let srgbLut: Uint8ClampedArray | null = null;

/** Linear 0..1 to 8-bit sRGB (gamma 1/2.2), 4,096 steps. */
function toSrgb8(v: number): number {
  if (!srgbLut) {
    srgbLut = new Uint8ClampedArray(4097);
    for (let i = 0; i <= 4096; i++) srgbLut[i] = Math.round(255 * Math.pow(i / 4096, 1 / 2.2));
  }
  const k = v <= 0 ? 0 : v >= 1 ? 4096 : (v * 4096 + 0.5) | 0;
  return srgbLut[k];
}

/** A texture composited over `background` (linear) as an 8-bit sRGB image: for sheets and tests. */
export function textureToImage(tex: TileTexture, background: Rgb): Image {
  const n = tex.width * tex.height;
  const data = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    const a = tex.alpha[i];
    for (let c = 0; c < 3; c++) data[i * 4 + c] = toSrgb8(tex.rgb[i * 3 + c] * a + background[c] * (1 - a));
    data[i * 4 + 3] = 255;
  }
  return { width: tex.width, height: tex.height, data };
}
