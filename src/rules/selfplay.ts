/**
 * Random legal self-play through the public Game API: deal, then pick uniformly among the legal
 * moves until the round has a result. Used by the property tests and by `npm run bench:rules`.
 */
import type { AnyGame, RoundSetup, Table } from './game';
import type { Rng } from './random';
import type { JsonObject } from './types';

export interface PlayedRound {
  steps: number;
  result: JsonObject;
  final: unknown;
}

export class SelfPlayError extends Error {}

export interface SelfPlayOptions {
  /** Also ask checkMove of every chosen move (the property tests do; the benchmark does not). */
  check?: boolean;
  /** Called after each move with the new state (the property tests check invariants here). */
  onStep?: (state: unknown, step: number) => void;
  maxSteps?: number;
}

export function playRandomRound(game: AnyGame, table: Table<unknown>, rng: Rng, setup: RoundSetup, opts: SelfPlayOptions = {}): PlayedRound {
  const maxSteps = opts.maxSteps ?? 100_000;
  let s = game.deal(table, rng, setup);
  for (let step = 0; step < maxSteps; step++) {
    const result = game.roundResult(table, s);
    if (result) return { steps: step, result, final: s };
    const moves = game.legalMoves(table, s);
    if (moves.length === 0) throw new SelfPlayError(`${game.id}: no legal move and no result at step ${step}`);
    const m = moves[rng.int(moves.length)];
    if (opts.check) {
      const v = game.checkMove(table, s, m);
      if (!v.legal) throw new SelfPlayError(`${game.id}: legal-moves offered ${JSON.stringify(game.writeMove(table, m))} but check-move says ${v.code}: ${v.message}`);
    }
    s = game.applyMove(table, s, m);
    opts.onStep?.(s, step);
  }
  throw new SelfPlayError(`${game.id}: the round did not end within ${maxSteps} moves`);
}
