/**
 * Choosing tiles among the segmenter's candidates (tile-select.ts, tile-repair.ts): a clean domino
 * beats the fragments and duplicates of itself, shapes no tile has are dropped, a 4:1 face is cut
 * into two dominoes and two half-size squares side by side are joined into one; a crowd of small
 * faces a busy tablecloth shows does not set the size of the tiles the network is sure of.
 */
import { describe, expect, it } from 'vitest';
import { polygonIoU } from '../../src/vision/evaluate-detection';
import { screenArea } from '../../src/vision/quad-geometry';
import { dominoHalves, orderDomino } from '../../src/vision/quad-geometry';
import type { Point, TileCandidate, TileEvidence } from '../../src/vision/segment-types';
import { joinSquares, repairCandidates, splitLong } from '../../src/vision/tile-repair';
import { MAX_OVERLAP, selectTiles, sizeFreeScore, typicalUnit } from '../../src/vision/tile-select';

const strong: TileEvidence = { confidence: 0.95, peak: 0.7, fill: 0.95, coreShare: 0.35, kindShare: 1 };
const weak: TileEvidence = { confidence: 0.45, peak: 0.42, fill: 0.8, coreShare: 0.1, kindShare: 1 };

function rect(x: number, y: number, w: number, h: number, evidence = strong): TileCandidate {
  const polygon = orderDomino([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]);
  return { kind: 'domino', polygon, halves: dominoHalves(polygon), score: evidence.confidence, evidence };
}

const area = (c: TileCandidate): number => Math.abs(screenArea(c.polygon));

describe('tile selection', () => {
  it('keeps a clean domino and drops its fragments and duplicates', () => {
    const tile = rect(100, 100, 80, 40);
    const fragment = rect(110, 105, 30, 30, weak);
    const duplicate = rect(102, 101, 78, 39, { ...strong, confidence: 0.8 });
    const kept = selectTiles([fragment, duplicate, tile], 0.4);
    expect(kept).toHaveLength(1);
    expect(polygonIoU(kept[0].polygon, tile.polygon)).toBeGreaterThan(0.9);
    expect(kept[0].score).toBeGreaterThan(0.5);
  });

  it('drops faces no domino has: a sliver 6 times as long as wide, with weak evidence', () => {
    const tiles = [rect(0, 0, 80, 40), rect(0, 100, 80, 40), rect(0, 200, 80, 40)];
    const sliver = rect(200, 0, 240, 40, weak);
    const kept = selectTiles([...tiles, sliver], 0.4);
    expect(kept).toHaveLength(3);
    expect(kept.some((k) => polygonIoU(k.polygon, sliver.polygon) > 0.5)).toBe(false);
  });

  it("takes a face the network calls a triangle for a triangle, though a domino's outline fits it as well", () => {
    // Three triangles laid edge to edge make a trapezium whose middle triangle a watershed may fit
    // with a quad: the network's class vote (kindShare) then says triangle against the outline.
    const tri: Point[] = [[200, 100], [240, 169.3], [160, 169.3]];
    const triangle: TileCandidate = { kind: 'triomino', polygon: tri, score: 0.95, evidence: { ...strong, kindShare: 0.97 } };
    const quad = rect(160, 100, 80, 69.3, { ...strong, kindShare: 0.03 });
    const kept = selectTiles([quad, triangle], 0.4);
    expect(kept).toHaveLength(1);
    expect(kept[0].kind).toBe('triomino');
    // The same quad where the network votes domino stays a domino.
    const asDomino = selectTiles([rect(160, 100, 80, 69.3, { ...strong, kindShare: 0.97 }), { ...triangle, evidence: { ...strong, kindShare: 0.03 } }], 0.4);
    expect(asDomino.map((k) => k.kind)).toEqual(['domino']);
  });
});

