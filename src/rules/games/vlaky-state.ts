/**
 * Dominové vlaky (rules.md §7): the position and the moves as data, read from and written to the
 * JSON of spec/referee.md.
 */
import { fail } from '../errors';
import type { Table } from '../game';
import { doublesOnTable, readTrains, trainName, writeTrains, type Train } from '../layouts/trains';
import {
  isObject,
  Ledger,
  optionalBool,
  optionalCount,
  optionalSeat,
  readHands,
  readScores,
  readStock,
  scoreKeys,
  writeHands,
  writeScores,
  writeStock,
  type Hand,
  type Stock,
} from '../position';
import { canonical, domino, formatDomino, formatLaid, parseDomino, parseLaid, setSize, type Laid } from '../tiles';
import type { Json, JsonObject } from '../types';

export interface VlakyRules {
  handSize: number;
  target: number;
}

export interface VlakyState {
  trains: readonly Train[];
  hands: readonly Hand[];
  stock: Stock;
  /** Seat to move, or -1 when the position does not say (asks that need it fail then). */
  toMove: number;
  drawn: number;
  scores: readonly number[];
  /** Bit d set: the double d-d lies on the table. */
  doubles: number;
  round: number | null;
  wentOut: number | null;
  blocked: boolean | null;
}

export type VlakyMove =
  | { action: 'attach'; train: number; tiles: Laid[] }
  | { action: 'start-central'; tiles: Laid[] }
  | { action: 'start-private'; tiles: Laid[] }
  | { action: 'matchstick'; train: number }
  | { action: 'draw' }
  | { action: 'pass' };

export function readVlakyState(t: Table<VlakyRules>, pos: JsonObject): VlakyState {
  const ledger = new Ledger(formatDomino, setSize(t.set));
  const trains = readTrains(pos.trains, t.seats, t.maxPip, ledger);
  const hands = readHands(pos, t.seats, (v, what) => parseDomino(v, t.maxPip, what), ledger);
  const stock = readStock(pos, (v, what) => parseDomino(v, t.maxPip, what), ledger);
  const hidden = hands.reduce((n, h) => n + h.unknown, 0) + (stock.tiles ? 0 : stock.count);
  ledger.checkTotal(hidden, t.set);
  const drawn = optionalCount(pos, 'drawn', 0);
  if (drawn > 1) fail('BAD_POSITION', `drawn: ${drawn}, but a player draws one tile a turn (rules.md §7 (e))`);
  let toMove = optionalSeat(pos, 'to_move', t.seats);
  if (toMove === null && trains.length === 0) {
    // The opening: the holder of 12-12; while nobody holds it, P0 draws first.
    const twelve = domino(t.maxPip, t.maxPip);
    toMove = Math.max(0, hands.findIndex((h) => h.tiles.includes(twelve)));
  }
  const round = pos.round === undefined || pos.round === null ? null : optionalCount(pos, 'round', 1, 1);
  return {
    trains,
    hands,
    stock,
    toMove: toMove ?? -1,
    drawn,
    scores: readScores(pos, scoreKeys(t.seats, null)),
    doubles: doublesOnTable(trains),
    round,
    wentOut: optionalSeat(pos, 'went_out', t.seats),
    blocked: optionalBool(pos, 'blocked'),
  };
}

export function writeVlakyState(t: Table<VlakyRules>, s: VlakyState): JsonObject {
  const out: JsonObject = {
    trains: writeTrains(s.trains),
    hands: writeHands(s.hands, formatDomino),
    stock: writeStock(s.stock, formatDomino),
  };
  if (s.toMove >= 0) out.to_move = `P${s.toMove}`;
  out.drawn = s.drawn;
  out.scores = writeScores(s.scores, scoreKeys(t.seats, null));
  if (s.round !== null) out.round = s.round;
  if (s.wentOut !== null) out.went_out = `P${s.wentOut}`;
  if (s.blocked !== null) out.blocked = s.blocked;
  return out;
}

function readTrainRef(v: Json | undefined): number {
  if (typeof v !== 'string' || !/^T[0-9]{1,6}$/.test(v)) fail('BAD_MOVE', `move.train: expected a train name like "T1", got ${JSON.stringify(v ?? null)}`);
  return Number(v.slice(1));
}

function readCars(t: Table<VlakyRules>, v: Json | undefined): Laid[] {
  if (!Array.isArray(v) || v.length === 0) fail('BAD_MOVE', `move.tiles: expected a non-empty list of cars written near|far, like ["8|9", "9|3"], got ${JSON.stringify(v ?? null)}`);
  const tiles = v.map((x, i) => parseLaid(x, t.maxPip, `move.tiles[${i}]`));
  const seen = new Set<number>();
  for (const c of tiles) {
    if (seen.has(canonical(c))) fail('BAD_MOVE', `move.tiles: ${formatLaid(c)} is listed twice`);
    seen.add(canonical(c));
  }
  return tiles;
}

export function readVlakyMove(t: Table<VlakyRules>, raw: Json): VlakyMove {
  if (!isObject(raw)) fail('BAD_MOVE', `move: expected an object like {"action": "attach", "train": "T1", "tiles": ["8|9"]}, got ${JSON.stringify(raw)}`);
  switch (raw.action) {
    case 'attach':
      return { action: 'attach', train: readTrainRef(raw.train), tiles: readCars(t, raw.tiles) };
    case 'start-central':
    case 'start-private':
      return { action: raw.action, tiles: readCars(t, raw.tiles) };
    case 'matchstick':
      return { action: 'matchstick', train: readTrainRef(raw.train) };
    case 'draw':
    case 'pass':
      return { action: raw.action };
    default:
      return fail('BAD_MOVE', `move.action: expected attach, start-central, start-private, matchstick, draw or pass, got ${JSON.stringify(raw.action ?? null)}`);
  }
}

export function writeVlakyMove(_t: Table<VlakyRules>, m: VlakyMove): Json {
  switch (m.action) {
    case 'attach':
      return { action: 'attach', train: trainName(m.train), tiles: m.tiles.map(formatLaid) };
    case 'start-central':
    case 'start-private':
      return { action: m.action, tiles: m.tiles.map(formatLaid) };
    case 'matchstick':
      return { action: 'matchstick', train: trainName(m.train) };
    default:
      return { action: m.action };
  }
}
