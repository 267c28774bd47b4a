import { describe, expect, it } from 'vitest';
import { readSize, scaleReading } from '../../src/vision/frame-scale';
import type { TableReading } from '../../src/vision/types';
import { workScale } from '../../src/vision/work-image';

const reading: TableReading = {
  image: { width: 1280, height: 720 },
  tiles: [
    {
      kind: 'domino',
      values: [3, 5],
      polygon: [[100, 100], [200, 100], [200, 150], [100, 150]],
      halves: [
        { value: 3, polygon: [[100, 100], [150, 100], [150, 150], [100, 150]], confidence: 0.9 },
        { value: 5, polygon: [[150, 100], [200, 100], [200, 150], [150, 150]], confidence: 0.9 },
      ],
      confidence: 0.81,
    },
  ],
  ms: { total: 50 },
};

describe('frames wider than 1280 px', () => {
  it('are read at 1280 px across, same aspect; smaller ones as they are', () => {
    expect(readSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(readSize(4032, 3024)).toEqual({ width: 1280, height: 960 });
    expect(readSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it("come back in the caller's pixels: polygons and halves scaled, values untouched", () => {
    const big = scaleReading(reading, { width: 1920, height: 1080 });
    expect(big.image).toEqual({ width: 1920, height: 1080 });
    expect(big.tiles[0].polygon).toEqual([[150, 150], [300, 150], [300, 225], [150, 225]]);
    expect(big.tiles[0].halves?.[1].polygon[0]).toEqual([225, 150]);
    expect(big.tiles[0].values).toEqual([3, 5]);
    expect(reading.tiles[0].polygon[1]).toEqual([200, 100]); // the original is not changed
    expect(scaleReading(reading, { width: 1280, height: 720 })).toBe(reading);
  });
});

describe('the work image the tile network sees', () => {
  it('is half the frame at the sizes the network was trained on, portrait or landscape', () => {
    expect(workScale(1280, 720)).toBe(0.5);
    expect(workScale(1920, 1080)).toBe(0.5);
    expect(workScale(720, 1280)).toBe(0.5);
  });

  it('is at most 960 px along its longer side', () => {
    expect(workScale(4032, 3024) * 4032).toBeCloseTo(960, 6);
  });

  it('keeps a small photo at its own size instead of halving its tiles, and never enlarges it', () => {
    expect(workScale(100, 100)).toBe(1);
    expect(workScale(640, 480)).toBe(1);
    expect(workScale(1024, 768) * 1024).toBeCloseTo(640, 6);
  });
});
