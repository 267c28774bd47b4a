/** The corners that meet on a triangular board carry one number: the others at a point read a doubtful corner. */
import { describe, expect, it } from 'vitest';
import { boardCorners, cornerWeight, meetingCorners, MISLAID, pointOdds } from '../../src/vision/board-corners';
import { dominoFromParts, triominoFromParts } from '../../src/vision/read-table';
import type { Read } from '../../src/vision/realign';
import type { Point } from '../../src/vision/types';

/** Value probabilities over 0-5: `sure` on v, the rest alike. */
const corner = (v: number, sure = 0.97): number[] => Array.from({ length: 6 }, (_, k) => (k === v ? sure : (1 - sure) / 5));

/** A corner split between two values. */
const between = (a: number, pa: number, b: number, pb: number): number[] => Array.from({ length: 6 }, (_, k) => (k === a ? pa : k === b ? pb : (1 - pa - pb) / 4));

/** A triangle with these corners (clockwise on screen), each read with these probabilities. */
const triangle = (poly: Point[], p: number[][]): Read => triominoFromParts({ kind: 'triomino', polygon: poly, score: 0.95 }, p, 0);

/**
 * A hexagon of six triangles around the point (200, 200), sides of 40 px: triangle i is [centre,
 * outer i, outer i + 1], clockwise on screen. The centre carries 4 and the outer points 0-5, so the
 * six tiles are 4-0-1, 4-1-2, 4-2-3, 4-3-4, 4-4-5 and 4-5-0, all real (ascending clockwise).
 */
const C: Point = [200, 200];
const OUTER: Point[] = Array.from({ length: 6 }, (_, i) => [200 + 40 * Math.cos((i * Math.PI) / 3), 200 + 40 * Math.sin((i * Math.PI) / 3)]);
const hexagon = (centre: (i: number) => number[] = () => corner(4)): Read[] =>
  Array.from({ length: 6 }, (_, i) => triangle([C, OUTER[i], OUTER[(i + 1) % 6]], [centre(i), corner(i), corner((i + 1) % 6)]));

