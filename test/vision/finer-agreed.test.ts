/**
 * A still image's finer looks (segment.ts `fine`: 1.5x, 1.25x, 1.5x mirrored) add a tile the first
 * look missed only when every one of them found it alike: a face one look alone sees is as often a
 * patch of tablecloth.
 */
import { describe, expect, it } from 'vitest';
import { agreedByFiner } from '../../src/vision/segment';
import type { Point, TileCandidate } from '../../src/vision/segment-types';

/** A domino lying flat, halves of `half` px, its top-left corner at (x, y), moved by (dx, dy). */
const domino = (x: number, y: number, half = 40, score = 0.8): TileCandidate => {
  const p: Point[] = [[x, y], [x + 2 * half, y], [x + 2 * half, y + half], [x, y + half]];
  return { kind: 'domino', polygon: p, score, halves: [[p[0], [x + half, y], [x + half, y + half], p[3]], [[x + half, y], p[1], p[2], [x + half, y + half]]] };
};
/** A finer look at scale 0.75 (halves of 40 px are 30 work pixels: within the trained 9-44), 1.5x the first look's. */
const look = (...tiles: TileCandidate[]) => ({ tiles, scale: 0.75 });
const FIRST = 0.5;

describe('tiles the finer looks agree on where the first look found none', () => {
  const found = [domino(100, 100)];

  it('adds a tile every finer look found, the surest look its polygon and the others its finer ones', () => {
    const looks = [look(domino(300, 100, 40, 0.6)), look(domino(302, 101, 40, 0.9)), look(domino(299, 99, 40, 0.7))];
    const added = agreedByFiner(found, looks, FIRST);
    expect(added).toHaveLength(1);
    expect(added[0].polygon[0]).toEqual([302, 101]);
    expect(added[0].score).toBe(0.9);
    expect(added[0].finer?.map((f) => f.polygon[0])).toEqual([[299, 99], [300, 100]]);
  });

  it('does not add a tile only some of the looks found', () => {
    expect(agreedByFiner(found, [look(domino(300, 100)), look(domino(301, 100)), look()], FIRST)).toEqual([]);
    expect(agreedByFiner(found, [look(domino(300, 100)), look(domino(300, 180)), look(domino(300, 100))], FIRST)).toEqual([]); // not alike
  });

  it('does not add a tile where the first look found one, nor one of a size the network was not trained on', () => {
    expect(agreedByFiner(found, [look(domino(110, 105)), look(domino(110, 105)), look(domino(110, 105))], FIRST)).toEqual([]);
    expect(agreedByFiner(found, [look(domino(300, 100, 100)), look(domino(300, 100, 100)), look(domino(300, 100, 100))], FIRST)).toEqual([]); // 50 work px at the first look
    expect(agreedByFiner(found, [look(domino(300, 100, 10)), look(domino(300, 100, 10)), look(domino(300, 100, 10))], FIRST)).toEqual([]); // 7.5 work px in the finer looks
    // A small tile is judged at the finer looks' scale: halves of 14 px, 7 work px at the first look, 10.5 in the finer ones.
    expect(agreedByFiner(found, [look(domino(300, 100, 14)), look(domino(300, 100, 14)), look(domino(300, 100, 14))], FIRST)).toHaveLength(1);
  });

  it('adds a large tile the first look saw at a trained size, however large the finer looks see it', () => {
    // Halves of 70 px: 35 work px at the first look, 52 in the finer ones (beyond the trained 44).
    const large = [look(domino(300, 100, 70)), look(domino(300, 100, 70)), look(domino(300, 100, 70))];
    expect(agreedByFiner(found, large, FIRST)).toHaveLength(1);
    expect(agreedByFiner(found, large, 0.75)).toEqual([]); // looks no closer than the first: 52 work px at both
  });

  it('needs at least two finer looks, and adds each tile once', () => {
    expect(agreedByFiner(found, [look(domino(300, 100))], FIRST)).toEqual([]);
    const twice = agreedByFiner(found, [look(domino(300, 100), domino(305, 100)), look(domino(302, 100)), look(domino(301, 100))], FIRST);
    expect(twice).toHaveLength(1);
  });
});
