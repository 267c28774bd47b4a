/**
 * A domino face found a tile and a half long is looked at as two dominoes end to end (end-to-end.ts):
 * from each of its ends, a tile of the neighbours' size and the one after it.
 */
import { describe, expect, it } from 'vitest';
import { pairsOf } from '../../src/vision/end-to-end';
import type { Point, TileCandidate } from '../../src/vision/segment-types';

const face = (x0: number, x1: number, w: number): TileCandidate => ({ kind: 'domino', polygon: [[x0, 0], [x1, 0], [x1, w], [x0, w]], score: 0.9 });
const xs = (p: readonly Point[]) => p.map((q) => Math.round(q[0]));
const span = (c: TileCandidate) => [Math.min(...xs(c.polygon)), Math.max(...xs(c.polygon))];

describe('a long domino face as two tiles end to end', () => {
  it('lays a tile from each end of the face, and the tile after it, at the length asked for', () => {
    // a face 60 long where the tiles are 40: two tiles end to end whose far end the finder fell short of
    const [fromFirst, fromLast] = pairsOf(face(0, 60, 20), 40 / 60, 1);
    expect(fromFirst.map(span)).toEqual([[0, 40], [40, 80]]);
    expect(fromLast.map(span)).toEqual([[20, 60], [-20, 20]]);
    for (const t of [...fromFirst, ...fromLast]) {
      expect(t.kind).toBe('domino');
      expect(t.halves).toHaveLength(2);
      expect(t.score).toBe(0.9);
      expect(t.core).toBeUndefined(); // the face's middle is a joint, not a tile's middle
    }
  });

  it('keeps the width asked for about the face\'s middle line', () => {
    const [[a]] = pairsOf(face(0, 60, 20), 40 / 60, 0.8);
    const ys = a.polygon.map((q) => Math.round(q[1] * 10) / 10);
    expect(Math.min(...ys)).toBe(2);
    expect(Math.max(...ys)).toBe(18);
  });
});
