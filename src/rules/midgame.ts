/**
 * Mid-game positions made by seeded random self-play: the benchmark's legal-moves questions and
 * the round-trip tests use them. Stops after about half the moves of a typical round.
 */
import type { AnyGame, Table } from './game';
import { createRng } from './random';
import type { JsonObject } from './types';

export function midGamePosition(game: AnyGame, table: Table<unknown>, seed: number, moves: number): JsonObject | null {
  const rng = createRng(seed);
  let s = game.deal(table, rng, { round: 1 });
  for (let i = 0; i < moves; i++) {
    if (game.roundResult(table, s)) return null;
    const legal = game.legalMoves(table, s);
    s = game.applyMove(table, s, legal[rng.int(legal.length)]);
  }
  return game.roundResult(table, s) ? null : game.writePosition(table, s);
}
