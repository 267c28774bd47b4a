/** EXIF orientations: a marked corner ends up where a person sees it. */
import { describe, expect, it } from 'vitest';
import { applyOrientation } from '../../src/vision/orientation';

// 3 x 2 image; the top-left pixel is red, the rest black.
const img = { width: 3, height: 2, data: new Uint8ClampedArray(3 * 2 * 4) };
img.data[0] = 255;

const redAt = (o: number) => {
  const r = applyOrientation(img, o);
  const i = Array.from({ length: r.width * r.height }, (_, k) => k).find((k) => r.data[k * 4] === 255) as number;
  return { w: r.width, h: r.height, x: i % r.width, y: Math.floor(i / r.width) };
};

describe('applyOrientation', () => {
  it('leaves orientation 1 alone and turns 6 (stored sideways) 90 degrees clockwise', () => {
    expect(redAt(1)).toEqual({ w: 3, h: 2, x: 0, y: 0 });
    // Orientation 6: the stored top-left is shown top-right.
    expect(redAt(6)).toEqual({ w: 2, h: 3, x: 1, y: 0 });
    expect(redAt(3)).toEqual({ w: 3, h: 2, x: 2, y: 1 });
    expect(redAt(8)).toEqual({ w: 2, h: 3, x: 0, y: 2 });
  });
});
