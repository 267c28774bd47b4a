/**
 * A domino face found a tile and a half long is looked at as two dominoes end to end (end-to-end.ts):
 * from each of its ends, a tile of the neighbours' size and the one after it.
 */
import { describe, expect, it } from 'vitest';
import { endToEnd, jointPlaces, pairsOf, restsOf, widePlaces } from '../../src/vision/end-to-end';
import { likelyTile } from '../../src/vision/read-table';
import type { Read } from '../../src/vision/realign';
import { overlapShare } from '../../src/vision/tile-select';
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

describe('a face wider and longer than a tile as two tiles', () => {
  const ys = (p: readonly Point[]) => p.map((q) => Math.round(q[1]));
  const box = (c: TileCandidate) => [...span(c), Math.min(...ys(c.polygon)), Math.max(...ys(c.polygon))].join(' ');

  it('pairs a tile along the face with a crosswise one at its end, and two side by side', () => {
    // a face 60 x 40 where the tiles are 40 x 20: a tile with a crosswise double at its end, the finder's outline around both
    const { places, pairs } = widePlaces(face(0, 60, 40), 40 / 60, 20 / 60, 40 / 40, 20 / 40);
    const named = pairs.map(([p, q]) => [box(places[p]), box(places[q])].sort().join(' + '));
    expect(named).toContain(['0 40 10 30', '40 60 0 40'].join(' + ')); // a T: the double across the far end
    expect(named).toContain(['0 20 0 40', '20 60 10 30'].join(' + ')); // and across the near end
    expect(named).toContain(['0 40 0 20', '0 40 20 40'].join(' + ')); // two side by side
    for (const t of places) {
      expect(t.halves).toHaveLength(2);
      const [x0, x1, y0, y1] = box(t).split(' ').map(Number);
      expect([x1 - x0, y1 - y0].sort((a, b) => a - b)).toEqual([20, 40]); // every place a tile of the neighbours' size, either way
      expect(Math.hypot(t.polygon[1][0] - t.polygon[0][0], t.polygon[1][1] - t.polygon[0][1])).toBeCloseTo(40); // the long side first
    }
    for (const [p, q] of pairs) expect(overlapShare(places[p].polygon, places[q].polygon)).toBeLessThanOrEqual(0.15);
  });

  it('offers no pair that leaves most of the face uncovered', () => {
    // a face a fifth longer than a tile: no two places of a tile's size fit apart on it, and a tile across it lies half beyond it
    const { pairs } = widePlaces(face(0, 48, 20), 40 / 48, 20 / 48, 40 / 20, 20 / 20);
    expect(pairs).toHaveLength(0);
  });
});

describe('a double that may lie across the joint of two tiles', () => {
  it('lays a tile from the face moved half its length either way, with strips beside it and beyond it, and the half-tiles past its ends', () => {
    // a face 40 x 20 read as a double: across a joint it lies on the second half of one tile and the first half of the next
    const { places, beside, beyond, holes } = jointPlaces(face(0, 40, 20));
    expect(places.map(span)).toEqual([[-20, 20], [20, 60]]);
    for (const t of places) {
      expect(t.halves).toHaveLength(2);
      expect(t.core).toBeUndefined();
      expect(t.polygon.map((q) => Math.round(q[1]))).toEqual([0, 0, 20, 20]); // as wide as the face
    }
    const yRange = (b: readonly Point[]) => [Math.min(...b.map((q) => q[1])), Math.max(...b.map((q) => q[1]))];
    // a crosswise double's neighbours lie against its long sides: the strips one face wide beside them
    expect(beside.map(yRange)).toEqual([[-20, 0], [20, 40]]);
    expect(beside.map((b) => [Math.min(...xs(b)), Math.max(...xs(b))])).toEqual([[0, 40], [0, 40]]);
    // a line goes on a tile's length beyond the joint's two tiles
    expect(beyond.map((b) => [Math.min(...xs(b)), Math.max(...xs(b))])).toEqual([[-40, 0], [40, 80]]);
    expect(beyond.map(yRange)).toEqual([[0, 20], [0, 20]]);
    // across a joint, the half-tile just past either end is the rest of a tile the face cut in two
    expect(holes.map((b) => [Math.min(...xs(b)), Math.max(...xs(b))])).toEqual([[-20, 0], [40, 60]]);
    expect(holes.map(yRange)).toEqual([[0, 20], [0, 20]]);
  });

  it('takes an unsure tile found in the half-tile past a joint face\'s end as the rest of the tile the face cut in two, and nothing else', () => {
    // the face 40 x 20 across a joint (index 0); its holes are x -20..0 and 40..60
    const { holes } = jointPlaces(face(0, 40, 20));
    const readAt = (confidence: number) => ({ tile: { kind: 'domino', values: [1, 0], polygon: [], confidence }, unsure: 1 - confidence }) as unknown as Read;
    const found = [face(0, 40, 20), face(-19, 1, 20), face(41, 60, 20), face(-40, 0, 20), face(40, 62, 20), face(0, 20, 20)];
    const reads = [0.99, 0.1, 0.12, 0.1, 0.9, 0.1].map(readAt);
    // the two shards past the ends (dev still 89 of seed 8301: the rest of 4|1 and of 1|2 beside a 1|1 read across their joint);
    // not a whole tile beyond the end (half of it in the hole), not a sure one, not one on the face itself
    expect([...restsOf(found, reads, 0, holes)].sort()).toEqual([1, 2]);
  });
});

