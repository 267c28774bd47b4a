/**
 * Before/after pairs for the move finder, built from a rendered scene's truth: take the tile of
 * one possible last move out of the picture and out of the position (back into the mover's
 * hand), and the move that puts it back is what the finder must find.
 *   line    an end tile                      {"tile": "1-5", "end": "R"}
 *   cross   the outer tile of an arm         {"tile": "1-3", "arm": "N"}
 *   trains  the last car of a train          {"action": "attach", "train": "T3", "tiles": ["9|3"]}
 *           a private train of one car       {"action": "start-private", "tiles": ["12|4"]}
 *   board   a tile whose removal keeps the board in one piece: {"cell": [1, 0], "v": [0, 1, 2]}
 * Only removals that leave a position the referee accepts are used.
 */
import { prepare } from '../../rules/referee';
import type { Json, JsonObject } from '../../rules/types';
import { cellCorners } from '../../rules/layouts/board';
import type { SceneTruthLike } from './truth-reading';

export interface MovePair {
  before: SceneTruthLike;
  /** The position before the move, as the session knows it (hands, to move). */
  confirmed: JsonObject;
  move: JsonObject;
}

const canon = (x: string): string =>
  x
    .split(/[|-]/)
    .map(Number)
    .sort((a, b) => a - b)
    .join('-');
const obj = (v: Json | undefined): JsonObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const strings = (v: Json | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

interface Removal {
  layout: JsonObject;
  tiles: string[];
  move: JsonObject;
  mover?: string;
}

function lineRemovals(p: JsonObject): Removal[] {
  const line = strings(p.line);
  if (line.length === 1) return [{ layout: { line: [] }, tiles: [canon(line[0])], move: { tile: canon(line[0]), end: null } }];
  return [
    { layout: { line: line.slice(1) }, tiles: [canon(line[0])], move: { tile: canon(line[0]), end: 'L' } },
    { layout: { line: line.slice(0, -1) }, tiles: [canon(line[line.length - 1])], move: { tile: canon(line[line.length - 1]), end: 'R' } },
  ];
}

function crossRemovals(p: JsonObject): Removal[] {
  const c = obj(p.cross);
  const arms = obj(c.arms);
  return ['N', 'E', 'S', 'W'].flatMap((name) => {
    const arm = strings(arms[name]);
    if (!arm.length) return [];
    const last = arm[arm.length - 1];
    return [{ layout: { cross: { ...c, arms: { ...arms, [name]: arm.slice(0, -1) } } }, tiles: [canon(last)], move: { tile: canon(last), arm: name } }];
  });
}

function trainRemovals(p: JsonObject): Removal[] {
  const trains = obj(p.trains);
  return Object.entries(trains).flatMap(([name, raw]): Removal[] => {
    const t = obj(raw);
    const cars = strings(t.cars);
    const owner = typeof t.owner === 'string' ? t.owner : undefined;
    const last = cars[cars.length - 1];
    if (cars.length >= 2) return [{ layout: { trains: { ...trains, [name]: { ...t, cars: cars.slice(0, -1) } } }, tiles: [canon(last)], move: { action: 'attach', train: name, tiles: [last] }, mover: owner }];
    if (owner === undefined) return [];
    const rest = { ...trains };
    delete rest[name];
    return [{ layout: { trains: rest }, tiles: [canon(last)], move: { action: 'start-private', tiles: [last] }, mover: owner }];
  });
}

/** Cells whose removal leaves the rest of the board sharing edges in one piece. */
function boardRemovals(p: JsonObject): Removal[] {
  const board = (Array.isArray(p.board) ? p.board : []).map(obj);
  const edgeKey = (a: number[], b: number[]): string => [a.join(','), b.join(',')].sort().join('/');
  const edgesOf = (x: JsonObject): string[] => {
    const c = x.cell as number[];
    const pts = cellCorners(c[0], c[1]);
    return [edgeKey(pts[0], pts[1]), edgeKey(pts[1], pts[2]), edgeKey(pts[2], pts[0])];
  };
  const connected = (cells: JsonObject[]): boolean => {
    if (cells.length <= 1) return true;
    const seen = new Set([0]);
    const stack = [0];
    while (stack.length) {
      const i = stack.pop() as number;
      const mine = new Set(edgesOf(cells[i]));
      cells.forEach((x, j) => {
        if (!seen.has(j) && edgesOf(x).some((e) => mine.has(e))) {
          seen.add(j);
          stack.push(j);
        }
      });
    }
    return seen.size === cells.length;
  };
  return board.flatMap((x, i): Removal[] => {
    const rest = board.filter((_, j) => j !== i);
    if (!rest.length || !connected(rest)) return [];
    return [{ layout: { board: rest }, tiles: [(x.v as number[]).slice().sort((a, b) => a - b).join('-')], move: { cell: x.cell, v: x.v } }];
  });
}

function removals(p: JsonObject): Removal[] {
  if (p.line !== undefined) return lineRemovals(p);
  if (p.cross !== undefined) return crossRemovals(p);
  if (p.trains !== undefined) return trainRemovals(p);
  if (p.board !== undefined) return boardRemovals(p);
  return [];
}

/** The position before the move: the tile back in the mover's hand, the mover to move. */
function positionBefore(truth: SceneTruthLike, r: Removal): JsonObject {
  const p = truth.position as JsonObject;
  const seats = truth.seats ?? 2;
  const toMove = typeof p.to_move === 'string' ? Number(p.to_move.slice(1)) : 0;
  const mover = r.mover ?? `P${(toMove + seats - 1) % seats}`;
  const hands = { ...obj(p.hands) };
  const h = hands[mover];
  hands[mover] = typeof h === 'number' ? h + r.tiles.length : [...strings(h), ...r.tiles];
  const out: JsonObject = { ...p, ...r.layout, hands, to_move: mover, drawn: 0 };
  delete out.went_out;
  delete out.blocked;
  return out;
}

function readable(truth: SceneTruthLike, position: JsonObject): boolean {
  try {
    const { game, table } = prepare({ game: truth.game ?? '', set: truth.set, seats: truth.seats ?? 2, ruleset: truth.ruleset ?? null, position, ask: 'opening' });
    game.readPosition(table, position);
    return true;
  } catch {
    return false;
  }
}

/** Every usable before/after pair of a scene whose whole layout is in the picture. */
export function movePairs(truth: SceneTruthLike): MovePair[] {
  if (!truth.position || !truth.game) return [];
  const key = (kind: string, v: readonly number[]): string => kind[0] + [...v].sort((a, b) => a - b).join('-');
  const kind = truth.set === 'triomino' ? 'triomino' : 'domino';
  return removals(truth.position).flatMap((r) => {
    const gone = new Set(r.tiles.map((t) => key(kind, t.split('-').map(Number))));
    const tiles = truth.tiles.filter((t) => !gone.has(key(t.kind, t.values)));
    if (tiles.length !== truth.tiles.length - r.tiles.length) return [];
    const confirmed = positionBefore(truth, r);
    if (!readable(truth, confirmed)) return [];
    return [{ before: { ...truth, tiles, position: confirmed }, confirmed, move: r.move }];
  });
}
