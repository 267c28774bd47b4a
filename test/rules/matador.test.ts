/** Matador: one test per rule sentence of rules.md §3. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/rules/random';
import type { JsonObject } from '../../src/rules/types';
import { ask, asMoveSet, movesOf, refusal, tableFor } from './helpers';

const q = (position: JsonObject, extra: JsonObject = {}): JsonObject => ({
  game: 'matador',
  ruleset: 'default',
  set: 'double-6',
  seats: 2,
  position,
  ask: 'legal-moves',
  ...extra,
});

describe('matador §3', () => {
  it('2 players; 3 tiles set aside unseen, 3 each, the rest is the bank', () => {
    expect(refusal(q({ line: [], hands: { P0: [], P1: [], P2: [] } }, { seats: 3 }))).toBe('BAD_SEATS');
    const { game, table } = tableFor('matador', 2, 'double-6');
    const pos = game.writePosition(table, game.deal(table, createRng(3), { round: 1 })) as { hands: Record<string, string[]>; stock: string[]; out: number };
    expect(pos.hands.P0).toHaveLength(3);
    expect(pos.hands.P1).toHaveLength(3);
    expect(pos.out).toBe(3);
    expect(pos.stock).toHaveLength(19);
  });

  it('the toss winner leads any tile', () => {
    expect(ask(q({ line: [], hands: { P0: ['1-2', '3-3', '0-6'], P1: 3 }, stock: 19, out: 3, to_move: 'P0' }, { ask: 'opening' }))).toEqual({
      starter: 'P0',
      leads: ['1-2', '3-3', '0-6'],
    });
  });

  it('touching halves must sum to 7; a double counts as one number', () => {
    const pos = { line: ['3|3', '4|2'], hands: { P0: ['0-5', '1-1', '1-4'], P1: 2 }, stock: 18, out: 3, to_move: 'P0' };
    expect(movesOf(ask(q(pos)))).toEqual(asMoveSet([{ tile: '1-4', end: 'L' }, { tile: '0-5', end: 'R' }]));
    const v = ask(q(pos, { ask: 'check-move', move: { tile: '1-1', end: 'L' } }));
    expect(v).toMatchObject({ legal: false, code: 'END_MISMATCH', rule: 'matador §3' });
    expect(v.message).toMatch(/sum to 7/);
  });

  it('the sum is 10 in double-9 and 13 in double-12', () => {
    const pos = { line: ['2|4'], hands: { P0: ['3-8', '6-8', '5-9'], P1: 2 }, stock: 46, out: 3, to_move: 'P0' };
    expect((ask(q(pos, { set: 'double-9' })).moves as unknown[]).length).toBe(3);
    const p12 = { line: ['2|4'], hands: { P0: ['9-11', '1-2'], P1: 2 }, stock: 80, out: 3, to_move: 'P0' };
    expect(movesOf(ask(q(p12, { set: 'double-12' })))).toEqual(asMoveSet([{ tile: '9-11', end: 'L' }, { tile: '9-11', end: 'R' }]));
  });

  it('a blank end can only be closed by a matador', () => {
    const pos = { line: ['0|5'], hands: { P0: ['0-4', '2-6', '3-4'], P1: 2 }, stock: 19, out: 3, to_move: 'P0' };
    const moves = ask(q(pos)).moves as JsonObject[];
    expect(moves).toContainEqual({ tile: '3-4', end: 'L', touch: 3 });
    expect(moves).toContainEqual({ tile: '2-6', end: 'R' });
    expect(moves.some((m) => m.tile === '0-4')).toBe(false);
  });

  it('matadors go to either end by either half; after one the normal rule applies to its outer half', () => {
    const pos = { line: ['3|6'], hands: { P0: ['2-5', '2-4'], P1: 2 }, stock: 19, out: 3, to_move: 'P0' };
    expect(ask(q(pos, { ask: 'check-move', move: { tile: '2-5', end: 'R', touch: 5 } }))).toEqual({ legal: true });
    const r = ask(q(pos, { ask: 'replay', moves: [{ tile: '2-5', end: 'R', touch: 5 }] }));
    expect((r.position as JsonObject).line).toEqual(['3|6', '5|2']);
    // The outer half is 2: now 5 touches it (2 + 5 = 7), 4 does not.
    const after = { ...(r.position as JsonObject), to_move: 'P1', hands: { P0: ['2-4'], P1: ['1-5', '4-4'] } };
    expect(movesOf(ask(q(after)))).toEqual(asMoveSet([{ tile: '1-5', end: 'R' }, { tile: '4-4', end: 'L' }]));
  });

  it('no playable tile and no matador: draw one at a time until one can be played or the bank is empty, then pass', () => {
    const pos = { line: ['1|1'], hands: { P0: ['2-2'], P1: 2 }, stock: ['1-3', '6-6'], out: 3, to_move: 'P0' };
    expect(ask(q(pos))).toEqual({ moves: [{ action: 'draw' }] });
    const r = ask(q(pos, { ask: 'replay', moves: [{ action: 'draw' }, { action: 'draw' }, { tile: '6-6', end: 'R' }] }));
    expect((r.position as JsonObject).line).toEqual(['1|1', '6|6']);
    expect(ask(q({ ...pos, stock: 0 }))).toEqual({ moves: [{ action: 'pass' }] });
  });

  it('round end: out wins and scores the loser pips; blocked: lower total wins; tie: nobody', () => {
    expect(ask(q({ line: ['1|6'], hands: { P0: [], P1: ['2-2', '0-3'] }, went_out: 'P0', stock: 0, out: 3 }, { ask: 'round-result' }))).toMatchObject({
      winner: 'P0',
      points: { P0: 7 },
    });
    const blocked = { line: ['0|3', '4|0'], hands: { P0: ['0-1', '2-2'], P1: ['1-1', '2-6'] }, stock: 0, out: 3, to_move: 'P0' };
    expect(ask(q(blocked, { ask: 'round-result' }))).toMatchObject({ winner: 'P0', blocked: true, points: { P0: 10 } });
    const tie = { ...blocked, hands: { P0: ['0-1', '2-2'], P1: ['1-1', '1-2'] } };
    expect(ask(q(tie, { ask: 'round-result' }))).toMatchObject({ winner: null, blocked: true });
  });

  it('game to 100; [preset single-round] one round, winner only', () => {
    const pos = { line: ['1|6'], hands: { P0: [], P1: ['2-2'] }, went_out: 'P0', stock: 0, out: 3, scores: { P0: 30, P1: 0 } };
    expect(ask(q(pos, { ask: 'game-result' }))).toEqual({ over: false, winner: null });
    expect(ask(q(pos, { ruleset: 'single-round', ask: 'game-result' }))).toEqual({ over: true, winner: 'P0' });
  });
});
