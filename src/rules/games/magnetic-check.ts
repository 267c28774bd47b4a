/**
 * Magnetic domino (rules.md §8): why a move is illegal, one sentence naming the tiles and the rule;
 * and the collapse of the structure ("whoever knocks the structure down takes every fallen tile,
 * and play restarts with the 6-6 holder"), offered as the move {"action": "collapse", "tiles": [ids]}.
 */
import { fail } from '../errors';
import type { Table } from '../game';
import { leftEnd, rightEnd } from '../layouts/line';
import { halfValue, indexOfId, isCovered, isResting, isStacked, withoutPieces } from '../layouts/structure';
import { seatName } from '../position';
import { canonical, formatDomino, hi, lo, type Domino } from '../tiles';
import { LEGAL, type Verdict } from '../types';
import { layoutSize, RULE, type MagneticMove, type MagneticRules, type MagneticState } from './magnetic-position';
import { bestHeld, candidates, describeEnds, describePiece, isRoundOver, magneticOpening, placements, turnKind } from './magnetic-play';

type T = Table<MagneticRules>;
type Play = Extract<MagneticMove, { tile: Domino }>;
type Target = Extract<MagneticMove, { kind: 'on' | 'under' }>;

const illegal = (code: string, message: string): Verdict => ({ legal: false, code, rule: RULE, message });
const cite = (what: string): string => `(rules.md §8: ${what})`;

export function requireToMove(s: MagneticState): number {
  if (s.toMove < 0) fail('BAD_POSITION', 'to_move: name the player to move (e.g. "to_move": "P1")');
  return s.toMove;
}

export function magneticCheckMove(t: T, s: MagneticState, m: MagneticMove): Verdict {
  if (isRoundOver(t, s)) return illegal('ROUND_OVER', `the round is over ${cite('a round ends when a player goes out or nobody can play')}`);
  requireToMove(s);
  if (m.kind === 'collapse') return checkCollapse(s, m.ids);
  if (layoutSize(s) === 0) return checkLead(t, s, m);
  if (m.kind === 'pass' && s.endedByDraw !== null) return LEGAL; // confirms the turn the draw ended
  if (m.kind === 'draw' || m.kind === 'pass') return checkDrawPass(t, s, m.kind);
  return checkPlay(t, s, m);
}

function checkLead(t: T, s: MagneticState, m: Exclude<MagneticMove, { kind: 'collapse' }>): Verdict {
  const me = seatName(s.toMove);
  const leads = placements(t, s, s.toMove).map((x) => (x as Play).tile);
  if (leads.length === 0) {
    const o = magneticOpening(t, s);
    const by = o.starter === null ? 'another player' : seatName(o.starter);
    return illegal('NOT_STARTER', `${by} opens this round, not ${me} ${cite('round 1 the 6-6 holder leads it, else the highest double, else the highest tile; later rounds the player after the previous starter')}`);
  }
  if (m.kind === 'draw' || m.kind === 'pass') return illegal('MUST_LEAD', `${me} opens the round and leads ${leads.map(formatDomino).join(' or ')} ${cite('who opens')}`);
  if (m.kind === 'on' || m.kind === 'under') return illegal('UNKNOWN_TARGET', `the structure is empty: the first tile is led on the table, not ${m.kind} tile ${m.id} ${cite('the lead')}`);
  if (!hasTile(t, s, m.tile)) return notHeld(s, m.tile);
  if (!leads.includes(m.tile))
    return illegal('WRONG_LEAD', `${me} must lead ${leads.map(formatDomino).join(' or ')}, not ${formatDomino(m.tile)} ${cite('round 1 the 6-6 holder leads it, else the highest double, else the highest tile')}`);
  return LEGAL;
}

function hasTile(t: T, s: MagneticState, tile: Domino): boolean {
  const h = s.hands[s.toMove];
  return h.unknown === 0 ? h.tiles.includes(tile) : candidates(t, s, s.toMove).includes(tile);
}

const notHeld = (s: MagneticState, tile: Domino): Verdict =>
  illegal('TILE_NOT_IN_HAND', `${seatName(s.toMove)} does not hold ${formatDomino(tile)} ${cite('a player plays a tile of his own hand')}`);

