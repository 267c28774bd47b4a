/** How blurred a frame is, measured on the tiles' edges, and the unsure tiles that say "blurred". */
import { describe, expect, it } from 'vitest';
import { edgeBlur, saysBlurred } from '../../src/vision/blur';
import { unitOf } from '../../src/vision/tile-select';
import type { Point, ReadTile, Rgba } from '../../src/vision/types';

/** erf, Abramowitz and Stegun 7.1.26 (|error| < 1.5e-7). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

/** A light 100x50 px tile face at (100, 100) on a dark table, its edges blurred as a lens of `sigma` px blurs them. */
function blurredTile(sigma: number): { image: Rgba; outline: Point[] } {
  const [width, height] = [320, 260];
  const data = new Uint8ClampedArray(width * height * 4);
  const step = (d: number) => 0.5 * (1 + erf(d / (sigma * Math.SQRT2))); // a blurred step, d px inside the edge
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = step(Math.min(x + 0.5 - 100, 200 - (x + 0.5))) * step(Math.min(y + 0.5 - 100, 150 - (y + 0.5)));
      const v = 40 + 170 * inside;
      data.set([v, v * 0.95, v * 0.9, 255], (y * width + x) * 4);
    }
  return { image: { width, height, data }, outline: [[100, 100], [200, 100], [200, 150], [100, 150]] };
}

const domino = (confidence: number, doubt?: string): ReadTile => ({ kind: 'domino', values: [3, 5], polygon: [[0, 0], [50, 0], [50, 25], [0, 25]], confidence, ...(doubt ? { doubt } : {}) });

describe('the blur of a frame', () => {
  it("measures a lens's blur across a tile's edges, within a fifth of it", () => {
    for (const sigma of [0.8, 1.5, 3]) {
      const { image, outline } = blurredTile(sigma);
      const measured = edgeBlur(image, [outline]) as number;
      expect(measured, `sigma ${sigma}`).toBeGreaterThan(0.8 * sigma);
      expect(measured, `sigma ${sigma}`).toBeLessThan(1.2 * sigma);
    }
  });

  it('measures nothing where no edge shows a clear step', () => {
    const { image } = blurredTile(1);
    expect(edgeBlur(image, [])).toBeUndefined();
    expect(edgeBlur(image, [[[10, 10], [60, 10], [60, 35], [10, 35]]])).toBeUndefined(); // plain table
  });

  it('has an unsure tile say "blurred" where the blur is large for its size, and no sure tile or tile with another reason', () => {
    expect(unitOf(domino(0.5))).toBeCloseTo(25, 5);
    expect(unitOf({ kind: 'triomino', polygon: [[0, 0], [40, 0], [20, 34.64]] })).toBeCloseTo(20, 1);
    expect(saysBlurred(domino(0.5), 1.6).doubt).toBe('blurred'); // 0.064 of a 25 px half
    expect(saysBlurred(domino(0.5), 1.4).doubt).toBeUndefined(); // 0.056
    expect(saysBlurred(domino(0.95), 3).doubt).toBeUndefined();
    expect(saysBlurred(domino(0.5, 'glare'), 3).doubt).toBe('glare');
    expect(saysBlurred(domino(0.5), undefined).doubt).toBeUndefined();
  });
});
