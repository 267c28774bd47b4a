/**
 * Questions the referee cannot read get a clean refusal with a code (the CLI: exit 2 and
 * {"error": {code, message}}), never a crash or a stack trace (spec/referee.md).
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/rules/types';
import { refusal } from './helpers';

const base: Record<string, unknown> = {
  game: 'domino',
  ruleset: 'default',
  set: 'double-6',
  seats: 2,
  position: { line: ['1|2', '2|3'], hands: { P0: ['0-0', '4-6'], P1: 6 }, stock: 14, to_move: 'P0', round: 2 },
  ask: 'legal-moves',
};
const withPos = (patch: Record<string, unknown>): unknown => ({ ...base, position: { ...(base.position as JsonObject), ...patch } });

const cases: [string, unknown, string][] = [
  ['a JSON array', [1, 2], 'BAD_QUESTION'],
  ['null', null, 'BAD_QUESTION'],
  ['a string', 'domino', 'BAD_QUESTION'],
  ['no game', { ...base, game: undefined }, 'UNKNOWN_GAME'],
  ['an unknown game', { ...base, game: 'chess' }, 'UNKNOWN_GAME'],
  ['the game as a number', { ...base, game: 1 }, 'UNKNOWN_GAME'],
  ['an unknown ask', { ...base, ask: 'win' }, 'UNKNOWN_ASK'],
  ['no ask', { ...base, ask: undefined }, 'UNKNOWN_ASK'],
  ['an unknown preset', { ...base, ruleset: 'turbo' }, 'UNKNOWN_PRESET'],
  ['a preset of another game', { ...base, ruleset: 'all-fours' }, 'UNKNOWN_PRESET'],
  ['an unknown ruleset option', { ...base, ruleset: { speed: 2 } }, 'BAD_RULESET'],
  ['a ruleset that is a number', { ...base, ruleset: 42 }, 'BAD_RULESET'],
  ['a negative target', { ...base, ruleset: { target: -5 } }, 'BAD_RULESET'],
  ['a set that does not exist', { ...base, set: 'double-7' }, 'BAD_SET'],
  ['a set of another game', { ...base, set: 'triomino' }, 'BAD_SET'],
  ['no players', { ...base, seats: 0 }, 'BAD_SEATS'],
  ['seats as a string', { ...base, seats: '2' }, 'BAD_SEATS'],
  ['three players of the basic game', { ...base, seats: 3 }, 'BAD_SEATS'],
  ['teams that are not two pairs', { ...base, seats: 4, teams: [['P0', 'P1', 'P2'], ['P3']] }, 'BAD_TEAMS'],
  ['a seat in both teams', { ...base, seats: 4, teams: [['P0', 'P1'], ['P1', 'P3']] }, 'BAD_TEAMS'],
  ['a position that is a list', { ...base, position: [] }, 'BAD_POSITION'],
  ['no hands', withPos({ hands: undefined }), 'BAD_POSITION'],
  ['a hand of a seat not at the table', withPos({ hands: { P0: [], P1: 6, P5: [] } }), 'BAD_POSITION'],
  ['a missing hand', withPos({ hands: { P0: ['0-0'] } }), 'BAD_POSITION'],
  ['a negative hand count', withPos({ hands: { P0: ['0-0'], P1: -1 } }), 'BAD_POSITION'],
  ['a tile beyond the set', withPos({ hands: { P0: ['7-7'], P1: 6 } }), 'BAD_TILE'],
  ['a tile that is not a tile', withPos({ hands: { P0: ['x'], P1: 6 } }), 'BAD_TILE'],
  ['a laid tile in a hand', withPos({ hands: { P0: ['3|4'], P1: 6 } }), 'BAD_TILE'],
  ['a tile as a number', withPos({ hands: { P0: [34], P1: 6 } }), 'BAD_TILE'],
  ['the same tile twice in a hand', withPos({ hands: { P0: ['0-0', '0-0'], P1: 6 } }), 'DUPLICATE_TILE'],
  ['a tile in the line and a hand', withPos({ hands: { P0: ['2-1'], P1: 6 } }), 'DUPLICATE_TILE'],
  ['a tile twice in the line', withPos({ line: ['1|2', '2|1'] }), 'DUPLICATE_TILE'],
  ['a line whose tiles do not join', withPos({ line: ['1|2', '3|4'] }), 'BAD_LAYOUT'],
  ['a line that is not a list', withPos({ line: '1|2 2|3' }), 'BAD_LAYOUT'],
  ['a hand tile in the line', withPos({ line: ['1-2'] }), 'BAD_TILE'],
  ['more tiles than the set', withPos({ stock: 30 }), 'TOO_MANY_TILES'],
  ['a negative stock', withPos({ stock: -2 }), 'BAD_POSITION'],
  ['a stock of the wrong type', withPos({ stock: 'many' }), 'BAD_POSITION'],
  ['to_move not at the table', withPos({ to_move: 'P9' }), 'BAD_POSITION'],
  ['to_move that is not a seat', withPos({ to_move: 'north' }), 'BAD_POSITION'],
  ['no to_move in mid-game', withPos({ to_move: undefined }), 'BAD_POSITION'],
  ['a negative drawn count', withPos({ drawn: -1 }), 'BAD_POSITION'],
  ['round 0', withPos({ round: 0 }), 'BAD_POSITION'],
  ['scores of a seat not at the table', withPos({ scores: { P7: 3 } }), 'BAD_POSITION'],
  ['scores that are not numbers', withPos({ scores: { P0: 'ten' } }), 'BAD_POSITION'],
  ['went_out naming a player with tiles', withPos({ went_out: 'P0' }), 'BAD_POSITION'],
  ['blocked that is not a boolean', withPos({ blocked: 'yes' }), 'BAD_POSITION'],
  ['check-move without a move', { ...base, ask: 'check-move' }, 'BAD_MOVE'],
  ['a move that is a string', { ...base, ask: 'check-move', move: '4-6 R' }, 'BAD_MOVE'],
  ['a move with a bad end', { ...base, ask: 'check-move', move: { tile: '4-6', end: 'X' } }, 'BAD_MOVE'],
  ['a move with an unknown action', { ...base, ask: 'check-move', move: { action: 'knock' } }, 'BAD_MOVE'],
  ['a move tile beyond the set', { ...base, ask: 'check-move', move: { tile: '4-8', end: 'R' } }, 'BAD_TILE'],
  ['a replay without moves', { ...base, ask: 'replay' }, 'BAD_MOVE'],
  ['a replay with a malformed move', { ...base, ask: 'replay', moves: [{ tile: '4-6', end: 'R' }, 7] }, 'BAD_MOVE'],
  ['a round result with a hidden hand', { ...base, ask: 'round-result', position: { line: ['6|6'], hands: { P0: [], P1: 4 }, went_out: 'P0' } }, 'UNKNOWN_HAND'],
  [
    'a matador line that breaks the sum rule',
    { ...base, game: 'matador', position: { line: ['1|2', '2|3'], hands: { P0: ['0-0'], P1: 2 }, stock: 19, out: 3, to_move: 'P0' } },
    'BAD_LAYOUT',
  ],
  ['a touch that is not a half of the tile', { ...base, game: 'matador', ask: 'check-move', position: { line: ['3|6'], hands: { P0: ['2-5'], P1: 2 }, to_move: 'P0' }, move: { tile: '2-5', end: 'L', touch: 4 } }, 'BAD_MOVE'],
  ['solo with two hands', { ...base, game: 'solo', seats: 2 }, 'BAD_SEATS'],
  ['ekspresowe in double-12', { ...base, game: 'ekspresowe', set: 'double-12' }, 'BAD_SET'],
  ['ctyrky with teams', { ...base, game: 'ctyrky', seats: 4, teams: [['P0', 'P2'], ['P1', 'P3']] }, 'BAD_SEATS'],
];

describe('malformed questions are refused with a code, never a crash', () => {
  it(`has at least 30 cases (${cases.length})`, () => expect(cases.length).toBeGreaterThanOrEqual(30));
  for (const [name, question, code] of cases) {
    it(`${name} -> ${code}`, () => expect(refusal(question)).toBe(code));
  }
});
