/**
 * Triangular domino (rules.md §9): the parts that need no move — the state, the ruleset, the
 * opening, who can play where, and how rounds and the game end. triomino.ts drives play with them.
 */
import { fail } from '../errors';
import type { Table } from '../game';
import { fitAnyHi, fitAnyLo, fitMask, laidAt, rotation, sortedTri, TILE_AT, TILE_INDEX, type Board } from '../layouts/board';
import { handSize, seatName, type Hand, type Stock } from '../position';
import { allTris, formatTri, triSum, type Tri } from '../tiles';
import type { JsonObject } from '../types';

export const RULE = 'triomino §9';
export const SECTION = 'rules.md §9';

export interface TriRules {
  target: number;
  handSize: number;
  /** preset seed-literal: a blocked round is won by the fewest tiles, not the lowest total. */
  blockedByTiles: boolean;
}

export interface TriState {
  board: Board;
  hands: Hand[];
  stock: Stock;
  /** -1 when the position does not say (and cannot be derived). */
  toMove: number;
  drawn: number;
  scores: number[];
  /** Seat that went out, else -1. */
  wentOut: number;
  /** The position says the round ended blocked. */
  blockedFlag: boolean;
  /** false when the position gave no hands (a game-result question between rounds). */
  handsGiven: boolean;
  round: number | null;
}

export type TriTable = Table<TriRules>;

const ALL = allTris();
export const isTriple = (t: Tri): boolean => t % 43 === 0;
const largest = (t: Tri): number => t % 6;

/** What the opening lead scores (rules.md §9): a triple its sum + 10 (0-0-0: 40), else its sum. */
export function openingPoints(t: Tri): number {
  if (!isTriple(t)) return triSum(t);
  return t === 0 ? 40 : triSum(t) + 10;
}

export interface Opening {
  starter: number;
  leads: Tri[];
}

/** Who opens and with what, from the tiles known in the hands (rules.md §9). */
export function openingOf(s: TriState): Opening | null {
  let best: { seat: number; tile: Tri } | null = null;
  s.hands.forEach((h, seat) =>
    h.tiles.forEach((tile) => {
      if (!best || openKey(tile) > openKey(best.tile)) best = { seat, tile };
    }),
  );
  if (!best) return null;
  const { seat, tile } = best as { seat: number; tile: Tri };
  const hand = s.hands[seat].tiles;
  if (isTriple(tile)) {
    // A player holding the highest triple and 0-0-0 may lead either (and shows the highest).
    return { starter: seat, leads: tile !== 0 && hand.includes(0) ? [tile, 0] : [tile] };
  }
  return { starter: seat, leads: hand.filter((t) => openKey(t) === openKey(tile)) };
}

/** Triples first (highest first), then the higher sum, then the higher largest number. */
const openKey = (t: Tri): number => (isTriple(t) ? 1000 + t : triSum(t) * 10 + largest(t));

export function openingAnswer(s: TriState): JsonObject {
  const o = openingOf(s);
  if (!o) return { starter: null, leads: [] };
  const pts = new Set(o.leads.map(openingPoints));
  const out: JsonObject = { starter: seatName(o.starter), leads: o.leads.map(formatTri) };
  if (pts.size === 1) out.points = openingPoints(o.leads[0]);
  return out;
}

// ---- what a hand may place ------------------------------------------------------------------

/** Tiles seen anywhere: on the board, in a hand, in a listed stock. */
export function seenTiles(s: TriState): Uint8Array {
  const seen = new Uint8Array(216);
  for (const k of s.board.order) {
    seen[sortedTri(laidAt(s.board, k))] = 1;
  }
  for (const h of s.hands) for (const t of h.tiles) seen[t] = 1;
  if (s.stock.tiles) for (const t of s.stock.tiles) seen[t] = 1;
  return seen;
}

export function unseen(s: TriState): Tri[] {
  const seen = seenTiles(s);
  return ALL.filter((t) => !seen[t]);
}

/** The tiles a seat may lay: its known tiles, and any unseen tile when some of its tiles are unknown. */
export function candidates(s: TriState, seat: number): Tri[] {
  const h = s.hands[seat];
  return h.unknown > 0 ? [...h.tiles, ...unseen(s)] : h.tiles;
}

export interface Placement {
  cell: number;
  v: [number, number, number];
  tile: Tri;
}

