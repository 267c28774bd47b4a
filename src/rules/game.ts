/**
 * A game of rules.md as data (guides/architecture.md): how to read and write its position, deal,
 * open, list and check moves, apply them, and score moves, rounds and the game. The referee and
 * the self-play tests drive every game through this one interface.
 */
import type { Rng } from './random';
import type { SetName } from './tiles';
import type { GameId, Json, JsonObject, Verdict } from './types';

/** What every game knows about the table it is judging. */
export interface Table<R> {
  game: GameId;
  set: SetName;
  /** Highest pip of the set (6, 9, 12; 5 for triomino). */
  maxPip: number;
  seats: number;
  /** Team of each seat (0 = A, 1 = B) when playing in teams, else null. */
  teamOf: number[] | null;
  ruleset: R;
  /** Name of the preset in force, for explanations: "default", "draw", ... */
  preset: string;
}

/** Chosen by the caller when dealing a new round (session or self-play). */
export interface RoundSetup {
  round: number;
  /** Seat that started the previous round (for "the player after the previous starter"). */
  previousStarter?: number;
  /** Seat that won the toss (Matador). */
  tossWinner?: number;
  /** Running totals carried into the round, keyed like position.scores. */
  scores?: Record<string, number>;
}

export interface Game<R, S, M> {
  readonly id: GameId;
  /** Section of rules.md, cited in every explanation: "§1". */
  readonly section: string;
  readonly sets: readonly SetName[];
  readonly seatCounts: readonly number[];
  /** Team play: 'never', 'optional' (two pairs of two may be named), 'always-with-4' (4 seats = teams). */
  readonly teams: 'never' | 'optional' | 'always-with-4';
  /** Preset names of rules.md, "default" first. */
  readonly presets: readonly string[];
  /** Keys a ruleset object may override besides "preset" (e.g. target, hand_size, mode, rounds). */
  readonly overrides: readonly string[];

  /** Turns a preset name and overrides into the game's ruleset; throws RefereeError on bad values. */
  ruleset(preset: string, overrides: JsonObject, set: SetName, seats: number): R;

  /** Reads and validates a position (tiles exist, none twice, the layout obeys its rules). */
  readPosition(t: Table<R>, position: JsonObject): S;
  writePosition(t: Table<R>, s: S): JsonObject;
  readMove(t: Table<R>, move: Json): M;
  writeMove(t: Table<R>, m: M): Json;

  /** A new round with every tile known (stock as a list), dealt with the seeded generator. */
  deal(t: Table<R>, rng: Rng, setup: RoundSetup): S;

  opening(t: Table<R>, s: S): JsonObject;
  legalMoves(t: Table<R>, s: S): M[];
  checkMove(t: Table<R>, s: S, m: M): Verdict;
  /** The position after a move; only called with a move checkMove calls legal. */
  applyMove(t: Table<R>, s: S, m: M): S;
  /** Score of a (legal) move: `{points, breakdown}`, Čtyřky `{sticks, sum}`. */
  scoreMove(t: Table<R>, s: S, m: M): JsonObject;
  /** The round's result, or null while the round goes on. */
  roundResult(t: Table<R>, s: S): JsonObject | null;
  /** The round-result answer while the round goes on (default `{"over": false, "winner": null}`). */
  roundInProgress?(t: Table<R>, s: S): JsonObject;
  gameResult(t: Table<R>, s: S): JsonObject;
  /** Every tile the position accounts for: layout, hands (unknown ones too), stock, set aside. */
  countTiles(t: Table<R>, s: S): number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any>;
