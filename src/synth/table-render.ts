/**
 * Projects a lit table surface into the image through an image -> table homography. Per pixel:
 * one homography step, a bilinear albedo lookup in the mip level that matches the pixel's footprint
 * (dithered between levels), a detail lookup, and the light. Light, specular and footprint change slowly, so
 * they are computed every 8 pixels and interpolated: ~14 ms for 1280x720 (see the report).
 */
import { lampFalloff } from './lighting';
import type { TableSurface } from './table';
import type { Lighting, Vec3 } from './types';

const G = 8; // light-field grid spacing, px

/**
 * Fills `out` (linear RGB, width * height * 3) with the table as the camera sees it. `imageToTable`
 * maps pixel centres (u + 0.5, v + 0.5, 1) to table (x, y, w) mm. `cameraMm` (the camera's
 * position over the table) places the lamp's reflection on glossy tops; without it, it is
 * estimated from the homography assuming a 65 degree lens.
 */
export function renderTableBackground(
  out: Float32Array,
  width: number,
  height: number,
  imageToTable: number[],
  surface: TableSurface,
  light: Lighting,
  cameraMm?: Vec3,
): void {
  const h = orient(imageToTable, width, height);
  const cam = cameraMm ?? estimateCamera(h, width, height);
  const gw = Math.ceil(width / G) + 1;
  const field = lightField(h, gw, Math.ceil(height / G) + 1, surface, light, cam);
  const row = new Float32Array(gw * 3);
  const half = surface.extentMm / 2;
  const lodShift = Math.log2(surface.texelsPerMm);
  const detailShift = Math.log2(surface.detailTexelsPerMm);
  const maxLevel = surface.levels.length - 1;
  const scales = surface.levels.map((_, l) => surface.texelsPerMm / (1 << l));
  const [cr, cg, cb] = light.colour;
  const room = light.ambient * 0.3;
  for (let v = 0; v < height; v++) {
    const gy = v / G;
    const g0 = Math.floor(gy);
    const ft = gy - g0;
    for (let k = 0; k < gw * 3; k++) row[k] = field[g0 * gw * 3 + k] * (1 - ft) + field[(g0 + 1) * gw * 3 + k] * ft;
    const vy = v + 0.5;
    const X0 = h[0] * 0.5 + h[1] * vy + h[2];
    const Y0 = h[3] * 0.5 + h[4] * vy + h[5];
    const W0 = h[6] * 0.5 + h[7] * vy + h[8];
    const bayerRow = (v & 3) * 4;
    for (let u0 = 0; u0 < width; u0 += G) {
      // Per 8-pixel block: light, specular and footprint step linearly; detail level is fixed.
      const b = (u0 / G) * 3;
      let dif = row[b];
      let spec = row[b + 1];
      let fp = row[b + 2];
      const dDif = (row[b + 3] - dif) / G;
      const dSpec = (row[b + 4] - spec) / G;
      const dFp = (row[b + 5] - fp) / G;
      const dl = fp + dFp * 4 + detailShift;
      const dLevel = dl <= 0.5 ? 0 : dl >= 2.5 ? 3 : Math.round(dl);
      const dTex = surface.detail[dLevel];
      const dn = surface.detailSize >> dLevel;
      const dMask = dn - 1;
      const dScale = surface.detailTexelsPerMm / (1 << dLevel);
      // Detail fades out between 1 and 2.8 mm per pixel (level 3 is 1 mm texels).
      const dAmp = dl > 4.5 ? 0 : dl > 3 ? (4.5 - dl) / 1.5 : 1;
      const u1 = Math.min(width, u0 + G);
      for (let u = u0; u < u1; u++, dif += dDif, spec += dSpec, fp += dFp) {
        const X = X0 + h[0] * u;
        const Y = Y0 + h[3] * u;
        const W = W0 + h[6] * u;
        const o = (v * width + u) * 3;
        if (W <= 1e-9) {
          // Beyond the horizon (a camera tilted past 45 degrees with a wide lens): a dim room.
          out[o] = surface.mean[0] * room * cr;
          out[o + 1] = surface.mean[1] * room * cg;
          out[o + 2] = surface.mean[2] * room * cb;
          continue;
        }
        const iw = 1 / W;
        const x = X * iw + half;
        const y = Y * iw + half;
        // Mip level: the footprint's lod, rounded up with probability frac(lod) by a 4x4 Bayer
        // threshold, so each pixel needs one bilinear lookup; the dither is below the camera blur.
        let l = Math.floor(fp + lodShift + BAYER[bayerRow + (u & 3)]);
        l = l < 0 ? 0 : l > maxLevel ? maxLevel : l;
        const tex = surface.levels[l];
        const n = surface.size >> l;
        const m = n - 1;
        let ss = x * scales[l] - 0.5;
        let tt = y * scales[l] - 0.5;
        if (ss < 0 || ss >= m) ss = mirror(ss, m);
        if (tt < 0 || tt >= m) tt = mirror(tt, m);
        let ix = ss | 0;
        let iy = tt | 0;
        if (ix >= m) ix = m - 1;
        if (iy >= m) iy = m - 1;
        const fx = ss - ix;
        const fy = tt - iy;
        const i0 = (iy * n + ix) * 3;
        const i2 = i0 + n * 3;
        // Nearest detail texel: pixels never magnify the 0.125 mm detail much.
        const d = dTex[(Math.floor(y * dScale) & dMask) * dn + (Math.floor(x * dScale) & dMask)];
        const dm = (1 + (d - 1) * dAmp) * dif;
        const w00 = (1 - fx) * (1 - fy) * dm;
        const w10 = fx * (1 - fy) * dm;
        const w01 = (1 - fx) * fy * dm;
        const w11 = fx * fy * dm;
        out[o] = (tex[i0] * w00 + tex[i0 + 3] * w10 + tex[i2] * w01 + tex[i2 + 3] * w11 + spec) * cr;
        out[o + 1] = (tex[i0 + 1] * w00 + tex[i0 + 4] * w10 + tex[i2 + 1] * w01 + tex[i2 + 4] * w11 + spec) * cg;
        out[o + 2] = (tex[i0 + 2] * w00 + tex[i0 + 5] * w10 + tex[i2 + 2] * w01 + tex[i2 + 5] * w11 + spec) * cb;
      }
    }
  }
}

