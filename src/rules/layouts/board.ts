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
import { formatTri, isClockwiseTri, type Tri } from '../tiles';
import type { Json } from '../types';

export const COORD_LIMIT = 10000;
const OFF = 10048; // a multiple of 64, so a key's low 6 bits of column and row are c & 63 and r & 63
const W = 32768;

export const cellKey = (c: number, r: number): number => (c + OFF) * W + (r + OFF);
export const keyCol = (k: number): number => (k >> 15) - OFF;
export const keyRow = (k: number): number => (k & (W - 1)) - OFF;
export const isUpKey = (k: number): boolean => (((k >> 15) + k) & 1) === 0;
export const formatCell = (k: number): string => `(${keyCol(k)}, ${keyRow(k)})`;

/** The three lattice points of cell (c, r), clockwise as `v` lists them (the header's corners). */
export function cellCorners(c: number, r: number): [number, number][] {
  return (c + r) % 2 === 0
    ? [
        [c, r],
        [c + 1, r + 1],
        [c - 1, r + 1],
      ]
    : [
        [c - 1, r],
        [c + 1, r],
        [c, r + 1],
      ];
}

/**
 * A connected board of at most 56 tiles spans fewer than 60 columns and rows, points and frontier
 * included, so a 64 x 64 grid indexed by (c mod 64, r mod 64) holds it without two cells meeting.
 */
const SPAN = 55;
const ROW = (k: number): number => k & 63;
const COL = (k: number): number => (k >> 15) & 63;
/** 64 rows of 64 entries; a placement copies only the rows it changes. */
type Grid = readonly (readonly number[])[];
const EMPTY_ROW: readonly number[] = new Array<number>(64).fill(0);
const EMPTY_GRID: Grid = new Array<readonly number[]>(64).fill(EMPTY_ROW);

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
  /** cell -> corner values as laid (packV) + 1, 0 = empty; by [r mod 64][c mod 64]. */
  readonly cells: Grid;
  /** lattice point -> number shown + 1, 0 = untouched. */
  readonly pts: Grid;
  /** cell keys in the order given or placed (for writing). */
  readonly order: number[];
  /** empty cells that share an edge with a placed tile. */
  readonly frontier: number[];
  /** the requirement pattern of each frontier cell (see patternAt), kept up to date by place. */
  readonly pats: number[];
}

export const emptyBoard = (): Board => ({ cells: EMPTY_GRID, pts: EMPTY_GRID, order: [], frontier: [], pats: [] });
export const boardSize = (b: Board): number => b.order.length;
/** Valid for cells next to the board (its own cells, the frontier, their corners). */
export const hasCell = (b: Board, k: number): boolean => b.cells[ROW(k)][COL(k)] !== 0;
export const laidAt = (b: Board, k: number): [number, number, number] => unpackV(b.cells[ROW(k)][COL(k)] - 1);
/** The number shown at lattice point p, -1 when no tile touches it. */
export const pointValue = (b: Board, p: number): number => b.pts[ROW(p)][COL(p)] - 1;
/** Whether cell k holds a tile: exact for any cell. */
export const isTaken = (b: Board, k: number): boolean => hasCell(b, k) && b.order.includes(k);
export const isFrontier = (b: Board, k: number): boolean => b.frontier.includes(k);

// ---- which rotations of a tile fit a cell ------------------------------------------------
// A cell's requirement is a pattern of three corner values (6 = free): r0 * 49 + r1 * 7 + r2.
// FIT[pattern * 216 + tile] has bit k set when rotation k of the tile fits; a triple has one.
// ANY_LO / ANY_HI[pattern]: the tiles (by index 0..55 in the order of allTris) that fit at all.

