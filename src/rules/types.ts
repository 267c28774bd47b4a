/** The JSON of spec/referee.md, as TypeScript types. */
import type { SetName } from './tiles';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const GAME_IDS = [
  'domino',
  'ekspresowe',
  'matador',
  'ctyrky',
  'sevastopol',
  'solo',
  'vlaky',
  'magnetic',
  'triomino',
] as const;
export type GameId = (typeof GAME_IDS)[number];

export const ASKS = ['legal-moves', 'check-move', 'score-move', 'round-result', 'game-result', 'opening', 'replay'] as const;
export type Ask = (typeof ASKS)[number];

/** A seat in the order of play: "P0" ... "Pn-1". Internally seats are indices 0..n-1. */
export type SeatName = string;

export interface Question {
  game: GameId;
  ruleset?: string | JsonObject;
  set: SetName;
  seats: number;
  teams?: [SeatName[], SeatName[]];
  position: JsonObject;
  ask: Ask;
  move?: Json;
  moves?: Json[];
}

/** The verdict on one move: legal, or a reason code and a sentence that cites rules.md. */
export type Verdict =
  | { legal: true }
  | { legal: false; code: string; rule: string; message: string };

export const LEGAL: Verdict = { legal: true };
