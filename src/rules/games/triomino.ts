/**
 * Triangular domino (rules.md §9) on the `board` lattice of spec/referee.md. The position, the
 * moves (`{"cell": [c, r], "v": [x, y, z]}`, draw, pass) and their checks live here; the opening,
 * placements and results in triomino-rules.ts, the lattice in layouts/board.ts.
 */
import { fail } from '../errors';
import type { Game, RoundSetup } from '../game';
import {
  cellAtPoint,
  cellKey,
  cornerName,
  cornersOf,
  formatCell,
  hexagonsClosed,
  isBridge,
  place,
  readBoard,
  readCell,
  readValues,
  writeBoard,
  writeCell,
  emptyBoard,
} from '../layouts/board';
import {
  addToHand,
  drawFrom,
  isObject,
  Ledger,
  optionalBool,
  optionalCount,
  optionalSeat,
  readHands,
  readScores,
  readStock,
  removeFromHand,
  replaceAt,
  scoreKeys,
  seatName,
  writeHands,
  writeScores,
  writeStock,
} from '../position';
import { shuffle, type Rng } from '../random';
import { allTris, formatTri, isClockwiseTri, parseTri, tri, triSum, type Tri } from '../tiles';
import { LEGAL, type Json, type JsonObject, type Verdict } from '../types';
import {
  candidates,
  describe,
  gameResult,
  hasEdge,
  isRoundOver,
  isTriple,
  openingAnswer,
  openingOf,
  openingPoints,
  placements,
  roundResult,
  RULE,
  SECTION,
  seenTiles,
  type TriRules,
  type TriState,
  type TriTable,
} from './triomino-rules';

export type TriMove = { action: 'play'; cell: number; v: [number, number, number] } | { action: 'draw' } | { action: 'pass' };

const DRAW_PENALTY = 5;
const PASS_PENALTY = 10;
const MAX_DRAWS = 3;

