/** A table at rest in several frames: which frames show it as the latest does, and their mean. */
import { describe, expect, it } from 'vitest';
import { renderScene } from '../../src/synth/scene';
import { itemSeed } from '../../src/synth/seeds';
import { atRestWith, meanFrame } from '../../src/vision/frame-stack';
import type { Rgba } from '../../src/vision/types';

const frame = (width: number, height: number, at: (x: number, y: number, c: number) => number): Rgba => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) for (let c = 0; c < 4; c++) data[(y * width + x) * 4 + c] = c === 3 ? 255 : at(x, y, c);
  return { width, height, data };
};

/** A frame shifted right by `dx` pixels (the left column repeated). */
const shifted = (f: Rgba, dx: number): Rgba => frame(f.width, f.height, (x, y, c) => f.data[(y * f.width + Math.max(0, x - dx)) * 4 + c]);

describe('a table at rest in several frames', () => {
  // One table drawn three times through the same camera, each frame with its own sensor noise (as the eval's --frames draws them).
  const scene = renderScene({ width: 320, height: 240, family: 'line', seed: itemSeed(4242, 0), laterFrames: 2 });
  const toRgba = (img: { width: number; height: number; data: Uint8ClampedArray }): Rgba => ({ width: img.width, height: img.height, data: img.data });
  const [latest, ...earlier] = [scene.image, ...scene.later].map(toRgba);

  it('keeps the frames that differ from the latest by their sensor noise only', () => {
    expect(earlier.every((f) => f.data.some((v, i) => v !== latest.data[i]))).toBe(true); // each frame's own noise
    expect(atRestWith(latest, earlier)).toEqual(earlier);
  });

  it('leaves out a frame in which the camera moved by a pixel, something was laid, or the size differs', () => {
    const laid = frame(latest.width, latest.height, (x, y, c) => (x >= 100 && x < 130 && y >= 100 && y < 115 ? 250 : latest.data[(y * latest.width + x) * 4 + c]));
    const smaller = frame(160, 120, () => 0);
    expect(atRestWith(latest, [shifted(earlier[0], 1), laid, smaller, earlier[1]])).toEqual([earlier[1]]);
  });

  it('takes the mean of the frames, pixel by pixel, with alpha opaque', () => {
    const a = frame(2, 1, (x, _y, c) => 10 * (x + 1) + c);
    const b = frame(2, 1, (x, _y, c) => 20 * (x + 1) + c + 1);
    expect([...meanFrame([a, b]).data]).toEqual([16, 17, 18, 255, 31, 32, 33, 255]);
    expect(meanFrame([a]).data).toEqual(a.data);
    expect(() => meanFrame([])).toThrow(/no frames/);
    expect(() => meanFrame([a, frame(1, 1, () => 0)])).toThrow(/different sizes/);
  });
});