/** 4x4 ordered-dither thresholds in [0, 1). */
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((k) => (k + 0.5) / 16);

/** Reflects s into [0, m]: the texture continues as its mirror image, with no seam. */
function mirror(s: number, m: number): number {
  const p = 2 * m;
  const r = s - Math.floor(s / p) * p;
  return r > m ? p - r : r;
}

/** The homography scaled so that w > 0 in front of the camera (H and -H map points alike). */
function orient(h: number[], width: number, height: number): number[] {
  const w = h[6] * width * 0.5 + h[7] * height * 0.5 + h[8];
  return w < 0 ? h.map((v) => -v) : h;
}

/**
 * Per grid point: diffuse irradiance (ambient + key light with lamp falloff), the light's
 * reflection on glossy tops, and log2 of the pixel's footprint on the table in mm (the longer
 * side of its Jacobian).
 */
function lightField(h: number[], gw: number, gh: number, s: TableSurface, light: Lighting, cam: Vec3): Float32Array {
  const f = new Float32Array(gw * gh * 3);
  const dz = light.direction[2];
  const gloss = glossModel(s, light);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const u = gx * G + 0.5;
      const v = gy * G + 0.5;
      const W = h[6] * u + h[7] * v + h[8];
      const i = (gy * gw + gx) * 3;
      if (W <= 1e-9) {
        f[i + 2] = 20;
        continue;
      }
      const x = (h[0] * u + h[1] * v + h[2]) / W;
      const y = (h[3] * u + h[4] * v + h[5]) / W;
      const jux = (h[0] - x * h[6]) / W;
      const juy = (h[3] - y * h[6]) / W;
      const jvx = (h[1] - x * h[7]) / W;
      const jvy = (h[4] - y * h[7]) / W;
      f[i + 2] = 0.5 * Math.log2(Math.max(jux * jux + juy * juy, jvx * jvx + jvy * jvy, 1e-12));
      const fall = lampFalloff(light, x, y);
      f[i] = light.ambient + light.intensity * Math.max(0, dz) * fall;
      if (s.gloss > 0) f[i + 1] = reflection(gloss, light, x, y, cam, fall);
    }
  }
  return f;
}

