/**
 * A round for the scoreboard: from the hands laid open (the referee's round-result, whatever
 * shape each game answers in) or from points typed in. `points` always name every side, so a
 * row of the scoreboard reads the same for every game.
 */
import type { JsonObject } from '../rules/types';
import { askReferee } from './ask';
import { sidesOf } from './catalogue';
import { refusal, type GameSetup, type Refusal, type RoundEntry, type RoundSource, type Side } from './types';

export interface RoundContext {
  /** Where the hands came from (default "hand"). */
  source?: Exclude<RoundSource, 'typed'>;
  note?: string;
  /** Running totals before this round (Čtyřky: the sticks, so the referee can say who reached 20). */
  totals?: Record<Side, number>;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): JsonObject => (v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : {});

function zeros(setup: GameSetup): Record<Side, number> {
  return Object.fromEntries(sidesOf(setup).map((s) => [s, 0]));
}

/** Asks the referee for the round's result and turns its answer into a scoreboard row. */
export function roundFromHands(setup: GameSetup, position: JsonObject, ctx: RoundContext = {}): RoundEntry | Refusal {
  let pos = position;
  if (setup.game === 'ctyrky' && ctx.totals && pos.scores === undefined) pos = { ...pos, scores: { ...ctx.totals } };
  const answer = askReferee(setup, pos, 'round-result');
  if ('error' in answer) return sevastopolHint(setup, pos, answer as Refusal);
  if (answer.over === false || answer.status === 'playing')
    return refusal('ROUND_NOT_OVER', 'The round is not over yet: nobody has gone out and somebody can still play. Say who went out, or that the round is blocked.');
  const read = readAnswer(setup, pos, answer);
  if ('error' in read) return read;
  const entry: RoundEntry = { points: read.points, winner: read.winner, blocked: answer.blocked === true, source: ctx.source ?? 'hand', position: pos, answer };
  if (ctx.note) entry.note = ctx.note;
  return entry;
}

interface Read {
  points: Record<Side, number>;
  winner: Side | null;
}

function readAnswer(setup: GameSetup, pos: JsonObject, a: JsonObject): Read | Refusal {
  const points = zeros(setup);
  const winner = typeof a.winner === 'string' ? a.winner : null;
  switch (setup.game) {
    case 'magnetic':
      // rules.md §8: every player adds the pips left in his hand; the lowest total wins the game.
      for (const [k, v] of Object.entries(obj(a.pips))) points[k] = num(v);
      return { points, winner };
    case 'sevastopol':
      return sevastopolPoints(points, a);
    case 'solo':
      points.P0 = a.status === 'won' ? 1 : 0;
      return { points, winner: a.status === 'won' ? 'P0' : null };
    case 'ctyrky':
      // rules.md §4: only placements earn sticks (scoreMove); the hands left score nothing. The
      // winner is set only when the sticks carried in reach the target.
      return { points, winner };
    case 'ekspresowe':
      if (tieWithoutFirstHand(pos, a))
        return refusal('NEEDS_FIRST_HAND', 'A tie for the fewest pips goes to the first hand (rules.md §2): say who opened this round.');
      break;
  }
  for (const [k, v] of Object.entries(obj(a.points))) points[k] = num(v);
  return { points, winner };
}

/** rules.md §5: the bank paid out; whole items when it divides evenly, else the share of the bank. */
function sevastopolPoints(points: Record<Side, number>, a: JsonObject): Read | Refusal {
  if (a.shares === null || typeof a.shares !== 'object')
    return refusal('UNKNOWN_HAND', typeof a.note === 'string' ? a.note : 'Every hand must be laid open to share the bank.');
  const items = obj(a.items);
  const bank = num(a.bank);
  for (const [k, share] of Object.entries(obj(a.shares))) points[k] = k in items ? num(items[k]) : num(share) * bank;
  return { points, winner: typeof a.winner === 'string' ? a.winner : null };
}

/** Ekspresowe scored from hands alone: the referee cannot tell the first hand, who wins a tie. */
function tieWithoutFirstHand(pos: JsonObject, a: JsonObject): boolean {
  const line = pos.line;
  if (a.blocked !== true || pos.first_hand !== undefined || (Array.isArray(line) && line.length > 0)) return false;
  const pips = Object.values(obj(a.pips)).map(num);
  const low = Math.min(...pips);
  return pips.filter((p) => p === low).length > 1;
}

function sevastopolHint(setup: GameSetup, pos: JsonObject, r: Refusal): Refusal {
  const cross = obj(pos.cross);
  const arms = Object.values(obj(cross.arms));
  const centerOnly = arms.every((x) => Array.isArray(x) && x.length === 0);
  if (setup.game !== 'sevastopol' || !centerOnly || r.error.code !== 'BAD_POSITION') return r;
  return refusal('NEEDS_LAYOUT', 'Sevastopol: a blocked round can only be confirmed from the cross as laid. Read the table with the camera, or type the items each player won.');
}

export interface TypedOptions {
  winner?: Side | null;
  blocked?: boolean;
  note?: string;
}

/** A round whose points were typed in; the winner is the side that scored (magnetic: the fewest pips). */
export function typedRound(setup: GameSetup, points: Record<Side, number>, opts: TypedOptions = {}): RoundEntry | Refusal {
  const sides = sidesOf(setup);
  const out = zeros(setup);
  for (const [k, v] of Object.entries(points)) {
    if (!sides.includes(k)) return refusal('UNKNOWN_SIDE', `${k} does not play in this game (the sides are ${sides.join(', ')}).`);
    if (typeof v !== 'number' || !Number.isFinite(v)) return refusal('BAD_POINTS', `The points of ${k} are not a number.`);
    // Only triangular domino knows minus points (draws and passes); everywhere else a round adds.
    if (v < 0 && setup.game !== 'triomino') return refusal('BAD_POINTS', `The points of ${k} cannot be negative.`);
    if (setup.game === 'solo' && v !== 0 && v !== 1) return refusal('BAD_POINTS', 'Solo: 1 for a game won, 0 for a game lost.');
    out[k] = v;
  }
  if (opts.winner !== undefined && opts.winner !== null && !sides.includes(opts.winner))
    return refusal('UNKNOWN_SIDE', `${opts.winner} does not play in this game (the sides are ${sides.join(', ')}).`);
  const winner = opts.winner !== undefined ? opts.winner : typedWinner(setup, out);
  const entry: RoundEntry = { points: out, winner, source: 'typed' };
  if (opts.blocked !== undefined) entry.blocked = opts.blocked;
  if (opts.note) entry.note = opts.note;
  return entry;
}

function typedWinner(setup: GameSetup, points: Record<Side, number>): Side | null {
  const entries = Object.entries(points);
  const best = setup.game === 'magnetic' ? Math.min(...entries.map(([, v]) => v)) : Math.max(...entries.map(([, v]) => v));
  const top = entries.filter(([, v]) => v === best);
  if (top.length !== 1) return null;
  return setup.game === 'magnetic' || best > 0 ? top[0][0] : null;
}
