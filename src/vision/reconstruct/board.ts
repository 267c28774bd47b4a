/**
 * The triangular board (rules.md §9) on the referee's lattice. Triangles share an edge when two
 * corners of one lie on two corners of the other (board-lattice.ts); the largest group sharing
 * edges is the board. One tile is
 * put on the lattice, turned so the lattice's rows run across the picture, and every other tile
 * follows by the rhombus rule of lattice.ts — no scale or angle is measured, so perspective does
 * not matter. Corner values are read clockwise, [apex, base-right, base-left] for an up cell and
 * [top-left, top-right, bottom] for a down cell; the corners meeting at a lattice point must agree.
 */
import type { Json, JsonObject } from '../../rules/types';
import type { Point } from '../types';
import { components } from './contacts';
import { previousPart, type Context, type LayoutResult } from './context';
import { centroid, dist, screenAngle } from './geometry';
import { sharedEdges, walkBoard } from '../board-lattice';
import { bestAlignment, cellOf, moveBoard, type BoardCell, type LPoint } from './lattice';

/** Lattice points of the seed tile's corners: the choice (of 6) whose lattice "down" is nearest the picture's. */
function seedPoints(poly: readonly Point[]): LPoint[] {
  const options: LPoint[][] = [];
  for (let r = 0; r < 3; r++) {
    const up: LPoint[] = [[0, 0], [1, 1], [-1, 1]];
    const down: LPoint[] = [[0, 0], [2, 0], [1, 1]];
    for (const roles of [up, down]) {
      const pts: LPoint[] = [[0, 0], [0, 0], [0, 0]];
      for (let k = 0; k < 3; k++) pts[(r + k) % 3] = roles[k];
      options.push(pts);
    }
  }
  const downness = (pts: LPoint[]): number => {
    // Image direction of lattice +y: from the mean of the upper corners to the mean of the lower ones.
    const lo = Math.min(...pts.map((p) => p[1]));
    const top = centroid(poly.filter((_, i) => pts[i][1] === lo));
    const bottom = centroid(poly.filter((_, i) => pts[i][1] !== lo));
    return Math.abs(((screenAngle([bottom[0] - top[0], bottom[1] - top[1]]) - 90 + 540) % 360) - 180);
  };
  return options.reduce((a, b) => (downness(b) < downness(a) ? b : a));
}

/** Checks: at each lattice point every corner lying there shows the same number. */
function addCornerChecks(ctx: Context, at: Map<number, LPoint[]>): void {
  const byPoint = new Map<string, [number, number][]>();
  for (const [t, pts] of at) pts.forEach((p, k) => byPoint.set(`${p[0]},${p[1]}`, [...(byPoint.get(`${p[0]},${p[1]}`) ?? []), [t, k]]));
  for (const [name, corners] of byPoint) {
    if (corners.length < 2) continue;
    ctx.checks.add({
      code: 'CORNER_MISMATCH',
      tiles: corners.map(([t]) => t),
      holds: (v) => corners.every(([t, k]) => v(t)[k] === v(corners[0][0])[corners[0][1]]),
      message: (v) => `corners meeting at lattice point (${name}) show ${corners.map(([t, k]) => v(t)[k]).join(', ')} (${ctx.rule})`,
    });
  }
}

/** The previous board, when there is one, to keep its (0, 0) and turn. */
function previousBoard(ctx: Context): BoardCell[] {
  const prev = previousPart(ctx.setup, 'board');
  if (!Array.isArray(prev)) return [];
  return prev.filter((x): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x)).map((x) => ({ cell: x.cell as [number, number], v: x.v as number[] }));
}

export function boardLayout(ctx: Context): LayoutResult {
  const ids = ctx.own;
  const edges = sharedEdges(new Map(ids.map((t) => [t, ctx.pieces[t]])), ids);
  const group = components(ids, (t) => [...(edges.get(t)?.keys() ?? [])])[0];
  if (!group) return { key: 'board', value: [], tiles: [], rejected: [], unknowns: [] };
  const mid = centroid(group.map((t) => ctx.pieces[t].centre));
  const seed = group.reduce((a, b) => (dist(ctx.pieces[b].centre, mid) < dist(ctx.pieces[a].centre, mid) ? b : a));
  const at = walkBoard(edges, group, seed, seedPoints(ctx.pieces[seed].poly));
  addCornerChecks(ctx, at);
  const tiles: number[] = [];
  let board: BoardCell[] = [];
  const rejected: number[] = [];
  for (const t of group) {
    const c = cellOf(at.get(t) as LPoint[]);
    if (!c) {
      rejected.push(t); // corners that bound no cell: the walk met a contradiction
      continue;
    }
    tiles.push(t);
    board.push({ cell: c.cell, v: c.order.map((k) => ctx.pieces[t].values[k]) });
  }
  const prev = previousBoard(ctx);
  if (prev.length) {
    const a = bestAlignment(board, prev);
    board = moveBoard(board, a.sixths, a.by);
  }
  for (const t of rejected)
    ctx.checks.add({ code: 'OFF_LATTICE', tiles: [t], holds: () => false, message: () => `tile ${t} shares edges with the board but does not sit on its lattice` });
  return { key: 'board', value: board.map((b) => ({ cell: b.cell, v: b.v })) as unknown as Json, tiles, rejected, unknowns: [] };
}