describe('the corners that meet on a board', () => {
  it('finds which corners meet: six at the hexagon middle, two at each outer point', () => {
    const groups = meetingCorners(hexagon()).map((g) => [...g].sort((a, b) => a - b));
    expect(groups).toHaveLength(7);
    expect(groups).toContainEqual([0, 3, 6, 9, 12, 15]); // corner 0 of every triangle
    for (let i = 0; i < 6; i++) expect(groups).toContainEqual([3 * i + 1, 3 * ((i + 5) % 6) + 2].sort((a, b) => a - b));
  });

  it('reads a corner torn between 2 and 4 as 4 where the five others at its point show 4', () => {
    const board = hexagon((i) => (i === 0 ? between(2, 0.55, 4, 0.43) : corner(4)));
    expect(board[0].tile.values).toEqual([2, 0, 1]); // the classifier alone: 2-0-1 is a real tile too
    const out = boardCorners(board);
    expect(out[0].tile.values).toEqual([4, 0, 1]);
    expect(out[0].tile.confidence).toBeGreaterThan(board[0].tile.confidence);
    expect(out.slice(1).map((r) => r.tile.values)).toEqual(board.slice(1).map((r) => r.tile.values));
  });

  it('leaves a corner read surely as 2 among 4s as 2: a tile laid against the rules is still seen', () => {
    const board = hexagon((i) => (i === 0 ? between(2, 0.9999, 4, 0.00005) : corner(4)));
    expect(boardCorners(board)[0].tile.values).toEqual([2, 0, 1]);
  });

  it('lets two triangles that share an edge read each other, one point at a time', () => {
    // 4-0-1 and, across its edge 0-1, 1-0-0 (real: 0-0-1 turned), its corner on point 1 torn between 2 and 1.
    const a = triangle([C, OUTER[0], OUTER[1]], [corner(4), corner(0), corner(1)]);
    const b = triangle([OUTER[1], OUTER[0], [OUTER[0][0] + OUTER[1][0] - C[0], OUTER[0][1] + OUTER[1][1] - C[1]]], [between(2, 0.5, 1, 0.45), corner(0), corner(0)]);
    expect(b.tile.values).toEqual([2, 0, 0]);
    const out = boardCorners([a, b]);
    expect(out[1].tile.values).toEqual([1, 0, 0]);
    expect(out[0].tile.values).toEqual([4, 0, 1]);
  });

  it('leaves lone triangles, a hand laid in a row (corners touching, no edge shared) and dominoes as they are', () => {
    const lone = triangle([C, OUTER[0], OUTER[1]], [between(2, 0.55, 4, 0.43), corner(0), corner(1)]);
    expect(boardCorners([lone])[0]).toBe(lone);
    // Two hand tiles side by side, touching at one corner only.
    const left = triangle([[0, 0], [40, 0], [20, 34.64]], [between(2, 0.55, 4, 0.43), corner(0), corner(1)]);
    const right = triangle([[40, 0], [80, 0], [60, 34.64]], [corner(4), corner(0), corner(1)]);
    expect(meetingCorners([left, right])).toEqual([]);
    expect(boardCorners([left, right])[0]).toBe(left);
    const d = dominoFromParts({ kind: 'domino', polygon: [[0, 100], [60, 100], [60, 130], [0, 130]], halves: [[[0, 100], [30, 100], [30, 130], [0, 130]], [[30, 100], [60, 100], [60, 130], [30, 130]]], score: 0.9 }, [Array(13).fill(1 / 13), Array(13).fill(1 / 13)], 0);
    expect(boardCorners([...hexagon(), d])[6]).toBe(d);
  });

  it("reads a torn corner with its board where its outline lies a little off the neighbours' (0.3 of a side), but not a lone pair that far apart", () => {
    // The tile network traces outlines a few pixels off on a steep or messy board; the edges are found
    // as the board's walk finds them (board-lattice.ts boardEdges).
    const shift = (poly: Point[], d: Point): Point[] => poly.map(([x, y]): Point => [x + d[0], y + d[1]]);
    const board = hexagon((i) => (i === 0 ? between(2, 0.55, 4, 0.43) : corner(4)));
    const off = [triangle(shift(board[0].tile.polygon as Point[], [8, -8]), board[0].parts as number[][]), ...board.slice(1)]; // 11.3 px on sides of 40
    expect(boardCorners(off)[0].tile.values).toEqual([4, 0, 1]);
    // Two triangles alone, the one's edge 11.3 px off the other's: no third shares a close edge with either.
    const a = triangle([C, OUTER[0], OUTER[1]], [corner(4), corner(0), corner(1)]);
    const b = triangle(shift([OUTER[1], OUTER[0], [OUTER[0][0] + OUTER[1][0] - C[0], OUTER[0][1] + OUTER[1][1] - C[1]]], [8, 8]), [between(2, 0.5, 1, 0.45), corner(0), corner(0)]);
    expect(meetingCorners([a, b])).toEqual([]);
    expect(meetingCorners([a, triangle(shift(b.tile.polygon as Point[], [-8, -8]), b.parts as number[][])])).toHaveLength(2);
  });

  it('weighs a number by the odds the other corners give it, with room for a tile laid wrongly', () => {
    const odds = pointOdds([corner(3, 0.9), corner(3, 0.9)]);
    expect(odds.indexOf(Math.max(...odds))).toBe(3);
    const l = (p: number) => (1 - MISLAID) * p + MISLAID / 6;
    expect(odds[3] / odds[0]).toBeCloseTo((l(0.9) / l(0.02)) ** 2, 6);
    const w = cornerWeight([0, 0, 0, 1, 0, 0]);
    expect(w[3]).toBeCloseTo(1 - MISLAID + MISLAID / 6, 10);
    expect(w[0]).toBeCloseTo(MISLAID / 6, 10);
  });
});
