/**
 * What every layout builder works from: the reading's pieces, the game's set and joining rule,
 * the checks it adds to, and the previous position where one was confirmed.
 */
import type { Json, JsonObject } from '../../rules/types';
import type { ReadTile } from '../types';
import { CheckList, joinRuleOf, type JoinRule } from './checks';
import type { Piece } from './pieces';
import { maxPipOfSet } from './pieces';
import type { Setup } from './types';

export interface Context {
  tiles: readonly ReadTile[];
  pieces: readonly Piece[];
  setup: Setup;
  maxPip: number;
  join: JoinRule;
  /** "rules.md §1: touching halves show the same number", cited in joint flags. */
  rule: string;
  checks: CheckList;
  /** Tiles of the game's kind, not foreign. */
  own: number[];
}

/** What a layout builder found. */
export interface LayoutResult {
  /** The position's layout key and value: "line", "cross", "trains", "structure", "board". */
  key: string;
  value: Json;
  /** Tiles in the layout. */
  tiles: number[];
  /** Tiles of the layout's group the rules cannot place (flagged by the builder). */
  rejected: number[];
  unknowns: string[];
}

const RULES: Record<string, string> = {
  domino: 'rules.md §1: touching halves show the same number',
  ekspresowe: 'rules.md §2: touching halves show the same number',
  matador: 'rules.md §3: touching halves sum to the set’s highest pip + 1, matadors anywhere',
  ctyrky: 'rules.md §4: touching halves show the same number',
  sevastopol: 'rules.md §5: tiles join along each arm, equal halves touching',
  solo: 'rules.md §6: touching halves show the same number',
  vlaky: 'rules.md §7: each car’s near half equals the far half of the car before',
  magnetic: 'rules.md §8: touching halves show the same number',
  triomino: 'rules.md §9: corners that meet show the same number',
};

export function makeContext(tiles: readonly ReadTile[], pieces: readonly Piece[], setup: Setup, own: number[]): Context {
  const maxPip = maxPipOfSet(setup.set);
  return { tiles, pieces, setup, maxPip, join: joinRuleOf(setup.game, maxPip), rule: RULES[setup.game] ?? 'rules.md', checks: new CheckList(), own };
}

/** A key of the previous position, when it is an object. */
export function previousPart(setup: Setup, key: string): JsonObject | Json[] | undefined {
  const v = setup.previous?.[key];
  return v !== null && typeof v === 'object' ? (v as JsonObject | Json[]) : undefined;
}
