/**
 * The frame as the tile network sees it: RGB at half resolution (a 1280x720 frame becomes 640x360,
 * 1920x1080 becomes 960x540; wider frames shrink to 960 px across). Half resolution keeps the
 * smallest tiles (halves of ~20 px) at ~10 px, enough to tell touching tiles apart, and costs a
 * quarter of the full-resolution compute. Training (src/train) cuts its inputs with this same
 * function, so both see the same pixels.
 */
import { withMats, type Cv } from './opencv';
import type { RgbaImage } from './segment-types';

export const MAX_WORK_WIDTH = 960;

export function workScale(width: number): number {
  return Math.min(0.5, MAX_WORK_WIDTH / width);
}

/** Frame pixels to work pixels; `scale` overrides workScale (e.g. for a small photo of one tile). */

export interface WorkImage {
  width: number;
  height: number;
  /** Scale from frame pixels to work pixels. */
  scale: number;
  /** RGB, row-major, 3 bytes a pixel. */
  rgb: Uint8Array;
}

export function toWorkImage(cv: Cv, image: RgbaImage, scale = workScale(image.width)): WorkImage {
  const width = Math.round(image.width * scale);
  const height = Math.round(image.height * scale);
  return withMats((s) => {
    const rgba = s.mat(image.height, image.width, cv.CV_8UC4);
    rgba.data.set(image.data);
    const small = s.mat();
    // INTER_AREA averages whole source pixels: no aliasing of pips and grooves at half size.
    cv.resize(rgba, small, new cv.Size(width, height), 0, 0, scale < 1 ? cv.INTER_AREA : cv.INTER_LINEAR);
    const rgb = s.mat();
    cv.cvtColor(small, rgb, cv.COLOR_RGBA2RGB);
    return { width, height, scale: width / image.width, rgb: new Uint8Array(rgb.data) };
  }, cv);
}
