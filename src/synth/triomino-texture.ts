/**
 * The canonical top face of a triangular tile: an equilateral triangle, apex up, in a box sidePx
 * wide and ceil(sidePx * sqrt(3) / 2) tall. Its sharp corners sit at texel coordinates
 *   corner 0 = (s/2, 0) apex,  corner 1 = (s, s*sqrt(3)/2) bottom-right,  corner 2 = (0, s*sqrt(3)/2),
 * clockwise as seen from above — the order of referee.md for an up cell: [apex, base-right,
 * base-left]. The face is rounded inside those corners (style.cornerRadius x side).
 *
 * Each value sits near its corner, turned so the numeral's top points at the corner and its foot
 * at the centre (the apex number reads upright). The dotted variant prints dice-like dot groups
 * turned the same way. Frames and lighting as in tile-surface.ts (texel y down, light in this frame).
 */
import type { Rng } from '../rules/random';
import { digitDistance, digitGrids, DIGIT_HALF_STROKE, DOT_LAYOUTS, DOT_RADIUS, GLYPH_INK } from './digits';
import { addGlare, fillBody, lightSurface, newSurface, setRim, stampDisc, type Surface } from './tile-surface';
import type { Lighting, TileTexture, TriominoStyle } from './types';

const SQRT3 = Math.sqrt(3);
/** Numeral placement as shares of the side: centre 0.32 from its corner, 0.2 tall (a 9 mm numeral). */
const GLYPH_FROM_CORNER = 0.32;
const GLYPH_HEIGHT = 0.2;

const HALF_SQRT3 = SQRT3 / 2;

/** Render one triangular tile. `rng` draws 8 numbers: the body gradient and the glare spot. `marks` false: without its numbers or dots. */
export function renderTriominoTexture(values: [number, number, number], style: TriominoStyle, light: Lighting, sidePx: number, rng: Rng, marks = true): TileTexture {
  const side = Math.max(6, Math.round(sidePx));
  const s = newSurface(side, Math.ceil((side * SQRT3) / 2));
  const gx = (rng.next() - 0.5) * 0.16;
  const gy = (rng.next() - 0.5) * 0.16;
  fillBody(s, style.body, gx, gy, 0.1 + 0.5 * style.gloss);
  const bevel = Math.max(1, 0.035 * side);
  roundedTriangle(s, side, Math.max(0.5, style.cornerRadius * side), bevel);
  for (let k = 0; k < (marks ? 3 : 0); k++) drawValue(s, side, k, values[k], style);
  lightSurface(s, light);
  addGlare(s, light, style.gloss, rng);
  return { width: s.width, height: s.height, rgb: s.rgb, alpha: s.alpha };
}

/**
 * Coverage and bevel of the triangle with corners rounded by rc: the signed distance to the
 * triangle shrunk by rc, minus rc. Only rows near the apex and base and texels near the slanted
 * edges are computed; texels beyond the slanted edges get alpha 0 directly.
 */
function roundedTriangle(s: Surface, side: number, rc: number, bevel: number): void {
  const { width: w, height: h, alpha } = s;
  const tall = (side * SQRT3) / 2;
  const cx = side / 2;
  const cy = (2 * tall) / 3;
  const rin = side / (2 * SQRT3) - rc; // inradius of the shrunk triangle
  const halfEdge = rin * SQRT3; // its half side
  alpha.fill(1);
  const band = bevel + 2;
  const slant = band / (SQRT3 / 2); // the band's width along a row
  const apexRows = 1.5 * rc + band; // the apex's rounding ends 1.5 rc below it
  const baseRows = tall - band;
  const cornerRows = tall - 1.5 * rc - band;
  const cornerX = 2 * rc + band; // a base corner's rounding ends 1.73 rc along the base
  for (let y = 0; y < h; y++) {
    const yc = y + 0.5;
    const xl = cx - yc / SQRT3;
    const xr = cx + yc / SQRT3;
    // Beyond the sharp triangle's slanted edges (by 1.5 px) every texel is outside.
    const outL = Math.max(0, Math.floor(xl - 1.5));
    const outR = Math.min(w, Math.ceil(xr + 1.5));
    let inL = Math.ceil(xl + slant);
    let inR = Math.floor(xr - slant);
    if (yc < apexRows || yc > baseRows) inL = inR = outR; // compute the whole row
    else if (yc > cornerRows) {
      inL = Math.max(inL, Math.ceil(cornerX));
      inR = Math.min(inR, Math.floor(w - cornerX));
    }
    if (inR < inL) inR = inL;
    alpha.fill(0, y * w, y * w + outL);
    alpha.fill(0, y * w + outR, (y + 1) * w);
    for (let x = outL; x < outR; x++) {
      if (x === inL) x = inR;
      if (x >= outR) break;
      rimAt(s, y * w + x, x + 0.5 - cx, yc - cy, rin, halfEdge, rc, bevel);
    }
  }
}

