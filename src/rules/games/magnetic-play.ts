/**
 * Magnetic domino (rules.md §8): who opens, which tiles may go where in each way to play, and what
 * a move does. Flat: classic ends; cannot play, draw one and play it if it fits, else pass.
 * Tower: ON a tile so equal halves overlap; cannot play, draw one and keep it (the turn ends).
 * Alternating: flat turns (an end of the row, or under a tower tile) and tower turns (on an end tile).
 */
import type { Table } from '../game';
import { leadOf, leftEnd, orient, rightEnd, layAt } from '../layouts/line';
import { halfValue, isCovered, isEndTile, isResting, isStacked, layAtEnd, leadStructure, slideUnder, stackOn, type Structure } from '../layouts/structure';
import { addToHand, drawFrom, removeFromHand, seatName } from '../position';
import { allDominoes, formatDomino, formatLaid, hi, isDouble, lo, pipsOf, type Domino } from '../tiles';
import { layoutSize, seenTiles, type MagneticMove, type MagneticRules, type MagneticState, type TurnKind } from './magnetic-position';

type T = Table<MagneticRules>;

export interface Opening {
  starter: number | null;
  leads: Domino[];
}

/** 6-6 first, then the other doubles by pips, then the highest tile (most pips, then larger half). */
export const openingRank = (d: Domino): number => (isDouble(d) ? 256 + pipsOf(d) : pipsOf(d) * 16 + hi(d));

/** Tiles the player might hold: his own, and when part of his hand is hidden, every unseen tile. */
export function candidates(t: T, s: MagneticState, seat: number): Domino[] {
  const h = s.hands[seat];
  if (h.unknown === 0) return h.tiles;
  const seen = new Set(seenTiles(s));
  return [...h.tiles, ...allDominoes(t.maxPip).filter((d) => !seen.has(d))];
}

/** The best known hand tile by the opening rank, and its holder. */
export function bestHeld(s: MagneticState): { seat: number; tile: Domino; rank: number } | null {
  let best: { seat: number; tile: Domino; rank: number } | null = null;
  s.hands.forEach((h, seat) =>
    h.tiles.forEach((tile) => {
      const rank = openingRank(tile);
      if (!best || rank > best.rank) best = { seat, tile, rank };
    }),
  );
  return best;
}

/**
 * rules.md §8: round 1, the 6-6 holder leads it (else the highest double, else the highest tile);
 * later rounds the player after the previous starter, any tile (without `previous_starter`, the
 * player named to move). A better tile possibly hidden in a counted hand: the starter is unknown.
 */
export function magneticOpening(t: T, s: MagneticState): Opening {
  if (s.round > 1 && (s.previousStarter !== null || s.toMove >= 0)) {
    const starter = s.previousStarter !== null ? (s.previousStarter + 1) % t.seats : s.toMove;
    return { starter, leads: candidates(t, s, starter) };
  }
  const best = bestHeld(s);
  if (s.hands.some((h) => h.unknown > 0)) {
    const seen = new Set(seenTiles(s));
    if (allDominoes(t.maxPip).some((d) => !seen.has(d) && openingRank(d) > (best?.rank ?? -1))) return { starter: null, leads: [] };
  }
  return best ? { starter: best.seat, leads: [best.tile] } : { starter: null, leads: [] };
}

/** The tiles `seat` may lead on an empty layout. */
function leadsFor(t: T, s: MagneticState, seat: number): Domino[] {
  const o = magneticOpening(t, s);
  if (o.starter === seat) return o.leads;
  if (o.starter !== null) return [];
  // Unknown starter (hidden hands) and the position names this player: any tile that could be the best.
  const rank = bestHeld(s)?.rank ?? -1;
  return candidates(t, s, seat).filter((d) => openingRank(d) >= rank);
}

/** The kind of turn `seat` plays now: alternating play owes flat after a tower turn and back. */
export function turnKind(s: MagneticState, seat: number): TurnKind {
  if (s.mode !== 'alternating') return s.mode === 'flat' ? 'flat' : 'tower';
  return s.owed[seat] ?? (s.st.pieces.length % 2 === 1 ? 'tower' : 'flat');
}

const has = (tile: Domino, v: number): boolean => lo(tile) === v || hi(tile) === v;

const endValue = (st: Structure, end: number): number => halfValue(st, end >> 1, end & 1);

/** Tiles at the two ends: listed once, as "L", when both ends show the same number (referee.md). */
function addEnds(out: MagneticMove[], tiles: readonly Domino[], le: number, re: number): void {
  for (const tile of tiles) {
    if (has(tile, le)) out.push({ kind: 'end', tile, side: 0 });
    if (re !== le && has(tile, re)) out.push({ kind: 'end', tile, side: 1 });
  }
}

function addOnHalves(out: MagneticMove[], tiles: readonly Domino[], st: Structure, kind: 'on' | 'under', i: number): void {
  for (let h = 0; h < 2; h++) {
    if (kind === 'on' ? isCovered(st, i, h) : isResting(st, i, h)) continue;
    const v = halfValue(st, i, h);
    for (const tile of tiles) if (has(tile, v)) out.push({ kind, tile, id: st.pieces[i].id, half: h, with: null });
  }
}

