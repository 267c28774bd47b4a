/**
 * Triangular domino (rules.md §9): listing, checking, scoring and applying moves —
 * `{"cell": [c, r], "v": [x, y, z]}`, `{"action": "draw"}`, `{"action": "pass"}`.
 */
import { fail } from '../errors';
import {
  cellAtPoint,
  cellKey,
  cornerName,
  cornersOf,
  formatCell,
  hexagonsClosed,
  isBridge,
  isFrontier,
  isTaken,
  place,
  pointValue,
  sortedTri,
} from '../layouts/board';
import { addToHand, drawFrom, removeFromHand, replaceAt, seatName } from '../position';
import { formatTri, isClockwiseTri, triSum, type Tri } from '../tiles';
import { LEGAL, type JsonObject, type Verdict } from '../types';
import {
  candidates,
  describe,
  isRoundOver,
  isTriple,
  openingOf,
  openingPoints,
  placements,
  RULE,
  SECTION,
  seenTiles,
  type TriState,
  type TriTable,
} from './triomino-rules';

export type TriMove = { action: 'play'; cell: number; v: [number, number, number] } | { action: 'draw' } | { action: 'pass' };

const DRAW_PENALTY = 5;
const PASS_PENALTY = 10;
export const MAX_DRAWS = 3;

const no = (code: string, message: string): Verdict => ({ legal: false, code, rule: RULE, message });

function needToMove(s: TriState): number {
  if (!s.handsGiven) fail('BAD_POSITION', 'hands: this question needs the hands');
  if (s.toMove < 0) fail('BAD_POSITION', 'to_move: this question needs the player to move (it is derived only on an empty board)');
  return s.toMove;
}

/** The tiles the player to move may lead on an empty board (rules.md §9 opening). */
function leadsFor(s: TriState, seat: number): Tri[] {
  const o = openingOf(s);
  if (!o) return candidates(s, seat);
  return o.starter === seat ? o.leads : [];
}

export function legalMoves(_t: TriTable, s: TriState): TriMove[] {
  if (isRoundOver(s)) return [];
  const seat = needToMove(s);
  if (s.board.order.length === 0) {
    const out: TriMove[] = [];
    for (const tile of leadsFor(s, seat)) {
      const v = [Math.floor(tile / 36), Math.floor(tile / 6) % 6, tile % 6];
      const n = isTriple(tile) ? 1 : 3;
      for (let k = 0; k < n; k++) out.push({ action: 'play', cell: cellKey(0, 0), v: [v[k], v[(k + 1) % 3], v[(k + 2) % 3]] });
    }
    return out;
  }
  const out: TriMove[] = placements(s.board, candidates(s, seat)).map((p) => ({ action: 'play', cell: p.cell, v: p.v }));
  if (s.stock.count > 0 && s.drawn < MAX_DRAWS) out.push({ action: 'draw' });
  else if (s.drawn >= MAX_DRAWS || out.length === 0) out.push({ action: 'pass' });
  return out;
}

export function checkMove(_t: TriTable, s: TriState, m: TriMove): Verdict {
  if (isRoundOver(s)) return no('ROUND_OVER', `the round is over: ${s.wentOut >= 0 ? `${seatName(s.wentOut)} went out` : 'it is blocked'} (${SECTION}: round end)`);
  const seat = needToMove(s);
  const who = seatName(seat);
  if (m.action === 'draw') return checkDraw(s, who);
  if (m.action === 'pass') return checkPass(s, seat);
  return checkPlay(s, seat, m);
}

function checkDraw(s: TriState, who: string): Verdict {
  if (s.board.order.length === 0) return no('MUST_OPEN', `${who} must open the round, not draw (${SECTION}: the opening tile is led first)`);
  if (s.stock.count === 0) return no('CANNOT_DRAW', `${who} cannot draw: the stock is empty (${SECTION}: stock empty and cannot play: pass)`);
  if (s.drawn >= MAX_DRAWS) return no('CANNOT_DRAW', `${who} has already drawn ${MAX_DRAWS} tiles this turn (${SECTION}: at most 3 draws)`);
  return LEGAL;
}

function checkPass(s: TriState, seat: number): Verdict {
  const who = seatName(seat);
  if (s.board.order.length === 0) return no('MUST_OPEN', `${who} must open the round, not pass (${SECTION}: the opening tile is led first)`);
  if (s.drawn >= MAX_DRAWS) return LEGAL;
  if (s.stock.count > 0) return no('MUST_DRAW', `${who} cannot pass yet: the stock has ${s.stock.count} tiles and ${who} has drawn ${s.drawn} of 3 (${SECTION}: cannot or will not play: draw)`);
  const p = placements(s.board, candidates(s, seat), true)[0];
  if (p) return no('MUST_PLAY', `${who} can play ${formatTri(p.tile)} as ${describe(p.v)} at ${formatCell(p.cell)}, so may not pass (${SECTION}: only a player who cannot play passes when the stock is empty)`);
  return LEGAL;
}

function inHand(s: TriState, seat: number, tile: Tri): boolean {
  const h = s.hands[seat];
  if (h.tiles.includes(tile)) return true;
  return h.unknown > 0 && !seenTiles(s)[tile];
}

