/**
 * Triangular domino (rules.md §9) on the `board` lattice of spec/referee.md: the ruleset, the
 * position and moves as JSON, the deal. Moves are judged in triomino-moves.ts; the opening,
 * placements and results live in triomino-rules.ts, the lattice in layouts/board.ts.
 */
import { fail } from '../errors';
import type { Game, RoundSetup } from '../game';
import { emptyBoard, readBoard, readCell, readValues, writeBoard, writeCell } from '../layouts/board';
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
  seatName,
  writeHands,
  writeScores,
  writeStock,
} from '../position';
import { shuffle, type Rng } from '../random';
import { allTris, formatTri, parseTri, type Tri } from '../tiles';
import type { Json, JsonObject } from '../types';
import { applyMove, checkMove, legalMoves, MAX_DRAWS, scoreMove, type TriMove } from './triomino-moves';
import { gameResult, openingAnswer, openingOf, roundResult, SECTION, type TriRules, type TriState, type TriTable } from './triomino-rules';

const parseTile = (v: unknown, what: string): Tri => parseTri(v, what);

function readRuleset(preset: string, o: JsonObject, seats: number): TriRules {
  if (seats > 4 && preset !== 'pressman')
    fail('BAD_SEATS', `seats: triomino is played by 2-4 players; 5 or 6 only under the preset "pressman" (${SECTION})`);
  const dflt = preset === 'pressman' ? (seats === 2 ? 9 : seats <= 4 ? 7 : 6) : 7;
  const int = (k: string, d: number, max: number): number => {
    const v = o[k];
    if (v === undefined || v === null) return d;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) fail('BAD_RULESET', `ruleset.${k}: expected a whole number from 1 to ${max}, got ${JSON.stringify(v)}`);
    return v;
  };
  return { target: int('target', 400, 1_000_000), handSize: int('hand_size', dflt, Math.floor(56 / seats)), blockedByTiles: preset === 'seed-literal' };
}

function readPosition(t: TriTable, pos: JsonObject): TriState {
  const ledger = new Ledger(formatTri, 56);
  const board = readBoard(pos.board, ledger);
  const handsGiven = pos.hands !== undefined && pos.hands !== null;
  const hands = handsGiven ? readHands(pos, t.seats, parseTile, ledger) : Array.from({ length: t.seats }, () => ({ tiles: [], unknown: 0 }));
  const stock = readStock(pos, parseTile, ledger);
  ledger.checkTotal(hands.reduce((n, h) => n + h.unknown, 0) + (stock.tiles ? 0 : stock.count), 'the triomino set');
  const drawn = optionalCount(pos, 'drawn', 0);
  if (drawn > MAX_DRAWS) fail('BAD_POSITION', `drawn: at most ${MAX_DRAWS} tiles are drawn in a turn (${SECTION}), not ${drawn}`);
  const empty = handsGiven ? hands.map((h, i) => (h.tiles.length + h.unknown === 0 ? i : -1)).filter((i) => i >= 0) : [];
  if (empty.length > 1) fail('BAD_POSITION', `hands: ${empty.map(seatName).join(' and ')} hold no tiles, but the round ends when the first player goes out`);
  let wentOut = optionalSeat(pos, 'went_out', t.seats) ?? -1;
  if (wentOut >= 0 && handsGiven && !empty.includes(wentOut)) fail('BAD_POSITION', `went_out: ${seatName(wentOut)} still holds tiles`);
  if (wentOut < 0 && empty.length === 1) wentOut = empty[0];
  const blockedFlag = optionalBool(pos, 'blocked') === true;
  if (blockedFlag && wentOut >= 0) fail('BAD_POSITION', `blocked: ${seatName(wentOut)} went out, so the round did not end blocked`);
  const s: TriState = {
    board,
    hands,
    stock,
    toMove: optionalSeat(pos, 'to_move', t.seats) ?? -1,
    drawn,
    scores: readScores(pos, scoreKeys(t.seats, null)),
    wentOut,
    blockedFlag,
    handsGiven,
    round: pos.round !== undefined && pos.round !== null ? optionalCount(pos, 'round', 1, 1) : null,
  };
  if (s.toMove < 0 && board.order.length === 0) s.toMove = openingOf(s)?.starter ?? -1;
  return s;
}

