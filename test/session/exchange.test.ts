/**
 * Games and positions as files: an export comes back exactly, and a file that cannot be trusted
 * is refused with a code and a message a person can act on.
 */
import { describe, expect, it } from 'vitest';
import {
  exportGame,
  exportPosition,
  importGame,
  importPosition,
  openHandsPosition,
  roundFromHands,
  SessionError,
  undo,
  type JsonObject,
  type SessionDoc,
} from '../../src/session';
import { referee } from '../../src/rules/referee';
import { addEvent } from '../../src/session';
import { ok, setup, withRounds } from './helpers';

const S = setup('domino', ['Eva', 'Jan', 'Ola', 'Petr']);

function sample(): SessionDoc {
  let doc = withRounds(S, [{ A: 20 }, { B: 14 }], 'game-1');
  const hands = openHandsPosition(S, { hands: { P0: [], P1: ['6-6'], P2: ['1-1'], P3: ['0-3'] } });
  doc = addEvent(doc, { type: 'round', id: 'r3', at: 1_700_000_100_000, entry: ok(roundFromHands(S, hands, { source: 'camera', note: 'from the photo' })) });
  doc = addEvent(doc, { type: 'round-edit', id: 'x1', at: 1_700_000_200_000, roundId: doc.events[0].id, entry: { points: { A: 22, B: 0 }, winner: 'A', source: 'typed' }, reason: 'recount' });
  return undo(doc);
}

/** A copy of the sample export with one change made by `f`. */
function broken(f: (d: JsonObject & { events: JsonObject[]; setup: JsonObject }) => void): JsonObject {
  const d = JSON.parse(JSON.stringify(exportGame(sample())));
  f(d);
  return d;
}

function codeOf(json: unknown): { code: string; message: string } {
  try {
    importGame(json);
  } catch (e) {
    expect(e).toBeInstanceOf(SessionError);
    return { code: (e as SessionError).code, message: (e as SessionError).message };
  }
  return { code: 'OK', message: '' };
}

describe('export and import of a game', () => {
  it('round trip is exact: setup, rounds with positions and answers, edits, the redo stack', () => {
    const doc = sample();
    expect(doc.redo).toHaveLength(1);
    const data = exportGame(doc);
    expect(data.format).toBe('pips-game/1');
    expect(importGame(data)).toEqual(doc);
    expect(importGame(JSON.stringify(data, null, 2))).toEqual(doc);
    // The export is a copy: changing it leaves the game alone.
    (data.events as JsonObject[]).length = 0;
    expect(doc.events).toHaveLength(3);
  });

  const cases: [string, unknown, string, RegExp][] = [
    ['text that is not JSON', '{"format": "pips-game/1", ', 'BAD_JSON', /not valid JSON/],
    ['a list instead of a game', [], 'BAD_FORMAT', /not a Pips game file/],
    ['no format', broken((d) => delete d.format), 'BAD_FORMAT', /not a Pips game file/],
    ['a newer format', broken((d) => (d.format = 'pips-game/2')), 'BAD_FORMAT', /pips-game\/2.*reads pips-game\/1/],
    ['no id', broken((d) => delete d.id), 'BAD_DOC', /id/],
    ['a date as text', broken((d) => (d.createdAt = 'yesterday')), 'BAD_DOC', /createdAt/],
    ['an unexpected field', broken((d) => (d.cheat = true)), 'BAD_DOC', /unexpected field "cheat"/],
    ['events not a list', broken((d) => (d.events = {} as never)), 'BAD_DOC', /events/],
    ['an unknown game', broken((d) => (d.setup.game = 'poker')), 'BAD_SETUP', /Choose one of the games/],
    ['three players of domino', broken((d) => (d.setup.players as JsonObject[]).pop()), 'BAD_SETUP', /played by 2 or 4 players, not 3/],
    ['a preset that does not exist', broken((d) => (d.setup.preset = 'house')), 'BAD_SETUP', /no rule preset "house"/],
    ['an unknown event type', broken((d) => (d.events[1].type = 'bonus')), 'BAD_EVENT', /events\[1\]\.type/],
    ['two events with one id', broken((d) => (d.events[1].id = d.events[0].id)), 'DUPLICATE_ID', /events\[1\]\.id/],
    ['an edit of a round that is not there', broken((d) => ((d.redo as JsonObject[])[0].roundId = 'ghost')), 'UNKNOWN_ROUND', /redo\[0\]\.roundId/],
    ['points for a side not playing', broken((d) => ((d.events[0].entry as JsonObject).points = { C: 5 })), 'UNKNOWN_SIDE', /"C" does not play/],
    ['points as text', broken((d) => ((d.events[0].entry as JsonObject).points = { A: '20' })), 'BAD_POINTS', /points\.A: expected a number/],
    ['a winner not playing', broken((d) => ((d.events[0].entry as JsonObject).winner = 'P0')), 'UNKNOWN_SIDE', /winner/],
    ['a source nobody knows', broken((d) => ((d.events[0].entry as JsonObject).source = 'guess')), 'BAD_ENTRY', /source/],
    ['a round after the finish', broken((d) => d.events.splice(1, 0, { type: 'finish', id: 'f', at: 5 })), 'GAME_FINISHED', /already finished/],
    ['a move score without its side', broken((d) => d.events.push({ type: 'move-score', id: 'm', at: 5, points: 3, breakdown: [] })), 'UNKNOWN_SIDE', /side/],
  ];
  for (const [what, json, code, message] of cases)
    it(`refuses ${what}: ${code}`, () => {
      const r = codeOf(json);
      expect(r.code).toBe(code);
      expect(r.message).toMatch(message);
    });
});

