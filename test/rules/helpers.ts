/** Building questions and tables for the rules tests. */
import type { AnyGame, Table } from '../../src/rules/game';
import { prepare, referee, RefereeError } from '../../src/rules/referee';
import type { JsonObject } from '../../src/rules/types';

export function ask(q: JsonObject): JsonObject {
  return referee(q);
}

/** The error code a question is refused with, or null when it is answered. */
export function refusal(q: unknown): string | null {
  try {
    referee(q);
    return null;
  } catch (e) {
    if (e instanceof RefereeError) return e.code;
    throw e;
  }
}

export function tableFor(game: string, seats: number, set: string, ruleset: JsonObject | string = 'default', teams?: string[][]): { game: AnyGame; table: Table<unknown> } {
  const q: JsonObject = { game, seats, set, ruleset, position: {}, ask: 'opening' };
  if (teams) q.teams = teams;
  return prepare(q);
}

/** Plain JSON equality ignoring key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}

/** Moves compared as a multiset, as the conformance check does. */
export function movesOf(answer: JsonObject): string[] {
  return (answer.moves as unknown[]).map((m) => JSON.stringify(sortKeys(m))).sort();
}

export function asMoveSet(moves: unknown[]): string[] {
  return moves.map((m) => JSON.stringify(sortKeys(m))).sort();
}
