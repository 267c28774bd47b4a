/**
 * The lit top face of a tile, shared by dominoes and triangular tiles. A texture is built in three
 * steps: shape (coverage + bevel normals), marks (pips, dots, numerals, divider, rivet: they change
 * albedo, normals and shine inside their bounding boxes only), then one lighting pass and a glare.
 *
 * Frames: texel (0,0) is the top-left, +x right, +y down the texture, +z out of the face toward the
 * viewer; texel (i, j) covers [i, i+1] x [j, j+1], centre (i+0.5, j+0.5). Normals and the light
 * direction are in this frame (so a light "from the top of the texture" has direction.y < 0).
 *
 * Scratch buffers (normals, shine) are module-level and reused: a texture fills them completely
 * before reading them, so the output depends on the arguments alone.
 */
import type { Rng } from '../rules/random';
import type { Lighting, Rgb, TileTexture } from './types';

export interface Surface extends TileTexture {
  nx: Float32Array;
  ny: Float32Array;
  nz: Float32Array;
  /** Blinn-Phong strength per texel (0 = matte). Only tilted texels (nz < 0.999) get highlights. */
  shine: Float32Array;
}

let scratch = { size: 0, nx: new Float32Array(0), ny: new Float32Array(0), nz: new Float32Array(0), shine: new Float32Array(0) };

/** A surface of w x h texels: fresh rgb/alpha (returned to the caller), reused scratch normals. */
export function newSurface(width: number, height: number): Surface {
  const n = width * height;
  if (scratch.size < n) {
    scratch = { size: n, nx: new Float32Array(n), ny: new Float32Array(n), nz: new Float32Array(n), shine: new Float32Array(n) };
  }
  return {
    width,
    height,
    rgb: new Float32Array(n * 3),
    alpha: new Float32Array(n),
    nx: scratch.nx.subarray(0, n),
    ny: scratch.ny.subarray(0, n),
    nz: scratch.nz.subarray(0, n),
    shine: scratch.shine.subarray(0, n),
  };
}

/** Fill albedo with `body` times a gentle linear gradient (real faces are never one flat colour). */
export function fillBody(s: Surface, body: Rgb, gx: number, gy: number, shine: number): void {
  const { width: w, height: h, rgb } = s;
  s.nx.fill(0);
  s.ny.fill(0);
  s.nz.fill(1);
  s.shine.fill(shine);
  for (let y = 0; y < h; y++) {
    const fy = 1 + gy * ((y + 0.5) / h - 0.5);
    for (let x = 0; x < w; x++) {
      const f = fy + gx * ((x + 0.5) / w - 0.5);
      const o = (y * w + x) * 3;
      rgb[o] = body[0] * f;
      rgb[o + 1] = body[1] * f;
      rgb[o + 2] = body[2] * f;
    }
  }
}

/**
 * Bevel at texel i from the outline's signed distance d (px, < 0 inside) and outward gradient
 * (gx, gy): a quarter-round rim `bevel` px wide, its normal tilting outward up to ~70 degrees.
 */
export function setRim(s: Surface, i: number, d: number, gx: number, gy: number, bevel: number): void {
  const a = 0.5 - d;
  s.alpha[i] = a < 0 ? 0 : a > 1 ? 1 : a;
  let t = 1 + d / bevel;
  if (t <= 0) return;
  if (t > 1) t = 1;
  const tilt = 0.94 * t * t;
  s.nx[i] = gx * tilt;
  s.ny[i] = gy * tilt;
  s.nz[i] = Math.sqrt(1 - tilt * tilt);
}

/**
 * A round mark at (cx, cy), radius r px: albedo `colour` (times an occlusion ring), concave normals
 * (`depth` 0 flat .. 1 a deep drilled pip; negative = a dome, as a rivet), and `shine`. Anti-aliased
 * against what lies below; only the mark's bounding box is visited.
 */
export function stampDisc(s: Surface, cx: number, cy: number, r: number, colour: Rgb, depth: number, shine: number): void {
  const { width: w, height: h, rgb, nx, ny, nz } = s;
  const x0 = Math.max(0, Math.floor(cx - r - 1));
  const x1 = Math.min(w - 1, Math.ceil(cx + r + 1));
  const y0 = Math.max(0, Math.floor(cy - r - 1));
  const y1 = Math.min(h - 1, Math.ceil(cy + r + 1));
  const inv = 1 / r;
  // A drilled pip's wall is steep at its rim and flat at the bottom: tilt grows as (d/r)^2.
  const tiltMax = 0.85 * Math.abs(depth);
  const sign = depth >= 0 ? -1 : 1; // concave normals lean toward the centre, a dome's away
  const ao = 0.3 * Math.max(0, depth);
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const dist = Math.sqrt(dx * dx + dy * dy);
      let c = r - dist + 0.5;
      if (c <= 0) continue;
      if (c > 1) c = 1;
      const i = y * w + x;
      const q = dist * inv;
      const q2 = q > 1 ? 1 : q * q;
      const tilt = tiltMax * q2;
      const k = dist > 1e-6 ? (sign * tilt) / dist : 0;
      const f = c * (1 - ao * q2);
      const keep = 1 - c;
      const o = i * 3;
      rgb[o] = rgb[o] * keep + colour[0] * f;
      rgb[o + 1] = rgb[o + 1] * keep + colour[1] * f;
      rgb[o + 2] = rgb[o + 2] * keep + colour[2] * f;
      nx[i] = nx[i] * keep + dx * k * c;
      ny[i] = ny[i] * keep + dy * k * c;
      nz[i] = nz[i] * keep + Math.sqrt(1 - tilt * tilt) * c;
      s.shine[i] = s.shine[i] * keep + shine * c;
    }
  }
}

