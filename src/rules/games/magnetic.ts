/**
 * Magnetic domino (rules.md §8): 2-4 players, double-6, 7 tiles each with 2 players, 6 with 3-4,
 * the rest is the stock. Three ways to play (ruleset `mode`): flat (default), tower, alternating.
 * First out wins the round; blocked, the fewest pips (preset `little-ones`: the fewest tiles).
 * Each player adds the pips left in his hand to his total; after `rounds` rounds the LOWEST total wins.
 */
import { fail } from '../errors';
import type { Game, RoundSetup, Table } from '../game';
import { EMPTY_STRUCTURE } from '../layouts/structure';
import { scoreKeys, seatName } from '../position';
import { shuffle, type Rng } from '../random';
import { allDominoes, formatDomino, pipsOf, type Domino } from '../tiles';
import type { JsonObject } from '../types';
import { applyCollapse, magneticCheckMove, requireToMove } from './magnetic-check';
import { applyDraw, applyPass, applyPlay, isBlocked, isRoundOver, magneticOpening, placements, winnerOut } from './magnetic-play';
import {
  layoutSize,
  MODES,
  readMagneticMove,
  readMagneticState,
  seenTiles,
  writeMagneticMove,
  writeMagneticState,
  type MagneticMove,
  type MagneticRules,
  type MagneticState,
  type Mode,
} from './magnetic-position';

type T = Table<MagneticRules>;

function readWhole(o: JsonObject, key: string, min: number, max: number): number | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) fail('BAD_RULESET', `ruleset.${key}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(v)}`);
  return v;
}

function readRules(preset: string, o: JsonObject, seats: number): MagneticRules {
  const mode = o.mode ?? null;
  if (mode !== null && !(MODES as readonly unknown[]).includes(mode)) fail('BAD_RULESET', `ruleset.mode: expected ${MODES.join(', ')}, got ${JSON.stringify(mode)} (rules.md §8)`);
  const handSize = readWhole(o, 'hand_size', 1, Math.floor(28 / seats));
  return { mode: mode as Mode | null, harder: preset === 'harder', littleOnes: preset === 'little-ones', rounds: readWhole(o, 'rounds', 1, 1000) ?? 5, handSize };
}

export function readMagneticPosition(t: T, pos: JsonObject): MagneticState {
  const s = readMagneticState(t, pos);
  // No player named on an empty layout: the opening's starter (round 1 the 6-6 holder, ...).
  if (s.toMove < 0 && layoutSize(s) === 0) s.toMove = magneticOpening(t, s).starter ?? -1;
  return s;
}

export function magneticLegalMoves(t: T, s: MagneticState): MagneticMove[] {
  if (isRoundOver(t, s)) return [];
  const seat = requireToMove(s);
  // Right after a draw ended a turn, that player may still say "pass" (it changes nothing).
  const confirm: MagneticMove[] = s.endedByDraw !== null ? [{ kind: 'pass' }] : [];
  return [...confirm, ...ordinaryMoves(t, s, seat)];
}

function ordinaryMoves(t: T, s: MagneticState, seat: number): MagneticMove[] {
  if (layoutSize(s) === 0) return placements(t, s, seat);
  // Tower and alternating: a drawn tile is kept and the turn ends (rules.md §8).
  if (s.drawn > 0 && s.mode !== 'flat') return [{ kind: 'pass' }];
  const moves = placements(t, s, seat);
  if (moves.length > 0 && s.hands[seat].unknown === 0) return moves;
  moves.push(s.drawn === 0 && s.stock.count > 0 ? { kind: 'draw' } : { kind: 'pass' });
  return moves;
}

export function magneticApplyMove(t: T, s: MagneticState, m: MagneticMove): MagneticState {
  switch (m.kind) {
    case 'draw':
      return drawAndMaybeEndTurn(t, s);
    case 'pass':
      // The pass that confirms a turn a draw already ended changes nothing more.
      return s.endedByDraw !== null ? { ...s, endedByDraw: null } : applyPass(t, s);
    case 'collapse':
      return applyCollapse(s, m.ids);
    default:
      return applyPlay(t, s, m);
  }
}

/**
 * rules.md §8: flat, "draw one tile; if it fits nowhere, keep it and the turn ends"; tower and
 * alternating, "draw one, keep it, turn ends". Where that is decided, the turn passes at once.
 * A tile drawn from a counted stock is unknown: the player then plays it or passes himself.
 */
function drawAndMaybeEndTurn(t: T, s: MagneticState): MagneticState {
  const drawn = applyDraw(s);
  const tileKnown = drawn.hands[s.toMove].unknown === s.hands[s.toMove].unknown;
  const ends = s.mode !== 'flat' || (tileKnown && placements(t, drawn, s.toMove).length === 0);
  if (!ends) return drawn;
  return { ...applyPass(t, drawn), endedByDraw: s.toMove };
}