const parseTile = (v: unknown, what: string): Tri => parseTri(v, what);
const no = (code: string, message: string): Verdict => ({ legal: false, code, rule: RULE, message });

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
  if (s.toMove < 0 && board.cells.size === 0) s.toMove = openingOf(s)?.starter ?? -1;
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
  if (raw.action !== undefined && raw.action !== null) {
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

function needToMove(s: TriState): number {
  if (!s.handsGiven) fail('BAD_POSITION', 'hands: this question needs the hands');
  if (s.toMove < 0) fail('BAD_POSITION', 'to_move: this question needs the player to move (it is derived only on an empty board)');
  return s.toMove;
}

/** The tiles the player to move may lead on an empty board (rules.md §9 opening). */
function leadsFor(s: TriState, seat: number): Tri[] {
  const o = openingOf(s);
  if (!o) return candidates(s, seat);
  return o.starter === seat ? o.leads : [];
}

function legalMoves(_t: TriTable, s: TriState): TriMove[] {
  if (isRoundOver(s)) return [];
  const seat = needToMove(s);
  if (s.board.cells.size === 0) {
    const out: TriMove[] = [];
    for (const tile of leadsFor(s, seat)) {
      const v = [Math.floor(tile / 36), Math.floor(tile / 6) % 6, tile % 6];
      const n = isTriple(tile) ? 1 : 3;
      for (let k = 0; k < n; k++) out.push({ action: 'play', cell: cellKey(0, 0), v: [v[k], v[(k + 1) % 3], v[(k + 2) % 3]] });
    }
    return out;
  }
  const out: TriMove[] = placements(s.board, candidates(s, seat)).map((p) => ({ action: 'play', cell: p.cell, v: p.v }));
  if (s.stock.count > 0 && s.drawn < MAX_DRAWS) out.push({ action: 'draw' });
  else if (s.drawn >= MAX_DRAWS || out.length === 0) out.push({ action: 'pass' });
  return out;
}

function checkMove(_t: TriTable, s: TriState, m: TriMove): Verdict {
  if (isRoundOver(s)) return no('ROUND_OVER', `the round is over: ${s.wentOut >= 0 ? `${seatName(s.wentOut)} went out` : 'it is blocked'} (${SECTION}: round end)`);
  const seat = needToMove(s);
  const who = seatName(seat);
  if (m.action === 'draw') return checkDraw(s, who);
  if (m.action === 'pass') return checkPass(s, seat);
  return checkPlay(s, seat, m);
}

function checkDraw(s: TriState, who: string): Verdict {
  if (s.board.cells.size === 0) return no('MUST_OPEN', `${who} must open the round, not draw (${SECTION}: the opening tile is led first)`);
  if (s.stock.count === 0) return no('CANNOT_DRAW', `${who} cannot draw: the stock is empty (${SECTION}: stock empty and cannot play: pass)`);
  if (s.drawn >= MAX_DRAWS) return no('CANNOT_DRAW', `${who} has already drawn ${MAX_DRAWS} tiles this turn (${SECTION}: at most 3 draws)`);
  return LEGAL;
}

function checkPass(s: TriState, seat: number): Verdict {
  const who = seatName(seat);
  if (s.board.cells.size === 0) return no('MUST_OPEN', `${who} must open the round, not pass (${SECTION}: the opening tile is led first)`);
  if (s.drawn >= MAX_DRAWS) return LEGAL;
  if (s.stock.count > 0) return no('MUST_DRAW', `${who} cannot pass yet: the stock has ${s.stock.count} tiles and ${who} has drawn ${s.drawn} of 3 (${SECTION}: cannot or will not play: draw)`);
  const p = placements(s.board, candidates(s, seat), true)[0];
  if (p) return no('MUST_PLAY', `${who} can play ${formatTri(p.tile)} as ${describe(p.v)} at ${formatCell(p.cell)}, so may not pass (${SECTION}: only a player who cannot play passes when the stock is empty)`);
  return LEGAL;
}

function inHand(s: TriState, seat: number, tile: Tri): boolean {
  const h = s.hands[seat];
  if (h.tiles.includes(tile)) return true;
  return h.unknown > 0 && !seenTiles(s)[tile];
}

function checkPlay(s: TriState, seat: number, m: Extract<TriMove, { action: 'play' }>): Verdict {
  const who = seatName(seat);
  const { v, cell } = m;
  const tile = tri(v[0], v[1], v[2]);
  const name = formatTri(tile);
  if (!isClockwiseTri(v)) return no('NOT_A_TILE', `${describe(v)} is the mirror image of ${name}: tiles cannot be turned over (${SECTION}: numbers ascend clockwise)`);
  if (!inHand(s, seat, tile)) return no('TILE_NOT_IN_HAND', `${name} is not in ${who}'s hand (${SECTION}: a player lays a tile of his own)`);
  if (s.board.cells.size === 0) {
    const leads = leadsFor(s, seat);
    if (leads.includes(tile)) return LEGAL;
    if (leads.length === 0) return no('NOT_OPENER', `${who} does not open this round: ${seatName(openingOf(s)?.starter ?? 0)} holds the opening tile (${SECTION}: opening)`);
    return no('WRONG_OPENING', `the round opens with ${leads.map(formatTri).join(' or ')}, not ${name} (${SECTION}: the highest triple, else the highest sum, opens)`);
  }
  if (s.board.cells.has(cell)) return no('CELL_TAKEN', `${formatCell(cell)} already holds a tile (${SECTION}: one tile per cell)`);
  if (!hasEdge(s.board, cell)) return no('NOT_ADJACENT', `${formatCell(cell)} shares no edge with a placed tile (${SECTION}: a placement shares a whole edge with a placed tile)`);
  const corners = cornersOf(cell);
  for (let i = 0; i < 3; i++) {
    const there = s.board.points.get(corners[i]);
    if (there !== undefined && there !== v[i]) {
      const other = cellAtPoint(s.board, corners[i], cell);
      return no('CORNER_MISMATCH', `${name} laid ${describe(v)} at ${formatCell(cell)} puts ${v[i]} on its ${cornerName(cell, i)} corner, where the tile at ${formatCell(other ?? cell)} shows ${there} (${SECTION}: every corner that meets a placed corner must carry the same number)`);
    }
  }
  return LEGAL;
}

function playPoints(s: TriState, m: Extract<TriMove, { action: 'play' }>): { points: number; breakdown: JsonObject[] } {
  const tile = tri(m.v[0], m.v[1], m.v[2]);
  const sum = triSum(tile);
  const breakdown: JsonObject[] = [{ item: 'tile', points: sum }];
  if (s.board.cells.size === 0) {
    if (isTriple(tile)) breakdown.push({ item: 'opening', points: openingPoints(tile) - sum });
  } else {
    const hex = hexagonsClosed(s.board, m.cell);
    if (hex > 0) breakdown.push({ item: 'hexagon', points: 40 + 10 * Math.min(hex, 3) });
    else if (isBridge(s.board, m.cell)) breakdown.push({ item: 'bridge', points: 40 });
  }
  return { points: breakdown.reduce((n, b) => n + (b.points as number), 0), breakdown };
}

function scoreMove(_t: TriTable, s: TriState, m: TriMove): JsonObject {
  if (m.action === 'play') return playPoints(s, m);
  if (m.action === 'draw') return { points: -DRAW_PENALTY, breakdown: [{ item: 'draw', points: -DRAW_PENALTY }] };
  return s.drawn >= MAX_DRAWS ? { points: -PASS_PENALTY, breakdown: [{ item: 'penalty', points: -PASS_PENALTY }] } : { points: 0, breakdown: [] };
}

function applyMove(t: TriTable, s: TriState, m: TriMove): TriState {
  const seat = needToMove(s);
  const next = (seat + 1) % t.seats;
  const add = (pts: number): number[] => replaceAt(s.scores, seat, s.scores[seat] + pts);
  if (m.action === 'draw') {
    const { stock, tile } = drawFrom(s.stock);
    return { ...s, stock, hands: replaceAt(s.hands, seat, addToHand(s.hands[seat], tile)), drawn: s.drawn + 1, scores: add(-DRAW_PENALTY) };
  }
  if (m.action === 'pass') return { ...s, toMove: next, drawn: 0, scores: add(s.drawn >= MAX_DRAWS ? -PASS_PENALTY : 0) };
  const { points } = playPoints(s, m);
  const hand = removeFromHand(s.hands[seat], tri(m.v[0], m.v[1], m.v[2]));
  const out = hand.tiles.length + hand.unknown === 0;
  return {
    ...s,
    board: place(s.board, m.cell, m.v),
    hands: replaceAt(s.hands, seat, hand),
    toMove: next,
    drawn: 0,
    scores: add(points),
    wentOut: out ? seat : s.wentOut,
  };
}

function countTiles(_t: TriTable, s: TriState): number {
  return s.board.cells.size + s.hands.reduce((n, h) => n + h.tiles.length + h.unknown, 0) + s.stock.count;
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
