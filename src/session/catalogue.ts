/**
 * The nine games as the setup screen needs them: sets, seat counts, team play, presets, the
 * default target (read from each game's own ruleset, so the numbers live in src/rules only), and
 * how a game is scored. Also how a setup turns into the referee's question header.
 */
import { GAMES } from '../rules/games';
import { MODES } from '../rules/games/magnetic-position';
import { GAME_IDS, type GameId, type JsonObject } from '../rules/types';
import type { SetName } from '../rules/tiles';
import type { GameSetup, Side } from './types';

/** What a side collects: points, Čtyřky sticks, magnetic pips (lowest wins), Sevastopol bank items, Solo games won. */
export type ScoreUnit = 'points' | 'sticks' | 'pips' | 'shares' | 'won-lost';

export interface PresetInfo {
  name: string;
  /** The total that ends the game under this preset (null: no target). */
  target: number | null;
  /** Rounds in a game (magnetic; Matador single-round: 1), null when the game runs to a target. */
  rounds: number | null;
}

export interface CatalogueEntry {
  id: GameId;
  /** Section of rules.md: "§1". */
  section: string;
  sets: SetName[];
  seatCounts: number[];
  teams: 'never' | 'optional' | 'always-with-4';
  presets: string[];
  presetInfo: PresetInfo[];
  /** Ruleset keys a setup may override: target, rounds, hand_size, mode, stake. */
  overrides: string[];
  /** The default preset's target (null where the game has none: magnetic, Sevastopol, Solo). */
  defaultTarget: number | null;
  /** The default preset's number of rounds (magnetic), else null. */
  defaultRounds: number | null;
  /** Magnetic's ways to play. */
  modes: string[];
  /** The lowest total wins the game (magnetic). */
  lowestWins: boolean;
  unit: ScoreUnit;
  /** Single placements score (Čtyřky sticks, triangular points): see scoreMove. */
  scoresMoves: boolean;
}

const UNITS: Partial<Record<GameId, ScoreUnit>> = { ctyrky: 'sticks', magnetic: 'pips', sevastopol: 'shares', solo: 'won-lost' };

/** Target and rounds of a preset, read from the game's ruleset object. */
export function presetInfo(id: GameId, preset: string, overrides: JsonObject = {}, seats?: number, set?: SetName): PresetInfo {
  const game = GAMES[id];
  const r = game.ruleset(preset, overrides, set ?? game.sets[0], seats ?? game.seatCounts[0]) as Record<string, unknown>;
  const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
  // Matador single-round: one round, its winner wins; no target applies.
  if (r.singleRound === true) return { name: preset, target: null, rounds: 1 };
  return { name: preset, target: num(r.target) ?? num(r.sticksToWin), rounds: num(r.rounds) };
}

export function gameCatalogue(): CatalogueEntry[] {
  return GAME_IDS.map((id) => {
    const g = GAMES[id];
    const info = g.presets.map((p) => presetInfo(id, p));
    return {
      id,
      section: g.section,
      sets: [...g.sets],
      seatCounts: [...g.seatCounts],
      teams: g.teams,
      presets: [...g.presets],
      presetInfo: info,
      overrides: [...g.overrides],
      defaultTarget: info[0].target,
      defaultRounds: info[0].rounds,
      modes: id === 'magnetic' ? [...MODES] : [],
      lowestWins: id === 'magnetic',
      unit: UNITS[id] ?? 'points',
      scoresMoves: id === 'ctyrky' || id === 'triomino',
    };
  });
}

let cached: CatalogueEntry[] | null = null;
/** One game's entry (computed once: the rules do not change while the app runs). */
export function catalogueEntry(id: GameId): CatalogueEntry {
  cached ??= gameCatalogue();
  return cached.find((e) => e.id === id) as CatalogueEntry;
}

/** The teams in force: as set up, or partners opposite where 4 players always play in teams. */
export function effectiveTeams(setup: GameSetup): [string[], string[]] | null {
  if (setup.teams) return setup.teams;
  const g = GAMES[setup.game];
  return g && g.teams === 'always-with-4' && setup.players.length === 4 ? [['P0', 'P2'], ['P1', 'P3']] : null;
}

/** The sides that score: teams "A" and "B", or every seat. */
export function sidesOf(setup: GameSetup): Side[] {
  return effectiveTeams(setup) ? ['A', 'B'] : setup.players.map((p) => p.seat);
}

/** The side a seat scores for. */
export function sideOfSeat(setup: GameSetup, seat: string): Side {
  const teams = effectiveTeams(setup);
  if (!teams) return seat;
  return teams[0].includes(seat) ? 'A' : 'B';
}

/** The ruleset of the question: the preset plus the overrides the game accepts. */
export function rulesetOf(setup: GameSetup): JsonObject {
  const out: JsonObject = { preset: setup.preset };
  for (const [k, v] of Object.entries(setup.overrides ?? {})) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

/** The question header the referee reads a position under: game, ruleset, set, seats, teams. */
export function questionHeader(setup: GameSetup): JsonObject {
  const q: JsonObject = { game: setup.game, ruleset: rulesetOf(setup), set: setup.set, seats: setup.players.length };
  if (setup.teams) q.teams = setup.teams.map((t) => [...t]);
  return q;
}

/** Target and rounds in force for this setup (overrides applied). */
export function targetOf(setup: GameSetup): PresetInfo {
  return presetInfo(setup.game, setup.preset, rulesetOverrides(setup), setup.players.length, setup.set);
}

function rulesetOverrides(setup: GameSetup): JsonObject {
  const { preset: _p, ...rest } = rulesetOf(setup);
  return rest;
}
