/**
 * Drawing into a linear-RGB float canvas (3 floats per pixel): tile textures through a
 * homography (true perspective), and convex polygons with soft edges (tile sides, shadows).
 */
import { apply, type Mat3 } from './homography';
import type { Rgb, TileTexture, Vec2 } from './types';

export interface Canvas {
  width: number;
  height: number;
  rgb: Float32Array;
}

export const newCanvas = (width: number, height: number): Canvas => ({ width, height, rgb: new Float32Array(width * height * 3) });

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function boundsOf(c: Canvas, pts: readonly Vec2[], pad: number): Box | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of pts) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  const box = { x0: Math.max(0, Math.floor(x0 - pad)), y0: Math.max(0, Math.floor(y0 - pad)), x1: Math.min(c.width - 1, Math.ceil(x1 + pad)), y1: Math.min(c.height - 1, Math.ceil(y1 + pad)) };
  return box.x0 > box.x1 || box.y0 > box.y1 ? null : box;
}

/**
 * Composite a texture: `imageToTexture` maps pixel centres to texel coordinates; `corners` are the
 * texture's corners in the image (for the bounding box). Bilinear sampling of colour and coverage.
 */
export function drawTexture(c: Canvas, tex: TileTexture, imageToTexture: Mat3, corners: readonly Vec2[]): void {
  const box = boundsOf(c, corners, 1);
  if (!box) return;
  const [a, b, cc, d, e, f, g, h, i] = imageToTexture;
  const tw = tex.width;
  const th = tex.height;
  const out = c.rgb;
  for (let y = box.y0; y <= box.y1; y++) {
    const py = y + 0.5;
    for (let x = box.x0; x <= box.x1; x++) {
      const px = x + 0.5;
      const w = g * px + h * py + i;
      // Texel centres sit at +0.5: shift so bilinear weights refer to them.
      const s = (a * px + b * py + cc) / w - 0.5;
      const t = (d * px + e * py + f) / w - 0.5;
      if (s < -1 || t < -1 || s > tw || t > th) continue;
      const s0 = Math.floor(s);
      const t0 = Math.floor(t);
      const fs = s - s0;
      const ft = t - t0;
      let alpha = 0;
      let r = 0;
      let gg = 0;
      let bb = 0;
      for (let k = 0; k < 4; k++) {
        const ss = s0 + (k & 1);
        const tt = t0 + (k >> 1);
        if (ss < 0 || tt < 0 || ss >= tw || tt >= th) continue;
        const wgt = ((k & 1) ? fs : 1 - fs) * ((k >> 1) ? ft : 1 - ft);
        const idx = tt * tw + ss;
        const al = tex.alpha[idx] * wgt;
        alpha += al;
        r += tex.rgb[idx * 3] * al;
        gg += tex.rgb[idx * 3 + 1] * al;
        bb += tex.rgb[idx * 3 + 2] * al;
      }
      if (alpha <= 0) continue;
      const o = (y * c.width + x) * 3;
      const inv = 1 - alpha;
      out[o] = out[o] * inv + r;
      out[o + 1] = out[o + 1] * inv + gg;
      out[o + 2] = out[o + 2] * inv + bb;
    }
  }
}

/**
 * Edge lines of a convex polygon as (nx, ny, offset) with unit inward normals, whatever its winding:
 * the signed distance of a point to the polygon is min over edges of nx*x + ny*y + offset.
 */
function inwardEdges(poly: readonly Vec2[]): number[] {
  let area = 0;
  for (let k = 0; k < poly.length; k++) {
    const [x0, y0] = poly[k];
    const [x1, y1] = poly[(k + 1) % poly.length];
    area += x0 * y1 - x1 * y0;
  }
  const sign = area > 0 ? 1 : -1;
  const edges: number[] = [];
  for (let k = 0; k < poly.length; k++) {
    const [x0, y0] = poly[k];
    const [x1, y1] = poly[(k + 1) % poly.length];
    const len = Math.hypot(x1 - x0, y1 - y0);
    if (len < 1e-9) continue;
    const nx = (-(y1 - y0) / len) * sign;
    const ny = ((x1 - x0) / len) * sign;
    edges.push(nx, ny, -(nx * x0 + ny * y0));
  }
  return edges;
}

/**
 * Shade a convex polygon with soft edges `feather` px wide: mode 'paint' blends towards `colour`,
 * mode 'multiply' darkens by `colour` (a shadow: colour = what the light keeps, 0 black .. 1 none).
 */
export function fillConvex(c: Canvas, poly: readonly Vec2[], colour: Rgb, opacity: number, feather: number, mode: 'paint' | 'multiply'): void {
  const box = boundsOf(c, poly, feather + 1);
  if (!box || opacity <= 0) return;
  const edges = inwardEdges(poly);
  const n = edges.length;
  const half = Math.max(feather, 0.5);
  const out = c.rgb;
  for (let y = box.y0; y <= box.y1; y++) {
    const py = y + 0.5;
    for (let x = box.x0; x <= box.x1; x++) {
      const px = x + 0.5;
      let dist = Infinity;
      for (let k = 0; k < n; k += 3) {
        const d = edges[k] * px + edges[k + 1] * py + edges[k + 2];
        if (d < dist) dist = d;
      }
      if (dist <= -half) continue;
      const cover = dist >= half ? 1 : (dist + half) / (2 * half);
      const a = cover * opacity;
      const o = (y * c.width + x) * 3;
      if (mode === 'paint') {
        out[o] += (colour[0] - out[o]) * a;
        out[o + 1] += (colour[1] - out[o + 1]) * a;
        out[o + 2] += (colour[2] - out[o + 2]) * a;
      } else {
        out[o] *= 1 - a * (1 - colour[0]);
        out[o + 1] *= 1 - a * (1 - colour[1]);
        out[o + 2] *= 1 - a * (1 - colour[2]);
      }
    }
  }
}

/** Convex hull (monotone chain), counter-clockwise in a y-up frame. */
export function convexHull(points: readonly Vec2[]): Vec2[] {
  const pts = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o: Vec2, a: Vec2, b: Vec2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Vec2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Vec2[] = [];
  for (let k = pts.length - 1; k >= 0; k--) {
    const p = pts[k];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

export const mapAll = (h: Mat3, pts: readonly Vec2[]): Vec2[] => pts.map(([x, y]) => apply(h, x, y));
