/**
 * What the classifier sees: a square crop of one domino half, or of one triangle corner's number,
 * rectified from the image. The renderer makes its training crops with these same maps, and the
 * vision pipeline cuts its crops with them, so both agree on what a crop is.
 *
 * Domino half: the half's quad [c0, c1, c2, c3] (clockwise on screen, as in spec/table-reading.md:
 * half 0 is [outer-top, mid-top, mid-bottom, outer-bottom]) fills the crop with a margin of
 * HALF_MARGIN of its side on every edge.
 * Triangle corner k: the triangle turned so corner k points up; the crop is a square of
 * CORNER_CROP_SIDE x side centred CORNER_NUMERAL_AT x side below the corner (where the numeral
 * sits, its top toward the corner, so it reads upright in the crop).
 */
export type Point = [number, number];

export const HALF_MARGIN = 0.06;
export const CORNER_NUMERAL_AT = 0.32;
export const CORNER_CROP_SIDE = 0.34;

/**
 * A map from crop pixel centres (x + 0.5, y + 0.5) to image coordinates, written into `out` (no
 * allocation per pixel). The maps made here also carry `grid`: every pixel centre of an n x n crop at
 * once, into `out` as x, y pairs row by row, with the same arithmetic as the map called pixel by pixel
 * (the same bytes cut; `cutCrop` uses it: a 32 px crop took 28 us instead of 44 on this machine).
 */
export type CropMap = ((x: number, y: number, out: Point) => void) & { grid?: (n: number, out: Float64Array) => void };

/** Bilinear interpolation of a quad: (u, v) in [0,1]^2 -> c0 (0,0), c1 (1,0), c2 (1,1), c3 (0,1). */
export function halfCropMap(quad: readonly Point[], size: number): CropMap {
  const span = 1 + 2 * HALF_MARGIN;
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = quad;
  const map: CropMap = (x, y, out) => {
    const u = (x / size) * span - HALF_MARGIN;
    const v = (y / size) * span - HALF_MARGIN;
    const a = (1 - u) * (1 - v);
    const b = u * (1 - v);
    const c = u * v;
    const d = (1 - u) * v;
    out[0] = a * x0 + b * x1 + c * x2 + d * x3;
    out[1] = a * y0 + b * y1 + c * y2 + d * y3;
  };
  map.grid = (n, out) => {
    for (let y = 0, o = 0; y < n; y++) {
      const v = ((y + 0.5) / size) * span - HALF_MARGIN;
      for (let x = 0; x < n; x++, o += 2) {
        const u = ((x + 0.5) / size) * span - HALF_MARGIN;
        const a = (1 - u) * (1 - v);
        const b = u * (1 - v);
        const c = u * v;
        const d = (1 - u) * v;
        out[o] = a * x0 + b * x1 + c * x2 + d * x3;
        out[o + 1] = a * y0 + b * y1 + c * y2 + d * y3;
      }
    }
  };
  return map;
}

/** `corners` clockwise on screen in value order; `k` the corner whose number is wanted. */
export function cornerCropMap(corners: readonly Point[], k: number, size: number): CropMap {
  const apex = corners[k];
  const right = corners[(k + 1) % 3];
  const left = corners[(k + 2) % 3];
  // Canonical triangle of side 1: apex (0.5, 0), base-right (1, h), base-left (0, h); affine onto the image.
  const h = Math.sqrt(3) / 2;
  const ex: Point = [right[0] - left[0], right[1] - left[1]]; // canonical +x (side 1)
  const base: Point = [(right[0] + left[0]) / 2, (right[1] + left[1]) / 2];
  const ey: Point = [(base[0] - apex[0]) / h, (base[1] - apex[1]) / h]; // canonical +y per unit
  const c0 = 0.5 - CORNER_CROP_SIDE / 2;
  const r0 = CORNER_NUMERAL_AT - CORNER_CROP_SIDE / 2;
  const map: CropMap = (x, y, out) => {
    const cx = c0 + (x / size) * CORNER_CROP_SIDE - 0.5;
    const cy = r0 + (y / size) * CORNER_CROP_SIDE;
    out[0] = apex[0] + cx * ex[0] + cy * ey[0];
    out[1] = apex[1] + cx * ex[1] + cy * ey[1];
  };
  map.grid = (n, out) => {
    for (let y = 0, o = 0; y < n; y++) {
      const cy = r0 + ((y + 0.5) / size) * CORNER_CROP_SIDE;
      for (let x = 0; x < n; x++, o += 2) {
        const cx = c0 + ((x + 0.5) / size) * CORNER_CROP_SIDE - 0.5;
        out[o] = apex[0] + cx * ex[0] + cy * ey[0];
        out[o + 1] = apex[1] + cx * ex[1] + cy * ey[1];
      }
    }
  };
  return map;
}

