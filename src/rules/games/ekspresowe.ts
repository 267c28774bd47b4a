/**
 * Domino Ekspresowe (rules.md §2), the Polish block game: double-6, 2-4 single players or two
 * pairs, 7 tiles each, never any drawing. The winner scores the pips left in the other hands (in
 * pairs the partner's too; preset `opponents-only`: only the opposing pair's).
 */
import type { Game, Table } from '../game';
import { equalJoin } from '../layouts/line';
import { scoreKeys, seatName } from '../position';
import { shuffle } from '../random';
import { sideTotals, targetResult } from '../scoring';
import { allDominoes } from '../tiles';
import type { JsonObject } from '../types';
import { basicOpening, equalFits, equalMismatch, equalTouches, readPositiveOption } from './domino';
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
import { fail } from '../errors';

export interface EkspresoweRules {
  opponentsOnly: boolean;
  target: number;
}

/** Round 1: the highest double (6-6 with four players) or the highest tile; later: after the previous first hand. */
function opening(t: Table<unknown>, s: LineState): Opening {
  if (s.round <= 1) return basicOpening(t, s);
  return nextStarterOpening(t, s, s.previousStarter, 'previous_starter');
}

const variant: LineVariant = {
  rule: 'ekspresowe §2',
  joins: equalJoin,
  touches: equalTouches,
  fits: equalFits,
  drawing: () => 'none',
  opening,
  mismatch: equalMismatch,
};

/**
 * Blocked: fewest pips (by pair total in pairs) wins. A tie goes to the first hand (or his pair),
 * otherwise to the tied player who comes first after the first hand in seat order.
 */
function blockedWinner(t: Table<unknown>, s: LineState, totals: number[]): number {
  const low = Math.min(...totals);
  const tied = totals.map((v, i) => (v === low ? i : -1)).filter((i) => i >= 0);
  if (tied.length === 1) return tied[0];
  if (s.firstHand === null) fail('BAD_POSITION', 'first_hand: the tie for the fewest pips goes to the first hand; name him');
  for (let k = 0; k < t.seats; k++) {
    const seat = (s.firstHand + k) % t.seats;
    const side = t.teamOf ? t.teamOf[seat] : seat;
    if (tied.includes(side)) return side;
  }
  return tied[0];
}

function result(t: Table<EkspresoweRules>, s: LineState, blocked: boolean): JsonObject {
  const keys = scoreKeys(t.seats, t.teamOf);
  const pips = handPips(s);
  const totals = sideTotals(pips, t.teamOf);
  const out = lineWinnerOut(s);
  const w = blocked ? blockedWinner(t, s, totals) : t.teamOf ? t.teamOf[out as number] : (out as number);
  let gained: number;
  if (t.teamOf && t.ruleset.opponentsOnly) gained = totals[1 - w];
  else if (t.teamOf) gained = pips.reduce((n, v, seat) => (seat === out ? n : n + v), 0); // every hand left, the partner's too
  else gained = totals.reduce((n, v, i) => (i === w ? n : n + v), 0);
  const byKey: JsonObject = {};
  keys.forEach((k, i) => (byKey[k] = totals[i]));
  return { winner: keys[w], blocked, points: { [keys[w]]: gained }, pips: byKey, first_hand: s.firstHand === null ? null : seatName(s.firstHand) };
}

export const ekspresowe: Game<EkspresoweRules, LineState, LineMove> = {
  id: 'ekspresowe',
  section: '§2',
  sets: ['double-6'],
  seatCounts: [2, 3, 4],
  teams: 'optional',
  presets: ['default', 'opponents-only'],
  overrides: ['target'],
  ruleset: (preset, o) => ({ opponentsOnly: preset === 'opponents-only', target: readPositiveOption(o, 'target', 100) }),
  readPosition: (t, pos) => readLineState(t, pos, variant),
  writePosition: writeLineState,
  readMove: readLineMove,
  writeMove: writeLineMove,
  deal: (t, rng, setup) => newLineRound(t, variant, dealLine(t, shuffle(allDominoes(t.maxPip), rng), 7), setup),
  opening: (t, s) => writeOpening(opening(t, s)),
  legalMoves: (t, s) => lineLegalMoves(t, s, variant),
  checkMove: (t, s, m) => lineCheckMove(t, s, variant, m),
  applyMove: (t, s, m) => lineApplyMove(t, s, variant, m),
  scoreMove: () => ({ points: 0, breakdown: [] }),
  roundResult(t, s) {
    if (lineWinnerOut(s) !== null) return result(t, s, false);
    return isLineBlocked(t, s, variant) ? result(t, s, true) : null;
  },
  gameResult: (t, s) => targetResult(s.scores, scoreKeys(t.seats, t.teamOf), t.ruleset.target),
  countTiles: (_t, s) => countLineTiles(s),
};
