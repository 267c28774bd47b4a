/**
 * The triangular lattice of triomino (spec/referee.md, rules.md §9). Cell `(c, r)` points up iff
 * `c + r` is even. Corners are listed clockwise: an up cell `[apex, base-right, base-left]`, a down
 * cell `[top-left, top-right, bottom]`. Lattice point `(x, y)` (x + y even) is the apex of up cell
 * `(x, y)`; up cell (c, r) has its base corners at (c+1, r+1) and (c-1, r+1); down cell (c, r) has
 * its corners at (c-1, r), (c+1, r) and (c, r+1).
 *
 * Cells and points are small integer keys `(x + OFF) * W + (y + OFF)`, so every neighbour is a
 * fixed offset of a key. Corner values agree at every point, so one map point -> value checks both
 * edge and point contacts.
 */
import { fail } from '../errors';
import { isObject, type Ledger } from '../position';
import { formatTri, isClockwiseTri, tri, type Tri } from '../tiles';
import type { Json } from '../types';

export const COORD_LIMIT = 10000;
const OFF = 10002;
const W = 32768;

export const cellKey = (c: number, r: number): number => (c + OFF) * W + (r + OFF);
export const keyCol = (k: number): number => Math.floor(k / W) - OFF;
export const keyRow = (k: number): number => (k % W) - OFF;
export const isUpKey = (k: number): boolean => ((keyCol(k) + keyRow(k)) & 1) === 0;
export const formatCell = (k: number): string => `(${keyCol(k)}, ${keyRow(k)})`;

/** The three lattice points of a cell, clockwise (the order of `v`). */
export function cornersOf(k: number): [number, number, number] {
  return isUpKey(k) ? [k, k + W + 1, k - W + 1] : [k - W, k + W, k + 1];
}

/** Edge neighbours, neighbour i lying opposite corner i (it shares the other two corners). */
export function edgeNeighbours(k: number): [number, number, number] {
  return isUpKey(k) ? [k + 1, k - W, k + W] : [k + W, k - W, k - 1];
}

/** The six cells around lattice point p: (x-1,y-1) (x,y-1) (x+1,y-1) (x-1,y) (x,y) (x+1,y). */
export function cellsAround(p: number): number[] {
  return [p - W - 1, p - 1, p + W - 1, p - W, p, p + W];
}

export const CORNER_NAMES_UP = ['apex', 'base-right', 'base-left'];
export const CORNER_NAMES_DOWN = ['top-left', 'top-right', 'bottom'];
export const cornerName = (k: number, i: number): string => (isUpKey(k) ? CORNER_NAMES_UP : CORNER_NAMES_DOWN)[i];

/** Corner values as laid, packed v0 * 36 + v1 * 6 + v2. */
export const packV = (v: readonly number[]): number => v[0] * 36 + v[1] * 6 + v[2];
export const unpackV = (p: number): [number, number, number] => [Math.floor(p / 36), Math.floor(p / 6) % 6, p % 6];

export interface Board {
  /** cell key -> corner values as laid (packed). */
  readonly cells: Map<number, number>;
  /** lattice point key -> the number shown there. */
  readonly points: Map<number, number>;
  /** cell keys in the order given or placed (for writing). */
  readonly order: number[];
  /** empty cells that share an edge with a placed tile. */
  readonly frontier: number[];
}

export const emptyBoard = (): Board => ({ cells: new Map(), points: new Map(), order: [], frontier: [] });

// ---- which rotations of a tile fit a cell ------------------------------------------------
// A cell's requirement is a pattern of three corner values (6 = free): r0 * 49 + r1 * 7 + r2.
// FIT[pattern * 216 + tile] has bit k set when rotation k of the tile fits; a triple has one.

const FIT = new Uint8Array(343 * 216);
for (let a = 0; a <= 5; a++)
  for (let b = a; b <= 5; b++)
    for (let c = b; c <= 5; c++) {
      const rots = [
        [a, b, c],
        [b, c, a],
        [c, a, b],
      ];
      const n = a === c ? 1 : 3;
      for (let p = 0; p < 343; p++) {
        const req = [Math.floor(p / 49), Math.floor(p / 7) % 7, p % 7];
        let mask = 0;
        for (let k = 0; k < n; k++) if (req.every((x, i) => x === 6 || x === rots[k][i])) mask |= 1 << k;
        FIT[p * 216 + a * 36 + b * 6 + c] = mask;
      }
    }

export const fitMask = (pattern: number, tile: Tri): number => FIT[pattern * 216 + tile];

/** Rotation k of tile a-b-c: [a,b,c], [b,c,a], [c,a,b]. */
export function rotation(tile: Tri, k: number): [number, number, number] {
  const v = [Math.floor(tile / 36), Math.floor(tile / 6) % 6, tile % 6];
  return [v[k], v[(k + 1) % 3], v[(k + 2) % 3]];
}

/** The numbers a cell must show, from the corners already placed around it. */
export function patternAt(b: Board, k: number): number {
  const [p0, p1, p2] = cornersOf(k);
  return (b.points.get(p0) ?? 6) * 49 + (b.points.get(p1) ?? 6) * 7 + (b.points.get(p2) ?? 6);
}

export function edgeCount(b: Board, k: number): number {
  let n = 0;
  for (const e of edgeNeighbours(k)) if (b.cells.has(e)) n++;
  return n;
}

/** A tile (not k) touching lattice point p, for explanations. */
export function cellAtPoint(b: Board, p: number, except: number): number | null {
  for (const c of cellsAround(p)) if (c !== except && b.cells.has(c)) return c;
  return null;
}