/**
 * Light every texel as lighting.ts lights the table — albedo x colour x (ambient + intensity x
 * max(0, n . direction)), so a flat top matches the cloth under the same lamp — plus a
 * Blinn-Phong highlight (exponent 16) on tilted texels: bevels, pip walls, a rivet's dome.
 */
export function lightSurface(s: Surface, light: Lighting): void {
  const [lx, ly, lz] = unit(light.direction[0], light.direction[1], light.direction[2]);
  const [hx, hy, hz] = unit(lx, ly, lz + 1);
  const amb = light.ambient;
  const kd = light.intensity;
  const [cr, cg, cb] = light.colour;
  const { rgb, nx, ny, nz, shine } = s;
  const n = s.width * s.height;
  // Only what a tilted texel reflects beyond a flat one: the flat top's share of the highlight is
  // the glare spot's job (addGlare), and a pip's flat bottom must not sparkle.
  const flat16 = Math.pow(hz, 16);
  const spScale = kd / (1 - flat16 + 1e-6);
  for (let i = 0; i < n; i++) {
    const x = nx[i];
    const y = ny[i];
    const z = nz[i];
    const dif = x * lx + y * ly + z * lz;
    const lum = dif > 0 ? amb + kd * dif : amb;
    const o = i * 3;
    let r = rgb[o] * lum;
    let g = rgb[o + 1] * lum;
    let b = rgb[o + 2] * lum;
    if (z < 0.999) {
      const nh = (x * hx + y * hy + z * hz) / Math.sqrt(x * x + y * y + z * z);
      if (nh > hz) {
        const p2 = nh * nh;
        const p4 = p2 * p2;
        const p8 = p4 * p4;
        const sp = (p8 * p8 - flat16) * spScale * shine[i];
        r += sp;
        g += sp;
        b += sp;
      }
    }
    rgb[o] = r * cr;
    rgb[o + 1] = g * cg;
    rgb[o + 2] = b * cb;
  }
}

/**
 * A glare spot: the lamp mirrored in a glossy top coat, an ellipse at a random place whose peak
 * adds up to ~gloss (usually far less) of the light's colour. Hard light gives a small, sharp-edged spot, soft
 * light a broad, faint one. Always draws 6 numbers from `rng`, glare or not.
 */
export function addGlare(s: Surface, light: Lighting, gloss: number, rng: Rng): void {
  const cx = rng.next() * s.width;
  const cy = rng.next() * s.height;
  // A bare bulb mirrors as a small spot (~0.1-0.25 of a half), an overcast window as a broad sheen.
  const size = Math.min(s.width, s.height) * (0.2 + 0.45 * rng.next()) * (0.5 + 1.1 * light.softness);
  const aspect = 0.4 + 0.6 * rng.next();
  const turn = rng.next() * Math.PI;
  const u = rng.next();
  // Mostly faint: a quarter of spots reach half the full strength (0.85 x gloss).
  const peak = gloss * (0.1 + 0.75 * u * u) * light.intensity * (1.2 - 0.6 * light.softness);
  if (peak < 0.02) return;
  const ra = size;
  const rb = size * aspect;
  const ca = Math.cos(turn);
  const sa = Math.sin(turn);
  const x0 = Math.max(0, Math.floor(cx - ra));
  const x1 = Math.min(s.width - 1, Math.ceil(cx + ra));
  const y0 = Math.max(0, Math.floor(cy - ra));
  const y1 = Math.min(s.height - 1, Math.ceil(cy + ra));
  const sharp = 1 - light.softness;
  const [cr, cg, cb] = light.colour;
  const { rgb, width: w } = s;
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const u = (dx * ca + dy * sa) / ra;
      const v = (dy * ca - dx * sa) / rb;
      const q = 1 - (u * u + v * v);
      if (q <= 0) continue;
      // q = 1 - (elliptic radius)^2. Soft: q^2 falloff; hard: a plateau with a short ramp at the rim.
      const hard = q * 4 > 1 ? 1 : q * 4;
      const g = peak * (q * q * (1 - sharp) + hard * sharp);
      const o = (y * w + x) * 3;
      rgb[o] += g * cr;
      rgb[o + 1] += g * cg;
      rgb[o + 2] += g * cb;
    }
  }
}

function unit(x: number, y: number, z: number): [number, number, number] {
  const l = Math.hypot(x, y, z) || 1;
  return [x / l, y / l, z / l];
}