const FIT = new Uint8Array(343 * 216);
const ANY_LO = new Uint32Array(343);
const ANY_HI = new Uint32Array(343);
/** Tile by index 0..55 (the order of allTris), and index by tile. */
export const TILE_AT: Tri[] = [];
export const TILE_INDEX = new Int8Array(216).fill(-1);
for (let a = 0; a <= 5; a++)
  for (let b = a; b <= 5; b++)
    for (let c = b; c <= 5; c++) {
      const t = a * 36 + b * 6 + c;
      const i = TILE_AT.push(t) - 1;
      TILE_INDEX[t] = i;
      const rots = [
        [a, b, c],
        [b, c, a],
        [c, a, b],
      ];
      const n = a === c ? 1 : 3;
      for (let p = 0; p < 343; p++) {
        const req = [Math.floor(p / 49), Math.floor(p / 7) % 7, p % 7];
        let mask = 0;
        for (let k = 0; k < n; k++) if (req.every((x, j) => x === 6 || x === rots[k][j])) mask |= 1 << k;
        FIT[p * 216 + t] = mask;
        if (mask && i < 32) ANY_LO[p] |= 1 << i;
        else if (mask) ANY_HI[p] |= 1 << (i - 32);
      }
    }

export const fitMask = (pattern: number, tile: Tri): number => FIT[pattern * 216 + tile];
export const fitAnyLo = (pattern: number): number => ANY_LO[pattern];
export const fitAnyHi = (pattern: number): number => ANY_HI[pattern];

/** Rotation k of tile a-b-c: [a,b,c], [b,c,a], [c,a,b]. */
export function rotation(tile: Tri, k: number): [number, number, number] {
  const v = [Math.floor(tile / 36), Math.floor(tile / 6) % 6, tile % 6];
  return [v[k], v[(k + 1) % 3], v[(k + 2) % 3]];
}

/** The numbers a cell must show, from the corners already placed around it. */
export function patternAt(pts: Grid, k: number): number {
  const [p0, p1, p2] = cornersOf(k);
  const at = (p: number): number => pts[ROW(p)][COL(p)] || 7;
  return (at(p0) - 1) * 49 + (at(p1) - 1) * 7 + (at(p2) - 1);
}

export function edgeCount(b: Board, k: number): number {
  let n = 0;
  for (const e of edgeNeighbours(k)) if (hasCell(b, e)) n++;
  return n;
}

/** A tile (not k) touching lattice point p, for explanations. */
export function cellAtPoint(b: Board, p: number, except: number): number | null {
  for (const c of cellsAround(p)) if (c !== except && hasCell(b, c)) return c;
  return null;
}

/** Hexagons a tile at k would close: points of k whose other five cells are all taken. */
export function hexagonsClosed(b: Board, k: number): number {
  let n = 0;
  for (const p of cornersOf(k)) {
    let full = true;
    for (const c of cellsAround(p)) if (c !== k && !hasCell(b, c)) full = false;
    if (full) n++;
  }
  return n;
}

/** Bridge (rules.md §9): exactly one edge matched, and the point opposite it touches another tile. */
export function isBridge(b: Board, k: number): boolean {
  const ns = edgeNeighbours(k);
  const taken = ns.map((e) => hasCell(b, e));
  if (taken.filter(Boolean).length !== 1) return false;
  const i = taken.indexOf(true);
  return pointValue(b, cornersOf(k)[i]) >= 0;
}

/** A new board with v laid at cell k (the old board is left as it was). */
export function place(b: Board, k: number, v: readonly number[]): Board {
  const cells = setIn(b.cells, k, packV(v) + 1);
  let pts = b.pts;
  cornersOf(k).forEach((p, i) => (pts = setIn(pts, p, v[i] + 1)));
  const frontier: number[] = [];
  const pats: number[] = [];
  const col = k >> 15;
  const row = k & (W - 1);
  b.frontier.forEach((f, i) => {
    if (f === k) return;
    frontier.push(f);
    // Only cells sharing a corner with k (two columns and one row away at most) see new numbers.
    const near = Math.abs((f >> 15) - col) <= 2 && Math.abs((f & (W - 1)) - row) <= 1;
    pats.push(near ? patternAt(pts, f) : b.pats[i]);
  });
  for (const e of edgeNeighbours(k))
    if (cells[ROW(e)][COL(e)] === 0 && !frontier.includes(e)) {
      frontier.push(e);
      pats.push(patternAt(pts, e));
    }
  return { cells, pts, order: [...b.order, k], frontier, pats };
}

