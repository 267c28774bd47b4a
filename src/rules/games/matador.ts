/**
 * Matador (rules.md §3): 2 players, 3 tiles set aside unseen, 3 tiles each, the rest is the bank.
 * Touching halves must SUM to 7 (double-9: 10, double-12: 13); a double counts as one number.
 * Matadors (0-0 and every tile whose halves make that sum) go anywhere, by either half.
 */
import type { Game, Table } from '../game';
import type { Joins } from '../layouts/line';
import { scoreKeys, seatName } from '../position';
import { shuffle } from '../random';
import { targetResult } from '../scoring';
import { allDominoes, canonical, formatDomino, hi, lo, type Domino } from '../tiles';
import type { JsonObject } from '../types';
import { lowerSideWins, readPositiveOption } from './domino';
import {
  countLineTiles,
  dealLine,
  newLineRound,
  handPips,
  isLineBlocked,
  lineApplyMove,
  lineCheckMove,
  lineLegalMoves,
  lineWinnerOut,
  readLineMove,
  readLineState,
  writeLineMove,
  writeLineState,
  writeOpening,
  type LineMove,
  type LineState,
  type LineVariant,
  type Opening,
} from './line-game';

export interface MatadorRules {
  singleRound: boolean;
  target: number;
}

/** The number touching halves must make: 7 in double-6, 10 in double-9, 13 in double-12. */
export const matadorSum = (maxPip: number): number => maxPip + 1;
export const isMatador = (tile: Domino, maxPip: number): boolean => tile === 0 || lo(tile) + hi(tile) === matadorSum(maxPip);

function touches(t: Table<unknown>, tile: Domino, end: number): number[] {
  const a = lo(tile);
  const b = hi(tile);
  // A matador may be attached by either half to either end, regardless of the sum.
  if (isMatador(tile, t.maxPip)) return a === b ? [a] : [a, b];
  const need = matadorSum(t.maxPip) - end; // a blank end would need 7: only a matador closes it
  const out: number[] = [];
  if (a === need) out.push(a);
  if (b === need && b !== a) out.push(b);
  return out;
}

function mismatch(t: Table<unknown>, tile: Domino, [l, r]: [number, number]): string {
  const n = matadorSum(t.maxPip);
  const need = (e: number) => (e === 0 ? 'a matador' : `a ${n - e}`);
  return `${formatDomino(tile)} does not fit: the ends ${l} and ${r} need ${need(l)} and ${need(r)} (rules.md §3: touching halves must sum to ${n}; a blank end takes only a matador)`;
}

/** The toss winner (named as to_move) leads any tile. */
function opening(_t: Table<unknown>, s: LineState): Opening {
  if (s.toMove < 0) return { starter: null, leads: [] };
  const h = s.hands[s.toMove];
  return { starter: s.toMove, leads: h.tiles };
}

const variants = new Map<number, LineVariant>();
function variantFor(maxPip: number): LineVariant {
  let v = variants.get(maxPip);
  if (!v) {
    const n = matadorSum(maxPip);
    // A joint is sound when the halves sum to n, or when either tile is a matador (laid regardless).
    const joins: Joins = (a, b, left, right) => a + b === n || isMatador(canonical(left), maxPip) || isMatador(canonical(right), maxPip);
    v = { rule: 'matador §3', joins, touches, fits: (t, tile, end) => touches(t, tile, end).length > 0, drawing: () => 'until-able', opening, mismatch };
    variants.set(maxPip, v);
  }
  return v;
}

function result(t: Table<MatadorRules>, s: LineState, blocked: boolean): JsonObject {
  const out = lineWinnerOut(s);
  if (out === null || blocked) return lowerSideWins(t, s, blocked);
  const pips = handPips(s);
  const loser = 1 - out;
  return { winner: seatName(out), blocked: false, points: { [seatName(out)]: pips[loser] }, pips: { P0: pips[0], P1: pips[1] } };
}

export const matador: Game<MatadorRules, LineState, LineMove> = {
  id: 'matador',
  section: '§3',
  sets: ['double-6', 'double-9', 'double-12'],
  seatCounts: [2],
  teams: 'never',
  presets: ['default', 'single-round'],
  overrides: ['target'],
  ruleset: (preset, o) => ({ singleRound: preset === 'single-round', target: readPositiveOption(o, 'target', 100) }),
  readPosition: (t, pos) => readLineState(t, pos, variantFor(t.maxPip)),
  writePosition: writeLineState,
  readMove: readLineMove,
  writeMove: writeLineMove,
  // The toss winner leads; 3 tiles are set aside unseen before each takes 3.
  deal: (t, rng, setup) => newLineRound(t, variantFor(t.maxPip), dealLine(t, shuffle(allDominoes(t.maxPip), rng), 3, 3), setup, setup.tossWinner ?? rng.int(2)),
  opening: (t, s) => writeOpening(opening(t, s)),
  legalMoves: (t, s) => lineLegalMoves(t, s, variantFor(t.maxPip)),
  checkMove: (t, s, m) => lineCheckMove(t, s, variantFor(t.maxPip), m),
  applyMove: (t, s, m) => lineApplyMove(t, s, variantFor(t.maxPip), m),
  scoreMove: () => ({ points: 0, breakdown: [] }),
  roundResult(t, s) {
    if (lineWinnerOut(s) !== null) return result(t, s, false);
    return isLineBlocked(t, s, variantFor(t.maxPip)) ? result(t, s, true) : null;
  },
  gameResult(t, s) {
    if (!t.ruleset.singleRound) return targetResult(s.scores, scoreKeys(t.seats, null), t.ruleset.target);
    // preset single-round: one round, and its winner wins the game.
    const r = matador.roundResult(t, s);
    return r ? { over: true, winner: r.winner } : { over: false, winner: null };
  },
  countTiles: (_t, s) => countLineTiles(s),
};
