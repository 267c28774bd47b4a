/**
 * The referee (spec/referee.md): one question in, one answer out. The CLI, the app, the camera
 * path and the tests all call this function. A question it cannot read throws RefereeError.
 */
import { fail, RefereeError } from './errors';
import type { AnyGame, Table } from './game';
import { GAMES } from './games';
import { isObject, parseSeat, seatName } from './position';
import { maxPipOf, SET_NAMES, type SetName } from './tiles';
import { pinHiddenHand } from './pinned';
import { ASKS, GAME_IDS, LEGAL, type Ask, type GameId, type Json, type JsonObject } from './types';

export { RefereeError };

export interface Prepared {
  game: AnyGame;
  table: Table<unknown>;
}

/** Resolves game, set, seats, teams and ruleset of a question into a Table. */
export function prepare(q: JsonObject): Prepared {
  const gameId = q.game;
  if (typeof gameId !== 'string' || !(GAME_IDS as readonly string[]).includes(gameId))
    fail('UNKNOWN_GAME', `game: ${JSON.stringify(gameId ?? null)} is not one of ${GAME_IDS.join(', ')}`);
  const game = GAMES[gameId as GameId];
  const set = q.set ?? game.sets[0];
  if (typeof set !== 'string' || !(SET_NAMES as readonly string[]).includes(set))
    fail('BAD_SET', `set: ${JSON.stringify(set)} is not one of ${SET_NAMES.join(', ')}`);
  if (!game.sets.includes(set as SetName))
    fail('BAD_SET', `set: ${gameId} is played with ${game.sets.join(' or ')}, not ${set} (rules.md ${game.section})`);
  const seats = q.seats;
  if (typeof seats !== 'number' || !Number.isInteger(seats) || !game.seatCounts.includes(seats))
    fail('BAD_SEATS', `seats: ${gameId} is played by ${game.seatCounts.join(', ')} players, not ${JSON.stringify(seats ?? null)} (rules.md ${game.section})`);
  const teamOf = readTeams(game, q.teams, seats);
  const { preset, overrides } = readRuleset(game, q.ruleset);
  const ruleset = game.ruleset(preset, overrides, set as SetName, seats);
  return {
    game,
    table: { game: game.id, set: set as SetName, maxPip: maxPipOf(set as SetName), seats, teamOf, ruleset, preset },
  };
}

function readTeams(game: AnyGame, raw: Json | undefined, seats: number): number[] | null {
  if (raw === undefined || raw === null) {
    // rules.md §1: four players of the basic game always play as two teams, partners opposite.
    return game.teams === 'always-with-4' && seats === 4 ? [0, 1, 0, 1] : null;
  }
  if (game.teams === 'never') fail('BAD_TEAMS', `teams: ${game.id} is not played in teams (rules.md ${game.section})`);
  if (seats !== 4) fail('BAD_TEAMS', `teams: two pairs need 4 seats, not ${seats}`);
  if (!Array.isArray(raw) || raw.length !== 2 || !raw.every((t) => Array.isArray(t) && t.length === 2))
    fail('BAD_TEAMS', `teams: expected two pairs like [["P0","P2"],["P1","P3"]], got ${JSON.stringify(raw)}`);
  const teamOf = [-1, -1, -1, -1];
  (raw as Json[][]).forEach((pair, team) =>
    pair.forEach((s) => {
      const i = parseSeat(s, seats, 'teams');
      if (teamOf[i] !== -1) fail('BAD_TEAMS', `teams: ${seatName(i)} is named twice`);
      teamOf[i] = team;
    }),
  );
  return teamOf;
}

