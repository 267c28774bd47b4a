/**
 * A domino traced across two tiles (segment.ts `acrossRims`): the line between its halves' centres
 * crosses a rim in the tile network's depth map, and a tile lies on each side of it. A look's selection
 * leaves such a candidate out where it takes both tiles and each is shorter than it (`selectApart`); a
 * lone tile's candidate that reaches its rim (offset, or larger than it) is kept.
 */
import { describe, expect, it } from 'vitest';
import { dominoHalves, orderDomino } from '../../src/vision/quad-geometry';
import { acrossRims, selectApart } from '../../src/vision/segment';
import { selectTiles } from '../../src/vision/tile-select';
import type { TileCandidate, TileEvidence } from '../../src/vision/segment-types';
import type { TileMaps } from '../../src/vision/tile-net';

const strong: TileEvidence = { confidence: 0.95, peak: 0.7, fill: 0.95, coreShare: 0.35, kindShare: 1 };

function rect(x: number, y: number, w: number, h: number): TileCandidate {
  const polygon = orderDomino([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]);
  return { kind: 'domino', polygon, halves: dominoHalves(polygon), score: strong.confidence, evidence: strong };
}

/** 200x100 work pixels, every pixel a face of depth 150 but for a rim (depth 10) at the columns given. */
function maps(rimColumns: number[]): TileMaps {
  const [width, height] = [200, 100];
  const depth = new Uint8Array(width * height).fill(150);
  for (let y = 0; y < height; y++) for (const x of rimColumns) depth[y * width + x] = 10;
  return { width, height, labels: new Uint8Array(width * height).fill(1), confidence: new Uint8Array(width * height).fill(250), depth };
}

// A crosswise double (40x80) and the domino beside it (80x40) meet at x = 80, where the depth map has a
// rim; the traced domino takes the double's far column and the neighbour's near half, halves centred
// at (60, 50) and (100, 50).
const double = rect(40, 10, 40, 80);
const neighbour = rect(80, 30, 80, 40);
const traced = rect(40, 30, 80, 40);
const RIM = [79, 80, 81];

describe('a domino traced across two tiles', () => {
  it('is left out where a tile lies on each side of the rim its halves straddle', () => {
    const out = acrossRims([double, neighbour, traced], maps(RIM), 1);
    expect([...out]).toEqual([traced]);
  });

  it('is kept where no rim lies between its halves', () => {
    expect(acrossRims([double, neighbour, traced], maps([]), 1).size).toBe(0);
    expect(acrossRims([double, neighbour, traced], maps([30, 130]), 1).size).toBe(0); // rims beyond its halves' centres
  });

  it('is kept alone, or with a tile on one side only: a lone tile\'s candidate that reaches its rim', () => {
    expect(acrossRims([traced], maps(RIM), 1).size).toBe(0);
    expect(acrossRims([double, traced], maps(RIM), 1).size).toBe(0);
    expect(acrossRims([neighbour, traced], maps(RIM), 1).size).toBe(0);
  });

  it('is kept where what lies on a side is a shard of a face (a quarter of its size), not a tile', () => {
    expect(acrossRims([rect(44, 40, 40, 20), neighbour, traced], maps(RIM), 1).size).toBe(0);
  });

  it('reads the depth map of a region look from its origin, at its scale', () => {
    // Frame pixels at twice the work pixels, the region's maps from work pixel (10, 0) on: the tiles above, in work pixels.
    const at = (x: number, y: number, w: number, h: number) => rect((x + 10) * 2, y * 2, w * 2, h * 2);
    const cands = [at(40, 10, 40, 80), at(80, 30, 80, 40), at(40, 30, 80, 40)];
    expect([...acrossRims(cands, maps(RIM), 0.5, [10, 0])]).toEqual([cands[2]]);
  });
});

describe('a look\'s selection without the dominoes traced across two tiles', () => {
  // Traced longer than a tile (120x40, halves centred at (50, 50) and (110, 50)): across the rim at x = 80.
  const long = rect(20, 30, 120, 40);

  it('takes the tiles on both sides instead of a domino traced across their rim, longer than they are', () => {
    const { tiles, rimmed } = selectApart([double, neighbour, long], maps(RIM), 1);
    expect([...rimmed]).toEqual([long]);
    expect(tiles.map((t) => t.polygon)).toEqual(expect.arrayContaining([double.polygon, neighbour.polygon]));
    expect(tiles).toHaveLength(2);
  });

  it('keeps a domino traced across a rim no longer than the tiles beside it, for the stages that read it as two', () => {
    const { rimmed } = selectApart([double, neighbour, traced], maps(RIM), 1);
    expect(rimmed.size).toBe(0);
  });

  it('selects as before where no domino is traced across a rim, or none is left out', () => {
    for (const [cands, rims] of [[[double, neighbour, long], []], [[double, neighbour, traced], RIM], [[long], RIM]] as const) {
      const { tiles, rimmed } = selectApart(cands, maps([...rims]), 1);
      expect(rimmed.size).toBe(0);
      expect(tiles).toEqual(selectTiles(cands, 0.4));
    }
  });
});