/** Pips left in each hand. A counted hand is known only when it must hold every unseen tile. */
function handPips(t: T, s: MagneticState): number[] {
  const hidden = s.hands.map((h, i) => (h.unknown > 0 ? i : -1)).filter((i) => i >= 0);
  let hiddenPips = 0;
  if (hidden.length > 0) {
    const seen = new Set(seenTiles(s));
    const unseen = allDominoes(t.maxPip).filter((d) => !seen.has(d));
    const countedStock = s.stock.tiles ? 0 : s.stock.count;
    if (hidden.length > 1 || countedStock > 0 || unseen.length !== s.hands[hidden[0]].unknown)
      fail('UNKNOWN_HAND', `hands.${seatName(hidden[0])}: the round result needs the tiles left in every hand, not just their number`);
    hiddenPips = unseen.reduce((n, d) => n + pipsOf(d), 0);
  }
  return s.hands.map((h) => h.tiles.reduce((n, d) => n + pipsOf(d), 0) + (h.unknown > 0 ? hiddenPips : 0));
}

const uniqueLowest = (values: readonly number[]): number | null => {
  const low = Math.min(...values);
  return values.filter((v) => v === low).length === 1 ? values.indexOf(low) : null;
};

export function magneticRoundResult(t: T, s: MagneticState): JsonObject | null {
  const out = winnerOut(s);
  const blocked = out === null && isBlocked(t, s);
  if (out === null && !blocked) return null;
  const pips = handPips(t, s);
  // Blocked: fewest pips wins ([preset little-ones] fewest tiles); a tie for fewest: nobody wins.
  const sizes = s.hands.map((h) => h.tiles.length + h.unknown);
  const winner = out ?? uniqueLowest(t.ruleset.littleOnes ? sizes : pips);
  const pipsJson: JsonObject = {};
  pips.forEach((p, i) => (pipsJson[seatName(i)] = p));
  return { over: true, winner: winner === null ? null : seatName(winner), blocked, pips: pipsJson };
}

export function magneticGameResult(t: T, s: MagneticState): JsonObject {
  const keys = scoreKeys(t.seats, null);
  const w = uniqueLowest(s.scores);
  const scores: JsonObject = {};
  keys.forEach((k, i) => (scores[k] = s.scores[i]));
  return { over: s.round >= t.ruleset.rounds, winner: w === null ? null : keys[w], scores };
}

export function dealMagnetic(t: T, rng: Rng, setup: RoundSetup): MagneticState {
  const r = t.ruleset;
  const size = r.handSize ?? (t.seats === 2 ? 7 : 6);
  const tiles: Domino[] = shuffle(allDominoes(t.maxPip), rng);
  const hands = Array.from({ length: t.seats }, (_, i) => ({ tiles: tiles.slice(i * size, (i + 1) * size), unknown: 0 }));
  const rest = tiles.slice(t.seats * size);
  const mode: Mode = r.mode ?? (r.harder ? 'tower' : 'flat');
  const keys = scoreKeys(t.seats, null);
  const s: MagneticState = {
    mode,
    layoutKey: mode === 'flat' ? 'line' : 'structure',
    line: [],
    st: EMPTY_STRUCTURE,
    hands,
    stock: { tiles: rest, count: rest.length },
    toMove: -1,
    drawn: 0,
    round: setup.round,
    previousStarter: setup.previousStarter ?? null,
    scores: keys.map((k) => setup.scores?.[k] ?? 0),
    wentOut: null,
    blockedFlag: null,
    owed: new Array(t.seats).fill(null),
    endedByDraw: null,
  };
  s.toMove = magneticOpening(t, s).starter ?? 0;
  return s;
}

export const magnetic: Game<MagneticRules, MagneticState, MagneticMove> = {
  id: 'magnetic',
  section: '§8',
  sets: ['double-6'],
  seatCounts: [2, 3, 4],
  teams: 'never',
  presets: ['default', 'harder', 'little-ones'],
  overrides: ['mode', 'rounds', 'hand_size'],
  ruleset: (preset, o, _set, seats) => readRules(preset, o, seats),
  readPosition: readMagneticPosition,
  writePosition: writeMagneticState,
  readMove: readMagneticMove,
  writeMove: writeMagneticMove,
  deal: dealMagnetic,
  opening(t, s) {
    const o = magneticOpening(t, s);
    return { starter: o.starter === null ? null : seatName(o.starter), leads: o.leads.map(formatDomino) };
  },
  legalMoves: magneticLegalMoves,
  checkMove: magneticCheckMove,
  applyMove: magneticApplyMove,
  // rules.md §8 scores no single move: the pips left in the hands count at the end of the round.
  scoreMove: () => ({ points: 0, breakdown: [] }),
  roundResult: magneticRoundResult,
  gameResult: magneticGameResult,
  countTiles: (_t, s) => layoutSize(s) + s.hands.reduce((n, h) => n + h.tiles.length + h.unknown, 0) + s.stock.count,
};