function readRuleset(game: AnyGame, raw: Json | undefined): { preset: string; overrides: JsonObject } {
  let preset = 'default';
  let overrides: JsonObject = {};
  if (raw === undefined || raw === null) {
    // default rules
  } else if (typeof raw === 'string') {
    preset = raw;
  } else if (isObject(raw)) {
    const { preset: p, ...rest } = raw;
    if (p !== undefined && p !== null) {
      if (typeof p !== 'string') fail('UNKNOWN_PRESET', `ruleset.preset: expected a preset name, got ${JSON.stringify(p)}`);
      preset = p;
    }
    for (const k of Object.keys(rest))
      if (!game.overrides.includes(k))
        fail('BAD_RULESET', `ruleset.${k}: ${game.id} has no such option${game.overrides.length ? ` (it has ${game.overrides.join(', ')})` : ''}`);
    overrides = rest;
  } else {
    fail('BAD_RULESET', `ruleset: expected a preset name or an object, got ${JSON.stringify(raw)}`);
  }
  if (!game.presets.includes(preset))
    fail('UNKNOWN_PRESET', `ruleset: ${game.id} has no preset "${preset}" (it has ${game.presets.join(', ')})`);
  return { preset, overrides };
}

/** Answers one question of spec/referee.md. */
export function referee(question: unknown): JsonObject {
  if (!isObject(question)) fail('BAD_QUESTION', 'the question must be a JSON object with game, set, seats, position and ask');
  const ask = question.ask;
  if (typeof ask !== 'string' || !(ASKS as readonly string[]).includes(ask))
    fail('UNKNOWN_ASK', `ask: ${JSON.stringify(ask ?? null)} is not one of ${ASKS.join(', ')}`);
  const { game, table } = prepare(question);
  const posJson = question.position ?? {};
  if (!isObject(posJson)) fail('BAD_POSITION', 'position: expected an object');
  const pinned = ask === 'round-result' || ask === 'game-result' ? pinHiddenHand(table, posJson) : posJson;
  const s = game.readPosition(table, pinned);
  switch (ask as Ask) {
    case 'legal-moves': {
      const moves = game.legalMoves(table, s).map((m) => game.writeMove(table, m));
      // rules.md §1 "Cannot play: say pass" holds on a blocked table too.
      return { moves: moves.length === 0 && isBlockedRound(game, table, s) ? [PASS] : moves };
    }
    case 'check-move': {
      const move = requireMove(question.move);
      return isPass(move) && isBlockedRound(game, table, s) ? LEGAL : game.checkMove(table, s, game.readMove(table, move));
    }
    case 'score-move': {
      const m = game.readMove(table, requireMove(question.move));
      const v = game.checkMove(table, s, m);
      return v.legal ? game.scoreMove(table, s, m) : v;
    }
    case 'round-result':
      return game.roundResult(table, s) ?? game.roundInProgress?.(table, s) ?? { over: false, winner: null, points: {} };
    case 'game-result':
      return game.gameResult(table, s);
    case 'opening':
      return game.opening(table, s);
    case 'replay':
      return replay(game, table, s, question.moves);
  }
}

const PASS: JsonObject = { action: 'pass' };
const isPass = (m: Json): boolean => isObject(m) && m.action === 'pass';

function isBlockedRound(game: AnyGame, table: Table<unknown>, s: unknown): boolean {
  const r = game.roundResult(table, s);
  return r !== null && r.blocked === true;
}

function requireMove(m: Json | undefined): Json {
  if (m === undefined || m === null) fail('BAD_MOVE', 'move: this ask needs a "move"');
  return m;
}

function replay(game: AnyGame, table: Table<unknown>, start: unknown, raw: Json | undefined): JsonObject {
  if (!Array.isArray(raw)) fail('BAD_MOVE', 'moves: replay needs a list of moves');
  const moves = raw.map((m) => game.readMove(table, m));
  let s = start;
  for (let i = 0; i < moves.length; i++) {
    // A play log goes on with "pass" after the table is blocked: accepted, and nothing changes.
    if (isPass(raw[i]) && isBlockedRound(game, table, s)) continue;
    const v = game.checkMove(table, s, moves[i]);
    if (!v.legal) {
      const { code, rule, message } = v;
      return { illegal: { index: i, code, rule, message }, position: game.writePosition(table, s) };
    }
    s = game.applyMove(table, s, moves[i]);
  }
  return { position: game.writePosition(table, s), result: game.roundResult(table, s) };
}

/** Reads a question from JSON text; the CLI's entry. */
export function refereeText(text: string): JsonObject {
  let q: unknown;
  try {
    q = JSON.parse(text);
  } catch (e) {
    fail('BAD_JSON', `the question is not valid JSON: ${(e as Error).message}`);
  }
  return referee(q);
}
