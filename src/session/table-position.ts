/**
 * The position the camera's layout is judged in during play: the layout as read and confirmed,
 * the player to move, and the tiles the table cannot see (the hands, face down; the stock) as
 * counts. Counted hands may hold any tile not seen elsewhere (spec/referee.md), so "Is this
 * legal?" turns on the layout and the rules alone, never on a guess of what someone holds.
 */
import { GAMES } from '../rules/games';
import { setSize } from '../rules/tiles';
import type { Json, JsonObject } from '../rules/types';
import type { GameSetup } from './types';

export const LAYOUT_KEYS = ['line', 'cross', 'trains', 'structure', 'board'] as const;

/** The layout part of a position (line, cross, trains, structure or board), nothing else. */
export function layoutOf(position: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k of LAYOUT_KEYS) if (position[k] !== undefined) out[k] = position[k];
  return out;
}

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Tiles a layout shows: line tiles, the cross's centre and arms, train cars, structure entries, board cells. */
export function layoutTileCount(layout: JsonObject): number {
  let n = 0;
  for (const k of ['line', 'structure', 'board']) if (Array.isArray(layout[k])) n += (layout[k] as Json[]).length;
  const cross = layout.cross;
  if (isObj(cross)) {
    if (cross.center) n += 1;
    if (isObj(cross.arms)) for (const a of Object.values(cross.arms)) if (Array.isArray(a)) n += a.length;
  }
  if (isObj(layout.trains)) for (const t of Object.values(layout.trains)) if (isObj(t) && Array.isArray(t.cars)) n += t.cars.length;
  return n;
}

/** Tiles dealt to each player where the ruleset object does not say (rules.md). */
const HAND_SIZES: Record<string, number> = { ekspresowe: 7, matador: 3, ctyrky: 7, sevastopol: 7, solo: 5 };

function handSizeOf(setup: GameSetup): number {
  try {
    const r = GAMES[setup.game].ruleset(setup.preset, { ...(setup.overrides ?? {}) } as JsonObject, setup.set, setup.players.length) as Record<string, unknown>;
    if (typeof r.handSize === 'number') return r.handSize;
  } catch {
    // a setup the referee refuses: the default below; the referee says what is wrong when asked
  }
  if (setup.game === 'magnetic') return setup.players.length === 2 ? 7 : 6;
  return HAND_SIZES[setup.game] ?? 7;
}

export interface KnownTiles {
  /** Hands seen face up (laid open); the other seats are counted. */
  hands?: Record<string, string[]>;
  /** Tiles left to draw, when the table knows. */
  stock?: number;
}

/**
 * `layout` with `toMove` to play: each unseen hand counts as many tiles as a hand is dealt (fewer
 * when the unseen tiles run short, at least one), the rest is the stock; Matador's 3 tiles set
 * aside are counted as such, and Sevastopol, which deals every tile, has no stock.
 */
export function tablePosition(setup: GameSetup, layout: JsonObject, toMove: string, known: KnownTiles = {}): JsonObject {
  const seats = setup.players.map((p) => p.seat);
  const shown = Object.values(known.hands ?? {}).reduce((n, h) => n + h.length, 0);
  const hidden = seats.filter((s) => !known.hands?.[s]);
  const aside = setup.game === 'matador' ? 3 : 0;
  const unseen = Math.max(0, setSize(setup.set) - layoutTileCount(layout) - shown - aside);
  const hands: JsonObject = {};
  let left = unseen;
  hidden.forEach((s, i) => {
    // Sevastopol: every unseen tile is in a hand; elsewhere a dealt hand's worth, the rest in the stock.
    const share = setup.game === 'sevastopol' ? Math.floor(unseen / hidden.length) + (i < unseen % hidden.length ? 1 : 0) : Math.floor(unseen / hidden.length);
    const n = Math.max(1, Math.min(handSizeOf(setup), share, left));
    hands[s] = n;
    left -= n;
  });
  for (const s of seats) if (known.hands?.[s]) hands[s] = [...known.hands[s]];
  const pos: JsonObject = { ...layoutOf(layout), hands, to_move: toMove };
  if (setup.game !== 'sevastopol') pos.stock = known.stock ?? Math.max(0, left);
  if (aside) pos.out = aside;
  return pos;
}
