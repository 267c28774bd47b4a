/**
 * Sevastopol (rules.md §5): four players, double-6, 7 tiles each, no stock. The 6-6 holder leads
 * it as a spinner; phase 1 fills its four sides with sixes, phase 2 plays on the four arm ends.
 * The first player out takes 3/4 of the bank, the next one out the last 1/4; a blocked round pays
 * by the lowest pip totals instead. Position reading and the bank arithmetic live in
 * sevastopol-position.ts; the cross itself in layouts/cross.ts.
 */
import type { Game, Table } from '../game';
import { ARMS, armEnd, isPhase1, layOnArm, leadSpinner, openEnds, SPINNER, tilesInCross, type Cross } from '../layouts/cross';
import { handSize, removeFromHand, seatName } from '../position';
import { shuffle, type Rng } from '../random';
import { allDominoes, formatDomino, formatLaid, hi, lo, type Domino } from '../tiles';
import { LEGAL, type JsonObject, type Verdict } from '../types';
import {
  DOUBLE_SIX,
  fits,
  knownPlay,
  nextActive,
  readSevMove,
  readSevPosition,
  roundOver,
  sevRoundResult,
  sevRuleset,
  unseenTiles,
  updateBlocked,
  writeSevMove,
  writeSevPosition,
  type SevMove,
  type SevRuleset,
  type SevState,
} from './sevastopol-position';

export type { SevMove, SevRuleset, SevState };

const RULE = 'sevastopol §5';
const illegal = (code: string, message: string): Verdict => ({ legal: false, code, rule: RULE, message });

function legalMoves(_t: Table<SevRuleset>, s: SevState): SevMove[] {
  if (roundOver(s)) return [];
  const h = s.hands[s.toMove];
  if (!s.cross.center) return [{ kind: 'play', tile: DOUBLE_SIX, arm: -1 }];
  const ends = openEnds(s.cross);
  const moves: SevMove[] = [];
  const add = (tile: Domino): void => {
    for (let i = 0; i < 4; i++) if (ends[i] >= 0 && fits(tile, ends[i])) moves.push({ kind: 'play', tile, arm: i });
  };
  for (const tile of h.tiles) add(tile);
  const known = moves.length;
  if (h.unknown > 0) for (const tile of unseenTiles(s)) add(tile);
  // Must play if able (rules.md conventions); unknown tiles may not fit, so they never forbid a pass.
  if (known === 0) moves.push({ kind: 'pass' });
  return moves;
}

function overMessage(s: SevState): string {
  if (s.out.length >= 2) return `the round is over: ${seatName(s.out[0])} and ${seatName(s.out[1])} went out (rules.md §5)`;
  return 'the round is over: nobody left in play can lay a tile (rules.md §5: all blocked)';
}

/** Whether the tile may go there by the rules of §5, before asking whether the player holds it. */
function checkPlace(s: SevState, tile: Domino, arm: number): Verdict {
  const c = s.cross;
  const name = formatDomino(tile);
  if (!c.center) {
    if (tile !== DOUBLE_SIX) return illegal('MUST_LEAD_DOUBLE_SIX', `the round opens with the 6-6, not ${name} (rules.md §5: the 6-6 holder opens with it)`);
    if (arm >= 0) return illegal('LEAD_HAS_NO_ARM', `the 6-6 is led as the center of the cross, not onto arm ${ARMS[arm]}: send {"tile": "6-6"} (rules.md §5)`);
    return LEGAL;
  }
  if (tile === DOUBLE_SIX) return LEGAL; // already in the center: checkHolds says so
  if (arm < 0) return illegal('ARM_REQUIRED', `the 6-6 already lies in the center: say which arm ${name} goes on, N, E, S or W (rules.md §5)`);
  if (isPhase1(c)) {
    const free = ARMS.filter((_, i) => c.arms[i].length === 0).join(', ');
    if (!fits(tile, SPINNER))
      return illegal('MUST_PLAY_SIX_ON_SPINNER', `${name} has no six: until all four sides of the 6-6 hold a tile, only a six may be laid, onto a free side (${free}) (rules.md §5: phase 1)`);
    if (c.arms[arm].length > 0)
      return illegal('MUST_PLAY_SIX_ON_SPINNER', `side ${ARMS[arm]} of the 6-6 already holds ${formatLaid(c.arms[arm][0])}: until all four sides hold a tile, a six goes only onto a free side (${free}) (rules.md §5: phase 1)`);
    return LEGAL;
  }
  const end = armEnd(c, arm);
  if (!fits(tile, end)) {
    const ends = ARMS.map((n, i) => `${n} ${armEnd(c, i)}`).join(', ');
    return illegal('END_MISMATCH', `${name} has no ${end}: arm ${ARMS[arm]} ends in ${end} (the ends are ${ends}) (rules.md §5: a tile must match the arm end it is laid on)`);
  }
  return LEGAL;
}