function checkDrawPass(t: T, s: MagneticState, kind: 'draw' | 'pass'): Verdict {
  const me = seatName(s.toMove);
  const plays = s.hands[s.toMove].unknown > 0 ? [] : placements(t, s, s.toMove);
  const canPlay = plays.length > 0 && !(s.drawn > 0 && s.mode !== 'flat');
  const example = canPlay ? formatDomino((plays[0] as Play).tile) : '';
  if (kind === 'draw') {
    if (s.drawn > 0) return illegal('CANNOT_DRAW', `${me} has drawn his tile this turn ${cite('cannot play: draw one tile')}`);
    if (s.stock.count === 0) return illegal('STOCK_EMPTY', `the stock is empty, so ${me} cannot draw ${cite('cannot play: draw one tile')}`);
    if (canPlay) return illegal('MUST_PLAY', `${me} can play ${example}, so he may not draw ${cite('a player who can play must play; only one who cannot play draws')}`);
    return LEGAL;
  }
  if (canPlay)
    return illegal('MUST_PLAY', `${me} can play ${example}${s.drawn > 0 ? ', the tile he drew' : ''}, so he may not pass ${cite('a player who can play must play; a drawn tile that fits is played')}`);
  if (s.drawn === 0 && s.stock.count > 0) return illegal('MUST_DRAW', `${me} cannot play and must draw one tile before passing ${cite('cannot play: draw one tile')}`);
  return LEGAL;
}

function checkPlay(t: T, s: MagneticState, m: Play): Verdict {
  const me = seatName(s.toMove);
  if (!hasTile(t, s, m.tile)) return notHeld(s, m.tile);
  if (s.drawn > 0 && s.mode !== 'flat')
    return illegal('TURN_OVER', `${me} drew this turn: he keeps the tile and his turn ends, so he passes ${cite('cannot: draw one, keep it, turn ends; it may not be used even if it fits')}`);
  if (m.kind === 'lead') return illegal('END_REQUIRED', `the round is already opened: say where ${formatDomino(m.tile)} goes ("end", "on" or "under") ${cite('one tile per turn')}`);
  const kind = turnKind(s, s.toMove);
  if (s.mode === 'flat' && m.kind !== 'end')
    return illegal('WRONG_MODE', `flat play lays tiles at the two ends of the line, not ${m.kind} another tile ${cite('flat: classic ends')}`);
  if (kind === 'tower' && m.kind !== 'on') {
    const why = s.mode === 'tower' ? 'tower play places every tile ON a tile of the structure' : `${me} owes a tower turn: a tile goes ON an end tile of the row`;
    return illegal('WRONG_MODE', `${why}, not ${m.kind === 'end' ? 'at an end' : 'under a tile'} ${cite(s.mode === 'tower' ? 'tower' : 'alternating: turns alternate flat and tower')}`);
  }
  if (kind === 'flat' && m.kind === 'on')
    return illegal('WRONG_MODE', `${me} owes a flat turn: a tile goes at an end of the row or under a tower tile, not on tile ${m.id} ${cite('alternating: turns alternate flat and tower')}`);
  if (m.kind === 'end') {
    const v = s.mode === 'flat' ? (m.side === 0 ? leftEnd(s.line) : rightEnd(s.line)) : halfValue(s.st, (m.side === 0 ? s.st.endL : s.st.endR) >> 1, (m.side === 0 ? s.st.endL : s.st.endR) & 1);
    if (lo(m.tile) !== v && hi(m.tile) !== v)
      return illegal('END_MISMATCH', `${formatDomino(m.tile)} has no ${v}: ${describeEnds(s)} ${cite('a tile laid flat matches the end it is laid on')}`);
    return LEGAL;
  }
  return checkTarget(t, s, m);
}

