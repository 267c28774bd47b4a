/** Solo: one test per rule sentence of rules.md §6. */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/rules/types';
import { ask, refusal } from './helpers';

const q = (position: JsonObject, extra: JsonObject = {}): JsonObject => ({
  game: 'solo',
  ruleset: 'default',
  set: 'double-6',
  seats: 1,
  position,
  ask: 'legal-moves',
  ...extra,
});

describe('solo §6', () => {
  it('1 player, double-6', () => {
    expect(refusal(q({ line: [], hands: { P0: [], P1: [] } }, { seats: 2 }))).toBe('BAD_SEATS');
  });

  it('take 5 face up and lay any of them as the start', () => {
    expect(ask(q({ line: [], hands: { P0: ['0-3', '1-5', '2-2', '3-3', '4-6'] }, stock: 23 }, { ask: 'opening' }))).toEqual({
      starter: 'P0',
      leads: ['0-3', '1-5', '2-2', '3-3', '4-6'],
    });
  });

  it('attach as many as possible to either end, then draw as many as were placed, back to 5', () => {
    const pos = { line: ['2|5'], hands: { P0: ['0-0', '1-6', '3-3', '4-4', '5-6'] }, stock: ['0-1', '0-2', '1-1'], to_move: 'P0' };
    expect(ask(q(pos))).toEqual({ moves: [{ tile: '5-6', end: 'R' }] });
    const r = ask(q(pos, { ask: 'replay', moves: [{ tile: '5-6', end: 'R' }, { tile: '1-6', end: 'R' }, { action: 'draw' }] }));
    expect(r.position).toMatchObject({ line: ['2|5', '5|6', '6|1'], hands: { P0: ['0-0', '3-3', '4-4', '0-1', '0-2'] }, stock: ['1-1'] });
    expect(r.result).toBeNull();
  });

  it('no drawing while a face-up tile still fits, and no passing', () => {
    const pos = { line: ['2|5'], hands: { P0: ['0-0', '5-6'] }, stock: 21, to_move: 'P0' };
    expect(ask(q(pos, { ask: 'check-move', move: { action: 'draw' } }))).toMatchObject({ legal: false, code: 'MUST_PLAY' });
    expect(ask(q(pos, { ask: 'check-move', move: { action: 'pass' } }))).toMatchObject({ legal: false });
  });

  it('won: the stock is empty and every tile is in the line', () => {
    const line = ['3|0', '0|0', '0|5', '5|3', '3|1', '1|1', '1|2', '2|3', '3|6', '6|2', '2|0', '0|4', '4|1', '1|6', '6|4', '4|4', '4|5', '5|1', '1|0', '0|6', '6|6', '6|5', '5|5', '5|2', '2|2', '2|4', '4|3'];
    const r = ask(q({ line, hands: { P0: ['3-3'] }, stock: 0, to_move: 'P0' }, { ask: 'replay', moves: [{ tile: '3-3', end: 'R' }] }));
    expect(r.result).toEqual({ status: 'won' });
  });

  it('lost: none of the 5 fits while the stock is not empty; or tiles remain that fit nowhere at the end', () => {
    const full = { line: ['3|1', '1|5'], hands: { P0: ['0-0', '0-2', '2-2', '0-4', '2-4'] }, stock: 21, to_move: 'P0' };
    expect(ask(q(full, { ask: 'round-result' }))).toEqual({ status: 'lost' });
    const end = { line: ['3|1', '1|5'], hands: { P0: ['0-0'] }, stock: 0, to_move: 'P0' };
    expect(ask(q(end, { ask: 'round-result' }))).toEqual({ status: 'lost' });
  });

  it('beyond the sheet: the referee tells whether the position can still be won', () => {
    // Line 3|1 1|5 with 0-0 and 0-2 ... face up: still a complete trail is possible for the rest.
    const open = { line: ['3|1', '1|5'], hands: { P0: ['0-0', '0-2'] }, stock: 23, to_move: 'P0' };
    expect(ask(q(open, { ask: 'round-result' }))).toEqual({ status: 'playing', winnable: true });
    // Ends 3 and 3 with the 3s all used but one side: 3 has odd degree left -> more than two odd numbers.
    const line = ['2|3', '3|3', '3|4', '4|4', '4|1'];
    const r = ask(q({ line, hands: { P0: ['0-0', '0-1'] }, stock: 21, to_move: 'P0' }, { ask: 'round-result' }));
    expect(r.status).toBe('playing');
    expect(typeof r.winnable).toBe('boolean');
  });
});
