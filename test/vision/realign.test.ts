/**
 * A second look at unsure dominoes (realign.ts): the variant the classifier reads most surely
 * replaces the first reading; sure dominoes are not looked at again.
 */
import { describe, expect, it } from 'vitest';
import { dominoHalves, orderDomino } from '../../src/vision/quad-geometry';
import { dominoVariants, realignDominoes } from '../../src/vision/realign';
import type { TileCandidate } from '../../src/vision/segment-types';
import type { ReadTile } from '../../src/vision/types';

function domino(x: number): TileCandidate {
  const polygon = orderDomino([[x, 0], [x + 80, 0], [x + 80, 40], [x, 40]]);
  return { kind: 'domino', polygon, halves: dominoHalves(polygon), score: 0.9 };
}

/** A fake reading whose sureness peaks when the tile's left edge sits at x = 8. */
const reading = (c: TileCandidate): ReadTile => {
  const left = Math.min(...c.polygon.map((p) => p[0]));
  const sure = Math.max(0.1, 1 - Math.abs(left - 8) / 40);
  return { kind: 'domino', values: [1, 2], polygon: c.polygon, halves: [{ value: 1, polygon: c.halves![0], confidence: sure }, { value: 2, polygon: c.halves![1], confidence: sure }], confidence: sure };
};

describe('second look at unsure dominoes', () => {
  it('slides an unsure domino to where it reads best', () => {
    const found = [domino(0)];
    const out = realignDominoes(found, found.map(reading), (cands) => cands.map(reading));
    expect(Math.min(...out[0].polygon.map((p) => p[0]))).toBeCloseTo(8, 0);
    expect(out[0].halves![0].confidence).toBeGreaterThan(0.95);
  });

  it('leaves sure dominoes alone', () => {
    const found = [domino(8)];
    let calls = 0;
    const out = realignDominoes(found, found.map(reading), (cands) => {
      calls++;
      return cands.map(reading);
    });
    expect(calls).toBe(0);
    expect(out[0].polygon).toEqual(found[0].polygon);
  });

  it('makes variants with halves that share the middle line', () => {
    for (const v of dominoVariants(domino(0))) expect([v.halves![0][1], v.halves![0][2]]).toEqual([v.halves![1][0], v.halves![1][3]]);
  });
});
