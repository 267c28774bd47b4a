/**
 * The table's plane from the tiles' outlines (table-plane.ts): a camera tilted 35 degrees is found
 * back from the outlines of the tiles it sees; a tile's true shape in that perspective is fitted to
 * a blobby outline (the tile network's faces are blobby), and realign.ts reads that shape too.
 */
import { describe, expect, it } from 'vitest';
import { makeCamera, planeToImage } from '../../src/synth/camera';
import { apply } from '../../src/synth/homography';
import { DOMINO_HALF_MM, TRIOMINO_SIDE_MM } from '../../src/synth/types';
import { polygonIoU } from '../../src/vision/evaluate-detection';
import { dominoHalves, orderDomino, shaped } from '../../src/vision/quad-geometry';
import { neighbourSize, neighbourSizeVariants, realignTiles, trueShapeVariants, type Read } from '../../src/vision/realign';
import type { Point, TileCandidate } from '../../src/vision/segment-types';
import { fitTablePlane, idealTile, livePlane, planeMemory } from '../../src/vision/table-plane';

const W = 1280;
const H = 720;

function view(tiltDeg: number, yawDeg: number) {
  const camera = makeCamera({ width: W, height: H, fov: (65 * Math.PI) / 180, tilt: (tiltDeg * Math.PI) / 180, yaw: (yawDeg * Math.PI) / 180, target: [0, 0], distance: 700 });
  const h = planeToImage(camera, 8); // tile tops, 8 mm above the table
  return (x: number, y: number): Point => apply(h, x, y) as Point;
}

/** Dominoes and triangles on the table (mm), turned every which way, seen by the camera. */
function tilesSeen(tiltDeg: number, yawDeg: number): { kind: 'domino' | 'triomino'; polygon: Point[] }[] {
  const see = view(tiltDeg, yawDeg);
  const out: { kind: 'domino' | 'triomino'; polygon: Point[] }[] = [];
  for (let k = 0; k < 12; k++) {
    const [cx, cy] = [-260 + (k % 4) * 170, -150 + Math.floor(k / 4) * 150];
    const a = k * 0.7;
    const turn = ([x, y]: Point): Point => see(cx + x * Math.cos(a) - y * Math.sin(a), cy + x * Math.sin(a) + y * Math.cos(a));
    if (k % 3 === 2) {
      const s = TRIOMINO_SIDE_MM;
      out.push({ kind: 'triomino', ...shaped('triomino', [[-s / 2, -s / (2 * Math.sqrt(3))], [s / 2, -s / (2 * Math.sqrt(3))], [0, s / Math.sqrt(3)]].map((p) => turn(p as Point))) });
    } else {
      const h = DOMINO_HALF_MM;
      out.push({ kind: 'domino', ...shaped('domino', [[-h, -h / 2], [h, -h / 2], [h, h / 2], [-h, h / 2]].map((p) => turn(p as Point))) });
    }
  }
  return out;
}

/** Every corner moved by `f` of the tile's mean side, each its own way (a blobby face's corners). */
const jitter = (p: readonly Point[], f: number): Point[] => {
  const side = p.reduce((a, q, k) => a + Math.hypot(p[(k + 1) % p.length][0] - q[0], p[(k + 1) % p.length][1] - q[1]), 0) / p.length;
  return p.map(([x, y], k) => [x + f * side * Math.cos(2.4 * k + 1), y + f * side * Math.sin(2.4 * k + 1)]);
};

/** Corner 0 moved a share `f` of the way to the tile's centre. */
const cut = (p: readonly Point[], f: number): Point[] => {
  const c = p.reduce((a, q) => [a[0] + q[0] / p.length, a[1] + q[1] / p.length], [0, 0]);
  return p.map(([x, y], k) => (k === 0 ? [x + (c[0] - x) * f, y + (c[1] - y) * f] : [x, y]));
};

