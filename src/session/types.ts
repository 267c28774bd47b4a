/**
 * The game in progress as data (notes/app-design.md, "src/session"): the setup, the rounds as an
 * event log, and the errors the session raises. Everything here is plain JSON, so a document can
 * be saved, exported and imported as it is.
 */
import { CodedError } from '../rules/errors';
import type { SetName } from '../rules/tiles';
import type { GameId, Json, JsonObject } from '../rules/types';

export type { GameId, Json, JsonObject, SetName };

/** A person at the table; `seat` is "P0".."P3" in the order of play. */
export interface Player {
  seat: string;
  name: string;
}

/** Ruleset options a table may change besides the preset (each game accepts some of them). */
export interface SetupOverrides {
  target?: number;
  rounds?: number;
  hand_size?: number;
  mode?: string;
  stake?: number;
}

export interface GameSetup {
  game: GameId;
  set: SetName;
  /** A preset name of rules.md: "default", "draw", ... */
  preset: string;
  overrides?: SetupOverrides;
  /** In order of play. */
  players: Player[];
  /** Team play: [["P0","P2"],["P1","P3"]], team ids "A" and "B". */
  teams?: [string[], string[]] | null;
}

/** A seat ("P0") or a team ("A"/"B"): whatever the referee keys round results by. */
export type Side = string;

export type RoundSource = 'camera' | 'hand' | 'typed';

export interface RoundEntry {
  /** What each side adds to its total this round (sticks in Čtyřky, pips in magnetic, items in Sevastopol). */
  points: Record<Side, number>;
  winner: Side | null;
  blocked?: boolean;
  source: RoundSource;
  /** The referee position the round was computed from (the hands laid open). */
  position?: JsonObject;
  /** The referee's round-result answer, as is. */
  answer?: JsonObject;
  note?: string;
}

export interface RoundEvent {
  type: 'round';
  id: string;
  at: number;
  entry: RoundEntry;
}
export interface RoundEditEvent {
  type: 'round-edit';
  id: string;
  at: number;
  roundId: string;
  entry: RoundEntry;
  reason?: string;
}
/** One placement's score (Čtyřky sticks, triangular points), with the referee's breakdown. */
export interface MoveScoreEvent {
  type: 'move-score';
  id: string;
  at: number;
  side: Side;
  points: number;
  breakdown: JsonObject[];
}
export interface FinishEvent {
  type: 'finish';
  id: string;
  at: number;
}

export type SessionEvent = RoundEvent | RoundEditEvent | MoveScoreEvent | FinishEvent;

export const FORMAT = 'pips-game/1';

export interface SessionDoc {
  format: typeof FORMAT;
  id: string;
  setup: GameSetup;
  createdAt: number;
  events: SessionEvent[];
  /** Undone events, the most recently undone last. */
  redo: SessionEvent[];
}

/** What the referee said instead of an answer, or why the session could not ask. */
export interface Refusal {
  error: { code: string; message: string };
}

export type SessionErrorCode =
  | 'BAD_JSON'
  | 'BAD_FORMAT'
  | 'BAD_DOC'
  | 'BAD_SETUP'
  | 'BAD_EVENT'
  | 'BAD_ENTRY'
  | 'BAD_POINTS'
  | 'UNKNOWN_SIDE'
  | 'DUPLICATE_ID'
  | 'UNKNOWN_ROUND'
  | 'GAME_FINISHED'
  | 'BAD_POSITION'
  | string;

/** A document or request the session cannot accept; `message` is meant for the person. */
export class SessionError extends CodedError<SessionErrorCode> {
  constructor(code: SessionErrorCode, message: string) {
    super(code, message, 'SessionError');
  }
}

export const refusal = (code: string, message: string): Refusal => ({ error: { code, message } });
export const isRefusal = (v: unknown): v is Refusal =>
  typeof v === 'object' && v !== null && 'error' in v && typeof (v as Refusal).error?.code === 'string';