/**
 * A crop turned by `turns` quarter turns clockwise: the same map read with rotated crop coordinates
 * (exact: pixel (x, y) of the crop goes to (size - 1 - y, x) each turn). The classifier learns every
 * crop at a random turn (src/synth/crops.ts); triangle corners are read at all four (a still image's,
 * and a live frame's at its first reading: read-table.ts).
 */
export function turnedMap(map: CropMap, size: number, turns: number): CropMap {
  const q = ((turns % 4) + 4) % 4;
  if (q === 0) return map;
  const turned: CropMap =
    q === 1 ? (x, y, out) => map(y, size - x, out) : q === 2 ? (x, y, out) => map(size - x, size - y, out) : (x, y, out) => map(size - y, x, out);
  const inner = map.grid;
  // Pixel (x, y) of the turned crop is pixel (y, size - 1 - x) of the crop before (one turn): its centre exactly.
  if (inner)
    turned.grid = (n, out) => {
      if (n !== size) {
        pointByPoint(turned, n, out);
        return;
      }
      // The spare buffer is taken while in use: a map turned again gets one of its own.
      const before = spare && spare.length >= 2 * n * n ? spare : new Float64Array(2 * n * n);
      spare = undefined;
      inner(n, before);
      // The pixel before of (x, y): x * dx + y * dy + at, in pixels.
      const [dx, dy, at] = q === 1 ? [-n, 1, n * (n - 1)] : q === 2 ? [-1, -n, n * n - 1] : [n, -1, n - 1];
      for (let y = 0, o = 0; y < n; y++)
        for (let x = 0, i = 2 * (y * dy + at); x < n; x++, o += 2, i += 2 * dx) {
          out[o] = before[i];
          out[o + 1] = before[i + 1];
        }
      spare = before;
    };
  return turned;
}

/** A map's grid from the map called at each pixel centre. */
function pointByPoint(map: CropMap, n: number, out: Float64Array): void {
  const p: Point = [0, 0];
  for (let y = 0, o = 0; y < n; y++)
    for (let x = 0; x < n; x++, o += 2) {
      map(x + 0.5, y + 0.5, p);
      out[o] = p[0];
      out[o + 1] = p[1];
    }
}

/** A turned map's pixel centres before the turn, reused from crop to crop. */
let spare: Float64Array | undefined = new Float64Array(2 * 32 * 32);

/**
 * Cut a size x size RGB crop from an RGBA image through a crop map, bilinear; outside the image
 * the nearest edge pixel is repeated.
 */
export function cutCrop(data: Uint8ClampedArray | Uint8Array, width: number, height: number, map: CropMap, size: number, out: Uint8Array, offset = 0): void {
  const n = size * size;
  if (grid.length < 2 * n) grid = new Float64Array(2 * n);
  const g = grid;
  if (map.grid) map.grid(size, g);
  else pointByPoint(map, size, g);
  const row = width * 4;
  for (let i = 0, o = offset; i < n; i++, o += 3) {
    const fx = Math.min(width - 1, Math.max(0, g[2 * i] - 0.5));
    const fy = Math.min(height - 1, Math.max(0, g[2 * i + 1] - 0.5));
    const x0 = fx | 0; // fx, fy >= 0: Math.floor's value
    const y0 = fy | 0;
    const ax = fx - x0;
    const ay = fy - y0;
    const bx = 1 - ax;
    const by = 1 - ay;
    const i00 = (y0 * width + x0) * 4;
    const i10 = x0 + 1 < width ? i00 + 4 : i00;
    const down = y0 + 1 < height ? row : 0;
    // Rounded to the nearest byte by the store's truncation of v + 0.5 (v is 0..255): Math.round's
    // result, at half the cost.
    out[o] = (data[i00] * bx + data[i10] * ax) * by + (data[i00 + down] * bx + data[i10 + down] * ax) * ay + 0.5;
    out[o + 1] = (data[i00 + 1] * bx + data[i10 + 1] * ax) * by + (data[i00 + down + 1] * bx + data[i10 + down + 1] * ax) * ay + 0.5;
    out[o + 2] = (data[i00 + 2] * bx + data[i10 + 2] * ax) * by + (data[i00 + down + 2] * bx + data[i10 + down + 2] * ax) * ay + 0.5;
  }
}

/** cutCrop's pixel centres, reused from crop to crop (grown when a larger crop is cut). */
let grid = new Float64Array(2 * 32 * 32);