describe('the table plane', () => {
  it('finds the camera tilt from the tiles it sees', () => {
    for (const [tilt, yaw] of [[35, 20], [15, 200], [0, 0]]) {
      const plane = fitTablePlane(tilesSeen(tilt, yaw), W, H);
      expect(plane).not.toBeNull();
      expect(Math.abs((plane as NonNullable<typeof plane>).tiltDeg - tilt)).toBeLessThanOrEqual(1.5);
    }
  });

  it('fits no plane to fewer than four tiles', () => {
    expect(fitTablePlane(tilesSeen(30, 0).slice(0, 3), W, H)).toBeNull();
  });

  it('gives a true tile its own outline back, and a blobby one an outline nearer the truth', () => {
    const tiles = tilesSeen(35, 20);
    const plane = fitTablePlane(tiles, W, H) as NonNullable<ReturnType<typeof fitTablePlane>>;
    const gain: Record<string, number[]> = { domino: [], triomino: [] };
    for (const t of tiles) {
      const exact = idealTile(plane, t.kind, t.polygon);
      expect(polygonIoU(t.polygon, (exact as NonNullable<typeof exact>).polygon)).toBeGreaterThan(0.97); // the plane is fitted in steps of half a degree
      const blobby = jitter(t.polygon, 0.12);
      const ideal = idealTile(plane, t.kind, blobby);
      gain[t.kind].push(polygonIoU(t.polygon, (ideal as NonNullable<typeof ideal>).polygon) - polygonIoU(t.polygon, blobby));
    }
    const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length;
    expect(mean(gain.domino)).toBeGreaterThan(0.02);
    expect(mean(gain.triomino)).toBeGreaterThan(-0.005);
  });

  it('puts back a corner the face lost, fitted to the other corners', () => {
    const tiles = tilesSeen(35, 20);
    const plane = fitTablePlane(tiles, W, H) as NonNullable<ReturnType<typeof fitTablePlane>>;
    for (const t of tiles) {
      const lost = cut(t.polygon, 0.3);
      const all = idealTile(plane, t.kind, lost) as NonNullable<ReturnType<typeof idealTile>>;
      const others = idealTile(plane, t.kind, lost, 0) as NonNullable<ReturnType<typeof idealTile>>;
      expect(polygonIoU(t.polygon, lost)).toBeLessThan(0.86);
      expect(polygonIoU(t.polygon, all.polygon)).toBeLessThan(0.86);
      expect(polygonIoU(t.polygon, others.polygon)).toBeGreaterThan(0.94);
    }
  });

  it('compares a tile with its neighbours on the plane, where a steep view does not change their size', () => {
    const tiles = tilesSeen(35, 20);
    const plane = fitTablePlane(tiles, W, H) as NonNullable<ReturnType<typeof fitTablePlane>>;
    const found: TileCandidate[] = tiles.filter((t) => t.kind === 'domino').map((t) => ({ ...t, score: 0.9 }));
    // In the image, dominoes lying along the view are shorter than those across it: some look
    // mis-sized next to their neighbours. On the plane none does.
    expect(found.some((_, i) => neighbourSizeVariants(found, i, true, neighbourSize(found, i)).length > 0)).toBe(true);
    found.forEach((_, i) => {
      const size = neighbourSize(found, i, undefined, plane);
      expect(size).not.toBeNull();
      expect(neighbourSizeVariants(found, i, true, size, plane)).toEqual([]);
    });
  });

  it('offers the second look the true shape, which wins where it reads surest', () => {
    const tiles = tilesSeen(35, 20);
    const plane = fitTablePlane(tiles, W, H) as NonNullable<ReturnType<typeof fitTablePlane>>;
    const truth = tiles[0];
    const blobby = orderDomino(jitter(truth.polygon, 0.2)); // corners a fifth of a side off: beyond the slides' reach
    const found: TileCandidate[] = [{ kind: 'domino', polygon: blobby, halves: dominoHalves(blobby), score: 0.9 }];
    const variants = trueShapeVariants(found[0], plane);
    expect(variants).toHaveLength(5); // fitted to all four corners, and to all but each one
    // A reader that is surest of the outline closest to the truth.
    const read = (c: TileCandidate): Read => {
      const sure = polygonIoU(truth.polygon, c.polygon);
      return { tile: { kind: 'domino', values: [1, 2], polygon: c.polygon, halves: [{ value: 1, polygon: c.halves![0], confidence: sure }, { value: 2, polygon: c.halves![1], confidence: sure }], confidence: sure }, unsure: 1 - sure };
    };
    const without = realignTiles(found, found.map(read), (cands) => cands.map(read), true);
    const withPlane = realignTiles(found, found.map(read), (cands) => cands.map(read), true, undefined, plane);
    expect(variants.map((v) => v.polygon)).toContainEqual(withPlane[0].tile.polygon);
    expect(polygonIoU(truth.polygon, withPlane[0].tile.polygon)).toBeGreaterThan(polygonIoU(truth.polygon, without[0].tile.polygon));
  });
});

describe("a live camera's plane, kept from frame to frame", () => {
  it("keeps the plane while the frames' tiles fit it, and fits it anew when the camera moved", () => {
    const memory = planeMemory();
    const first = livePlane(memory, tilesSeen(35, 20), W, H);
    expect(first?.tiltDeg).toBeGreaterThan(33);
    // The next frames: the same tiles, their outlines a pixel or two off, one tile gone.
    for (const f of [0.005, 0.01]) {
      const frame = tilesSeen(35, 20).slice(1).map((t) => ({ ...t, polygon: jitter(t.polygon, f) }));
      expect(livePlane(memory, frame, W, H)).toBe(first);
    }
    expect(memory.fits).toBe(1);
    // The camera moved to look more nearly straight down: fitted anew.
    const moved = livePlane(memory, tilesSeen(10, 200), W, H);
    expect(memory.fits).toBe(2);
    expect(moved).not.toBe(first);
    expect(Math.abs((moved?.tiltDeg ?? 99) - 10)).toBeLessThan(3);
    // Too few sure tiles to tell: no plane, and the one remembered stays.
    expect(livePlane(memory, tilesSeen(35, 20).slice(0, 3), W, H)).toBeNull();
    expect(memory.plane).toBe(moved);
    // Another frame size: fitted anew.
    livePlane(memory, tilesSeen(10, 200), 1920, 1080);
    expect(memory.fits).toBe(3);
  });
});
