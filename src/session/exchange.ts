/**
 * Games and positions in and out of the app as JSON: a game as the document itself (format
 * "pips-game/1"), a position as a referee question without the ask (spec/referee.md), so the
 * command-line referee reads a shared position as it is.
 */
import { prepare } from '../rules/referee';
import type { Json, JsonObject } from '../rules/types';
import { questionHeader } from './catalogue';
import { cloneJson } from './log';
import { readDoc } from './validate';
import { SessionError, type GameSetup, type SessionDoc } from './types';

/** The game as JSON data (JSON.stringify it to save a file). */
export function exportGame(doc: SessionDoc): JsonObject {
  return cloneJson(doc) as unknown as JsonObject;
}

/** A game from a file's text or its parsed JSON; throws SessionError(code, message) when it cannot be trusted. */
export function importGame(json: unknown): SessionDoc {
  return cloneJson(readDoc(parse(json)));
}

function parse(json: unknown): unknown {
  if (typeof json !== 'string') return json;
  try {
    return JSON.parse(json) as unknown;
  } catch (e) {
    throw new SessionError('BAD_JSON', `The file is not valid JSON: ${(e as Error).message}`);
  }
}

/** A shared position: the referee question without the ask. */
export interface PositionShare {
  game: GameSetup['game'];
  ruleset: Json;
  set: GameSetup['set'];
  seats: number;
  teams?: [string[], string[]];
  position: JsonObject;
}

/** The position under this game's rules, as a referee question (checked by the referee first). */
export function exportPosition(setup: GameSetup, position: JsonObject): PositionShare {
  const share = { ...questionHeader(setup), position: cloneJson(position) } as unknown as PositionShare;
  checkPosition(share as unknown as JsonObject);
  return share;
}

const SHARE_KEYS = ['game', 'ruleset', 'set', 'seats', 'teams', 'position', 'ask', 'move', 'moves'];

/** A shared position (a referee question; an ask and moves in it are ignored), read by the referee. */
export function importPosition(json: unknown): PositionShare {
  const raw = parse(json);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new SessionError('BAD_FORMAT', 'This is not a position: expected a JSON object with game, set, seats and position.');
  const q = raw as JsonObject;
  for (const k of Object.keys(q)) if (!SHARE_KEYS.includes(k)) throw new SessionError('BAD_FORMAT', `position file: unexpected field "${k}".`);
  if (typeof q.position !== 'object' || q.position === null || Array.isArray(q.position))
    throw new SessionError('BAD_POSITION', 'position: expected the position object (hands, layout, ...).');
  const { set } = checkPosition(q);
  const share: PositionShare = { game: q.game as PositionShare['game'], ruleset: q.ruleset ?? 'default', set, seats: q.seats as number, position: cloneJson(q.position) };
  if (q.teams !== undefined && q.teams !== null) share.teams = cloneJson(q.teams) as [string[], string[]];
  return share;
}

/** The referee's prepare (game, set, seats, teams, ruleset) and its reading of the position. */
function checkPosition(q: JsonObject): { set: PositionShare['set'] } {
  try {
    const { game, table } = prepare(q);
    game.readPosition(table, q.position as JsonObject);
    return { set: table.set };
  } catch (e) {
    const err = e as { code?: string; message?: string };
    throw new SessionError(err.code ?? 'BAD_POSITION', err.message ?? String(e));
  }
}