/** Every (cell, rotation) placement of the given tiles on a non-empty board, each once. */
export function placements(b: Board, tiles: readonly Tri[], firstOnly = false): Placement[] {
  const out: Placement[] = [];
  // The tiles as a 56-bit set, so a cell that none of them fits costs two ANDs.
  let lo = 0;
  let hi = 0;
  for (const t of tiles) {
    const i = TILE_INDEX[t];
    if (i < 32) lo |= 1 << i;
    else hi |= 1 << (i - 32);
  }
  for (let i = 0; i < b.frontier.length; i++) {
    const pat = b.pats[i];
    for (let half = 0; half < 2; half++) {
      let m = half === 0 ? fitAnyLo(pat) & lo : fitAnyHi(pat) & hi;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const tile = TILE_AT[31 - Math.clz32(bit) + 32 * half];
        const rots = fitMask(pat, tile);
        for (let k = 0; k < 3; k++)
          if (rots & (1 << k)) {
            out.push({ cell: b.frontier[i], v: rotation(tile, k), tile });
            if (firstOnly) return out;
          }
      }
    }
  }
  return out;
}

export const canPlace = (b: Board, tiles: readonly Tri[]): boolean => b.order.length > 0 && placements(b, tiles, true).length > 0;

// ---- end of the round and of the game ---------------------------------------------------------

/** Stock empty and no seat can lay a tile (rules.md conventions: "blocked"). */
export function isBlocked(s: TriState): boolean {
  if (s.blockedFlag) return true;
  if (s.stock.count > 0 || s.board.order.length === 0 || s.wentOut >= 0) return false;
  for (let seat = 0; seat < s.hands.length; seat++) if (canPlace(s.board, candidates(s, seat))) return false;
  return true;
}

export const isRoundOver = (s: TriState): boolean => s.handsGiven && (s.wentOut >= 0 || isBlocked(s));

/** The numbers left in each hand; unknown tiles only when they can be told from what is seen. */
function handTotals(s: TriState): number[] {
  const totals = s.hands.map((h) => h.tiles.reduce((sum, t) => sum + triSum(t), 0));
  const hidden = s.hands.map((h, i) => (h.unknown > 0 ? i : -1)).filter((i) => i >= 0);
  if (hidden.length === 0) return totals;
  const rest = unseen(s);
  const stockHidden = s.stock.tiles ? 0 : s.stock.count;
  if (hidden.length > 1 || stockHidden > 0 || rest.length !== s.hands[hidden[0]].unknown)
    fail('UNKNOWN_HAND', `the round's score needs the numbers left in ${hidden.map(seatName).join(' and ')}'s hand, which the position gives only as a count`);
  totals[hidden[0]] += rest.reduce((sum, t) => sum + triSum(t), 0);
  return totals;
}

export function roundResult(t: TriTable, s: TriState): JsonObject | null {
  if (!s.handsGiven) fail('BAD_POSITION', 'hands: the round result needs the hands');
  if (!isRoundOver(s)) return null;
  if (s.wentOut >= 0) {
    const totals = handTotals(s);
    const others = totals.reduce((a, b) => a + b, 0) - totals[s.wentOut];
    return { winner: seatName(s.wentOut), blocked: false, points: { [seatName(s.wentOut)]: 25 + others } };
  }
  const totals = handTotals(s);
  const key = t.ruleset.blockedByTiles ? s.hands.map(handSize) : totals;
  const low = Math.min(...key);
  const winners = key.map((v, i) => (v === low ? i : -1)).filter((i) => i >= 0);
  if (winners.length > 1) return { winner: null, blocked: true, points: {} };
  const w = winners[0];
  const others = totals.reduce((a, b) => a + b, 0) - totals[w];
  return { winner: seatName(w), blocked: true, points: { [seatName(w)]: others - totals[w] } };
}

/** First to the target; a round in progress is finished first; equal highest scores play on. */
export function gameResult(t: TriTable, s: TriState): JsonObject {
  const inProgress = s.handsGiven && s.board.order.length > 0 && !isRoundOver(s);
  const top = Math.max(...s.scores);
  const leaders = s.scores.map((v, i) => (v === top ? i : -1)).filter((i) => i >= 0);
  if (inProgress || top < t.ruleset.target || leaders.length > 1) return { over: false, winner: null };
  return { over: true, winner: seatName(leaders[0]) };
}

/** A placement's corner values, for explanations. */
export const describe = (v: readonly number[]): string => `[${v.join(', ')}]`;
