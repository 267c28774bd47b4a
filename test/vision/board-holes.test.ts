import { describe, expect, it } from 'vitest';
import { agreesAtCorners, boardHoles, enclosedCells } from '../../src/vision/board-holes';
import { tileKey } from '../../src/vision/one-set';
import { dominoHalves } from '../../src/vision/quad-geometry';
import type { Read } from '../../src/vision/realign';
import { centroid } from '../../src/vision/reconstruct/geometry';
import type { Point, TileCandidate } from '../../src/vision/segment-types';

// A triangle of side 120 cut into four of side 60 (corners clockwise on screen, y down): three up, and the down one in the middle.
const [P0, P1, P2]: Point[] = [
  [0, 104],
  [120, 104],
  [60, 0],
];
const [M01, M12, M02]: Point[] = [
  [60, 104],
  [90, 52],
  [30, 52],
];
const left: Point[] = [P0, M02, M01];
const top: Point[] = [M02, P2, M12];
const right: Point[] = [M01, M12, P1];
const middle: Point[] = [M02, M12, M01];
const jitter = (p: readonly Point[], d: number): Point[] => p.map(([x, y], k): Point => [x + (k % 2 ? d : -d), y + d]);

describe('a triangle missed inside a board', () => {
  it('finds the cell whose three edges lie on triangles read, and no other', () => {
    const cells = enclosedCells([left, top, right], [left, top, right]);
    expect(cells).toHaveLength(1);
    const [x, y] = centroid(cells[0]);
    expect(x).toBeCloseTo(60, 0);
    expect(y).toBeCloseTo(69.3, 0);
  });

  it('finds it from outlines a few pixels off, as readings are', () => {
    const near = [jitter(left, 4), jitter(top, -3), jitter(right, 5)];
    expect(enclosedCells(near, near)).toHaveLength(1);
  });

  it('leaves a cell open on one side, and a cell a tile lies on', () => {
    expect(enclosedCells([left, top], [left, top])).toHaveLength(0);
    expect(enclosedCells([left, top, right], [left, top, right, middle])).toHaveLength(0);
  });

  it('keeps a cell read with the numbers the corners around it carry, not one read against them', () => {
    // corners that meet: left's M02 = top's M02 = 3, top's M12 = right's M12 = 1, left's M01 = right's M01 = 4
    const others = [
      { polygon: left, values: [0, 3, 4] },
      { polygon: top, values: [3, 5, 1] },
      { polygon: right, values: [4, 1, 2] },
    ];
    expect(agreesAtCorners(middle, [3, 1, 4], others)).toBe(true);
    expect(agreesAtCorners(middle, [3, 1, 0], others)).toBe(false); // the plain table between them reads blank
    expect(agreesAtCorners(middle, [3, 1, 4], others.slice(0, 1))).toBe(false); // a corner no triangle meets
  });

  it('keeps a cell where a corner read unsurely disagrees with one read surely, but not where both are sure', () => {
    // Dev still 46 of seed 2061: a neighbour's corner read 0 unsurely where the others carry 3 kept out a cell read surely.
    const odds = (v: number, p: number): number[] => Array.from({ length: 6 }, (_, u) => (u === v ? p : (1 - p) / 5));
    const others = [
      { polygon: left, values: [0, 3, 4], parts: [odds(0, 0.99), odds(3, 0.99), odds(4, 0.99)] },
      { polygon: top, values: [3, 5, 1], parts: [odds(3, 0.99), odds(5, 0.99), odds(1, 0.99)] },
      { polygon: right, values: [0, 1, 2], parts: [odds(0, 0.6), odds(1, 0.99), odds(2, 0.99)] }, // its corner at M01 read 0, unsurely
    ];
    expect(agreesAtCorners(middle, [3, 1, 4], others)).toBe(true);
    expect(agreesAtCorners(middle, [3, 1, 0], others)).toBe(false);
    const sureAgainst = others.map((o, i) => (i === 2 ? { ...o, parts: [odds(0, 0.99), o.parts[1], o.parts[2]] } : o));
    expect(agreesAtCorners(middle, [3, 1, 4], sureAgainst)).toBe(false); // two corners read surely against each other: the point's number is even
    expect(agreesAtCorners(middle, [3, 1, 0], sureAgainst)).toBe(false);
    // A third triangle meeting the cell at M01 (below it) and carrying 4 there surely outweighs the one sure 0.
    const below = { polygon: [M01, [90, 156], [30, 156]] as Point[], values: [4, 5, 5], parts: [odds(4, 0.99), odds(5, 0.99), odds(5, 0.99)] };
    expect(agreesAtCorners(middle, [3, 1, 4], [...sureAgainst, below])).toBe(true);
  });

  /** A triangle read as `values` at `confidence` (sure enough that a live frame does not look at it again). */
  const triangle = (polygon: Point[], values: number[], confidence = 0.99): Read => ({ tile: { kind: 'triomino', values, polygon, confidence }, unsure: 1 - confidence });
  /** A domino face traced over the middle cell (x 30-90, y 58-84: 0.63 of it lies in the cell), read as `values` at `confidence`. */
  const dominoOn = (values: [number, number], confidence: number): Read => {
    const polygon: Point[] = [
      [30, 58],
      [90, 58],
      [90, 84],
      [30, 84],
    ];
    return { tile: { kind: 'domino', values, polygon, confidence, halves: dominoHalves(polygon).map((h, k) => ({ value: values[k], polygon: h, confidence: 1 })) }, unsure: 1 - confidence };
  };
  /** The tiles after the board's holes were looked at (a triangle named up to turning it: T0-3-4), each cell read with 3, 1 and 4 at its corners. */
  const after = (more: Read[]): string[] => {
    const reads = [triangle(left, [0, 3, 4]), triangle(top, [3, 5, 1]), triangle(right, [4, 1, 2]), ...more];
    const found = reads.map((r): TileCandidate => ({ kind: r.tile.kind, polygon: r.tile.polygon, score: 0.9 }));
    const atCorner = (c: TileCandidate): number[] => c.polygon.map(([x]) => (Math.abs(x - 60) < 10 ? 4 : x < 60 ? 3 : 1));
    const read = (cands: TileCandidate[]): Read[] => cands.map((c) => triangle(c.polygon, atCorner(c)));
    const frame = { width: 200, height: 200, data: new Uint8Array(200 * 200 * 4) };
    return boardHoles(found, reads, read, frame, null, false).reads.map((r) => tileKey(r.tile.kind, r.tile.values));
  };

  const board = ['T0-3-4', 'T1-3-5', 'T1-2-4'];
  it('reads the cell where no tile lies on it, or a tile read unsurely, of either kind, which it then stands in the place of', () => {
    expect(after([])).toEqual([...board, 'T1-4-3']);
    // Dev still 52 of seed 8101: the tile network traced a triangle's cell as a domino, read 3|3 at 0.07.
    expect(after([dominoOn([3, 3], 0.07)])).toEqual([...board, 'T1-4-3']);
    expect(after([triangle(middle, [2, 2, 2], 0.3)])).toEqual([...board, 'T1-4-3']);
  });

  it('leaves the cell to a tile read surely on it, of either kind', () => {
    expect(after([dominoOn([3, 3], 0.9)])).toEqual([...board, '3|3']);
    expect(after([triangle(middle, [2, 2, 2], 0.9)])).toEqual([...board, 'T2-2-2']);
  });
});
