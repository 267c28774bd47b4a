/**
 * Is this a game the referee can judge? Every problem with a setup in words a player understands,
 * with a code and a field so the app can translate or point at the control.
 */
import { GAMES } from '../rules/games';
import { prepare } from '../rules/referee';
import { GAME_IDS, type GameId } from '../rules/types';
import { questionHeader } from './catalogue';
import type { GameSetup } from './types';

export interface SetupProblem {
  code: string;
  field: 'game' | 'set' | 'preset' | 'players' | 'teams' | 'overrides';
  message: string;
}

const OVERRIDE_KEYS = ['target', 'rounds', 'hand_size', 'mode', 'stake'] as const;

/** Every problem with the setup, each in plain words (empty: the game can start). */
export function validateSetup(setup: GameSetup): string[] {
  return checkSetup(setup).map((p) => p.message);
}

export function checkSetup(setup: GameSetup): SetupProblem[] {
  if (typeof setup !== 'object' || setup === null) return [{ code: 'BAD_SETUP', field: 'game', message: 'The setup is missing.' }];
  if (!(GAME_IDS as readonly unknown[]).includes(setup.game))
    return [{ code: 'UNKNOWN_GAME', field: 'game', message: `Choose one of the games: ${GAME_IDS.join(', ')}.` }];
  const game = GAMES[setup.game as GameId];
  const out: SetupProblem[] = [];
  const add = (code: string, field: SetupProblem['field'], message: string) => out.push({ code, field, message });
  if (!game.sets.includes(setup.set)) add('BAD_SET', 'set', `${setup.game} is played with ${orList(game.sets)}, not ${String(setup.set)}.`);
  if (!game.presets.includes(setup.preset)) add('UNKNOWN_PRESET', 'preset', `${setup.game} has no rule preset "${String(setup.preset)}"; it has ${game.presets.join(', ')}.`);
  checkPlayers(setup, game.seatCounts, add);
  checkTeams(setup, add);
  checkOverrides(setup, add);
  if (out.length === 0) {
    // Whatever else the referee refuses (e.g. a hand size too large for the set), in its words.
    try {
      prepare({ ...questionHeader(setup), position: {} });
    } catch (e) {
      add('BAD_RULESET', 'overrides', (e as Error).message);
    }
  }
  return out;
}

/** "2, 3 or 4" */
function orList(xs: readonly (string | number)[]): string {
  return xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;
}

type Add = (code: string, field: SetupProblem['field'], message: string) => void;

function checkPlayers(setup: GameSetup, seatCounts: readonly number[], add: Add): void {
  if (!Array.isArray(setup.players)) return add('BAD_PLAYERS', 'players', 'Name the players.');
  const n = setup.players.length;
  if (!seatCounts.includes(n)) add('BAD_SEATS', 'players', `${setup.game} is played by ${orList(seatCounts)} player${seatCounts.length === 1 && seatCounts[0] === 1 ? '' : 's'}, not ${n}.`);
  const names = new Map<string, number>();
  setup.players.forEach((p, i) => {
    if (!p || p.seat !== `P${i}`) add('BAD_SEAT', 'players', `Player ${i + 1} must sit at seat P${i} (seats follow the order of play).`);
    const name = typeof p?.name === 'string' ? p.name.trim() : '';
    if (!name) add('EMPTY_NAME', 'players', `Player ${i + 1} has no name.`);
    else if (names.has(name.toLowerCase())) add('DUPLICATE_NAME', 'players', `Two players are called ${name}; give them different names.`);
    else names.set(name.toLowerCase(), i);
  });
}

function checkTeams(setup: GameSetup, add: Add): void {
  const game = GAMES[setup.game];
  const teams = setup.teams;
  const n = Array.isArray(setup.players) ? setup.players.length : 0;
  if (teams === undefined || teams === null) return;
  if (game.teams === 'never') return add('BAD_TEAMS', 'teams', `${setup.game} is not played in teams.`);
  if (n !== 4) return add('BAD_TEAMS', 'teams', `Teams need 4 players, not ${n}.`);
  if (!Array.isArray(teams) || teams.length !== 2 || !teams.every((t) => Array.isArray(t) && t.length === 2))
    return add('BAD_TEAMS', 'teams', 'Teams are two pairs of two players.');
  const seats = teams.flat();
  const valid = ['P0', 'P1', 'P2', 'P3'];
  if (seats.some((s) => !valid.includes(s)) || new Set(seats).size !== 4)
    add('BAD_TEAMS', 'teams', 'Each of the four players belongs to exactly one team.');
}

function checkOverrides(setup: GameSetup, add: Add): void {
  const o = setup.overrides;
  if (o === undefined || o === null) return;
  if (typeof o !== 'object' || Array.isArray(o)) return add('BAD_RULESET', 'overrides', 'The rule options are not readable.');
  const game = GAMES[setup.game];
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null) continue;
    if (!(OVERRIDE_KEYS as readonly string[]).includes(k) || !game.overrides.includes(k)) {
      const has = game.overrides.length ? ` (it has ${game.overrides.join(', ')})` : '';
      add('BAD_OVERRIDE', 'overrides', `${setup.game} has no option "${k}"${has}.`);
    } else if (k === 'mode') {
      if (typeof v !== 'string') add('BAD_MODE', 'overrides', 'The way to play must be flat, tower or alternating.');
    } else if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
      const what = { target: 'The target', rounds: 'The number of rounds', hand_size: 'The hand size', stake: 'The stake' }[k];
      add(`BAD_${k.toUpperCase()}`, 'overrides', `${what} must be a whole number of at least 1, not ${JSON.stringify(v)}.`);
    }
  }
}
