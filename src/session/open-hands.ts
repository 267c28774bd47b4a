/**
 * The position "hands laid open at the end of the round": what a table shows when a round is
 * over and everybody turns his tiles face up. It is built for the referee's round-result from
 * what the table knows — each hand's tiles (typed or read by the camera), who went out or that
 * the round is blocked, and where known the layout and the stock. The referee decides the rest.
 */
import type { Json, JsonObject } from '../rules/types';
import { LAYOUT_KEYS } from './table-position';
import type { GameSetup } from './types';

export interface OpenHands {
  /** Each seat's tiles at the end of the round ("1-2", triangles "0-1-2"); [] for a player who went out. */
  hands: Record<string, string[]>;
  /**
   * The layout as the referee reads it, e.g. `{line: [...]}`, `{cross: {...}}`, `{trains: {...}}`,
   * `{structure: [...]}`, `{board: [...]}` (from the camera). Optional: without it the round is
   * scored from the hands alone.
   */
  layout?: JsonObject;
  /** Who went out; Sevastopol: the first and second out, in order. */
  wentOut?: string | string[];
  /** The round ended with nobody able to play. */
  blocked?: boolean;
  /** Tiles left to draw: a count or the tiles (default: none). */
  stock?: number | string[];
  /** Ekspresowe: the round's first hand, who wins a tie for the fewest pips. */
  firstHand?: string;
  /** Sevastopol: items in the bank (default: each player's stake). */
  bank?: number;
  /** Tiles set aside unseen (Matador). */
  out?: number;
}

/** The referee position for a finished round with every hand laid open. */
export function openHandsPosition(setup: GameSetup, input: OpenHands): JsonObject {
  const pos: JsonObject = {};
  const layout = input.layout ?? {};
  for (const [k, v] of Object.entries(layout)) pos[k] = v;
  const hands: JsonObject = {};
  for (const p of setup.players) hands[p.seat] = [...(input.hands[p.seat] ?? [])];
  pos.hands = hands;
  if (input.stock !== undefined) pos.stock = Array.isArray(input.stock) ? [...input.stock] : input.stock;
  else if (pos.stock === undefined) pos.stock = 0;
  if (input.out !== undefined) pos.out = input.out;
  const wentOut = input.wentOut === undefined ? [] : Array.isArray(input.wentOut) ? input.wentOut : [input.wentOut];
  if (wentOut.length > 0) pos.went_out = setup.game === 'sevastopol' ? wentOut[0] : wentOut[wentOut.length - 1];
  if (input.firstHand !== undefined) pos.first_hand = input.firstHand;
  if (input.bank !== undefined) pos.bank = input.bank;
  const hasLayout = LAYOUT_KEYS.some((k) => layoutLength(layout[k]) > 0);
  const someoneOut = wentOut.length > 0 || setup.players.some((p) => (input.hands[p.seat] ?? []).length === 0);
  // Without a layout the referee cannot see that nobody could play: a round over with nobody out is blocked.
  if (input.blocked !== undefined) pos.blocked = input.blocked;
  else if (!hasLayout && !someoneOut) pos.blocked = true;
  // A laid line needs someone to move; who it is changes no round result (Sevastopol derives its own).
  if (pos.to_move === undefined && setup.game !== 'sevastopol') {
    const holder = setup.players.find((p) => (input.hands[p.seat] ?? []).length > 0) ?? setup.players[0];
    pos.to_move = holder.seat;
  }
  if (setup.game === 'sevastopol' && pos.cross === undefined) pos.cross = centerOnly();
  return pos;
}

/**
 * Sevastopol without its cross: the 6-6 in the center stands for the laid tiles. Enough when two
 * players went out; a blocked round the referee can only confirm from the real cross.
 */
const centerOnly = (): JsonObject => ({ center: '6-6', arms: { N: [], E: [], S: [], W: [] } });

function layoutLength(v: Json | undefined): number {
  if (Array.isArray(v)) return v.length;
  if (v && typeof v === 'object') return Object.keys(v).length;
  return 0;
}