describe("the frame's typical tile size", () => {
  /** A leaf of a flowered cloth as the network traces it: face-like, but not surely a tile. */
  const leafy: TileEvidence = { confidence: 0.7, peak: 0.35, fill: 0.9, coreShare: 0.2, kindShare: 1 };
  const sure: TileEvidence = { confidence: 1, peak: 0.9, fill: 0.95, coreShare: 0.6, kindShare: 1 };
  /** 20 small faces of 12 px a half, 40 px apart, away from (600, 600). */
  const crowd = Array.from({ length: 20 }, (_, k) => rect(40 * (k % 5), 40 * Math.floor(k / 5), 24, 12, leafy));

  it('follows the tiles the network is sure of where a crowd of faces too small to be tiles outnumbers them', () => {
    const line = [0, 1, 2, 3].map((k) => rect(600 + 90 * k, 600, 80, 40, sure));
    expect(crowd.every((c) => sizeFreeScore(c) < 0.8) && line.every((c) => sizeFreeScore(c) > 0.8)).toBe(true);
    const all = [...crowd, ...line];
    // The network sees tiles of 20 px a half and more in this look; the sure ones count at any size above
    // that, a close-up's too (dev close-up 37 of seed 7301: dominoes of 105 px a half on linen, whose weave
    // gave 405 candidates of median 14 px, where the look sees tiles of 18-88 px).
    const least = 20;
    expect(typicalUnit(all)).toBeCloseTo(12, 5);
    expect(typicalUnit(all, least)).toBeCloseTo(40, 5);
    const kept = selectTiles(all, 0.4, MAX_OVERLAP, typicalUnit(all, least));
    expect(kept).toHaveLength(4);
    expect(kept.every((k) => line.some((l) => polygonIoU(l.polygon, k.polygon) > 0.9))).toBe(true);
    expect(selectTiles(all, 0.4, MAX_OVERLAP, typicalUnit(all)).some((k) => line.some((l) => polygonIoU(l.polygon, k.polygon) > 0.9))).toBe(false);
  });

  it("keeps the crowd's size where it is a size tiles are seen at, where the sure ones' is near it or smaller than tiles are seen at, or where fewer than three are sure", () => {
    const line = [0, 1, 2, 3].map((k) => rect(600 + 90 * k, 600, 80, 40, sure));
    expect(typicalUnit([...crowd, ...line], 10)).toBeCloseTo(12, 5); // a far camera's small tiles among larger sure faces
    expect(typicalUnit([...crowd, ...line], 45)).toBeCloseTo(12, 5); // sure faces smaller than tiles are seen: a far camera's
    expect(typicalUnit([...crowd, ...line.slice(0, 2)], 20)).toBeCloseTo(12, 5);
    // A far camera's tiles of 12 px a half, just under the size tiles are seen at, and sure ones of 15 px just over it.
    expect(typicalUnit([...crowd, ...[0, 1, 2, 3].map((k) => rect(600 + 40 * k, 600, 30, 15, sure))], 14)).toBeCloseTo(12, 5);
  });
});

describe('tile repairs', () => {
  it('cuts a 4:1 face into two dominoes', () => {
    const parts = splitLong(rect(0, 0, 160, 40));
    expect(parts).toHaveLength(2);
    for (const p of parts) expect(area(p)).toBeCloseTo(3200, 0);
    expect(splitLong(rect(0, 0, 80, 40))).toHaveLength(0);
  });

  it('joins two squares side by side into one domino, not two squares far apart', () => {
    const joined = joinSquares(rect(0, 0, 40, 40), rect(41, 0, 40, 40));
    expect(joined).not.toBeNull();
    const truth: Point[] = [[0, 0], [81, 0], [81, 40], [0, 40]];
    expect(polygonIoU(joined!.polygon, truth)).toBeGreaterThan(0.95);
    expect(joinSquares(rect(0, 0, 40, 40), rect(100, 0, 40, 40))).toBeNull();
  });

  it('keeps the original candidates in the pool', () => {
    const pool = [rect(0, 0, 160, 40), rect(0, 100, 40, 40), rect(41, 100, 40, 40)];
    expect(repairCandidates(pool)).toHaveLength(3 + 2 + 1);
  });
});
