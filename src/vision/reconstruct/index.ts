/**
 * From tiles to a position (issue 5): a TableReading and the game being played in, the referee's
 * position out — the layout the rules know for that game, the hands laid open around it, and a
 * flag wherever the reading breaks the rules, with the classifier's alternatives that would mend it.
 *
 *   reconstruct(reading, {game: 'domino', set: 'double-6', seats: 4})
 *     -> {position: {line: ["6|6", "6|2", ...], hands: {...}}, flags: [...], layoutTiles, hands, ...}
 *
 * The reading is never corrected: `position` says what the camera saw, `flags` what the rules say about it.
 */
import type { JsonObject } from '../../rules/types';
import type { TableReading } from '../types';
import { boardLayout } from './board';
import type { CheckList } from './checks';
import { makeContext, type Context, type LayoutResult } from './context';
import { crossLayout } from './cross';
import { groupHands } from './hands';
import { lineLayout } from './line';
import { kindOfSet, piecesOf } from './pieces';
import { structureLayout } from './structure';
import { trainsLayout } from './trains';
import type { Reconstruction, SeatHand, Setup } from './types';

export type { Fix, Flag, FlagCode, Reconstruction, SeatHand, Setup } from './types';

const LINE_GAMES = ['domino', 'ekspresowe', 'matador', 'ctyrky', 'solo'];

function buildLayout(ctx: Context): LayoutResult {
  const g = ctx.setup.game;
  if (LINE_GAMES.includes(g)) return lineLayout(ctx);
  if (g === 'sevastopol') return crossLayout(ctx);
  if (g === 'vlaky') return trainsLayout(ctx);
  if (g === 'triomino') return boardLayout(ctx);
  if (g === 'magnetic') return structureLayout(ctx);
  throw new Error(`reconstruct: unknown game "${g}"`);
}

function handsJson(hands: readonly SeatHand[], seats: number): JsonObject {
  const out: JsonObject = {};
  for (let i = 0; i < seats; i++) out[`P${i}`] = hands.find((h) => h.seat === `P${i}`)?.tiles ?? [];
  return out;
}

export function reconstruct(reading: TableReading, setup: Setup): Reconstruction {
  return reconstructWithChecks(reading, setup).result;
}

/** reconstruct(), and the rule checks it ran (the evaluation re-runs them on injected misreadings). */
export function reconstructWithChecks(reading: TableReading, setup: Setup): { result: Reconstruction; checks: CheckList } {
  const pieces = piecesOf(reading);
  const kind = kindOfSet(setup.set);
  const own = pieces.filter((p) => p.kind === kind).map((p) => p.index);
  const foreign = pieces.filter((p) => p.kind !== kind).map((p) => p.index);
  const ctx = makeContext(reading.tiles, pieces, setup, own);
  const layout = buildLayout(ctx);
  const placed = new Set([...layout.tiles, ...layout.rejected]);
  const rest = own.filter((t) => !placed.has(t));
  const hands = groupHands(pieces, rest, layout.tiles, setup.seats, setup.viewer ?? 0);
  const inHands = new Set(hands.flatMap((h) => h.indices));
  const flags = ctx.checks.flags(reading.tiles, setup.set, [...layout.tiles, ...inHands]);
  const position: JsonObject = { [layout.key]: layout.value };
  const unknowns = [...layout.unknowns];
  if (hands.length) position.hands = handsJson(hands, setup.seats);
  else unknowns.push('hands');
  const loose = [...layout.rejected, ...rest.filter((t) => !inHands.has(t))];
  return { result: { position, flags, layoutTiles: layout.tiles, hands, loose, foreign, unknowns }, checks: ctx.checks };
}