/** Hexagons a tile at k would close: points of k whose other five cells are all taken. */
export function hexagonsClosed(b: Board, k: number): number {
  let n = 0;
  for (const p of cornersOf(k)) {
    let full = true;
    for (const c of cellsAround(p)) if (c !== k && !b.cells.has(c)) full = false;
    if (full) n++;
  }
  return n;
}

/** Bridge (rules.md §9): exactly one edge matched, and the point opposite it touches another tile. */
export function isBridge(b: Board, k: number): boolean {
  const ns = edgeNeighbours(k);
  const taken = ns.map((e) => b.cells.has(e));
  if (taken.filter(Boolean).length !== 1) return false;
  const i = taken.indexOf(true);
  return b.points.has(cornersOf(k)[i]);
}

/** A new board with v laid at cell k (the old board is left as it was). */
export function place(b: Board, k: number, v: readonly number[]): Board {
  const cells = new Map(b.cells).set(k, packV(v));
  const points = new Map(b.points);
  cornersOf(k).forEach((p, i) => points.set(p, v[i]));
  const frontier = b.frontier.filter((f) => f !== k);
  for (const e of edgeNeighbours(k)) if (!cells.has(e) && !frontier.includes(e)) frontier.push(e);
  return { cells, points, order: [...b.order, k], frontier };
}

// ---- reading and writing -----------------------------------------------------------------

export function readCoords(raw: unknown, n: number, what: string, code: 'BAD_LAYOUT' | 'BAD_MOVE'): number[] {
  if (!Array.isArray(raw) || raw.length !== n || !raw.every((x) => typeof x === 'number' && Number.isInteger(x)))
    fail(code, `${what}: expected ${n} whole numbers, got ${JSON.stringify(raw ?? null)}`);
  return raw as number[];
}

export function readCell(raw: unknown, what: string, code: 'BAD_LAYOUT' | 'BAD_MOVE'): number {
  const [c, r] = readCoords(raw, 2, what, code);
  if (Math.abs(c) > COORD_LIMIT || Math.abs(r) > COORD_LIMIT) fail(code, `${what}: [${c}, ${r}] is off the table (coordinates run from -${COORD_LIMIT} to ${COORD_LIMIT})`);
  return cellKey(c, r);
}

export function readValues(raw: unknown, what: string, code: 'BAD_LAYOUT' | 'BAD_MOVE'): [number, number, number] {
  const v = readCoords(raw, 3, what, code);
  if (v.some((x) => x < 0 || x > 5)) fail('BAD_TILE', `${what}: [${v.join(', ')}] is not a tile: triangular tiles carry 0 to 5`);
  return v as [number, number, number];
}

const RULE = 'rules.md §9';

/** Reads `[{"cell": [c, r], "v": [x, y, z]}, ...]` and checks it obeys §9. */
export function readBoard(raw: Json | undefined, ledger: Ledger): Board {
  if (raw === undefined || raw === null) return emptyBoard();
  if (!Array.isArray(raw)) fail('BAD_LAYOUT', `board: expected a list like [{"cell": [0, 0], "v": [0, 1, 2]}], got ${JSON.stringify(raw)}`);
  const cells = new Map<number, number>();
  const points = new Map<number, number>();
  const order: number[] = [];
  raw.forEach((e, i) => {
    const what = `board[${i}]`;
    if (!isObject(e)) fail('BAD_LAYOUT', `${what}: expected {"cell": [c, r], "v": [x, y, z]}, got ${JSON.stringify(e)}`);
    const k = readCell(e.cell, `${what}.cell`, 'BAD_LAYOUT');
    const v = readValues(e.v, `${what}.v`, 'BAD_LAYOUT');
    if (!isClockwiseTri(v)) fail('BAD_LAYOUT', `${what}: [${v.join(', ')}] is the mirror image of ${formatTri(tri(v[0], v[1], v[2]))}, and tiles cannot be turned over (${RULE}: numbers ascend clockwise)`);
    if (cells.has(k)) fail('BAD_LAYOUT', `${what}: cell ${formatCell(k)} holds two tiles`);
    ledger.add(tri(v[0], v[1], v[2]), `the board at ${formatCell(k)}`);
    cornersOf(k).forEach((p, j) => {
      const had = points.get(p);
      if (had !== undefined && had !== v[j]) {
        const other = cellAtPoint({ cells, points, order, frontier: [] }, p, k);
        fail('BAD_LAYOUT', `${what}: the ${cornerName(k, j)} corner of ${formatCell(k)} shows ${v[j]}, but the tile at ${formatCell(other ?? k)} shows ${had} there (${RULE}: touching corners carry the same number)`);
      }
      points.set(p, v[j]);
    });
    cells.set(k, packV(v));
    order.push(k);
  });
  checkConnected(cells, order);
  const frontier: number[] = [];
  for (const k of order) for (const e of edgeNeighbours(k)) if (!cells.has(e) && !frontier.includes(e)) frontier.push(e);
  return { cells, points, order, frontier };
}

function checkConnected(cells: Map<number, number>, order: number[]): void {
  if (order.length === 0) return;
  const seen = new Set<number>([order[0]]);
  const todo = [order[0]];
  while (todo.length) {
    const k = todo.pop() as number;
    for (const e of edgeNeighbours(k))
      if (cells.has(e) && !seen.has(e)) {
        seen.add(e);
        todo.push(e);
      }
  }
  const lost = order.find((k) => !seen.has(k));
  if (lost !== undefined) fail('BAD_LAYOUT', `board: the tile at ${formatCell(lost)} is not joined edge to edge with the rest (${RULE}: a placement shares a whole edge with a placed tile)`);
}

export const writeCell = (k: number): Json => [keyCol(k), keyRow(k)];

export function writeBoard(b: Board): Json {
  return b.order.map((k) => ({ cell: writeCell(k), v: unpackV(b.cells.get(k) as number) }));
}
