/**
 * The `triomino` family: a legal tessellation (rules.md §9) from random legal play, with the
 * players' hands laid open along the table edges.
 *
 * Lattice -> table (spec/referee.md): lattice point (x, y) lies at
 *     (x · L/2, −y · L·√3/2)      L = TRIOMINO_SIDE_MM + a gap of 0.1-0.6 mm
 * so rows grow toward the viewer (−y) as they grow downward in referee.md, and an up cell's apex
 * points away from the viewer (+y). The whole board is then turned by a random angle φ (half the
 * boards) about the origin.
 * Cell -> PlacedTile: the centroid of its three corners; `values` = the cell's `v` as listed
 * (clockwise seen from above, corner 0 first); `angle` = φ for an up cell (corner 0 = apex at
 * +y), φ + 60° for a down cell (corner 0 = top-left, 60° counter-clockwise from +y; its corner
 * 1 = top-right and corner 2 = bottom follow clockwise), so each rendered corner sits exactly on
 * its lattice point.
 */
import { cellsAround, cornersOf, edgeCount, hasCell, hexagonsClosed, type Board } from '../../rules/layouts/board';
import type { TriMove } from '../../rules/games/triomino-moves';
import type { TriState } from '../../rules/games/triomino-rules';
import { shuffle, type Rng } from '../../rules/random';
import { TRIOMINO_SIDE_MM, type PlacedTile } from '../types';
import { handFaces, layOpenHands } from './open-hands';
import { playOut, tableOf, writePosition } from './play';
import { TileList, type LayoutResult } from './result';
import { between, pick } from './tile-specs';
import { cellCorners } from '../../rules/layouts/board';

export interface TriominoOptions {
  tileCount?: number;
  /** Lay the hands open along the edges (default true). */
  openHands?: boolean;
}

type Cell = { cell: [number, number]; v: number[] };


/** The table point (mm) of lattice point (x, y) for lattice side `pitch`, turned by `phi`. */
export function latticeToTable(x: number, y: number, pitch: number, phi: number): [number, number] {
  const px = (x * pitch) / 2;
  const py = (-y * pitch * Math.sqrt(3)) / 2;
  return [px * Math.cos(phi) - py * Math.sin(phi), px * Math.sin(phi) + py * Math.cos(phi)];
}

/** The tile lying on board cell (c, r) showing v (see the header for the convention). */
export function cellTile(c: number, r: number, v: readonly number[], pitch: number, phi: number): PlacedTile {
  const pts = cellCorners(c, r).map(([x, y]) => latticeToTable(x, y, pitch, phi));
  const up = (c + r) % 2 === 0;
  return {
    kind: 'triomino',
    values: v.slice(),
    x: (pts[0][0] + pts[1][0] + pts[2][0]) / 3,
    y: (pts[0][1] + pts[1][1] + pts[2][1]) / 3,
    angle: phi + (up ? 0 : Math.PI / 3),
  };
}

/** Tiles already around the cell's three corners, the most crowded corner counted twice: filling a
 * nearly full point is how a hexagon gets closed. */
function crowding(b: Board, cell: number): number {
  let sum = 0;
  let most = 0;
  for (const p of cornersOf(cell)) {
    let n = 0;
    for (const c of cellsAround(p)) if (hasCell(b, c)) n++;
    sum += n;
    most = Math.max(most, n);
  }
  return sum + 2 * most + edgeCount(b, cell);
}

/**
 * Placements before draws; in "hexagon" mode most turns take the placement that closes the
 * most hexagons, else the one nearest to closing one (a compact board), and a player draws
 * rather than play elsewhere while a hexagon waits for its last tile.
 */
function triOrder(moves: TriMove[], s: TriState, rng: Rng, hexMode: boolean): TriMove[] {
  const plays = shuffle(moves.filter((m) => m.action === 'play'), rng);
  const rest = moves.filter((m) => m.action !== 'play');
  if (hexMode && s.board.order.length > 0 && rng.next() < 0.95) {
    const score = (m: TriMove): number => (m.action === 'play' ? hexagonsClosed(s.board, m.cell) * 100 + crowding(s.board, m.cell) : 0);
    const scored = plays.map((m) => ({ m, s: score(m) }));
    scored.sort((a, b) => b.s - a.s); // stable: ties keep the shuffled order
    // A hexagon waits for one tile nobody in hand fits: draw for it (legal: "will not play: draw").
    const waiting = s.board.frontier.some((cell) => hexagonsClosed(s.board, cell) > 0);
    const draw = rest.find((m) => m.action === 'draw');
    // Only from a short hand: hands swollen by draws do not look like a game (8: 28% of boards
    // close a hexagon, 2-4 hands hold 17 tiles in all on average; 7 and one draw a turn: 21%, 13).
    const small = s.hands[s.toMove].tiles.length <= 8;
    if (draw && waiting && small && (scored.length === 0 || scored[0].s < 100)) return [draw, ...scored.map((x) => x.m)];
    return [...scored.map((x) => x.m), ...rest];
  }
  return [...plays, ...rest];
}

export function triominoLayout(rng: Rng, o: TriominoOptions = {}): LayoutResult {
  const seats = pick(rng, [2, 3, 4], [5, 3, 2]);
  const target = o.tileCount ?? between(rng, 8, 26);
  const hexMode = rng.next() < 0.7;
  const pt = tableOf('triomino', 'triomino', seats);
  const s = playOut<TriState, TriMove>(pt, rng, {
    done: (st) => st.board.order.length >= target,
    tryMove: () => true, // the lattice has room for every legal placement
    order: (moves, st, r) => triOrder(moves, st, r, hexMode),
  });
  const position = writePosition(pt, s);
  const pitch = TRIOMINO_SIDE_MM + 0.1 + 0.5 * rng.next();
  const phi = rng.next() < 0.5 ? 0 : rng.next() * 2 * Math.PI;
  const list = new TileList();
  for (const { cell, v } of position.board as Cell[]) list.add(cellTile(cell[0], cell[1], v, pitch, phi), { role: 'laid' });
  if (o.openHands ?? true) layOpenHands(handFaces(position.hands, rng), seats, list, rng);
  return {
    family: 'triomino',
    set: 'triomino',
    tiles: list.tiles,
    roles: list.roles,
    game: 'triomino',
    seats,
    position,
    chains: [],
    extentMm: { minX: 0, maxX: 0, minY: 0, maxY: 0 },
  };
}
