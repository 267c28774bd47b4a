/**
 * The frame as the tile network sees it: RGB, scaled so that its longer side is half the frame's
 * (a 1280x720 frame becomes 640x360, 1920x1080 becomes 960x540: the two sizes the network was
 * trained at), kept between 640 and 960 px, and never enlarged. Half resolution keeps the smallest
 * tiles (halves of ~20 px) at ~10 px, enough to tell touching tiles apart, and costs a quarter of the
 * full-resolution compute; a small photo (say 100x100 px of one tile) is not halved, since its tiles
 * would shrink below what the network was trained on. Training (src/train) cuts its inputs with this
 * same function, so both see the same pixels.
 */
import { withMats, type Cv } from './opencv';
import type { RgbaImage } from './segment-types';

export const MAX_WORK_SIDE = 960;
export const MIN_WORK_SIDE = 640;

/** Frame pixels to work pixels, for a frame of this size. */
export function workScale(width: number, height = width): number {
  const long = Math.max(width, height);
  return Math.min(1, Math.max(0.5, MIN_WORK_SIDE / long), MAX_WORK_SIDE / long);
}

export interface WorkImage {
  width: number;
  height: number;
  /** Scale from frame pixels to work pixels. */
  scale: number;
  /** RGB, row-major, 3 bytes a pixel. */
  rgb: Uint8Array;
}

/** The work image of a frame; `scale` (frame to work pixels) overrides workScale. */
export function toWorkImage(cv: Cv, image: RgbaImage, scale = workScale(image.width, image.height)): WorkImage {
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