interface GlossModel {
  shin: number;
  norm: number;
  /** Window half-size in direction space (sines) and edge blur. */
  halfW: number;
  halfH: number;
  blur: number;
  radiance: number;
  f0: number;
}

/** A soft light reflects broad and dim, a rough top blurs the window's edges. */
function glossModel(s: TableSurface, light: Lighting): GlossModel {
  const shin = s.shininess * (1 - 0.85 * light.softness) + 2;
  const halfW = 0.2 + 0.25 * light.softness;
  const halfH = 0.25 + 0.2 * light.softness;
  // A window's radiance such that it gives the key light's irradiance: E = L * solid angle.
  return { shin, norm: (shin + 8) / 8, halfW, halfH, blur: 0.03 + 1.2 / Math.sqrt(s.shininess), radiance: 1 / (4 * halfW * halfH), f0: s.gloss };
}

/**
 * What a glossy top reflects toward the camera at (x, y): a lamp as a Blinn-Phong highlight, a far
 * light as a soft-edged window in the mirror direction, and the room (ambient) everywhere, all
 * weighted by Schlick's Fresnel term (4% head-on for varnish, ~20% at 70 degrees).
 */
function reflection(g: GlossModel, light: Lighting, x: number, y: number, cam: Vec3, fall: number): number {
  const [vx, vy, vz] = unit(cam[0] - x, cam[1] - y, cam[2]);
  const fresnel = g.f0 + (1 - g.f0) * Math.pow(1 - Math.max(0, vz), 5);
  const room = fresnel * light.ambient * (0.6 + 0.4 * vz);
  const [dx, dy, dz] = light.direction;
  const lamp = light.distanceMm;
  if (lamp !== undefined) {
    const [lx, ly, lz] = unit(dx * lamp - x, dy * lamp - y, dz * lamp);
    const [, , hz] = unit(lx + vx, ly + vy, lz + vz);
    return room + g.f0 * light.intensity * fall * Math.max(0, lz) * g.norm * Math.pow(Math.max(0, hz), g.shin);
  }
  // Mirror direction (-vx, -vy, vz) in a frame around the window's centre: across (horizontal) and up.
  const hl = Math.hypot(dx, dy) || 1;
  const ax = -dy / hl;
  const ay = dx / hl;
  const across = -vx * ax - vy * ay;
  const upx = (-dz * dx) / hl;
  const upy = (-dz * dy) / hl;
  const up = -vx * upx - vy * upy + vz * hl;
  const toward = -vx * dx - vy * dy + vz * dz;
  if (toward <= 0) return room;
  const win = soft(g.halfW - Math.abs(across), g.blur) * soft(g.halfH - Math.abs(up), g.blur);
  return room + fresnel * light.intensity * g.radiance * win;
}

/** 0 .. 1 ramp of width `w` centred on 0. */
function soft(d: number, w: number): number {
  const t = d / w + 0.5;
  return t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t);
}

function unit(x: number, y: number, z: number): Vec3 {
  const k = 1 / Math.sqrt(x * x + y * y + z * z);
  return [x * k, y * k, z * k];
}

/**
 * Where the camera probably is: above the table point under the image centre, at the distance
 * that gives the centre's mm-per-pixel with a 65 degree lens, tilted by acos(horizontal scale /
 * vertical scale) toward the viewer (image down). Exact for a camera without roll.
 */
export function estimateCamera(h: number[], width: number, height: number): Vec3 {
  const u = width / 2;
  const v = height / 2;
  const W = h[6] * u + h[7] * v + h[8];
  const x = (h[0] * u + h[1] * v + h[2]) / W;
  const y = (h[3] * u + h[4] * v + h[5]) / W;
  const jux = (h[0] - x * h[6]) / W;
  const juy = (h[3] - y * h[6]) / W;
  const jvx = (h[1] - x * h[7]) / W;
  const jvy = (h[4] - y * h[7]) / W;
  const a = Math.hypot(jux, juy);
  const b = Math.hypot(jvx, jvy);
  const focal = width / 2 / Math.tan((32.5 * Math.PI) / 180);
  const d = a * focal;
  const ct = Math.min(1, a / Math.max(b, 1e-9));
  const st = Math.sqrt(1 - ct * ct);
  return [x + (d * st * jvx) / b, y + (d * st * jvy) / b, d * ct];
}
