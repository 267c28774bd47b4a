/**
 * Čtyřky, "fours" (rules.md §4): 2 or 3 players, the basic game's play. After every placement,
 * the lead included, the outer halves of the two end tiles are added: 4, 8 or 12 earn 1, 2 or 3
 * sticks. A double at an end counts once (preset `all-fours`: both halves; 16 earns 4 sticks).
 * The first to 20 sticks wins the game at once; pips left in hand are ignored.
 */
import type { Game, Table } from '../game';
import { equalJoin, layAt, leadOf, leftEnd, orient, rightEnd, type Side } from '../layouts/line';
import { scoreKeys, seatName } from '../position';
import { shuffle } from '../random';
import { allDominoes, far, isDouble, near, pipsOf, type Laid } from '../tiles';
import type { JsonObject } from '../types';
import { basicOpening, equalFits, equalMismatch, equalTouches, readPositiveOption } from './domino';
import {
  countLineTiles,
  dealLine,
  newLineRound,
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
} from './line-game';

export interface CtyrkyRules {
  allFours: boolean;
  draw: boolean;
  sticksToWin: number;
}

const variant: LineVariant = {
  rule: 'ctyrky §4',
  joins: equalJoin,
  touches: equalTouches,
  fits: equalFits,
  drawing: (t) => ((t.ruleset as CtyrkyRules).draw ? 'until-able' : 'none'),
  opening: basicOpening,
  mismatch: equalMismatch,
};

/** S after a placement: the outer halves of the two end tiles (rules.md §4). */
export function endSum(line: readonly Laid[], allFours: boolean): number {
  if (line.length === 1) return pipsOf(line[0]);
  const first = line[0];
  const last = line[line.length - 1];
  const outer = (l: Laid, half: number) => (allFours && isDouble(l) ? 2 * half : half);
  return outer(first, near(first)) + outer(last, far(last));
}

export function sticksFor(sum: number): number {
  return sum > 0 && sum % 4 === 0 ? sum / 4 : 0;
}

function lineAfter(t: Table<CtyrkyRules>, s: LineState, m: LineMove): Laid[] {
  if (m.kind !== 'play') return s.line;
  if (s.line.length === 0) return [leadOf(m.tile)];
  const side = m.end as Side;
  return layAt(s.line, orient(m.tile, side === 'L' ? leftEnd(s.line) : rightEnd(s.line), side), side);
}

function score(t: Table<CtyrkyRules>, s: LineState, m: LineMove): { sticks: number; sum: number } {
  if (m.kind !== 'play') return { sticks: 0, sum: 0 };
  const sum = endSum(lineAfter(t, s, m), t.ruleset.allFours);
  return { sticks: sticksFor(sum), sum };
}

const champion = (t: Table<CtyrkyRules>, s: LineState): number => s.scores.findIndex((v) => v >= t.ruleset.sticksToWin);

export const ctyrky: Game<CtyrkyRules, LineState, LineMove> = {
  id: 'ctyrky',
  section: '§4',
  sets: ['double-6'],
  seatCounts: [2, 3],
  teams: 'never',
  presets: ['default', 'draw', 'all-fours'],
  overrides: ['target', 'draw'],
  ruleset: (preset, o) => ({
    allFours: preset === 'all-fours',
    draw: preset === 'draw' || o.draw === true,
    sticksToWin: readPositiveOption(o, 'target', 20),
  }),
  readPosition: (t, pos) => readLineState(t, pos, variant),
  writePosition: writeLineState,
  readMove: readLineMove,
  writeMove: writeLineMove,
  deal: (t, rng, setup) => newLineRound(t, variant, dealLine(t, shuffle(allDominoes(t.maxPip), rng), 7), setup),
  opening: (t, s) => writeOpening(basicOpening(t, s)),
  legalMoves: (t, s) => (champion(t, s) >= 0 ? [] : lineLegalMoves(t, s, variant)),
  checkMove(t, s, m) {
    if (champion(t, s) >= 0)
      return { legal: false, code: 'GAME_OVER', rule: 'ctyrky §4', message: `${seatName(champion(t, s))} has ${t.ruleset.sticksToWin} sticks and has won (rules.md §4: the first to 20 sticks wins at once)` };
    return lineCheckMove(t, s, variant, m);
  },
  applyMove(t, s, m) {
    const next = lineApplyMove(t, s, variant, m);
    const sticks = m.kind === 'play' ? sticksFor(endSum(next.line, t.ruleset.allFours)) : 0;
    if (sticks === 0) return next;
    next.scores = s.scores.slice();
    next.scores[s.toMove] += sticks;
    return next;
  },
  scoreMove: (t, s, m) => score(t, s, m),
  roundResult(t, s): JsonObject | null {
    const keys = scoreKeys(t.seats, null);
    const sticks: JsonObject = {};
    keys.forEach((k, i) => (sticks[k] = s.scores[i]));
    const champ = champion(t, s);
    // Čtyřky has no round score of its own: the round matters only when it brings 20 sticks.
    if (champ >= 0) return { winner: seatName(champ), game_over: true, blocked: false, points: {}, sticks };
    const out = lineWinnerOut(s);
    if (out !== null) return { winner: null, went_out: seatName(out), blocked: false, points: {}, sticks };
    return isLineBlocked(t, s, variant) ? { winner: null, blocked: true, points: {}, sticks } : null;
  },
  gameResult(t, s) {
    const champ = champion(t, s);
    return champ >= 0 ? { over: true, winner: seatName(champ) } : { over: false, winner: null };
  },
  countTiles: (_t, s) => countLineTiles(s),
};
