/**
 * A crop as the classifier takes it (classifier-model.ts `cropFeatures`): grey, normalised per crop,
 * and negated where the centre's median grey lies above its mean (dark pips on a light body). The
 * median is found by selection, not by sorting the centre: the same value, so the same sign, also
 * where the centre holds many equal greys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CROP_SIZE, cropFeatures } from '../../src/vision/classifier-model';

/** The features written out plainly, the centre's median by sorting it. */
function plainly(rgb: Uint8Array): Float32Array {
  const n = CROP_SIZE * CROP_SIZE;
  const g = new Float32Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += g[i] = 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (g[i] - mean) ** 2;
  const q = CROP_SIZE / 4;
  const centre: number[] = [];
  for (let y = q; y < CROP_SIZE - q; y++) for (let x = q; x < CROP_SIZE - q; x++) centre.push(g[y * CROP_SIZE + x]);
  const centreMean = centre.reduce((a, v) => a + v, 0) / centre.length;
  centre.sort((a, b) => a - b);
  const median = (centre[centre.length / 2 - 1] + centre[centre.length / 2]) / 2;
  const scale = (median > centreMean ? -1 : 1) / Math.max(6, Math.sqrt(sq / n));
  return g.map((v) => (v - mean) * scale);
}

describe("a crop's features", () => {
  it('negates a crop exactly where the sorted centre says so, with few grey levels or many', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 256 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 1e9 }), (levels, base, seed) => {
        let s = seed;
        const rgb = Uint8Array.from({ length: CROP_SIZE * CROP_SIZE * 3 }, () => {
          s = (s * 1103515245 + 12345) >>> 0;
          return Math.min(255, base + Math.floor((s / 2 ** 32) * levels) * Math.ceil(64 / levels));
        });
        expect(cropFeatures(rgb, 1, CROP_SIZE)).toEqual(plainly(rgb));
      }),
      { numRuns: 300 },
    );
  });
});
