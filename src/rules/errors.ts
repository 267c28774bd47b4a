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

/** An error with a stable code for programs and a sentence for people; each layer names its own codes. */
export class CodedError<C extends string> extends Error {
  readonly code: C;
  constructor(code: C, message: string, name: string) {
    super(message);
    this.code = code;
    this.name = name;
  }
}

export class RefereeError extends CodedError<ErrorCode> {
  constructor(code: ErrorCode, message: string) {
    super(code, message, 'RefereeError');
  }
}

export function fail(code: ErrorCode, message: string): never {
  throw new RefereeError(code, message);
}
