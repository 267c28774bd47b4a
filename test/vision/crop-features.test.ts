/**
 * A crop as the classifier takes it (classifier-model.ts `cropFeatures`): grey, normalised per crop,
 * and negated where the centre's median grey lies above its mean (dark pips on a light body). The
 * median is found by selection, not by sorting the centre: the same value, so the same sign, also
 * where the centre holds many equal greys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CROP_SIZE, cropFeatures, faintCropFeatures, strongestMix } from '../../src/vision/classifier-model';

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

/** A 32x32 RGB crop of one body colour with square marks of another (3x3 px, every 6 px across the centre and beyond). */
function marked(body: readonly number[], mark: readonly number[]): Uint8Array {
  const rgb = new Uint8Array(CROP_SIZE * CROP_SIZE * 3);
  for (let y = 0; y < CROP_SIZE; y++)
    for (let x = 0; x < CROP_SIZE; x++) rgb.set(x % 6 < 3 && y % 6 < 3 ? mark : body, (y * CROP_SIZE + x) * 3);
  return rgb;
}

/** How far apart a crop's marks and its body lie in its input (mean over the marks minus mean over the body; `marked` crops). */
function contrast(input: Float32Array): number {
  const sums = [0, 0];
  const counts = [0, 0];
  for (let y = 0; y < CROP_SIZE; y++)
    for (let x = 0; x < CROP_SIZE; x++) {
      const k = x % 6 < 3 && y % 6 < 3 ? 0 : 1;
      sums[k] += input[y * CROP_SIZE + x];
      counts[k]++;
    }
  return sums[0] / counts[0] - sums[1] / counts[1];
}

describe('a crop whose marks luma shows faintly', () => {
  // Pale yellow marks on a white body: 7 grey levels apart in luma, 35 in blue.
  const yellow = marked([240, 236, 225], [238, 232, 190]);

  it('is read in its strongest colour: mostly blue for yellow marks, the marks then far from the body', () => {
    const mix = strongestMix(yellow, 0);
    expect(mix).toBeDefined();
    const [r, g, b] = mix as readonly number[];
    expect(Math.abs(r) + Math.abs(g) + Math.abs(b)).toBeCloseTo(1, 6);
    expect(b).toBeGreaterThan(0.6);
    const { faint, features } = faintCropFeatures(yellow, 1, CROP_SIZE);
    expect(faint).toEqual([0]);
    // In luma the crop varies less than the std floor (6 levels): the network sees its marks at half
    // the contrast they have in blue, where they vary more (two levels: 1 / sqrt(p (1 - p)), p = 289 / 1024).
    expect(Math.abs(contrast(cropFeatures(yellow, 1, CROP_SIZE)))).toBeLessThan(1.2);
    expect(Math.abs(contrast(features))).toBeGreaterThan(2.2);
  });

  it('is not: dark pips on ivory, green pips on pink (stronger in colour, but clear in luma), a faint grey mark, a faint mark barely stronger in colour, a trace of colour under the std floor, a flat crop; a batch gives back only its faint crops', () => {
    const ivory = marked([238, 228, 200], [25, 25, 25]);
    const green = marked([240, 200, 200], [40, 220, 50]);
    const grey = marked([200, 200, 200], [190, 190, 190]);
    const worn = marked([238, 228, 200], [232, 220, 188]); // faint in luma, and only 1.2 times as far apart in colour
    const trace = marked([240, 236, 225], [239, 234, 214]); // 4 times as far apart in colour, but under the std floor there too
    const flat = marked([120, 60, 30], [120, 60, 30]);
    for (const crop of [ivory, green, grey, worn, trace, flat]) expect(strongestMix(crop, 0)).toBeUndefined();
    const batch = new Uint8Array(4 * yellow.length);
    [ivory, yellow, grey, yellow].forEach((c, k) => batch.set(c, k * yellow.length));
    const { faint, features } = faintCropFeatures(batch, 4, CROP_SIZE);
    expect(faint).toEqual([1, 3]);
    expect(features.length).toBe(2 * CROP_SIZE * CROP_SIZE);
  });
});
