/**
 * Dominové vlaky — trains (rules.md §7): 2 or 4 players, double-12, 15 tiles each (`hand_size`),
 * the rest is the stock. Central trains start with the highest double not yet on the table (the
 * first one with 12-12); private trains start from a central locomotive's number. The player who
 * goes out scores the pips left in all opponents' hands; a blocked round goes to the lowest pip
 * total (a tie: nobody scores). Game to `target` (default 200).
 * The layout is in layouts/trains.ts, the turn in vlaky-play.ts, the JSON in vlaky-state.ts.
 */
import { fail } from '../errors';
import type { Game, Table } from '../game';
import { handSize, scoreKeys, seatName } from '../position';
import { shuffle } from '../random';
import { targetResult } from '../scoring';
import { allDominoes, domino, formatDomino, pipsOf, setSize } from '../tiles';
import type { JsonObject } from '../types';
import { applyMove, checkMove, hasPlay, isOut, legalMoves } from './vlaky-play';
import { readVlakyMove, readVlakyState, writeVlakyMove, writeVlakyState, type VlakyMove, type VlakyRules, type VlakyState } from './vlaky-state';

const RULE = 'vlaky §7';

function readPositiveOption(o: JsonObject, key: string, dflt: number): number {
  const v = o[key];
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail('BAD_RULESET', `ruleset.${key}: expected a whole number >= 1, got ${JSON.stringify(v)}`);
  return v;
}

function toMoveOf(s: VlakyState): number {
  if (s.toMove < 0) fail('BAD_POSITION', 'to_move: this question needs the seat to move, e.g. "to_move": "P0"');
  return s.toMove;
}

const pipsOfHand = (s: VlakyState, i: number): number => s.hands[i].tiles.reduce((n, x) => n + pipsOf(x), 0);

function wentOutResult(t: Table<VlakyRules>, s: VlakyState, w: number): JsonObject {
  let gained = 0;
  const pips: JsonObject = {};
  for (let i = 0; i < t.seats; i++) {
    pips[seatName(i)] = pipsOfHand(s, i);
    if (i !== w) gained += pipsOfHand(s, i);
  }
  return { over: true, winner: seatName(w), blocked: false, points: { [seatName(w)]: gained }, pips };
}

function blockedResult(t: Table<VlakyRules>, s: VlakyState): JsonObject {
  const totals = s.hands.map((_, i) => pipsOfHand(s, i));
  const pips: JsonObject = {};
  totals.forEach((v, i) => (pips[seatName(i)] = v));
  const low = Math.min(...totals);
  const lowest = totals.flatMap((v, i) => (v === low ? [i] : []));
  if (lowest.length > 1) return { over: true, winner: null, blocked: true, points: {}, pips };
  const w = lowest[0];
  const gained = totals.reduce((n, v, i) => (i === w ? n : n + v), 0);
  return { over: true, winner: seatName(w), blocked: true, points: { [seatName(w)]: gained }, pips };
}

/** Blocked: the stock is empty and nobody can play (a)-(d) now; hidden hands never count as blocked. */
function isBlocked(t: Table<VlakyRules>, s: VlakyState): boolean {
  if (s.blocked !== null) return s.blocked;
  if (s.stock.count > 0 || s.hands.some((h) => h.unknown > 0)) return false;
  for (let i = 0; i < t.seats; i++) if (hasPlay(t, s, i)) return false;
  return true;
}

function roundResult(t: Table<VlakyRules>, s: VlakyState): JsonObject | null {
  const w = s.wentOut ?? isOut(s);
  if (w >= 0) return wentOutResult(t, s, w);
  return isBlocked(t, s) ? blockedResult(t, s) : null;
}

const ROUND_OVER = {
  legal: false as const,
  code: 'ROUND_OVER',
  rule: RULE,
  message: 'the round is over: a player has no tiles left, or the game is blocked (rules.md §7: round end)',
};

export const vlaky: Game<VlakyRules, VlakyState, VlakyMove> = {
  id: 'vlaky',
  section: '§7',
  sets: ['double-12'],
  seatCounts: [2, 4],
  teams: 'never',
  presets: ['default'],
  overrides: ['hand_size', 'target'],
  ruleset(_preset, o, set, seats) {
    const handSize = readPositiveOption(o, 'hand_size', 15);
    if (handSize * seats > setSize(set)) fail('BAD_RULESET', `ruleset.hand_size: ${seats} hands of ${handSize} need more than the ${setSize(set)} tiles of ${set}`);
    return { handSize, target: readPositiveOption(o, 'target', 200) };
  },
  readPosition: readVlakyState,
  writePosition: writeVlakyState,
  readMove: readVlakyMove,
  writeMove: writeVlakyMove,
  deal(t, rng, setup) {
    const tiles = shuffle(allDominoes(t.maxPip), rng);
    const n = t.ruleset.handSize;
    const hands = Array.from({ length: t.seats }, (_, i) => ({ tiles: tiles.slice(i * n, (i + 1) * n), unknown: 0 }));
    const stock = tiles.slice(t.seats * n);
    const twelve = domino(t.maxPip, t.maxPip);
    const keys = scoreKeys(t.seats, null);
    return {
      trains: [],
      hands,
      stock: { tiles: stock, count: stock.length },
      toMove: Math.max(0, hands.findIndex((h) => h.tiles.includes(twelve))),
      drawn: 0,
      scores: keys.map((k) => setup.scores?.[k] ?? 0),
      doubles: 0,
      round: setup.round,
      wentOut: null,
      blocked: null,
    };
  },
  opening(t, s) {
    const twelve = domino(t.maxPip, t.maxPip);
    const holder = s.trains.length === 0 ? s.hands.findIndex((h) => h.tiles.includes(twelve)) : -1;
    return holder < 0 ? { starter: null, leads: [] } : { starter: seatName(holder), leads: [formatDomino(twelve)] };
  },
  legalMoves: (t, s) => (roundResult(t, s) ? [] : legalMoves(t, s, toMoveOf(s))),
  checkMove(t, s, m) {
    if (roundResult(t, s)) return ROUND_OVER;
    toMoveOf(s);
    return checkMove(t, s, m);
  },
  applyMove,
  scoreMove: () => ({ points: 0, breakdown: [] }),
  roundResult,
  gameResult: (t, s) => targetResult(s.scores, scoreKeys(t.seats, null), t.ruleset.target),
  countTiles: (_t, s) => s.trains.reduce((n, tr) => n + tr.cars.length, 0) + s.hands.reduce((n, h) => n + handSize(h), 0) + s.stock.count,
};