/** May a tower tile go on piece `i` now? Harder preset / alternating tower turn: the end tiles. */
function isTowerTarget(t: T, s: MagneticState, i: number): boolean {
  if (s.mode === 'alternating') return isEndTile(s.st, i);
  return !t.ruleset.harder || isEndTile(s.st, s.st.base[i]);
}

/** Every placement `seat` could make now (no draw or pass); a double onto a half is one move. */
export function placements(t: T, s: MagneticState, seat: number): MagneticMove[] {
  const out: MagneticMove[] = [];
  if (layoutSize(s) === 0) {
    for (const tile of leadsFor(t, s, seat)) out.push({ kind: 'lead', tile });
    return out;
  }
  const tiles = candidates(t, s, seat);
  const st = s.st;
  if (s.mode === 'flat') addEnds(out, tiles, leftEnd(s.line), rightEnd(s.line));
  else if (turnKind(s, seat) === 'flat') {
    addEnds(out, tiles, endValue(st, st.endL), endValue(st, st.endR));
    for (let i = 0; i < st.pieces.length; i++) if (isStacked(st, i)) addOnHalves(out, tiles, st, 'under', i);
  } else {
    for (let i = 0; i < st.pieces.length; i++) if (isTowerTarget(t, s, i)) addOnHalves(out, tiles, st, 'on', i);
  }
  return out;
}

// ---- applying -------------------------------------------------------------------------------------

export function applyPlay(t: T, s: MagneticState, m: MagneticMove & { tile: Domino }): MagneticState {
  const seat = s.toMove;
  const next: MagneticState = { ...s, toMove: (seat + 1) % t.seats, drawn: 0, endedByDraw: null };
  if (layoutSize(s) === 0) {
    if (s.mode === 'flat') next.line = [leadOf(m.tile)];
    else next.st = leadStructure(m.tile);
  } else if (s.mode === 'flat') {
    const side = m.kind === 'end' && m.side === 1 ? 'R' : 'L';
    next.line = layAt(s.line, orient(m.tile, side === 'L' ? leftEnd(s.line) : rightEnd(s.line), side), side);
  } else if (m.kind === 'end') {
    next.st = layAtEnd(s.st, m.tile, m.side);
  } else if (m.kind === 'on' || m.kind === 'under') {
    const i = s.st.pieces.findIndex((p) => p.id === m.id);
    next.st = m.kind === 'on' ? stackOn(s.st, m.tile, i, m.half) : slideUnder(s.st, m.tile, i, m.half);
  }
  const hands = s.hands.slice();
  hands[seat] = removeFromHand(s.hands[seat], m.tile);
  next.hands = hands;
  if (s.owed[seat] !== null) next.owed = s.owed.map((o, j) => (j === seat ? null : o));
  if (hands[seat].tiles.length + hands[seat].unknown === 0 && s.wentOut === null) next.wentOut = seat;
  return next;
}

export function applyDraw(s: MagneticState): MagneticState {
  const { stock, tile } = drawFrom(s.stock);
  const hands = s.hands.slice();
  hands[s.toMove] = addToHand(s.hands[s.toMove], tile);
  return { ...s, stock, hands, drawn: s.drawn + 1, endedByDraw: null };
}

/** The turn ends unplayed; in alternating play the player keeps the kind of turn he owed. */
export function applyPass(t: T, s: MagneticState): MagneticState {
  const next: MagneticState = { ...s, toMove: (s.toMove + 1) % t.seats, drawn: 0, endedByDraw: null };
  if (s.mode === 'alternating') {
    const kind = turnKind(s, s.toMove);
    next.owed = s.owed.map((o, j) => (j === s.toMove ? kind : o));
  }
  return next;
}

// ---- round end -----------------------------------------------------------------------------------

export function winnerOut(s: MagneticState): number | null {
  if (s.wentOut !== null) return s.wentOut;
  const i = s.hands.findIndex((h) => h.tiles.length + h.unknown === 0);
  return i >= 0 ? i : null;
}

/** Blocked: the stock is empty and nobody can play (in alternating play, the kind of turn he owes). */
export function isBlocked(t: T, s: MagneticState): boolean {
  if (s.blockedFlag !== null) return s.blockedFlag;
  if (layoutSize(s) === 0 || s.stock.count > 0) return false;
  for (let seat = 0; seat < t.seats; seat++) if (placements(t, s, seat).length > 0) return false;
  return true;
}

export const isRoundOver = (t: T, s: MagneticState): boolean => winnerOut(s) !== null || isBlocked(t, s);

/** What the layout shows, for explanations: "the ends are 6 and 3", "tile 1 (2|5)". */
export function describeEnds(s: MagneticState): string {
  const [l, r] = s.mode === 'flat' ? [leftEnd(s.line), rightEnd(s.line)] : [endValue(s.st, s.st.endL), endValue(s.st, s.st.endR)];
  return l === r ? `both ends show ${l}` : `the ends show ${l} and ${r}`;
}

export const describePiece = (st: Structure, i: number): string => `tile ${st.pieces[i].id} (${formatLaid(st.pieces[i].tile)})`;

export const who = (s: MagneticState): string => seatName(s.toMove);

export const tileName = formatDomino;
