import { describe, expect, it } from 'vitest';
import { CROP_SIZE } from '../../src/vision/classifier-model';
import { calibratedConfidence, clippedShare } from '../../src/vision/read-table';

describe('glare: the clipped share of a tile\'s crops', () => {
  const per = CROP_SIZE * CROP_SIZE * 3;
  it('counts only pixels clipped in every channel, over the tile\'s own crops', () => {
    const crops = new Uint8Array(4 * per).fill(128);
    crops.fill(255, per, 2 * per); // crop 1 burnt out
    for (let o = 2 * per; o < 3 * per; o += 3) crops.set([255, 255, 200], o); // crop 2: yellowish, not clipped
    expect(clippedShare(crops, 0, 2)).toBeCloseTo(0.5);
    expect(clippedShare(crops, 1, 2)).toBeCloseTo(0.5);
    expect(clippedShare(crops, 1, 1)).toBe(1);
    expect(clippedShare(crops, 2, 2)).toBe(0);
  });
  it('lowers the confidence of a reading that owes its blanks to a burnt-out face', () => {
    const clear = calibratedConfidence(0.99, 0.999, 'triomino', 0);
    const burnt = calibratedConfidence(0.99, 0.999, 'triomino', 1);
    expect(clear).toBeGreaterThan(0.9);
    expect(burnt).toBeLessThan(0.2);
  });
});
