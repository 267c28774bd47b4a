/** Čtyřky: one test per rule sentence of rules.md §4. */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/rules/types';
import { ask, refusal } from './helpers';

const q = (position: JsonObject, extra: JsonObject = {}): JsonObject => ({
  game: 'ctyrky',
  ruleset: 'default',
  set: 'double-6',
  seats: 2,
  position,
  ask: 'score-move',
  ...extra,
});
const hands = { P0: ['1-3', '2-2', '2-6', '0-4', '6-6', '3-5'], P1: 6 };

describe('ctyrky §4', () => {
  it('2 or 3 players with the basic game play; undealt tiles out of play [preset draw]', () => {
    expect(refusal(q({ line: [], hands: { P0: [], P1: [], P2: [], P3: [] } }, { seats: 4 }))).toBe('BAD_SEATS');
    const pos = { line: ['5|5'], hands: { P0: ['0-0'], P1: 6 }, stock: 14, to_move: 'P0', round: 2 };
    expect(ask(q(pos, { ask: 'legal-moves' }))).toEqual({ moves: [{ action: 'pass' }] });
    expect(ask(q(pos, { ask: 'legal-moves', ruleset: 'draw' }))).toEqual({ moves: [{ action: 'draw' }] });
  });

  it('the lead scores too: a single tile on the table counts both halves', () => {
    expect(ask(q({ line: [], hands, round: 2, previous_starter: 'P1' }, { move: { tile: '1-3', end: null } }))).toEqual({ sticks: 1, sum: 4 });
    expect(ask(q({ line: [], hands, round: 2, previous_starter: 'P1' }, { move: { tile: '2-6', end: null } }))).toEqual({ sticks: 2, sum: 8 });
    expect(ask(q({ line: [], hands, round: 2, previous_starter: 'P1' }, { move: { tile: '6-6', end: null } }))).toEqual({ sticks: 3, sum: 12 });
  });

  it('S = outer half of the left end + outer half of the right end; 4, 8, 12 earn 1, 2, 3 sticks; 0 nothing', () => {
    expect(ask(q({ line: ['5|1'], hands, to_move: 'P0', round: 2 }, { move: { tile: '1-3', end: 'R' } }))).toEqual({ sticks: 2, sum: 8 });
    expect(ask(q({ line: ['6|1', '1|2'], hands: { P0: ['2-6'], P1: 6 }, to_move: 'P0', round: 2 }, { move: { tile: '2-6', end: 'R' } }))).toEqual({ sticks: 3, sum: 12 });
    expect(ask(q({ line: ['0|5'], hands, to_move: 'P0', round: 2 }, { move: { tile: '3-5', end: 'R' } }))).toEqual({ sticks: 0, sum: 3 });
    expect(ask(q({ line: ['0|2'], hands, to_move: 'P0', round: 2 }, { move: { tile: '2-2', end: 'R' } }))).toEqual({ sticks: 0, sum: 2 });
    expect(ask(q({ line: ['0|1'], hands, to_move: 'P0', round: 2 }, { move: { tile: '1-3', end: 'R' } }))).toEqual({ sticks: 0, sum: 3 });
  });

  it('a double at an end counts once; [preset all-fours] both halves, and 16 earns 4 sticks', () => {
    const pos = { line: ['4|2'], hands, to_move: 'P0', round: 2 };
    expect(ask(q(pos, { move: { tile: '2-2', end: 'R' } }))).toEqual({ sticks: 0, sum: 6 });
    expect(ask(q(pos, { ruleset: 'all-fours', move: { tile: '2-2', end: 'R' } }))).toEqual({ sticks: 2, sum: 8 });
    expect(ask(q({ line: ['4|6'], hands, to_move: 'P0', round: 2 }, { ruleset: 'all-fours', move: { tile: '6-6', end: 'R' } }))).toEqual({ sticks: 4, sum: 16 });
  });

  it('sticks accumulate per player; the first to 20 wins the game at once, mid-round', () => {
    const pos = { line: ['2|0', '0|5'], hands: { P0: 6, P1: ['5-6', '1-1'] }, to_move: 'P1', round: 2, scores: { P0: 17, P1: 18 } };
    const r = ask(q(pos, { ask: 'replay', moves: [{ tile: '5-6', end: 'R' }] }));
    expect((r.position as JsonObject).scores).toEqual({ P0: 17, P1: 20 });
    expect(r.result).toMatchObject({ winner: 'P1' });
    expect(ask(q(r.position as JsonObject, { ask: 'game-result' }))).toEqual({ over: true, winner: 'P1' });
    expect(ask(q(r.position as JsonObject, { ask: 'check-move', move: { action: 'pass' } }))).toMatchObject({ legal: false, code: 'GAME_OVER' });
  });

  it('pips left in hand are ignored', () => {
    const pos = { line: ['6|6'], hands: { P0: [], P1: ['5-5'] }, went_out: 'P0', round: 2, scores: { P0: 3, P1: 4 } };
    expect(ask(q(pos, { ask: 'round-result' }))).toMatchObject({ winner: null, points: {} });
    expect(ask(q(pos, { ask: 'game-result' }))).toEqual({ over: false, winner: null });
  });
});
