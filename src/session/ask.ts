/**
 * Asking the referee about a position of this game: the setup supplies the question's header,
 * and a question the referee cannot read comes back as `{error: {code, message}}` instead of a
 * throw, so a screen can show it ("Is this legal?").
 */
import { referee } from '../rules/referee';
import type { Ask, Json, JsonObject } from '../rules/types';
import { questionHeader } from './catalogue';
import { refusal, type GameSetup, type Refusal } from './types';

/** The referee's error (RefereeError), or any other throw, as a refusal. */
export function asRefusal(e: unknown): Refusal {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : 'INTERNAL';
  return refusal(code, typeof err?.message === 'string' ? err.message : String(e));
}

/** One question about `position` under this setup's rules; the referee's answer or its refusal. */
export function askReferee(setup: GameSetup, position: JsonObject, ask: Ask, move?: Json, moves?: Json[]): JsonObject | Refusal {
  const q: JsonObject = { ...questionHeader(setup), position, ask };
  if (move !== undefined) q.move = move;
  if (moves !== undefined) q.moves = moves;
  try {
    return referee(q);
  } catch (e) {
    return asRefusal(e);
  }
}

/** Every legal move of the player to move. */
export function legalMoves(setup: GameSetup, position: JsonObject): Json[] | Refusal {
  const a = askReferee(setup, position, 'legal-moves');
  return 'error' in a ? (a as Refusal) : ((a.moves as Json[]) ?? []);
}

/** "Is this legal?": `{legal: true}` or `{legal: false, code, rule, message}`, or a refusal. */
export function checkMove(setup: GameSetup, position: JsonObject, move: Json): JsonObject | Refusal {
  return askReferee(setup, position, 'check-move', move);
}