function checkHolds(s: SevState, tile: Domino): Verdict {
  const h = s.hands[s.toMove];
  if (h.tiles.includes(tile)) return LEGAL;
  if (h.unknown > 0 && unseenTiles(s).includes(tile)) return LEGAL;
  const where = s.hands.findIndex((o) => o.tiles.includes(tile));
  const seen = where >= 0 ? `it is in ${seatName(where)}'s hand` : 'it already lies in the cross';
  return illegal('TILE_NOT_IN_HAND', `${formatDomino(tile)} is not in ${seatName(s.toMove)}'s hand: ${seen} (rules.md §5: a player lays tiles from his own hand)`);
}

function checkMove(_t: Table<SevRuleset>, s: SevState, m: SevMove): Verdict {
  if (roundOver(s)) return illegal('ROUND_OVER', overMessage(s));
  if (m.kind === 'draw')
    return illegal('CANNOT_DRAW', 'Sevastopol has no stock: all 28 tiles are dealt, and a player who cannot play passes (rules.md §5)');
  if (m.kind === 'pass') {
    // Before the lead the player to move is the 6-6 holder (readPosition checks it): he must lead.
    const p = s.cross.center ? knownPlay(s.cross, s.hands[s.toMove]) : { tile: DOUBLE_SIX, arm: -1 };
    if (!p) return LEGAL;
    const where = p.arm < 0 ? 'as the lead' : `on arm ${ARMS[p.arm]}`;
    return illegal('MUST_PLAY', `${seatName(s.toMove)} cannot pass: ${formatDomino(p.tile)} can be laid ${where} (rules.md: a player who can play must play)`);
  }
  const v = checkPlace(s, m.tile, m.arm);
  return v.legal ? checkHolds(s, m.tile) : v;
}

function applyMove(_t: Table<SevRuleset>, s: SevState, m: SevMove): SevState {
  const seat = s.toMove;
  if (m.kind !== 'play') return updateBlocked({ ...s, toMove: nextActive(s.hands, seat), passes: s.passes + 1 });
  const hands = s.hands.slice();
  hands[seat] = removeFromHand(hands[seat], m.tile);
  let cross: Cross;
  if (m.arm < 0) cross = leadSpinner(s.cross);
  else {
    const end = armEnd(s.cross, m.arm);
    cross = layOnArm(s.cross, m.arm, end, lo(m.tile) === end ? hi(m.tile) : lo(m.tile));
  }
  const out = handSize(hands[seat]) === 0 ? [...s.out, seat] : s.out;
  return updateBlocked({ ...s, cross, hands, out, toMove: nextActive(hands, seat), passes: 0 });
}

function deal(t: Table<SevRuleset>, rng: Rng): SevState {
  const tiles = shuffle(allDominoes(6), rng);
  const hands = [0, 1, 2, 3].map((i) => ({ tiles: tiles.slice(i * 7, i * 7 + 7), unknown: 0 }));
  const toMove = hands.findIndex((h) => h.tiles.includes(DOUBLE_SIX));
  const cross: Cross = { center: false, arms: [[], [], [], []] };
  return { cross, hands, toMove, bank: 4 * t.ruleset.stake, out: [], blocked: false, passes: 0 };
}

function opening(_t: Table<SevRuleset>, s: SevState): JsonObject {
  if (s.cross.center) return { starter: null, leads: [], note: 'the 6-6 already lies in the center' };
  const holder = s.hands.findIndex((h) => h.tiles.includes(DOUBLE_SIX));
  if (holder < 0) return { starter: null, leads: [] };
  return { starter: seatName(holder), leads: [formatDomino(DOUBLE_SIX)] };
}

/**
 * rules.md gives Sevastopol no game score: the game is its one round of stakes. It is over when
 * the round is over, and won by the player who took the largest share of the bank (null on a tie
 * for the largest share, e.g. a blocked round split 1/2 + 1/2).
 */
function gameResult(t: Table<SevRuleset>, s: SevState): JsonObject {
  const r = sevRoundResult(t, s);
  return r ? { over: true, winner: r.winner, shares: r.shares } : { over: false, winner: null };
}

export const sevastopol: Game<SevRuleset, SevState, SevMove> = {
  id: 'sevastopol',
  section: '§5',
  sets: ['double-6'],
  seatCounts: [4],
  teams: 'never',
  presets: ['default'],
  overrides: ['stake'],
  ruleset: sevRuleset,
  readPosition: readSevPosition,
  writePosition: writeSevPosition,
  readMove: readSevMove,
  writeMove: writeSevMove,
  deal,
  opening,
  legalMoves,
  checkMove,
  applyMove,
  // rules.md §5 scores no single move: the bank is shared out when the round ends.
  scoreMove: () => ({ points: 0, breakdown: [] }),
  roundResult: sevRoundResult,
  // rules.md §5: the first out takes 3/4 of the bank at once; the other three play on for the rest.
  roundInProgress: (_t, s): JsonObject =>
    s.out.length === 0
      ? { over: false, winner: null, shares: {} }
      : { over: false, winner: null, went_out: s.out.map(seatName), shares: { [seatName(s.out[0])]: 0.75 } },
  gameResult,
  countTiles: (_t, s) => tilesInCross(s.cross) + s.hands.reduce((n, h) => n + handSize(h), 0),
};
