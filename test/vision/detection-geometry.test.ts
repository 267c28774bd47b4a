import { describe, expect, it } from 'vitest';
import { clipConvex, matchTiles, polygonIoU, type Point } from '../../src/vision/evaluate-detection';
import { dominoHalves, orderDomino, screenArea } from '../../src/vision/quad-geometry';

const square = (x: number, y: number, s: number): Point[] => [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];

describe('polygon IoU (spec/table-reading.md matching)', () => {
  it('is 1 for the same tile whatever the winding, 0 for disjoint tiles', () => {
    const a = square(0, 0, 10);
    expect(polygonIoU(a, [...a].reverse())).toBeCloseTo(1, 9);
    expect(polygonIoU(a, square(20, 0, 10))).toBe(0);
  });
  it('measures a half-shifted square as one third', () => {
    expect(polygonIoU(square(0, 0, 10), square(5, 0, 10))).toBeCloseTo(50 / 150, 9);
  });
  it('clips a triangle by a square', () => {
    const inter = clipConvex([[0, 0], [20, 0], [0, 20]], square(0, 0, 10));
    expect(Math.abs(screenArea(inter))).toBeCloseTo(100, 6);
  });
});

describe('matchTiles', () => {
  const truth = [
    { polygon: square(0, 0, 10), kind: 'domino' as const },
    { polygon: square(100, 0, 10), kind: 'triomino' as const },
    { polygon: square(200, 0, 10), kind: 'domino' as const, ignore: true },
  ];
  it('counts hits, misses and false alarms; a cut tile counts neither way', () => {
    const found = [
      { polygon: square(1, 0, 10), kind: 'domino' as const },
      { polygon: square(100, 0, 10), kind: 'domino' as const }, // wrong kind: no match
      { polygon: square(200, 0, 10), kind: 'domino' as const }, // the ignored one
      { polygon: square(300, 0, 10), kind: 'domino' as const },
    ];
    const m = matchTiles(truth, found);
    expect([m.truePositives, m.falseNegatives]).toEqual([1, 1]);
    expect(m.spurious).toEqual([1, 3]);
    // The visible half of a cut tile is no false alarm.
    expect(matchTiles(truth, [{ polygon: [[200, 0], [205, 0], [205, 10], [200, 10]] }]).falsePositives).toBe(0);
    expect(m.recall).toBe(0.5);
  });
  it('never matches one found tile to two truth tiles', () => {
    const m = matchTiles([{ polygon: square(0, 0, 10) }, { polygon: square(1, 0, 10) }], [{ polygon: square(0.5, 0, 10) }]);
    expect(m.truePositives).toBe(1);
    expect(m.falseNegatives).toBe(1);
  });
});

describe('domino corner order', () => {
  it('starts at an end corner, runs clockwise along the long side, and cuts halves at the middle', () => {
    // A domino lying horizontally, given counter-clockwise from a short side.
    const poly = orderDomino([[0, 0], [0, 10], [20, 10], [20, 0]]);
    expect(screenArea(poly)).toBeGreaterThan(0);
    expect(Math.hypot(poly[1][0] - poly[0][0], poly[1][1] - poly[0][1])).toBeCloseTo(20, 9);
    const [h0, h1] = dominoHalves(poly);
    expect(h0[1]).toEqual(h1[0]);
    expect(h0[2]).toEqual(h1[3]);
    expect(Math.abs(screenArea(h0))).toBeCloseTo(100, 6);
  });
  it('puts the middle of a foreshortened domino where perspective puts it, not halfway', () => {
    // The far end (x = 0) looks a third of the near end: 3x as deep. The middle lies at depth 2, so
    // its image is at 0.5 * 1 / 2 = 1/4 of the way (x = 5), not at x = 10.
    const [h0] = dominoHalves([[0, 4], [20, 0], [20, 12], [0, 8]]);
    expect(h0[1][0]).toBeCloseTo(5, 6);
  });
});