function checkPlay(s: TriState, seat: number, m: Extract<TriMove, { action: 'play' }>): Verdict {
  const who = seatName(seat);
  const { v, cell } = m;
  const tile = sortedTri(v);
  const name = formatTri(tile);
  if (!isClockwiseTri(v)) return no('NOT_A_TILE', `${describe(v)} is the mirror image of ${name}: tiles cannot be turned over (${SECTION}: numbers ascend clockwise)`);
  if (!inHand(s, seat, tile)) return no('TILE_NOT_IN_HAND', `${name} is not in ${who}'s hand (${SECTION}: a player lays a tile of his own)`);
  if (s.board.order.length === 0) {
    const leads = leadsFor(s, seat);
    if (leads.includes(tile)) return LEGAL;
    if (leads.length === 0) return no('NOT_OPENER', `${who} does not open this round: ${seatName(openingOf(s)?.starter ?? 0)} holds the opening tile (${SECTION}: opening)`);
    return no('WRONG_OPENING', `the round opens with ${leads.map(formatTri).join(' or ')}, not ${name} (${SECTION}: the highest triple, else the highest sum, opens)`);
  }
  if (isTaken(s.board, cell)) return no('CELL_TAKEN', `${formatCell(cell)} already holds a tile (${SECTION}: one tile per cell)`);
  if (!isFrontier(s.board, cell)) return no('NOT_ADJACENT', `${formatCell(cell)} shares no edge with a placed tile (${SECTION}: a placement shares a whole edge with a placed tile)`);
  const corners = cornersOf(cell);
  for (let i = 0; i < 3; i++) {
    const there = pointValue(s.board, corners[i]);
    if (there >= 0 && there !== v[i]) {
      const other = cellAtPoint(s.board, corners[i], cell);
      return no('CORNER_MISMATCH', `${name} laid ${describe(v)} at ${formatCell(cell)} puts ${v[i]} on its ${cornerName(cell, i)} corner, where the tile at ${formatCell(other ?? cell)} shows ${there} (${SECTION}: every corner that meets a placed corner must carry the same number)`);
    }
  }
  return LEGAL;
}

function playPoints(s: TriState, m: Extract<TriMove, { action: 'play' }>): { points: number; breakdown: JsonObject[] } {
  const tile = sortedTri(m.v);
  const sum = triSum(tile);
  const breakdown: JsonObject[] = [{ item: 'tile', points: sum }];
  if (s.board.order.length === 0) {
    if (isTriple(tile)) breakdown.push({ item: 'opening', points: openingPoints(tile) - sum });
  } else {
    const hex = hexagonsClosed(s.board, m.cell);
    if (hex > 0) breakdown.push({ item: 'hexagon', points: 40 + 10 * Math.min(hex, 3) });
    else if (isBridge(s.board, m.cell)) breakdown.push({ item: 'bridge', points: 40 });
  }
  return { points: breakdown.reduce((n, b) => n + (b.points as number), 0), breakdown };
}

export function scoreMove(_t: TriTable, s: TriState, m: TriMove): JsonObject {
  if (m.action === 'play') return playPoints(s, m);
  if (m.action === 'draw') return { points: -DRAW_PENALTY, breakdown: [{ item: 'draw', points: -DRAW_PENALTY }] };
  return s.drawn >= MAX_DRAWS ? { points: -PASS_PENALTY, breakdown: [{ item: 'penalty', points: -PASS_PENALTY }] } : { points: 0, breakdown: [] };
}

/** A state with some fields changed (built field by field: faster than a spread). */
function next(s: TriState, p: Partial<TriState>): TriState {
  return {
    board: p.board ?? s.board,
    hands: p.hands ?? s.hands,
    stock: p.stock ?? s.stock,
    toMove: p.toMove ?? s.toMove,
    drawn: p.drawn ?? s.drawn,
    scores: p.scores ?? s.scores,
    wentOut: p.wentOut ?? s.wentOut,
    blockedFlag: s.blockedFlag,
    handsGiven: s.handsGiven,
    round: s.round,
  };
}

export function applyMove(t: TriTable, s: TriState, m: TriMove): TriState {
  const seat = needToMove(s);
  const after = (seat + 1) % t.seats;
  const add = (pts: number): number[] => replaceAt(s.scores, seat, s.scores[seat] + pts);
  if (m.action === 'draw') {
    const { stock, tile } = drawFrom(s.stock);
    return next(s, { stock, hands: replaceAt(s.hands, seat, addToHand(s.hands[seat], tile)), drawn: s.drawn + 1, scores: add(-DRAW_PENALTY) });
  }
  if (m.action === 'pass') return next(s, { toMove: after, drawn: 0, scores: add(s.drawn >= MAX_DRAWS ? -PASS_PENALTY : 0) });
  const hand = removeFromHand(s.hands[seat], sortedTri(m.v));
  const out = hand.tiles.length + hand.unknown === 0;
  return next(s, {
    board: place(s.board, m.cell, m.v),
    hands: replaceAt(s.hands, seat, hand),
    toMove: after,
    drawn: 0,
    scores: add(playPoints(s, m).points),
    wentOut: out ? seat : s.wentOut,
  });
}
