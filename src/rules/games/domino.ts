/**
 * Domino, the basic game (rules.md §1): 2 players, or 4 as two teams; 7 tiles each; undealt tiles
 * stay out of play (preset `draw`: a player who cannot play draws until able or the stock is empty).
 * The side with the lower pip total wins the round and scores the other side's total.
 */
import { fail } from '../errors';
import type { Game, Table } from '../game';
import { equalJoin } from '../layouts/line';
import { scoreKeys } from '../position';
import { shuffle } from '../random';
import { sideTotals, targetResult } from '../scoring';
import { allDominoes, formatDomino, hi, lo, type Domino } from '../tiles';
import type { JsonObject } from '../types';
import {
  countLineTiles,
  dealLine,
  newLineRound,
  handPips,
  highestDoubleOpening,
  isLineBlocked,
  lineApplyMove,
  lineCheckMove,
  lineLegalMoves,
  lineWinnerOut,
  nextStarterOpening,
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

export interface DominoRules {
  draw: boolean;
  target: number;
  handSize: number;
}

export function readPositiveOption(overrides: JsonObject, key: string, dflt: number): number {
  const v = overrides[key];
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail('BAD_RULESET', `ruleset.${key}: expected a whole number >= 1, got ${JSON.stringify(v)}`);
  return v;
}

/** The basic game's way of matching: the touching halves are equal. */
export function equalTouches(_t: Table<unknown>, tile: Domino, end: number): number[] {
  return lo(tile) === end || hi(tile) === end ? [end] : [];
}

export const equalFits = (_t: Table<unknown>, tile: Domino, end: number): boolean => tile >> 4 === end || (tile & 15) === end;

export function equalMismatch(_t: Table<unknown>, tile: Domino, [l, r]: [number, number], rule: string): string {
  const ends = l === r ? `both ends are ${l}` : `the ends are ${l} and ${r}`;
  const section = rule.slice(rule.indexOf('§'));
  return `${formatDomino(tile)} does not match that end: ${ends} (rules.md ${section}: a tile is laid against an end showing the same number)`;
}

/** Round 1: highest double (or highest tile) leads it; later rounds the next player, any tile. */
export function basicOpening(t: Table<unknown>, s: LineState): Opening {
  return s.round <= 1 ? highestDoubleOpening(t, s) : nextStarterOpening(t, s, s.previousStarter, 'previous_starter');
}

const variant: LineVariant = {
  rule: 'domino §1',
  joins: equalJoin,
  touches: equalTouches,
  fits: equalFits,
  drawing: (t) => ((t.ruleset as DominoRules).draw ? 'until-able' : 'none'),
  opening: basicOpening,
  mismatch: equalMismatch,
};

/** Lower side total wins the round and scores the other side's total; equal totals: nobody scores. */
export function lowerSideWins(t: Table<unknown>, s: LineState, blocked: boolean): JsonObject {
  const keys = scoreKeys(t.seats, t.teamOf);
  const totals = sideTotals(handPips(s), t.teamOf);
  const pips: JsonObject = {};
  keys.forEach((k, i) => (pips[k] = totals[i]));
  const low = Math.min(...totals);
  const lowest = totals.map((v, i) => (v === low ? i : -1)).filter((i) => i >= 0);
  if (lowest.length > 1) return { winner: null, blocked, points: {}, pips };
  const w = lowest[0];
  const gained = totals.reduce((n, v, i) => (i === w ? n : n + v), 0);
  return { winner: keys[w], blocked, points: { [keys[w]]: gained }, pips };
}

export const domino: Game<DominoRules, LineState, LineMove> = {
  id: 'domino',
  section: '§1',
  sets: ['double-6', 'double-9', 'double-12'],
  seatCounts: [2, 4],
  teams: 'always-with-4',
  presets: ['default', 'draw'],
  overrides: ['target', 'hand_size'],
  ruleset: (preset, o) => ({
    draw: preset === 'draw',
    target: readPositiveOption(o, 'target', 100),
    handSize: readPositiveOption(o, 'hand_size', 7),
  }),
  readPosition: (t, pos) => readLineState(t, pos, variant),
  writePosition: writeLineState,
  readMove: readLineMove,
  writeMove: writeLineMove,
  deal: (t, rng, setup) => newLineRound(t, variant, dealLine(t, shuffle(allDominoes(t.maxPip), rng), t.ruleset.handSize), setup),
  opening: (t, s) => writeOpening(basicOpening(t, s)),
  legalMoves: (t, s) => lineLegalMoves(t, s, variant),
  checkMove: (t, s, m) => lineCheckMove(t, s, variant, m),
  applyMove: (t, s, m) => lineApplyMove(t, s, variant, m),
  scoreMove: () => ({ points: 0, breakdown: [] }),
  roundResult(t, s) {
    if (lineWinnerOut(s) !== null) return lowerSideWins(t, s, false);
    return isLineBlocked(t, s, variant) ? lowerSideWins(t, s, true) : null;
  },
  gameResult: (t, s) => targetResult(s.scores, scoreKeys(t.seats, t.teamOf), t.ruleset.target),
  countTiles: (_t, s) => countLineTiles(s),
};
