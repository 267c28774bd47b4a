/**
 * The referee's triangular lattice (spec/referee.md): lattice point (x, y) with x + y even; up
 * cell (c, r) has corners (c, r), (c+1, r+1), (c-1, r+1) [apex, base-right, base-left]; down cell
 * (c, r) has (c-1, r), (c+1, r), (c, r+1) [top-left, top-right, bottom]. Two cells sharing the
 * edge AB with third corners C and D form a rhombus, so D = A + B - C: a board is walked from
 * one tile to the next by lattice arithmetic alone, whatever the picture's scale and angle.
 *
 * The same board can be written at any of the lattice's 6 turns and any shift; `canonicalBoard`
 * names it independently of both (for comparing a reading with the truth, and a frame with the last).
 */
import { cellCorners } from '../../rules/layouts/board';

import type { LPoint } from '../board-lattice';

export type { LPoint };

export interface BoardCell {
  cell: [number, number];
  v: number[];
}

/** The cell three lattice points bound, and the order (indices into pts) of its corners clockwise. */
export function cellOf(pts: readonly LPoint[]): { cell: [number, number]; order: number[] } | null {
  const ys = pts.map((p) => p[1]);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  if (hi - lo !== 1) return null;
  const top = [0, 1, 2].filter((i) => pts[i][1] === lo);
  const bottom = [0, 1, 2].filter((i) => pts[i][1] === hi);
  if (top.length === 1 && bottom.length === 2) {
    const [a, b] = bottom;
    const apex = top[0];
    const right = pts[a][0] > pts[b][0] ? a : b;
    const left = right === a ? b : a;
    if (pts[right][0] !== pts[apex][0] + 1 || pts[left][0] !== pts[apex][0] - 1) return null;
    return { cell: [pts[apex][0], pts[apex][1]], order: [apex, right, left] };
  }
  if (top.length === 2 && bottom.length === 1) {
    const [a, b] = top;
    const bot = bottom[0];
    const right = pts[a][0] > pts[b][0] ? a : b;
    const left = right === a ? b : a;
    if (pts[right][0] !== pts[bot][0] + 1 || pts[left][0] !== pts[bot][0] - 1) return null;
    return { cell: [pts[bot][0], pts[bot][1] - 1], order: [left, right, bot] };
  }
  return null;
}

/** A sixth of a turn clockwise (on screen, y down) about the origin: (2, 0) -> (1, 1) -> (-1, 1). */
export const turn60 = (p: LPoint): LPoint => [(p[0] - 3 * p[1]) / 2, (p[0] + p[1]) / 2];

export function turnPoint(p: LPoint, sixths: number): LPoint {
  let q = p;
  for (let k = 0; k < ((sixths % 6) + 6) % 6; k++) q = turn60(q);
  return q;
}

/** A board turned `sixths` sixths and shifted by `by` (a lattice vector: by[0] + by[1] even). */
export function moveBoard(board: readonly BoardCell[], sixths: number, by: LPoint): BoardCell[] {
  return board.map((b) => {
    const pts = cellCorners(b.cell[0], b.cell[1]).map((p) => {
      const q = turnPoint(p, sixths);
      return [q[0] + by[0], q[1] + by[1]] as LPoint;
    });
    const c = cellOf(pts) as { cell: [number, number]; order: number[] };
    return { cell: c.cell, v: c.order.map((i) => b.v[i]) };
  });
}

const key = (b: readonly BoardCell[]): string =>
  b
    .map((x) => `${x.cell[0]},${x.cell[1]}:${x.v.join('')}`)
    .sort()
    .join(' ');

/** The board written at its smallest turn and shift: equal for any two writings of the same tiles. */
export function canonicalBoard(board: readonly BoardCell[]): string {
  let best: string | null = null;
  for (let k = 0; k < 6; k++) {
    const turned = moveBoard(board, k, [0, 0]);
    // Shift the smallest corner point (by row, then column) to the origin.
    const pts = turned.flatMap((b) => cellCorners(b.cell[0], b.cell[1]));
    const m = pts.reduce((a, p) => (p[1] < a[1] || (p[1] === a[1] && p[0] < a[0]) ? p : a));
    const s = key(moveBoard(turned, 0, [-m[0], -m[1]]));
    if (best === null || s < best) best = s;
  }
  return best as string;
}

/**
 * The turn and shift that lay `from` onto `onto` with the most cells agreeing (same cell, same
 * corner values): how a new frame's board is written in the last position's frame.
 */
export function bestAlignment(from: readonly BoardCell[], onto: readonly BoardCell[]): { sixths: number; by: LPoint; agree: number } {
  const want = new Set(onto.map((b) => `${b.cell[0]},${b.cell[1]}:${b.v.join('')}`));
  let best = { sixths: 0, by: [0, 0] as LPoint, agree: -1 };
  for (let k = 0; k < 6; k++) {
    const turned = moveBoard(from, k, [0, 0]);
    for (const a of turned)
      for (const b of onto) {
        if (a.v.join('') !== b.v.join('')) continue; // only a tile laid onto itself can anchor the shift
        const by: LPoint = [b.cell[0] - a.cell[0], b.cell[1] - a.cell[1]];
        if ((by[0] + by[1]) % 2 !== 0) continue;
        const moved = moveBoard(turned, 0, by);
        const agree = moved.filter((m) => want.has(`${m.cell[0]},${m.cell[1]}:${m.v.join('')}`)).length;
        if (agree > best.agree) best = { sixths: k, by, agree };
      }
  }
  return best;
}