describe('a face judged against the tiles beside it', () => {
  const box = (x0: number, y0: number, w: number, h: number, score = 0.9): TileCandidate => ({ kind: 'domino', polygon: [[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]], score });
  const readAs = (c: TileCandidate, values: [number, number], confidence: number): Read => ({ tile: { kind: 'domino', values, polygon: c.polygon, confidence }, unsure: 1 - confidence });
  const midX = (c: TileCandidate) => c.polygon.reduce((a, q) => a + q[0] / c.polygon.length, 0);
  // as read-table.ts reads a live frame: the neighbours its tablecloth test keeps measure a face
  const live = (found: TileCandidate[], reads: Read[], place: (c: TileCandidate) => Read) =>
    endToEnd(found, found, reads, (cands) => cands.map(place), { width: 640, height: 480 }, null, false, (j) => likelyTile(found[j].score, reads[j].tile.confidence));

  it('measures a face by the neighbours read as tiles, not by the scraps of a cloth around it', () => {
    // dev live 73 of seed 8701: a crosswise 5|5 among a striped cloth's scraps, read as no tile, three quarters of a domino's size;
    // measured by them the double was wider than a tile, cut across, and its places read 2|2 and 1|2 surely
    const double = box(200, 100, 80, 40);
    const sure = [box(40, 100, 80, 40), box(200, 260, 80, 40), box(360, 100, 80, 40)];
    const scraps = [[130, 160], [210, 160], [290, 160], [130, 50], [210, 50], [290, 50]].map(([x, y]) => box(x, y, 60, 30, 0.3));
    const found = [double, ...sure, ...scraps];
    const reads = [readAs(double, [5, 5], 0.98), ...sure.map((c) => readAs(c, [3, 1], 0.99)), ...scraps.map((c) => readAs(c, [0, 0], 0.1))];
    const out = live(found, reads, (c) => readAs(c, [2, Math.floor(midX(c) / 10) % 7], 0.99)); // each place read surely, as some tile
    expect(out.reads.map((r) => r.tile.values)).toEqual(reads.map((r) => r.tile.values)); // no face read as two
  });

  it('reads a double on a long face across a joint as the two tiles its reading lies half on, in a still image and in a live frame', () => {
    // dev still 80 of seed 8301: 3|2 and 2|4 end to end traced as one face 1.4 tiles long about their joint; the reading,
    // sized to the neighbours about the face's middle, read 2|2 at 0.991 across the joint, and both tiles were missed
    // (and in its live frame, at 0.989)
    const [left, right, next] = [box(100, 100, 80, 40), box(340, 100, 80, 40), box(420, 100, 80, 40)];
    const long = box(204, 100, 112, 40);
    const found = [long, left, right, next];
    const reads = [readAs(box(220, 100, 80, 40), [2, 2], 0.991), readAs(left, [6, 3], 0.99), readAs(right, [4, 5], 0.99), readAs(next, [5, 1], 0.99)];
    // only a place on a true tile reads surely
    const place = (c: TileCandidate): Read => {
      const m = midX(c);
      return Math.abs(m - 220) < 4 ? readAs(c, [3, 2], 0.99) : Math.abs(m - 300) < 4 ? readAs(c, [2, 4], 0.99) : readAs(c, [0, 1], 0.3);
    };
    for (const still of [true, false]) {
      const out = endToEnd(found, found, reads, (cands) => cands.map(place), { width: 640, height: 480 }, null, still);
      expect(out.reads.map((r) => `${r.tile.values.join('|')}@${Math.round(midX({ kind: 'domino', polygon: r.tile.polygon, score: 1 }))}`).sort()).toEqual(['2|4@300', '3|2@220', '4|5@380', '5|1@460', '6|3@140']);
    }
  });

  it('does not read a face as one tile twice', () => {
    // dev live 68 of seed 7401: a spinner 6|6 a little wider than its neighbours, its two places across it each read 6|6
    const double = box(200, 100, 80, 40);
    const sure = [box(40, 100, 60, 30), box(200, 260, 60, 30), box(360, 100, 60, 30)];
    const found = [double, ...sure];
    const reads = [readAs(double, [6, 6], 0.98), ...sure.map((c) => readAs(c, [3, 1], 0.99))];
    const out = live(found, reads, (c) => readAs(c, [6, 6], 0.95));
    expect(out.reads.map((r) => r.tile.values)).toEqual([[6, 6], [3, 1], [3, 1], [3, 1]]);
    // read as two tiles that differ, the face is cut
    const two = live(found, reads, (c) => readAs(c, midX(c) < 240 ? [6, 5] : [6, 2], 0.99));
    expect(two.reads.map((r) => r.tile.values.join('|')).sort()).toEqual(['3|1', '3|1', '3|1', '6|2', '6|5']);
  });
});
