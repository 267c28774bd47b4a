/**
 * A question the referee cannot read (spec/referee.md): bad JSON, an unknown game, ask or preset,
 * a tile that is not in the set, a tile twice, a layout that breaks its own rules.
 * The CLI turns it into exit code 2 and `{"error": {"code", "message"}}`.
 */
export type ErrorCode =
  | 'BAD_JSON'
  | 'BAD_QUESTION'
  | 'UNKNOWN_GAME'
  | 'UNKNOWN_ASK'
  | 'UNKNOWN_PRESET'
  | 'BAD_RULESET'
  | 'BAD_SET'
  | 'BAD_SEATS'
  | 'BAD_TEAMS'
  | 'BAD_TILE'
  | 'DUPLICATE_TILE'
  | 'TOO_MANY_TILES'
  | 'BAD_POSITION'
  | 'BAD_LAYOUT'
  | 'BAD_MOVE'
  | 'UNKNOWN_HAND';

export class RefereeError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'RefereeError';
  }
}

export function fail(code: ErrorCode, message: string): never {
  throw new RefereeError(code, message);
}