describe('positions as referee questions', () => {
  const pos: JsonObject = { line: ['6|6', '6|2'], hands: { P0: ['2-5', '1-1'], P1: 6, P2: 5, P3: 6 }, to_move: 'P1' };

  it('export is a question the referee answers; import gives it back', () => {
    const share = exportPosition(S, pos);
    expect(share).toMatchObject({ game: 'domino', set: 'double-6', seats: 4, ruleset: { preset: 'default' }, position: pos });
    expect(referee({ ...share, ask: 'legal-moves' } as unknown as JsonObject)).toHaveProperty('moves');
    expect(importPosition(JSON.stringify(share))).toEqual(share);
    const vs = exportPosition(setup('ekspresowe', ['A', 'B', 'C', 'D'], { teams: [['P0', 'P2'], ['P1', 'P3']] }), { hands: { P0: 7, P1: 7, P2: 7, P3: 7 } });
    expect(importPosition(vs).teams).toEqual([['P0', 'P2'], ['P1', 'P3']]);
  });

  it('a question with an ask is read as its position', () => {
    expect(importPosition({ game: 'domino', set: 'double-6', seats: 2, position: { hands: { P0: ['1-1'], P1: 7 } }, ask: 'opening' }).position).toEqual({
      hands: { P0: ['1-1'], P1: 7 },
    });
  });

  const bad: [string, unknown, string][] = [
    ['not JSON', 'nope', 'BAD_JSON'],
    ['no position', { game: 'domino', set: 'double-6', seats: 2 }, 'BAD_POSITION'],
    ['an unknown game', { game: 'chess', seats: 2, position: {} }, 'UNKNOWN_GAME'],
    ['a tile not in the set', { game: 'domino', set: 'double-6', seats: 2, position: { hands: { P0: ['6-7'], P1: 1 } } }, 'BAD_TILE'],
    ['a tile twice', { game: 'domino', set: 'double-6', seats: 2, position: { line: ['1|1'], hands: { P0: ['1-1'], P1: 1 }, to_move: 'P0' } }, 'DUPLICATE_TILE'],
    ['three domino seats', { game: 'domino', set: 'double-6', seats: 3, position: {} }, 'BAD_SEATS'],
    ['an unexpected field', { game: 'domino', seats: 2, position: {}, players: [] }, 'BAD_FORMAT'],
  ];
  for (const [what, json, code] of bad)
    it(`refuses ${what}: ${code}`, () => {
      expect(() => importPosition(json)).toThrow(expect.objectContaining({ code }));
    });
});
