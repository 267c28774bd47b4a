/** Domino, the basic game: one test per rule sentence of rules.md §1. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/rules/random';
import type { JsonObject } from '../../src/rules/types';
import { ask, refusal, tableFor } from './helpers';

const TEAMS = [
  ['P0', 'P2'],
  ['P1', 'P3'],
];
const q = (position: JsonObject, extra: JsonObject = {}): JsonObject => ({
  game: 'domino',
  ruleset: 'default',
  set: 'double-6',
  seats: 2,
  position,
  ask: 'legal-moves',
  ...extra,
});

describe('domino §1: players, sets and the deal', () => {
  it('is played by 2 or 4 players, with double-6, 9 or 12', () => {
    expect(refusal(q({ line: [], hands: { P0: [], P1: [], P2: [] } }, { seats: 3 }))).toBe('BAD_SEATS');
    expect(refusal(q({ line: ['9|9'], hands: { P0: ['9-8'], P1: 6 }, to_move: 'P0' }, { set: 'double-9' }))).toBeNull();
    expect(refusal(q({ line: [], hands: { P0: [], P1: [] } }, { set: 'triomino' }))).toBe('BAD_SET');
  });

  it('four players play as two teams, partners opposite, scored by team', () => {
    const r = ask(
      q(
        { line: ['6|6'], hands: { P0: [], P1: ['1-2'], P2: ['0-1'], P3: ['0-0'] }, to_move: 'P1', went_out: 'P0' },
        { seats: 4, ask: 'round-result' },
      ),
    );
    // Teams default to A = {P0, P2}, B = {P1, P3}: A holds 1, B 3.
    expect(r).toMatchObject({ winner: 'A', points: { A: 3 } });
  });

  it('deals 7 tiles each; the undealt tiles stay out of play', () => {
    const { game, table } = tableFor('domino', 2, 'double-6');
    const s = game.deal(table, createRng(7), { round: 1 });
    const pos = game.writePosition(table, s) as { hands: Record<string, string[]>; stock: string[] };
    expect(pos.hands.P0).toHaveLength(7);
    expect(pos.hands.P1).toHaveLength(7);
    expect(pos.stock).toHaveLength(14);
    const blocked = { line: ['5|3', '3|3', '3|6'], hands: { P0: ['0-0', '1-2'], P1: 5 }, stock: 14, to_move: 'P0', round: 2 };
    expect(ask(q(blocked))).toEqual({ moves: [{ action: 'pass' }] });
    expect(ask(q(blocked, { ask: 'check-move', move: { action: 'draw' } }))).toMatchObject({ legal: false, code: 'CANNOT_DRAW' });
  });

  it('[preset draw] a player who cannot play draws until able or the stock is empty', () => {
    const pos = { line: ['5|3', '3|6'], hands: { P0: ['0-0', '1-2'], P1: 5 }, stock: ['2-4', '4-6', '1-1'], to_move: 'P0', round: 2 };
    expect(ask(q(pos, { ruleset: 'draw' }))).toEqual({ moves: [{ action: 'draw' }] });
    const r = ask(q(pos, { ruleset: 'draw', ask: 'replay', moves: [{ action: 'draw' }, { action: 'draw' }, { tile: '4-6', end: 'R' }] }));
    expect(r.position).toMatchObject({ line: ['5|3', '3|6', '6|4'], hands: { P0: ['0-0', '1-2', '2-4'] }, stock: ['1-1'], to_move: 'P1' });
    const empty = { ...pos, stock: 0 };
    expect(ask(q(empty, { ruleset: 'draw' }))).toEqual({ moves: [{ action: 'pass' }] });
    expect(ask(q(pos, { ruleset: 'draw', ask: 'check-move', move: { action: 'pass' } }))).toMatchObject({ legal: false, code: 'MUST_DRAW' });
  });
});

describe('domino §1: who opens', () => {
  const hands = { P0: ['0-6', '1-2', '4-4'], P1: ['2-2', '5-6', '3-3'] };
  it('round 1: the holder of the highest double starts and must lead it', () => {
    expect(ask(q({ line: [], hands, round: 1 }, { ask: 'opening' }))).toEqual({ starter: 'P0', leads: ['4-4'] });
    expect(ask(q({ line: [], hands, round: 1 }, { ask: 'check-move', move: { tile: '0-6', end: null } }))).toMatchObject({ legal: false, code: 'WRONG_LEAD' });
    expect(ask(q({ line: [], hands, round: 1, to_move: 'P1' }, { ask: 'check-move', move: { tile: '3-3', end: null } }))).toMatchObject({ legal: false, code: 'NOT_STARTER' });
  });

  it('no double dealt: the holder of the highest tile leads it, ties broken by the larger half', () => {
    // 2-5 and 3-4 both have 7 pips; 2-5 has the higher larger half.
    const r = ask(q({ line: [], hands: { P0: ['3-4', '0-1'], P1: ['2-5', '0-2'] }, round: 1 }, { ask: 'opening' }));
    expect(r).toEqual({ starter: 'P1', leads: ['2-5'] });
  });

  it('later rounds: the player after the previous starter starts, with any tile', () => {
    const r = ask(q({ line: [], hands: { P0: ['3-4', '0-1'], P1: ['2-5', '6-6'] }, round: 2, previous_starter: 'P1' }, { ask: 'opening' }));
    expect(r).toEqual({ starter: 'P0', leads: ['3-4', '0-1'] });
  });
});

describe('domino §1: play', () => {
  it('plays on either end of the line, and a tile that matches neither is END_MISMATCH citing the rule', () => {
    const pos = { line: ['1|2', '2|3'], hands: { P0: ['1-3', '3-5', '4-4'], P1: 6 }, to_move: 'P0', round: 2 };
    expect(ask(q(pos))).toEqual({
      moves: [
        { tile: '1-3', end: 'L' },
        { tile: '1-3', end: 'R' },
        { tile: '3-5', end: 'R' },
      ],
    });
    const v = ask(q(pos, { ask: 'check-move', move: { tile: '4-4', end: 'L' } }));
    expect(v).toMatchObject({ legal: false, code: 'END_MISMATCH', rule: 'domino §1' });
    expect(v.message).toMatch(/4-4.*1 and 3/);
  });

  it('no branching: doubles lie crosswise with no effect on play', () => {
    const pos = { line: ['2|5', '5|5'], hands: { P0: ['5-6', '1-2'], P1: 6 }, to_move: 'P0', round: 2 };
    expect(ask(q(pos))).toEqual({
      moves: [
        { tile: '5-6', end: 'R' },
        { tile: '1-2', end: 'L' },
      ],
    });
  });

  it('a player who can play may not pass', () => {
    const pos = { line: ['1|2'], hands: { P0: ['2-3'], P1: 6 }, to_move: 'P0', round: 2 };
    expect(ask(q(pos, { ask: 'check-move', move: { action: 'pass' } }))).toMatchObject({ legal: false, code: 'MUST_PLAY' });
  });

  it('a tile the player does not hold is refused', () => {
    const pos = { line: ['1|2'], hands: { P0: ['2-3'], P1: ['4-4'] }, to_move: 'P0', round: 2 };
    expect(ask(q(pos, { ask: 'check-move', move: { tile: '4-4', end: 'R' } }))).toMatchObject({ legal: false, code: 'TILE_NOT_IN_HAND' });
  });
});

describe('domino §1: round end and scoring', () => {
  it('the round ends when a player plays his last tile', () => {
    const pos = { line: ['1|2'], hands: { P0: ['2-3'], P1: ['4-4', '0-1'] }, to_move: 'P0', round: 2 };
    const r = ask(q(pos, { ask: 'replay', moves: [{ tile: '2-3', end: 'R' }] }));
    expect(r.result).toMatchObject({ winner: 'P0', blocked: false, points: { P0: 9 } });
    expect(ask(q(r.position as JsonObject, { ask: 'check-move', move: { tile: '0-1', end: 'L' } }))).toMatchObject({ legal: false, code: 'ROUND_OVER' });
  });

  it('the round ends when the game is blocked; the lower side scores the other side total', () => {
    const pos = { line: ['6|6'], hands: { P0: ['0-1', '2-2'], P1: ['3-4'] }, to_move: 'P0', round: 2 };
    expect(ask(q(pos, { ask: 'round-result' }))).toMatchObject({ winner: 'P0', blocked: true, points: { P0: 7 } });
    // Nobody can play: "pass" is all there is, and a play log may go on saying it.
    expect(ask(q(pos))).toEqual({ moves: [{ action: 'pass' }] });
    const r = ask(q(pos, { ask: 'replay', moves: [{ action: 'pass' }, { action: 'pass' }] }));
    expect(r.result).toMatchObject({ winner: 'P0', blocked: true });
  });

  it('the partner of the player who went out is counted with him', () => {
    const pos = { line: ['6|6'], hands: { P0: [], P1: ['0-1'], P2: ['5-5', '6-5'], P3: ['0-2'] }, to_move: 'P1', went_out: 'P0' };
    expect(ask(q(pos, { seats: 4, teams: TEAMS, ask: 'round-result' }))).toMatchObject({ winner: 'B', points: { B: 21 } });
  });

  it('equal totals: nobody scores', () => {
    const pos = { line: ['6|6'], hands: { P0: ['0-3'], P1: ['1-2'] }, to_move: 'P0', round: 2 };
    expect(ask(q(pos, { ask: 'round-result' }))).toMatchObject({ winner: null, blocked: true });
  });

  it('a round result needs every hand known', () => {
    expect(refusal(q({ line: ['6|6'], hands: { P0: [], P1: 3 }, to_move: 'P1', went_out: 'P0' }, { ask: 'round-result' }))).toBe('UNKNOWN_HAND');
  });
});

describe('domino §1: game end', () => {
  const pos = (scores: JsonObject) => ({ line: ['6|6'], hands: { P0: [], P1: ['1-1'] }, went_out: 'P0', scores });
  it('the first side to reach the target (default 100) wins', () => {
    expect(ask(q(pos({ P0: 101, P1: 40 }), { ask: 'game-result' }))).toEqual({ over: true, winner: 'P0' });
    expect(ask(q(pos({ P0: 99, P1: 40 }), { ask: 'game-result' }))).toEqual({ over: false, winner: null });
    expect(ask(q(pos({ P0: 120, P1: 40 }), { ruleset: { target: 150 }, ask: 'game-result' }))).toEqual({ over: false, winner: null });
  });

  it('several sides past the target: the highest wins; equal highest play another round', () => {
    expect(ask(q(pos({ P0: 104, P1: 110 }), { ask: 'game-result' }))).toEqual({ over: true, winner: 'P1' });
    expect(ask(q(pos({ P0: 110, P1: 110 }), { ask: 'game-result' }))).toMatchObject({ over: false, winner: null });
  });

  it('team games key the scores by team', () => {
    const p = { line: ['6|6'], hands: { P0: [], P1: [], P2: [], P3: [] }, scores: { A: 100, B: 80 } };
    expect(ask(q(p, { seats: 4, teams: TEAMS, ask: 'game-result' }))).toEqual({ over: true, winner: 'A' });
  });
});
