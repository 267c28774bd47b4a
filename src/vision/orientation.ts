/**
 * EXIF orientation (1-8) applied to decoded pixels, so coordinates are those of the image as a
 * person sees it (spec/table-reading.md: "EXIF orientation applied first"). Phone photos are often
 * stored sideways with orientation 6 (turn 90 degrees clockwise to view).
 */
import type { Rgba } from './types';

export function applyOrientation(img: Rgba, orientation: number | undefined): Rgba {
  const o = orientation ?? 1;
  if (o <= 1 || o > 8) return img;
  const { width: w, height: h, data } = img;
  const swap = o >= 5;
  const W = swap ? h : w;
  const H = swap ? w : h;
  const out = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      // Source pixel shown at (x, y) for each orientation (EXIF 2.32, table of the 8 cases).
      let sx: number;
      let sy: number;
      switch (o) {
        case 2: sx = w - 1 - x; sy = y; break;
        case 3: sx = w - 1 - x; sy = h - 1 - y; break;
        case 4: sx = x; sy = h - 1 - y; break;
        case 5: sx = y; sy = x; break;
        case 6: sx = y; sy = h - 1 - x; break;
        case 7: sx = w - 1 - y; sy = h - 1 - x; break;
        default: sx = w - 1 - y; sy = x; break; // 8
      }
      const s = (sy * w + sx) * 4;
      const d = (y * W + x) * 4;
      out[d] = data[s];
      out[d + 1] = data[s + 1];
      out[d + 2] = data[s + 2];
      out[d + 3] = data[s + 3];
    }
  return { width: W, height: H, data: out };
}
