/**
 * Which point of the rule book a reason rests on, per game (rule-point references as in
 * rules-text.ts `rulePoint`). A code missing for a game falls back to `ANY`; no entry at all means
 * the verdict cites only the section.
 */

const ANY: Record<string, string> = {
  MUST_PLAY: 'common.mustPlay',
  NO_PASSING: 'solo.setup',
};

const LINE = {
  END_MISMATCH: 'domino.play',
  END_REQUIRED: 'domino.play',
  NOT_STARTER: 'domino.opening',
  WRONG_LEAD: 'domino.opening',
  CANNOT_DRAW: 'domino.players',
  STOCK_EMPTY: 'preset:draw',
  MUST_DRAW: 'preset:draw',
  ROUND_OVER: 'domino.roundEnd',
};

const MAGNETIC_MODE_CODES = ['WRONG_MODE', 'TURN_OVER', 'MUST_DRAW', 'STOCK_EMPTY', 'CANNOT_DRAW'];

const BY_GAME: Record<string, Record<string, string>> = {
  domino: LINE,
  ctyrky: { ...LINE, CANNOT_DRAW: 'ctyrky.players', GAME_OVER: 'ctyrky.game' },
  ekspresowe: { ...LINE, NOT_STARTER: 'opening', WRONG_LEAD: 'opening', CANNOT_DRAW: 'players', ROUND_OVER: 'play' },
  matador: { ...LINE, END_MISMATCH: 'joining', NOT_STARTER: 'players', WRONG_LEAD: 'players', MUST_DRAW: 'draw', STOCK_EMPTY: 'draw', CANNOT_DRAW: 'draw', ROUND_OVER: 'roundEnd' },
  sevastopol: {
    MUST_LEAD_DOUBLE_SIX: 'phase1',
    LEAD_HAS_NO_ARM: 'phase1',
    MUST_PLAY_SIX_ON_SPINNER: 'phase1',
    ARM_REQUIRED: 'phase2',
    END_MISMATCH: 'phase2',
    CANNOT_DRAW: 'players',
    ROUND_OVER: 'out',
  },
  solo: { END_MISMATCH: 'domino.play', END_REQUIRED: 'domino.play', CANNOT_DRAW: 'setup', MUST_PLAY: 'setup', ROUND_OVER: 'end' },
  vlaky: {
    END_MISMATCH: 'direction',
    WRONG_DIRECTION: 'doubles',
    NOT_HIGHEST_DOUBLE: 'central',
    NOT_A_DOUBLE: 'central',
    MUST_OPEN: 'central',
    NO_CENTRAL_TRAIN: 'private',
    ALREADY_OWNS_TRAIN: 'private',
    NOT_YOUR_TRAIN: 'turn',
    NO_SUCH_TRAIN: 'turn',
    ALREADY_DREW: 'turn',
    MUST_DRAW: 'turn',
    MUST_MARK: 'turn',
    ALREADY_MARKED: 'turn',
    CANNOT_DRAW: 'turn',
    ROUND_OVER: 'roundEnd',
  },
  magnetic: {
    NOT_STARTER: 'opening',
    WRONG_LEAD: 'opening',
    MUST_LEAD: 'opening',
    END_REQUIRED: 'opening',
    END_MISMATCH: 'flat',
    UNKNOWN_TARGET: 'tower',
    HALF_COVERED: 'tower',
    HALF_MISMATCH: 'tower',
    COLLAPSE_INCOHERENT: 'tower',
    NO_STRUCTURE: 'tower',
    HALF_SUPPORTED: 'alternating',
    NOT_A_TOWER_TILE: 'alternating',
    NOT_AN_END_TILE: 'alternating',
    ROUND_OVER: 'roundEnd',
  },
  triomino: {
    NOT_A_TILE: 'tiles',
    WRONG_OPENING: 'opening',
    NOT_OPENER: 'opening',
    MUST_OPEN: 'opening',
    CELL_TAKEN: 'placement',
    NOT_ADJACENT: 'placement',
    CORNER_MISMATCH: 'placement',
    CANNOT_DRAW: 'draw',
    MUST_DRAW: 'draw',
    MUST_PLAY: 'draw',
    ROUND_OVER: 'roundEnd',
  },
};

/**
 * The rule point for a reason. `reasonKey` (explain.reason.*) picks finer points where one code
 * covers several rules; `mode` is magnetic's way to play, `preset` the preset in force.
 */
export function ruleRefFor(game: string, code: string, reasonKey: string, opts: { mode?: string; preset?: string } = {}): string | null {
  if (game === 'magnetic' && MAGNETIC_MODE_CODES.includes(code)) return opts.mode ?? 'flat';
  if (game === 'magnetic' && reasonKey === 'NOT_AN_END_TILE_harder') return 'preset:harder';
  if (game === 'vlaky' && reasonKey === 'END_MISMATCH_train') return 'direction';
  if ((game === 'domino' || game === 'ctyrky') && code === 'CANNOT_DRAW' && opts.preset === 'draw') return 'preset:draw';
  return BY_GAME[game]?.[code] ?? ANY[code] ?? null;
}