function writePosition(t: TriTable, s: TriState): JsonObject {
  const out: JsonObject = {
    board: writeBoard(s.board),
    hands: writeHands(s.hands, formatTri),
    stock: writeStock(s.stock, formatTri),
    drawn: s.drawn,
    scores: writeScores(s.scores, scoreKeys(t.seats, null)),
  };
  if (s.toMove >= 0) out.to_move = seatName(s.toMove);
  if (s.wentOut >= 0) out.went_out = seatName(s.wentOut);
  if (s.blockedFlag) out.blocked = true;
  if (s.round !== null) out.round = s.round;
  return out;
}

function readMove(_t: TriTable, raw: Json): TriMove {
  if (!isObject(raw)) fail('BAD_MOVE', `move: expected {"cell": [c, r], "v": [x, y, z]} or {"action": "draw"|"pass"}, got ${JSON.stringify(raw)}`);
  if (raw.action !== undefined && raw.action !== null && raw.action !== 'play') {
    if (raw.action === 'draw' || raw.action === 'pass') return { action: raw.action };
    fail('BAD_MOVE', `move.action: triomino knows "draw" and "pass" (a placement gives cell and v), not ${JSON.stringify(raw.action)}`);
  }
  if (raw.cell === undefined || raw.v === undefined) fail('BAD_MOVE', `move: a placement needs "cell": [c, r] and "v": [x, y, z], got ${JSON.stringify(raw)}`);
  return { action: 'play', cell: readCell(raw.cell, 'move.cell', 'BAD_MOVE'), v: readValues(raw.v, 'move.v', 'BAD_MOVE') };
}

function writeMove(_t: TriTable, m: TriMove): Json {
  return m.action === 'play' ? { cell: writeCell(m.cell), v: m.v } : { action: m.action };
}

function deal(t: TriTable, rng: Rng, setup: RoundSetup): TriState {
  const tiles = shuffle(allTris(), rng);
  const n = t.ruleset.handSize;
  const hands = Array.from({ length: t.seats }, (_, i) => ({ tiles: tiles.slice(i * n, (i + 1) * n), unknown: 0 }));
  const rest = tiles.slice(t.seats * n);
  const keys = scoreKeys(t.seats, null);
  const s: TriState = {
    board: emptyBoard(),
    hands,
    stock: { tiles: rest, count: rest.length },
    toMove: -1,
    drawn: 0,
    scores: keys.map((k) => setup.scores?.[k] ?? 0),
    wentOut: -1,
    blockedFlag: false,
    handsGiven: true,
    round: setup.round,
  };
  s.toMove = openingOf(s)?.starter ?? 0;
  return s;
}

function countTiles(_t: TriTable, s: TriState): number {
  return s.board.order.length + s.hands.reduce((n, h) => n + h.tiles.length + h.unknown, 0) + s.stock.count;
}

export const triomino: Game<TriRules, TriState, TriMove> = {
  id: 'triomino',
  section: '§9',
  sets: ['triomino'],
  seatCounts: [2, 3, 4, 5, 6],
  teams: 'never',
  presets: ['default', 'pressman', 'seed-literal'],
  overrides: ['target', 'hand_size'],
  ruleset: (preset, o, _set, seats) => readRuleset(preset, o, seats),
  readPosition,
  writePosition,
  readMove,
  writeMove,
  deal,
  opening: (_t, s) => openingAnswer(s),
  legalMoves,
  checkMove,
  applyMove,
  scoreMove,
  roundResult,
  gameResult,
  countTiles,
};
