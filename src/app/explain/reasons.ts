/**
 * The referee's reasons (src/rules, English, never edited here) read back into parts a translation
 * can use: for every reason code the shapes its one-line message takes, each with named groups for
 * the concrete tiles, seats and numbers, and the key of the localized sentence under
 * `explain.reason.*`. The first shape that matches wins; the last shape of a code matches anything,
 * so a known code always gets a localized sentence, if a plainer one. Tests run every shape
 * against real referee answers, so a changed wording upstream shows up as a failing test.
 */

/** One tile as the referee writes it: 2-5, 2|5, 0-1-2. */
const T = String.raw`\d+[-|]\d+(?:-\d+)?`;
const TILES = String.raw`${T}(?: or ${T})*`;
const SEAT = String.raw`P\d+`;
const CELL = String.raw`\(-?\d+, -?\d+\)`;
const TRAIN = String.raw`T\d+`;

export interface ReasonShape {
  re: RegExp;
  /** Key under explain.reason. */
  key: string;
}

const s = (pattern: string, key: string): ReasonShape => ({ re: new RegExp(pattern), key });

export const REASONS: Record<string, ReasonShape[]> = {
  ROUND_OVER: [
    s(String.raw`^the round is over: (?<a>${SEAT}) and (?<b>${SEAT}) went out`, 'ROUND_OVER_twoOut'),
    s(String.raw`^the round is over: (?<who>${SEAT}) went out`, 'ROUND_OVER_out'),
    s(String.raw`^the round is over: nobody left in play`, 'ROUND_OVER_blocked'),
    s(String.raw`^the game is won`, 'ROUND_OVER_soloWon'),
    s(String.raw`^the game is lost`, 'ROUND_OVER_soloLost'),
    s('', 'ROUND_OVER'),
  ],
  GAME_OVER: [s(String.raw`^(?<who>${SEAT}) has (?<n>\d+) sticks`, 'GAME_OVER'), s('', 'GAME_OVER_any')],
  MUST_PLAY: [
    s('^a face-up tile still fits', 'MUST_PLAY_solo'),
    s(String.raw`^(?<who>${SEAT}) cannot pass: (?<tile>${T}) can be laid`, 'MUST_PLAY_tile'),
    s(String.raw`^(?<who>${SEAT}) can play (?<tile>${T}), the tile he drew`, 'MUST_PLAY_drawn'),
    s(String.raw`^(?<who>${SEAT}) can play (?<tile>${T})`, 'MUST_PLAY_tile'),
    s(String.raw`^(?<who>${SEAT}) can play`, 'MUST_PLAY'),
    s('', 'MUST_PLAY_any'),
  ],
  CANNOT_DRAW: [
    s('^there is no drawing in this game', 'CANNOT_DRAW_noDrawing'),
    s('^Sevastopol has no stock', 'CANNOT_DRAW_noStock'),
    s(String.raw`^(?<who>${SEAT}) has already drawn (?<n>\d+) tiles`, 'CANNOT_DRAW_max'),
    s(String.raw`^(?<who>${SEAT}) has drawn his tile`, 'CANNOT_DRAW_once'),
    s('^you already hold five', 'CANNOT_DRAW_solo'),
    s('', 'CANNOT_DRAW_empty'),
  ],
  STOCK_EMPTY: [s(String.raw`^the stock is empty, so (?<who>${SEAT})`, 'STOCK_EMPTY'), s('', 'STOCK_EMPTY_any')],
  MUST_DRAW: [
    s(String.raw`^(?<who>${SEAT}) cannot pass yet: the stock has (?<stock>\d+) tiles and ${SEAT} has drawn (?<drawn>\d+)`, 'MUST_DRAW_triomino'),
    s(String.raw`^(?<who>${SEAT}) must draw a tile before he may put a matchstick`, 'MUST_DRAW_mark'),
    s(String.raw`^(?<who>${SEAT})`, 'MUST_DRAW'),
    s('', 'MUST_DRAW_any'),
  ],
  TILE_NOT_IN_HAND: [
    s(String.raw`^(?<who>${SEAT}) does not hold (?<tile>${T})`, 'TILE_NOT_IN_HAND'),
    s(String.raw`^(?<tile>${T}) is not in (?<who>${SEAT})'s hand: it already lies`, 'TILE_NOT_IN_HAND_laid'),
    s(String.raw`^(?<tile>${T}) is not in (?<who>${SEAT})'s hand: it is in (?<owner>${SEAT})'s hand`, 'TILE_NOT_IN_HAND_held'),
    s(String.raw`^(?<tile>${T}) is not in (?<who>${SEAT})'s hand`, 'TILE_NOT_IN_HAND'),
    s(String.raw`^(?<tile>${T}) is already elsewhere`, 'TILE_NOT_IN_HAND_elsewhere'),
    s('', 'TILE_NOT_IN_HAND_any'),
  ],
  NOT_STARTER: [
    s(String.raw`^(?<starter>${SEAT}) opens this round, not (?<who>${SEAT})`, 'NOT_STARTER'),
    s(String.raw`^nobody opens this round, not (?<who>${SEAT})`, 'NOT_STARTER_nobody'),
    s('', 'NOT_STARTER_any'),
  ],
  NOT_OPENER: [s(String.raw`^(?<who>${SEAT}) does not open this round: (?<starter>${SEAT})`, 'NOT_STARTER'), s('', 'NOT_STARTER_any')],
  WRONG_LEAD: [
    s(String.raw`^(?<who>${SEAT}) must lead (?<leads>${TILES}), not (?<tile>${T})`, 'WRONG_LEAD_not'),
    s(String.raw`^(?<who>${SEAT}) must lead (?<leads>${TILES})`, 'WRONG_LEAD'),
    s('', 'WRONG_LEAD_any'),
  ],
  WRONG_OPENING: [s(String.raw`^the round opens with (?<leads>${TILES}), not (?<tile>${T})`, 'WRONG_OPENING'), s('', 'WRONG_LEAD_any')],
  MUST_OPEN: [
    s(String.raw`^(?<who>${SEAT}) holds 12-12`, 'MUST_OPEN_vlaky'),
    s(String.raw`^(?<who>${SEAT}) must open the round`, 'MUST_OPEN'),
    s('', 'MUST_OPEN_any'),
  ],
  MUST_LEAD: [s(String.raw`^(?<who>${SEAT}) opens the round and leads (?<leads>${TILES})`, 'MUST_LEAD'), s('', 'MUST_OPEN_any')],
  MUST_LEAD_DOUBLE_SIX: [s(String.raw`not (?<tile>${T})`, 'MUST_LEAD_DOUBLE_SIX'), s('', 'MUST_LEAD_DOUBLE_SIX_any')],
  LEAD_HAS_NO_ARM: [s('', 'LEAD_HAS_NO_ARM')],
  ARM_REQUIRED: [s(String.raw`say which arm (?<tile>${T}) goes on`, 'ARM_REQUIRED'), s('', 'ARM_REQUIRED_any')],
  END_REQUIRED: [s(String.raw`say where (?<tile>${T}) goes`, 'END_REQUIRED_magnetic'), s('', 'END_REQUIRED')],
  END_MISMATCH: [
    s(String.raw`^(?<tile>${T}) does not fit: the ends (?<left>\d+) and (?<right>\d+) need .* must sum to (?<sum>\d+)`, 'END_MISMATCH_matador'),
    s(String.raw`^(?<tile>${T}) has no (?<end>\d+): arm (?<arm>[NESW]) ends in`, 'END_MISMATCH_arm'),
    s(String.raw`^(?<tile>${T}) has no (?<end>\d+):`, 'END_MISMATCH_end'),
    s(String.raw`^(?<tile>${T}) does not match that end: both ends are (?<end>\d+)`, 'END_MISMATCH_both'),
    s(String.raw`^(?<tile>${T}) does not match that end: the ends are (?<left>\d+) and (?<right>\d+)`, 'END_MISMATCH'),
    s(String.raw`^(?<tile>${T}) does not join .*: the free end of (?<last>${T}) is (?<end>\d+)`, 'END_MISMATCH_train'),
    s('', 'END_MISMATCH_any'),
  ],
  WRONG_DIRECTION: [
    s(String.raw`^(?<tile>${T}) is (?<dir>ascending|descending) like (?<last>${T}) before it .* must be (?<next>ascending|descending)`, 'WRONG_DIRECTION'),
    s('', 'WRONG_DIRECTION_any'),
  ],
  MUST_PLAY_SIX_ON_SPINNER: [
    s(String.raw`^(?<tile>${T}) has no six: .*free side \((?<free>[NESW, ]+)\)`, 'MUST_PLAY_SIX_ON_SPINNER_noSix'),
    s(String.raw`^side (?<arm>[NESW]) of the 6-6 already holds (?<held>${T}): .*free side \((?<free>[NESW, ]+)\)`, 'MUST_PLAY_SIX_ON_SPINNER_taken'),
    s('', 'MUST_PLAY_SIX_ON_SPINNER_any'),
  ],
  TURN_OVER: [s(String.raw`^(?<who>${SEAT}) drew this turn`, 'TURN_OVER'), s('', 'TURN_OVER_any')],
  WRONG_MODE: [
    s('^flat play', 'WRONG_MODE_flat'),
    s('^tower play', 'WRONG_MODE_tower'),
    s(String.raw`^(?<who>${SEAT}) owes a tower turn`, 'WRONG_MODE_owesTower'),
    s(String.raw`^(?<who>${SEAT}) owes a flat turn`, 'WRONG_MODE_owesFlat'),
    s('', 'WRONG_MODE_any'),
  ],
  UNKNOWN_TARGET: [
    s('^the structure is empty', 'UNKNOWN_TARGET_empty'),
    s(String.raw`^there is no tile (?<id>\d+)`, 'UNKNOWN_TARGET'),
    s('', 'UNKNOWN_TARGET_any'),
  ],
  NOT_A_TOWER_TILE: [s(String.raw`^tile (?<id>\d+) \((?<target>${T})\)`, 'NOT_A_TOWER_TILE'), s('', 'NOT_A_TOWER_TILE_any')],
  HALF_SUPPORTED: [s(String.raw`^half \d of tile (?<id>\d+) \((?<target>${T})\) shows (?<value>\d+)`, 'HALF_SUPPORTED'), s('', 'HALF_SUPPORTED_any')],
  HALF_COVERED: [s(String.raw`^half \d of tile (?<id>\d+) \((?<target>${T})\) shows (?<value>\d+)`, 'HALF_COVERED'), s('', 'HALF_COVERED_any')],
  HALF_MISMATCH: [
    s(String.raw`^(?<tile>${T}) has no (?<value>\d+): half \d of tile (?<id>\d+) \((?<target>${T})\)`, 'HALF_MISMATCH'),
    s(String.raw`^(?<tile>${T}) cannot go under it: half \d of tile (?<id>\d+) \((?<target>${T})\) shows (?<value>\d+)`, 'HALF_MISMATCH_under'),
    s('', 'HALF_MISMATCH_any'),
  ],
  NOT_AN_END_TILE: [
    s(String.raw`^tile (?<id>\d+) \((?<target>${T})\) does not stand on an end tile`, 'NOT_AN_END_TILE_harder'),
    s(String.raw`^tile (?<id>\d+) \((?<target>${T})\)`, 'NOT_AN_END_TILE'),
    s('', 'NOT_AN_END_TILE_any'),
  ],
  COLLAPSE_INCOHERENT: [s(String.raw`tile (?<id>\d+) \((?<target>${T})\) rests`, 'COLLAPSE_INCOHERENT'), s('', 'COLLAPSE_INCOHERENT_any')],
  NO_STRUCTURE: [s('', 'NO_STRUCTURE')],
  NOT_A_TILE: [s(String.raw`^\[(?<laid>[\d, ]+)\] is the mirror image of (?<tile>${T})`, 'NOT_A_TILE'), s('', 'NOT_A_TILE_any')],
  CELL_TAKEN: [s(String.raw`^(?<cell>${CELL}) already holds`, 'CELL_TAKEN'), s('', 'CELL_TAKEN_any')],
  NOT_ADJACENT: [s(String.raw`^(?<cell>${CELL}) shares no edge`, 'NOT_ADJACENT'), s('', 'NOT_ADJACENT_any')],
  CORNER_MISMATCH: [
    s(String.raw`^(?<tile>${T}) laid \[[\d, ]+\] at (?<cell>${CELL}) puts (?<value>\d+) on its [\w -]+ corner, where the tile at (?<other>${CELL}) shows (?<there>\d+)`, 'CORNER_MISMATCH'),
    s('', 'CORNER_MISMATCH_any'),
  ],
  NOT_HIGHEST_DOUBLE: [s(String.raw`^(?<tile>${T}) is not the highest double .*: that is (?<double>${T})`, 'NOT_HIGHEST_DOUBLE'), s('', 'NOT_HIGHEST_DOUBLE_any')],
  NOT_A_DOUBLE: [
    s(String.raw`^(?<tile>${T}) is not a double`, 'NOT_A_DOUBLE'),
    s(String.raw`^(?<tile>${T}) is the locomotive of the central train (?<n>\d+)`, 'NOT_A_DOUBLE_loco'),
    s('', 'NOT_A_DOUBLE_any'),
  ],
  NO_CENTRAL_TRAIN: [s(String.raw`^no central train of (?<n>\d+) lies, so (?<tile>${T})`, 'NO_CENTRAL_TRAIN'), s('', 'NO_CENTRAL_TRAIN_any')],
  ALREADY_OWNS_TRAIN: [s(String.raw`^(?<who>${SEAT}) already owns a private train of (?<n>\d+)`, 'ALREADY_OWNS_TRAIN'), s('', 'ALREADY_OWNS_TRAIN_any')],
  NOT_YOUR_TRAIN: [
    s(String.raw`^(?<train>${TRAIN}) is (?<owner>${SEAT})'s private train and carries no matchstick`, 'NOT_YOUR_TRAIN'),
    s(String.raw`^(?<train>${TRAIN}) is not (?<who>${SEAT})'s private train`, 'NOT_YOUR_TRAIN_mark'),
    s('', 'NOT_YOUR_TRAIN_any'),
  ],
  NO_SUCH_TRAIN: [s(String.raw`^there is no train (?<train>${TRAIN})`, 'NO_SUCH_TRAIN'), s('', 'NO_SUCH_TRAIN_any')],
  ALREADY_DREW: [s(String.raw`^(?<who>${SEAT}) has already drawn`, 'ALREADY_DREW'), s('', 'ALREADY_DREW_any')],
  MUST_MARK: [s(String.raw`^(?<who>${SEAT}) does not play, so he puts a matchstick on his unmarked (?<trains>${TRAIN}(?: or ${TRAIN})*)`, 'MUST_MARK'), s('', 'MUST_MARK_any')],
  ALREADY_MARKED: [s(String.raw`^(?<train>${TRAIN}) already carries`, 'ALREADY_MARKED'), s('', 'ALREADY_MARKED_any')],
  NO_PASSING: [s('', 'NO_PASSING')],
};
