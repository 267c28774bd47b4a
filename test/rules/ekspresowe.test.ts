/** Domino Ekspresowe: one test per rule sentence of rules.md §2. */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/rules/types';
import { ask, refusal } from './helpers';

const PAIRS = [
  ['P0', 'P2'],
  ['P1', 'P3'],
];
const q = (position: JsonObject, extra: JsonObject = {}): JsonObject => ({
  game: 'ekspresowe',
  ruleset: 'default',
  set: 'double-6',
  seats: 3,
  position,
  ask: 'legal-moves',
  ...extra,
});

describe('ekspresowe §2', () => {
  it('double-6 only; 2, 3 or 4 single players, or two pairs of two', () => {
    expect(refusal(q({ line: [], hands: { P0: [], P1: [] } }, { seats: 2, set: 'double-9' }))).toBe('BAD_SET');
    expect(refusal(q({ line: [], hands: { P0: [] } }, { seats: 1 }))).toBe('BAD_SEATS');
    expect(refusal(q({ line: [], hands: { P0: [], P1: [], P2: [] } }, { teams: PAIRS }))).toBe('BAD_TEAMS');
  });

  it('no drawing, ever: a player who cannot play passes although tiles remain undealt', () => {
    const pos = { line: ['2|5'], hands: { P0: ['0-0'], P1: 6, P2: 6 }, stock: 7, to_move: 'P0' };
    expect(ask(q(pos))).toEqual({ moves: [{ action: 'pass' }] });
    expect(ask(q(pos, { ask: 'check-move', move: { action: 'draw' } }))).toMatchObject({ legal: false, code: 'CANNOT_DRAW' });
  });

  it('the highest double starts and is led; no double dealt: the highest tile', () => {
    expect(ask(q({ line: [], hands: { P0: ['1-1', '0-6'], P1: ['3-3'], P2: ['2-4'] } }, { ask: 'opening' }))).toEqual({ starter: 'P1', leads: ['3-3'] });
    expect(ask(q({ line: [], hands: { P0: ['1-5'], P1: ['0-6'], P2: ['2-4'] } }, { ask: 'opening' }))).toEqual({ starter: 'P1', leads: ['0-6'] });
  });

  it('next round: the player after the previous first hand leads any tile', () => {
    expect(ask(q({ line: [], hands: { P0: ['1-5'], P1: ['0-6'], P2: ['2-4', '6-6'] }, round: 2, previous_starter: 'P1' }, { ask: 'opening' }))).toEqual({
      starter: 'P2',
      leads: ['2-4', '6-6'],
    });
  });

  it('going out: the winner scores the pips left in all other hands', () => {
    const pos = { line: ['6|6'], hands: { P0: ['1-2'], P1: [], P2: ['3-3'] }, went_out: 'P1', first_hand: 'P0' };
    expect(ask(q(pos, { ask: 'round-result' }))).toMatchObject({ winner: 'P1', blocked: false, points: { P1: 9 } });
  });

  it('blocked: the fewest pips win and score all pips in the other hands', () => {
    const pos = { line: ['6|6'], hands: { P0: ['1-2'], P1: ['0-1'], P2: ['3-3'] }, to_move: 'P0', first_hand: 'P0' };
    expect(ask(q(pos, { ask: 'round-result' }))).toMatchObject({ winner: 'P1', blocked: true, points: { P1: 9 } });
  });

  it('a tie goes to the first hand; otherwise to the tied player first after the first hand in seat order', () => {
    const tie = { line: ['6|6'], hands: { P0: ['1-2'], P1: ['0-3'], P2: ['0-4'] }, to_move: 'P0' };
    expect(ask(q({ ...tie, first_hand: 'P1' }, { ask: 'round-result' }))).toMatchObject({ winner: 'P1', points: { P1: 7 } });
    // First hand P2 is not tied; after P2 comes P0.
    expect(ask(q({ ...tie, first_hand: 'P2' }, { ask: 'round-result' }))).toMatchObject({ winner: 'P0', points: { P0: 7 } });
  });

  it('pairs: the partner is included; blocked pairs score all four hands', () => {
    const pos = { line: ['6|6'], hands: { P0: ['0-1'], P1: ['1-2'], P2: ['0-2'], P3: ['2-3'] }, to_move: 'P0', first_hand: 'P0' };
    // A = 1 + 2 = 3, B = 3 + 5 = 8: A wins and scores all 11.
    expect(ask(q(pos, { seats: 4, teams: PAIRS, ask: 'round-result' }))).toMatchObject({ winner: 'A', blocked: true, points: { A: 11 } });
  });

  it('[preset opponents-only] pairs score only the opposing pair', () => {
    const pos = { line: ['6|6'], hands: { P0: ['0-1'], P1: ['1-2'], P2: ['0-2'], P3: ['2-3'] }, to_move: 'P0', first_hand: 'P0' };
    expect(ask(q(pos, { seats: 4, teams: PAIRS, ruleset: 'opponents-only', ask: 'round-result' }))).toMatchObject({ winner: 'A', points: { A: 8 } });
  });

  it('game to the target (default 100)', () => {
    const pos = { line: ['6|6'], hands: { P0: [], P1: ['1-1'], P2: ['0-1'] }, went_out: 'P0', scores: { P0: 100, P1: 20, P2: 0 } };
    expect(ask(q(pos, { ask: 'game-result' }))).toEqual({ over: true, winner: 'P0' });
  });
});