/** A grid with one entry changed: copies the row list and that row (once per grid and row). */
function setIn(g: Grid, k: number, value: number): Grid {
  const rows = g.slice();
  const row = g[ROW(k)].slice();
  row[COL(k)] = value;
  rows[ROW(k)] = row;
  return rows;
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
  const tiles = raw.map((e, i) => readEntry(e, i, ledger));
  const order = tiles.map((t) => t.k);
  checkSpan(order);
  const cells = EMPTY_GRID.slice() as number[][];
  const pts = EMPTY_GRID.slice() as number[][];
  const b: Board = { cells, pts, order, frontier: [], pats: [] };
  tiles.forEach(({ k, v }, i) => {
    if (hasCell(b, k)) fail('BAD_LAYOUT', `board[${i}]: cell ${formatCell(k)} holds two tiles`);
    cornersOf(k).forEach((p, j) => {
      const had = pointValue(b, p);
      if (had >= 0 && had !== v[j])
        fail('BAD_LAYOUT', `board[${i}]: the ${cornerName(k, j)} corner of ${formatCell(k)} shows ${v[j]}, but the tile at ${formatCell(cellAtPoint(b, p, k) ?? k)} shows ${had} there (${RULE}: touching corners carry the same number)`);
      setMut(pts, p, v[j] + 1);
    });
    setMut(cells, k, packV(v) + 1);
  });
  checkConnected(b);
  for (const k of order)
    for (const e of edgeNeighbours(k))
      if (!hasCell(b, e) && !b.frontier.includes(e)) {
        b.frontier.push(e);
        b.pats.push(patternAt(pts, e));
      }
  return b;
}

/** Sets one entry of a grid being built, giving a shared empty row its own copy first. */
function setMut(g: number[][], k: number, value: number): void {
  let row = g[ROW(k)];
  if (row === EMPTY_ROW) g[ROW(k)] = row = EMPTY_ROW.slice();
  row[COL(k)] = value;
}

function readEntry(e: unknown, i: number, ledger: Ledger): { k: number; v: [number, number, number] } {
  if (!isObject(e)) fail('BAD_LAYOUT', `board[${i}]: expected {"cell": [c, r], "v": [x, y, z]}, got ${JSON.stringify(e)}`);
  const k = readCell(e.cell, `board[${i}].cell`, 'BAD_LAYOUT');
  const v = readValues(e.v, `board[${i}].v`, 'BAD_LAYOUT');
  const t = sortedTri(v);
  if (!isClockwiseTri(v)) fail('BAD_LAYOUT', `board[${i}]: [${v.join(', ')}] is the mirror image of ${formatTri(t)}, and tiles cannot be turned over (${RULE}: numbers ascend clockwise)`);
  ledger.add(t, `the board at ${formatCell(k)}`);
  return { k, v };
}

/** The tile showing these numbers (a-b-c sorted, without allocating). */
export function sortedTri(v: readonly number[]): Tri {
  let [a, b, c] = v;
  if (a > b) [a, b] = [b, a];
  if (b > c) [b, c] = [c, b];
  if (a > b) [a, b] = [b, a];
  return a * 36 + b * 6 + c;
}

const NOT_JOINED = `(${RULE}: a placement shares a whole edge with a placed tile)`;

function checkSpan(keys: number[]): void {
  if (keys.length === 0) return;
  const cols = keys.map(keyCol);
  const rows = keys.map(keyRow);
  if (Math.max(...cols) - Math.min(...cols) > SPAN || Math.max(...rows) - Math.min(...rows) > SPAN)
    fail('BAD_LAYOUT', `board: the tiles lie too far apart to be joined edge to edge ${NOT_JOINED}`);
}

function checkConnected(b: Board): void {
  if (b.order.length === 0) return;
  const seen = new Set<number>([b.order[0]]);
  const todo = [b.order[0]];
  while (todo.length) {
    const k = todo.pop() as number;
    for (const e of edgeNeighbours(k))
      if (hasCell(b, e) && !seen.has(e)) {
        seen.add(e);
        todo.push(e);
      }
  }
  const lost = b.order.find((k) => !seen.has(k));
  if (lost !== undefined) fail('BAD_LAYOUT', `board: the tile at ${formatCell(lost)} is not joined edge to edge with the rest ${NOT_JOINED}`);
}

export const writeCell = (k: number): Json => [keyCol(k), keyRow(k)];

export function writeBoard(b: Board): Json {
  return b.order.map((k) => ({ cell: writeCell(k), v: laidAt(b, k) }));
}
