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

/** A map from crop pixel centres (x + 0.5, y + 0.5) to image coordinates, written into `out` (no allocation per pixel). */
export type CropMap = (x: number, y: number, out: Point) => void;

/** Bilinear interpolation of a quad: (u, v) in [0,1]^2 -> c0 (0,0), c1 (1,0), c2 (1,1), c3 (0,1). */
export function halfCropMap(quad: readonly Point[], size: number): CropMap {
  const span = 1 + 2 * HALF_MARGIN;
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = quad;
  return (x, y, out) => {
    const u = (x / size) * span - HALF_MARGIN;
    const v = (y / size) * span - HALF_MARGIN;
    const a = (1 - u) * (1 - v);
    const b = u * (1 - v);
    const c = u * v;
    const d = (1 - u) * v;
    out[0] = a * x0 + b * x1 + c * x2 + d * x3;
    out[1] = a * y0 + b * y1 + c * y2 + d * y3;
  };
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
  return (x, y, out) => {
    const cx = c0 + (x / size) * CORNER_CROP_SIDE - 0.5;
    const cy = r0 + (y / size) * CORNER_CROP_SIDE;
    out[0] = apex[0] + cx * ex[0] + cy * ey[0];
    out[1] = apex[1] + cx * ex[1] + cy * ey[1];
  };
}

/**
 * A crop turned by `turns` quarter turns clockwise: the same map read with rotated crop coordinates
 * (exact: pixel (x, y) of the crop goes to (size - 1 - y, x) each turn). The classifier learns every
 * crop at a random turn (src/synth/crops.ts); a still image's triangle corners are read at all four
 * (read-table.ts).
 */
export function turnedMap(map: CropMap, size: number, turns: number): CropMap {
  switch (((turns % 4) + 4) % 4) {
    case 1:
      return (x, y, out) => map(y, size - x, out);
    case 2:
      return (x, y, out) => map(size - x, size - y, out);
    case 3:
      return (x, y, out) => map(size - y, x, out);
    default:
      return map;
  }
}

/**
 * Cut a size x size RGB crop from an RGBA image through a crop map, bilinear; outside the image
 * the nearest edge pixel is repeated.
 */
export function cutCrop(data: Uint8ClampedArray | Uint8Array, width: number, height: number, map: CropMap, size: number, out: Uint8Array, offset = 0): void {
  const p: Point = [0, 0];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      map(x + 0.5, y + 0.5, p);
      const sx = p[0];
      const sy = p[1];
      const fx = Math.min(width - 1, Math.max(0, sx - 0.5));
      const fy = Math.min(height - 1, Math.max(0, sy - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const ax = fx - x0;
      const ay = fy - y0;
      const i00 = (y0 * width + x0) * 4;
      const i10 = x0 + 1 < width ? i00 + 4 : i00;
      const down = y0 + 1 < height ? width * 4 : 0;
      const o = offset + (y * size + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const p00 = data[i00 + ch];
        const p10 = data[i10 + ch];
        const p01 = data[i00 + down + ch];
        const p11 = data[i10 + down + ch];
        // Rounded to the nearest byte by the store's truncation of v + 0.5 (v is 0..255): Math.round's
        // result, at half the cost.
        out[o + ch] = (p00 * (1 - ax) + p10 * ax) * (1 - ay) + (p01 * (1 - ax) + p11 * ax) * ay + 0.5;
      }
    }
}