/** One texel's rim from the distance to the shrunk triangle (p relative to the centroid). */
function rimAt(s: Surface, i: number, px: number, py: number, rin: number, halfEdge: number, rc: number, bevel: number): void {
  // Outward normals: right edge (sqrt3/2, -1/2), base (0, 1), left edge (-sqrt3/2, -1/2).
  const eRight = HALF_SQRT3 * px - 0.5 * py - rin;
  const eBase = py - rin;
  const eLeft = -HALF_SQRT3 * px - 0.5 * py - rin;
  let nx = 0;
  let ny = 1;
  let em = eBase;
  if (eRight > em) {
    em = eRight;
    nx = HALF_SQRT3;
    ny = -0.5;
  }
  if (eLeft > em) {
    em = eLeft;
    nx = -HALF_SQRT3;
    ny = -0.5;
  }
  const t = -ny * px + nx * py; // position along that edge
  if (em <= 0 || Math.abs(t) <= halfEdge) {
    setRim(s, i, em - rc, nx, ny, bevel);
    return;
  }
  // Beyond the end of the edge: the nearest point is the shrunk triangle's corner.
  const end = t > 0 ? halfEdge : -halfEdge;
  const dx = px - (nx * rin - ny * end);
  const dy = py - (ny * rin + nx * end);
  const len = Math.sqrt(dx * dx + dy * dy) || 1;
  setRim(s, i, len - rc, dx / len, dy / len, bevel);
}

/** The numeral (or dot group) for corner k, turned so its top points at the corner. */
function drawValue(s: Surface, side: number, k: number, value: number, style: TriominoStyle): void {
  const tall = (side * SQRT3) / 2;
  const corner = k === 0 ? [side / 2, 0] : k === 1 ? [side, tall] : [0, tall];
  let ux = corner[0] - side / 2;
  let uy = corner[1] - (2 * tall) / 3;
  const ul = Math.hypot(ux, uy);
  ux /= ul;
  uy /= ul;
  // Glyph frame: "down" = -up, "right" = up turned a quarter clockwise on screen.
  const rx = -uy;
  const ry = ux;
  const scale = GLYPH_HEIGHT * side;
  const gcx = corner[0] - ux * GLYPH_FROM_CORNER * side;
  const gcy = corner[1] - uy * GLYPH_FROM_CORNER * side;
  if (style.name === 'dotted') {
    for (const [a, b] of DOT_LAYOUTS[value]) {
      stampDisc(s, gcx + scale * (a * rx - b * ux), gcy + scale * (a * ry - b * uy), DOT_RADIUS * scale, style.ink, 0.6, 0.2 + 0.6 * style.gloss);
    }
    return;
  }
  drawNumeral(s, digitGrids()[value], gcx, gcy, rx, ry, -ux, -uy, scale, style);
}

/** Flat ink where the glyph's stroke covers a texel; only the glyph's bounding box is visited. */
function drawNumeral(s: Surface, grid: Float32Array, cx: number, cy: number, rx: number, ry: number, dx: number, dy: number, scale: number, style: TriominoStyle): void {
  const { width: w, height: h, rgb } = s;
  // The inked box (GLYPH_INK half extents) turned into the texture: 2.4x fewer texels than a square.
  const reachX = (Math.abs(rx) * GLYPH_INK[0] + Math.abs(dx) * GLYPH_INK[1]) * scale + 1;
  const reachY = (Math.abs(ry) * GLYPH_INK[0] + Math.abs(dy) * GLYPH_INK[1]) * scale + 1;
  const x0 = Math.max(0, Math.floor(cx - reachX));
  const x1 = Math.min(w - 1, Math.ceil(cx + reachX));
  const y0 = Math.max(0, Math.floor(cy - reachY));
  const y1 = Math.min(h - 1, Math.ceil(cy + reachY));
  const inv = 1 / scale;
  const [ir, ig, ib] = style.ink;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5 - cy;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5 - cx;
      const d = digitDistance(grid, (px * rx + py * ry) * inv, (px * dx + py * dy) * inv);
      let c = (DIGIT_HALF_STROKE - d) * scale + 0.5;
      if (c <= 0) continue;
      if (c > 1) c = 1;
      const o = (y * w + x) * 3;
      rgb[o] += (ir - rgb[o]) * c;
      rgb[o + 1] += (ig - rgb[o + 1]) * c;
      rgb[o + 2] += (ib - rgb[o + 2]) * c;
    }
  }
}
