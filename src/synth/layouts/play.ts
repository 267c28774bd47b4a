/**
 * Random legal play through the referee's Game API (src/rules/game.ts): deal with the seeded
 * generator, then play legal moves until the layout is big enough, the round ends, or no legal
 * move finds room on the table. Each chosen move is first laid physically (`tryMove`); a move
 * that does not fit is skipped for another legal one, so every position written is one the
 * referee reached itself.
 */
import type { AnyGame, Table } from '../../rules/game';
import { shuffle, type Rng } from '../../rules/random';
import { prepare } from '../../rules/referee';
import type { JsonObject } from '../../rules/types';

export interface PlayedTable {
  game: AnyGame;
  table: Table<unknown>;
}

/** The game and table of a referee question (game id, set, seats, ruleset preset). */
export function tableOf(game: string, set: string, seats: number, ruleset = 'default'): PlayedTable {
  return prepare({ game, set, seats, ruleset, position: {}, ask: 'opening' });
}

export interface PlayHooks<S, M> {
  /** Lays the move's tiles if they fit (and keeps them); false = no room, try another move. */
  tryMove(move: M, state: S): boolean;
  /** True when the layout is big enough. */
  done(state: S): boolean;
  /** Most wanted moves first; default: a random order. */
  order?(moves: M[], state: S, rng: Rng): M[];
}

/** Plays from a fresh deal; returns the last state reached. At most `maxSteps` moves. */
export function playOut<S, M>(pt: PlayedTable, rng: Rng, hooks: PlayHooks<S, M>, maxSteps = 400): S {
  const { game, table } = pt;
  let s = game.deal(table, rng, { round: 1 }) as S;
  for (let step = 0; step < maxSteps; step++) {
    if (hooks.done(s) || game.roundResult(table, s)) break;
    const legal = game.legalMoves(table, s) as M[];
    const moves = hooks.order ? hooks.order(legal, s, rng) : shuffle(legal.slice(), rng);
    const m = moves.find((x) => hooks.tryMove(x, s));
    if (m === undefined) break;
    s = game.applyMove(table, s, m) as S;
  }
  return s;
}

export function writePosition(pt: PlayedTable, s: unknown): JsonObject {
  return pt.game.writePosition(pt.table, s);
}