function checkTarget(t: T, s: MagneticState, m: Target): Verdict {
  const st = s.st;
  const i = indexOfId(st, m.id);
  if (i < 0) return illegal('UNKNOWN_TARGET', `there is no tile ${m.id} in the structure`);
  const v = halfValue(st, i, m.half);
  const tileHalf = m.with === null ? null : m.with === 0 ? lo(m.tile) : hi(m.tile);
  const mismatch = (lo(m.tile) !== v && hi(m.tile) !== v) || (tileHalf !== null && tileHalf !== v);
  const what = `half ${m.half} of ${describePiece(st, i)} shows ${v}`;
  if (m.kind === 'under') {
    if (!isStacked(st, i)) return illegal('NOT_A_TOWER_TILE', `${describePiece(st, i)} lies on the table: a tile is slid only under a tower tile ${cite('alternating: slid under a tower tile with equal pips')}`);
    if (isResting(st, i, m.half)) return illegal('HALF_SUPPORTED', `${what}, but it already rests on a tile: nothing can be slid under it ${cite('alternating: slid under a tower tile')}`);
    if (mismatch) return illegal('HALF_MISMATCH', `${formatDomino(m.tile)} cannot go under it: ${what} ${cite('slid under a tower tile with equal pips')}`);
    return LEGAL;
  }
  if (s.mode === 'alternating' && !isEndTileOf(s, i))
    return illegal('NOT_AN_END_TILE', `${describePiece(st, i)} is not an end tile of the row ${cite('alternating: a tower turn builds on an end tile')}`);
  if (s.mode === 'tower' && t.ruleset.harder && !isEndTileOf(s, st.base[i]))
    return illegal('NOT_AN_END_TILE', `${describePiece(st, i)} does not stand on an end tile of the row ${cite('[preset harder] only onto the two end tiles of the row, or onto tiles stacked on them')}`);
  if (isCovered(st, i, m.half)) return illegal('HALF_COVERED', `${what}, but it is already covered ${cite('a half that is already covered cannot be built on')}`);
  if (mismatch) return illegal('HALF_MISMATCH', `${formatDomino(m.tile)} has no ${v}: ${what} ${cite('two halves with equal pips overlap')}`);
  return LEGAL;
}

const isEndTileOf = (s: MagneticState, i: number): boolean => s.st.endL >> 1 === i || s.st.endR >> 1 === i;

// ---- the collapse --------------------------------------------------------------------------------

function fallenIndices(s: MagneticState, ids: readonly number[]): Set<number> {
  return new Set(ids.map((id) => indexOfId(s.st, id)));
}

function checkCollapse(s: MagneticState, ids: readonly number[]): Verdict {
  if (s.mode === 'flat' || s.st.pieces.length === 0) return illegal('NO_STRUCTURE', `there is no structure to knock down ${cite('tower and alternating play')}`);
  const missing = ids.find((id) => indexOfId(s.st, id) < 0);
  if (missing !== undefined) return illegal('UNKNOWN_TARGET', `there is no tile ${missing} in the structure`);
  const rest = withoutPieces(s.st, fallenIndices(s, ids));
  if (typeof rest === 'string') return illegal('COLLAPSE_INCOHERENT', `the named tiles cannot fall alone: ${rest} ${cite('whoever knocks the structure down takes every fallen tile')}`);
  return LEGAL;
}

/**
 * The player to move knocked the structure: he takes the fallen tiles into his hand, and play
 * restarts with the 6-6 holder (else the holder of the highest double, else of the highest tile).
 * When nothing is left standing, he leads again, as at the opening.
 */
export function applyCollapse(s: MagneticState, ids: readonly number[]): MagneticState {
  const fallen = fallenIndices(s, ids);
  const st = withoutPieces(s.st, fallen);
  if (typeof st === 'string') throw new Error(st);
  const hands = s.hands.slice();
  const h = s.hands[s.toMove];
  hands[s.toMove] = { tiles: [...h.tiles, ...[...fallen].map((i) => canonical(s.st.pieces[i].tile))], unknown: h.unknown };
  const next: MagneticState = { ...s, st, hands, drawn: 0 };
  if (st.pieces.length === 0) next.previousStarter = null;
  next.toMove = bestHeld(next)?.seat ?? s.toMove;
  return next;
}
