/** Magnetic domino: one test (or more) per rule sentence of rules.md §8, malformed questions, self-play. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Table } from '../../src/rules/game';
import { magnetic } from '../../src/rules/games/magnetic';
import type { MagneticState } from '../../src/rules/games/magnetic-position';
import { createRng } from '../../src/rules/random';
import { playRandomRound } from '../../src/rules/selfplay';
import { formatDomino, pipsOf } from '../../src/rules/tiles';
import type { Json, JsonObject } from '../../src/rules/types';
import { ask, refusal, sameJson, tableFor } from './helpers';

const q = (position: JsonObject, extra: JsonObject = {}): JsonObject => ({
  game: 'magnetic',
  ruleset: 'default',
  set: 'double-6',
  seats: 2,
  position,
  ask: 'legal-moves',
  ...extra,
});
const TOWER = { mode: 'tower' };
const ALT = { mode: 'alternating' };
const sorted = (moves: Json): string[] => (moves as Json[]).map((m) => JSON.stringify(m)).sort();
const movesOf = (question: JsonObject): string[] => sorted(ask(question).moves);
const expectMoves = (question: JsonObject, expected: Json[]): void => expect(movesOf(question)).toEqual(sorted(expected));
const verdict = (position: JsonObject, move: Json, extra: JsonObject = {}): JsonObject => ask(q(position, { ask: 'check-move', move, ...extra }));
const piece = (id: number, tile: string, on: JsonObject | null = null, more: JsonObject = {}): JsonObject => ({ id, tile, on, ...more });
const link = (id: number, half: number, w = 0): JsonObject => ({ id, half, with: w });

describe('magnetic §8: players, set and the deal', () => {
  it('is played by 2-4 players with double-6', () => {
    expect(refusal(q({ line: [], hands: { P0: [], P1: [], P2: [], P3: [], P4: [] } }, { seats: 5 }))).toBe('BAD_SEATS');
    expect(refusal(q({ line: [], hands: { P0: ['1-2'], P1: ['0-0'] } }, { set: 'double-9' }))).toBe('BAD_SET');
    expect(refusal(q({ line: ['1|2'], hands: { P0: 3, P1: 3, P2: 3, P3: 3 }, to_move: 'P0' }, { seats: 4 }))).toBeNull();
  });

  it('deals 7 tiles each with 2 players, 6 with 3-4; the rest is the stock', () => {
    for (const [seats, each, stock] of [
      [2, 7, 14],
      [3, 6, 10],
      [4, 6, 4],
    ]) {
      const { game, table } = tableFor('magnetic', seats, 'double-6');
      const pos = game.writePosition(table, game.deal(table, createRng(seats), { round: 1 })) as { hands: Record<string, string[]>; stock: string[] };
      Object.values(pos.hands).forEach((h) => expect(h).toHaveLength(each));
      expect(pos.stock).toHaveLength(stock);
    }
    const { game, table } = tableFor('magnetic', 3, 'double-6', { hand_size: 5 });
    expect((game.writePosition(table, game.deal(table, createRng(1), { round: 1 })) as { stock: string[] }).stock).toHaveLength(13);
  });

  it('the table chooses the way to play: flat by default, tower or alternating by the mode option', () => {
    const { game, table } = tableFor('magnetic', 2, 'double-6');
    expect(game.writePosition(table, game.deal(table, createRng(3), { round: 1 }))).toHaveProperty('line', []);
    for (const mode of ['tower', 'alternating']) {
      const t = tableFor('magnetic', 2, 'double-6', { mode });
      expect(t.game.writePosition(t.table, t.game.deal(t.table, createRng(3), { round: 1 }))).toHaveProperty('structure', []);
    }
  });
});

describe('magnetic §8: the opening', () => {
  const hands = { P0: ['0-0', '0-1', '1-4', '2-5', '2-6', '5-5'], P1: ['0-2', '1-1', '1-5', '2-4', '3-5', '6-6'], P2: ['0-6', '1-3', '1-6', '2-2', '2-3', '4-5'] };

  it('round 1: the 6-6 holder leads it', () => {
    expect(ask(q({ line: [], hands, stock: 10, round: 1 }, { seats: 3, ask: 'opening' }))).toMatchObject({ starter: 'P1', leads: ['6-6'] });
    expectMoves(q({ line: [], hands, stock: 10 }, { seats: 3 }), [{ tile: '6-6', end: null }]);
    expect(verdict({ line: [], hands, stock: 10 }, { tile: '1-5', end: null }, { seats: 3 })).toMatchObject({ legal: false, code: 'WRONG_LEAD' });
    expect(verdict({ line: [], hands, stock: 10, to_move: 'P0' }, { tile: '5-5', end: null }, { seats: 3 })).toMatchObject({ legal: false, code: 'NOT_STARTER' });
  });

  it('else the highest double, else the highest tile (most pips, then the larger half)', () => {
    const noSix = { P0: ['0-0', '1-2', '3-6'], P1: ['4-4', '1-1', '2-6'] };
    expect(ask(q({ line: [], hands: noSix, stock: 22 }, { ask: 'opening' }))).toMatchObject({ starter: 'P1', leads: ['4-4'] });
    const noDouble = { P0: ['0-1', '3-5', '2-4'], P1: ['2-6', '1-2', '0-3'] };
    // 3-5 and 2-6 both carry 8 pips: 2-6 has the larger half.
    expect(ask(q({ line: [], hands: noDouble, stock: 22 }, { ask: 'opening' }))).toMatchObject({ starter: 'P1', leads: ['2-6'] });
  });

  it('later rounds: the player after the previous starter, any tile', () => {
    const r = ask(q({ line: [], hands, stock: 10, round: 2, previous_starter: 'P2' }, { seats: 3, ask: 'opening' }));
    expect(r.starter).toBe('P0');
    expect([...(r.leads as string[])].sort()).toEqual([...hands.P0].sort());
    expect(movesOf(q({ line: [], hands, stock: 10, round: 2, previous_starter: 'P2' }, { seats: 3 }))).toHaveLength(6);
  });

  it('tower and alternating play open the same way, with the lead on the table', () => {
    const r = ask(q({ structure: [], hands, stock: 10 }, { seats: 3, ruleset: TOWER, ask: 'replay', moves: [{ tile: '6-6', end: null }] }));
    expect(r.position).toMatchObject({ structure: [piece(1, '6|6')], to_move: 'P2' });
  });
});

describe('magnetic §8: one tile per turn, flat play (classic ends)', () => {
  const ends45 = { line: ['4|0', '0|5'], hands: { P0: 5, P1: ['0-0', '1-1', '2-4', '3-3', '4-5', '5-6'], P2: 5 }, stock: 10, to_move: 'P1', round: 2 };

  it('a tile goes on either end of the line, matching it', () => {
    expectMoves(q(ends45, { seats: 3 }), [
      { tile: '4-5', end: 'L' },
      { tile: '4-5', end: 'R' },
      { tile: '2-4', end: 'L' },
      { tile: '5-6', end: 'R' },
    ]);
    expect(verdict(ends45, { tile: '5-6', end: 'L' }, { seats: 3 })).toMatchObject({ legal: false, code: 'END_MISMATCH', rule: 'magnetic §8' });
    expect(verdict(ends45, { tile: '2-3', end: 'L' }, { seats: 3 })).toMatchObject({ legal: false, code: 'TILE_NOT_IN_HAND' });
    expect(verdict(ends45, { tile: '2-4', on: { id: 1, half: 0 } }, { seats: 3 })).toMatchObject({ legal: false, code: 'WRONG_MODE' });
  });

  it('one tile per turn: after a play the next player moves', () => {
    const r = ask(q(ends45, { seats: 3, ask: 'replay', moves: [{ tile: '2-4', end: 'L' }] }));
    expect(r.position).toMatchObject({ line: ['2|4', '4|0', '0|5'], to_move: 'P2', drawn: 0 });
    expect(r.result).toBeNull();
  });

  it('equal ends: a tile that fits both is listed once, as "L"', () => {
    expectMoves(q({ line: ['6|6'], hands: { P0: ['2-6', '0-1'], P1: 7 }, stock: 13, to_move: 'P0' }), [{ tile: '2-6', end: 'L' }]);
  });

  const stuck = { line: ['6|3', '3|5'], hands: { P0: ['0-0', '1-1'], P1: 6 }, stock: ['2-6', '4-4'], to_move: 'P0' };

  it('cannot play: draw one tile (passing is not allowed while the stock lasts)', () => {
    expectMoves(q(stuck), [{ action: 'draw' }]);
    expect(verdict(stuck, { action: 'pass' })).toMatchObject({ legal: false, code: 'MUST_DRAW' });
    expect(verdict({ ...stuck, hands: { P0: ['0-0', '1-5'], P1: 6 } }, { action: 'draw' })).toMatchObject({ legal: false, code: 'MUST_PLAY' });
  });

  it('the drawn tile that fits is played in the same turn', () => {
    const r = ask(q(stuck, { ask: 'replay', moves: [{ action: 'draw' }, { tile: '2-6', end: 'L' }] }));
    expect(r.position).toMatchObject({ line: ['2|6', '6|3', '3|5'], hands: { P0: ['0-0', '1-1'] }, to_move: 'P1' });
    const drew = { ...stuck, hands: { P0: ['0-0', '1-1', '2-6'], P1: 6 }, stock: ['4-4'], drawn: 1 };
    expectMoves(q(drew), [{ tile: '2-6', end: 'L' }]);
    expect(verdict(drew, { action: 'pass' })).toMatchObject({ legal: false, code: 'MUST_PLAY' });
  });

  it('if it fits nowhere, he keeps it and the turn ends (one draw only)', () => {
    const s2 = { ...stuck, stock: ['4-4', '2-6'] };
    // The turn ends by itself (to_move moves on); a pass said after it only confirms it.
    const r = ask(q(s2, { ask: 'replay', moves: [{ action: 'draw' }] }));
    expect(r.position).toMatchObject({ hands: { P0: ['0-0', '1-1', '4-4'] }, drawn: 0, to_move: 'P1' });
    expect(ask(q(s2, { ask: 'replay', moves: [{ action: 'draw' }, { action: 'pass' }] })).position).toMatchObject({ to_move: 'P1' });
    const drew = { ...stuck, hands: { P0: ['0-0', '1-1', '4-4'], P1: 6 }, stock: ['2-6'], drawn: 1 };
    expectMoves(q(drew), [{ action: 'pass' }]);
    expect(verdict(drew, { action: 'draw' })).toMatchObject({ legal: false, code: 'CANNOT_DRAW' });
    expect(ask(q(drew, { ask: 'replay', moves: [{ action: 'pass' }] })).position).toMatchObject({ to_move: 'P1', drawn: 0 });
  });

  it('stock empty and nothing fits: pass', () => {
    const p = { line: ['6|3', '3|5'], hands: { P0: ['0-0', '1-1'], P1: ['4-5'] }, stock: 0, to_move: 'P0' };
    expectMoves(q(p), [{ action: 'pass' }]);
    expect(verdict(p, { action: 'draw' })).toMatchObject({ legal: false, code: 'STOCK_EMPTY' });
  });
});

describe('magnetic §8: tower play', () => {
  const lead = { structure: [piece(1, '2|5')], hands: { P0: 6, P1: ['0-6', '1-2', '1-3', '2-2', '3-5', '3-6', '4-4'] }, stock: 14, to_move: 'P1', round: 2 };

  it('a tile goes ON a tile so that two halves with equal pips overlap (a double onto a half is one move)', () => {
    expectMoves(q(lead, { ruleset: TOWER }), [
      { tile: '3-5', on: { id: 1, half: 1 } },
      { tile: '2-2', on: { id: 1, half: 0 } },
      { tile: '1-2', on: { id: 1, half: 0 } },
    ]);
    expect(verdict(lead, { tile: '3-6', on: { id: 1, half: 1 } }, { ruleset: TOWER })).toMatchObject({ legal: false, code: 'HALF_MISMATCH' });
    expect(verdict(lead, { tile: '3-5', end: 'R' }, { ruleset: TOWER })).toMatchObject({ legal: false, code: 'WRONG_MODE' });
    const r = ask(q(lead, { ruleset: TOWER, ask: 'replay', moves: [{ tile: '3-5', on: { id: 1, half: 1 } }] }));
    expect(r.position).toMatchObject({ structure: [piece(1, '2|5'), piece(2, '5|3', link(1, 1))], to_move: 'P0' });
  });

  // 2|5 on the table; 5|3 on its 5; 3|3 on the 3 of tile 2 (tile 2 is the middle of the tower).
  const tower = {
    structure: [piece(1, '2|5'), piece(2, '5|3', link(1, 1)), piece(3, '3|3', link(2, 1))],
    hands: { P0: ['2-3', '5-6', '4-4'], P1: 6 },
    stock: 13,
    to_move: 'P0',
  };

  it('any tile of the structure may be built on, the middle included; a covered half cannot', () => {
    expectMoves(q(tower, { ruleset: TOWER }), [
      { tile: '2-3', on: { id: 1, half: 0 } },
      { tile: '2-3', on: { id: 3, half: 0 } },
      { tile: '2-3', on: { id: 3, half: 1 } },
      { tile: '5-6', on: { id: 2, half: 0 } },
    ]);
    expect(verdict(tower, { tile: '5-6', on: { id: 1, half: 1 } }, { ruleset: TOWER })).toMatchObject({ legal: false, code: 'HALF_COVERED' });
    expect(verdict(tower, { tile: '2-3', on: { id: 2, half: 1 } }, { ruleset: TOWER })).toMatchObject({ legal: false, code: 'HALF_COVERED' });
    expect(verdict(tower, { tile: '2-3', on: { id: 9, half: 1 } }, { ruleset: TOWER })).toMatchObject({ legal: false, code: 'UNKNOWN_TARGET' });
  });

  const stuck = { ...tower, hands: { P0: ['0-0', '1-1'], P1: 6 }, stock: ['3-6', '0-4'] };

  it('cannot play: draw one, keep it, the turn ends (the drawn tile may not be used even if it fits)', () => {
    expectMoves(q(stuck, { ruleset: TOWER }), [{ action: 'draw' }]);
    const r = ask(q(stuck, { ruleset: TOWER, ask: 'replay', moves: [{ action: 'draw' }] }));
    expect(r.position).toMatchObject({ hands: { P0: ['0-0', '1-1', '3-6'] }, drawn: 0, to_move: 'P1' });
    const drew = { ...stuck, hands: { P0: ['0-0', '1-1', '3-6'], P1: 6 }, stock: ['0-4'], drawn: 1 };
    expectMoves(q(drew, { ruleset: TOWER }), [{ action: 'pass' }]);
    expect(verdict(drew, { tile: '3-6', on: { id: 3, half: 0 } }, { ruleset: TOWER })).toMatchObject({ legal: false, code: 'TURN_OVER' });
    expect(ask(q(stuck, { ruleset: TOWER, ask: 'replay', moves: [{ action: 'draw' }, { action: 'pass' }] })).position).toMatchObject({ to_move: 'P1' });
  });

  // A row of three tiles on the table (next_to), with a tile on the middle one and one on the right end.
  const row = {
    structure: [
      piece(1, '2|5'),
      piece(2, '5|3', null, { next_to: link(1, 1) }),
      piece(3, '2|4', null, { next_to: link(1, 0) }),
      piece(4, '5|1', link(1, 1)),
      piece(5, '3|6', link(2, 1)),
    ],
    hands: { P0: ['1-4', '6-6'], P1: 6 },
    stock: 12,
    to_move: 'P0',
  };

  it('[preset harder] only onto the two end tiles of the row, or onto tiles stacked on them', () => {
    const all = movesOf(q(row, { ruleset: TOWER }));
    expect(all).toContain(JSON.stringify({ tile: '1-4', on: { id: 4, half: 1 } }));
    const harder = { preset: 'harder', mode: 'tower' };
    expectMoves(q(row, { ruleset: harder }), [
      { tile: '1-4', on: { id: 3, half: 1 } },
      { tile: '6-6', on: { id: 5, half: 1 } },
    ]);
    expect(verdict(row, { tile: '1-4', on: { id: 4, half: 1 } }, { ruleset: harder })).toMatchObject({ legal: false, code: 'NOT_AN_END_TILE' });
    // The preset names a tower rule: alone, it plays tower.
    expectMoves(q(row, { ruleset: 'harder' }), JSON.parse(`[${movesOf(q(row, { ruleset: harder })).join(',')}]`));
  });

  it('whoever knocks the structure down takes every fallen tile; play restarts with the 6-6 holder', () => {
    const hands = { P0: ['1-4', '0-0'], P1: ['6-6', '0-1'] };
    const r = ask(q({ ...row, hands, stock: 12 }, { ruleset: TOWER, ask: 'replay', moves: [{ action: 'collapse', tiles: [5, 2] }] }));
    expect(r.position).toMatchObject({ hands: { P0: ['1-4', '0-0', '3-6', '3-5'] }, to_move: 'P1' });
    expect((r.position as JsonObject).structure).toHaveLength(3);
    // Tile 5 stands on tile 2: tile 2 cannot fall alone.
    expect(verdict({ ...row, hands }, { action: 'collapse', tiles: [2] }, { ruleset: TOWER })).toMatchObject({ legal: false, code: 'COLLAPSE_INCOHERENT' });
    const all = ask(q({ ...row, hands }, { ruleset: TOWER, ask: 'replay', moves: [{ action: 'collapse', tiles: [1, 2, 3, 4, 5] }, { tile: '6-6', end: null }] }));
    expect(all.position).toMatchObject({ structure: [piece(1, '6|6')], to_move: 'P0' });
    expect(verdict({ line: ['2|5'], hands, stock: 12, to_move: 'P0' }, { action: 'collapse', tiles: [1] })).toMatchObject({ legal: false, code: 'NO_STRUCTURE' });
  });
});

describe('magnetic §8: alternating play', () => {
  const lead = { structure: [piece(1, '2|5')], hands: { P0: 6, P1: ['0-2', '0-3', '1-1', '1-4', '3-5', '3-6', '4-4'] }, stock: 14, to_move: 'P1', round: 2 };

  it('the lead is a flat turn, so the next turn is a tower turn (on an end tile)', () => {
    expectMoves(q(lead, { ruleset: ALT }), [
      { tile: '3-5', on: { id: 1, half: 1 } },
      { tile: '0-2', on: { id: 1, half: 0 } },
    ]);
    expect(verdict(lead, { tile: '0-2', end: 'L' }, { ruleset: ALT })).toMatchObject({ legal: false, code: 'WRONG_MODE' });
  });

  // After the tower turn: 5|3 lies on the 5 of the lead; its 3 hangs free.
  const flatTurn = {
    structure: [piece(1, '2|5'), piece(2, '5|3', link(1, 1))],
    hands: { P0: ['2-4', '3-4', '0-6'], P1: 6 },
    stock: 13,
    to_move: 'P0',
  };

  it('a flat turn: on an end of the row, or slid under a tower tile with equal pips', () => {
    expectMoves(q(flatTurn, { ruleset: ALT }), [
      { tile: '2-4', end: 'L' },
      { tile: '3-4', under: { id: 2, half: 1 } },
    ]);
    expect(verdict(flatTurn, { tile: '2-4', on: { id: 1, half: 0 } }, { ruleset: ALT })).toMatchObject({ legal: false, code: 'WRONG_MODE' });
    expect(verdict(flatTurn, { tile: '3-4', under: { id: 1, half: 0 } }, { ruleset: ALT })).toMatchObject({ legal: false, code: 'NOT_A_TOWER_TILE' });
    expect(verdict(flatTurn, { tile: '3-4', under: { id: 2, half: 0 } }, { ruleset: ALT })).toMatchObject({ legal: false, code: 'HALF_SUPPORTED' });
    const r = ask(q(flatTurn, { ruleset: ALT, ask: 'replay', moves: [{ tile: '3-4', under: { id: 2, half: 1 } }] }));
    expect((r.position as JsonObject).structure).toContainEqual(piece(3, '3|4', null, { under: link(2, 1) }));
  });

  it('a tower turn goes on an end tile of the row only', () => {
    const p = { ...flatTurn, structure: [...flatTurn.structure, piece(3, '2|4', null, { next_to: link(1, 0) })], hands: { P0: ['3-3', '4-6', '1-1'], P1: 5 } };
    expectMoves(q(p, { ruleset: ALT }), [{ tile: '4-6', on: { id: 3, half: 1 } }]);
    expect(verdict(p, { tile: '3-3', on: { id: 2, half: 1 } }, { ruleset: ALT })).toMatchObject({ legal: false, code: 'NOT_AN_END_TILE' });
  });

  it('a player who drew instead keeps the mode he owed for his next turn', () => {
    const p = { structure: [piece(1, '2|5')], hands: { P0: ['2-6', '6-6'], P1: ['1-1', '0-0'] }, stock: ['4-4', '1-2'], to_move: 'P1' };
    const r = ask(q(p, { ruleset: ALT, ask: 'replay', moves: [{ action: 'draw' }, { action: 'pass' }] }));
    expect(r.position).toMatchObject({ hands: { P1: ['1-1', '0-0', '4-4'] }, to_move: 'P0', owed: { P1: 'tower' } });
    // P0 now plays the tower turn; P1 still owes a tower turn (by size it would be flat).
    const after = ask(q(r.position as JsonObject, { ruleset: ALT, ask: 'replay', moves: [{ tile: '2-6', on: { id: 1, half: 0 } }] }));
    expect(after.position).toMatchObject({ to_move: 'P1', owed: { P1: 'tower' } });
    expect(movesOf(q({ ...(after.position as JsonObject), hands: { P0: ['6-6'], P1: ['1-1', '0-0', '4-4', '5-6'] } }, { ruleset: ALT }))).toEqual(
      sorted([{ tile: '5-6', on: { id: 1, half: 1 } }]),
    );
    // The drawn tile may not be played in the same turn.
    const drew = { ...p, hands: { P0: ['2-6', '6-6'], P1: ['1-1', '0-0', '2-4'] }, stock: ['1-2'], drawn: 1 };
    expectMoves(q(drew, { ruleset: ALT }), [{ action: 'pass' }]);
  });
});

describe('magnetic §8: round end and game', () => {
  const blockedLine = ['6|2', '2|4', '4|0', '0|5', '5|6', '6|1', '1|4', '4|6', '6|0', '0|3', '3|2', '2|2', '2|5', '5|3', '3|4', '4|5', '5|5', '5|1', '1|1', '1|3', '3|6', '6|6'];
  const blocked = { line: blockedLine, hands: { P0: ['0-0', '0-1', '0-2', '1-2'], P1: ['3-3', '4-4'] }, stock: 0, to_move: 'P0' };

  it('first out wins', () => {
    const p = { line: ['6|3', '3|5'], hands: { P0: ['5-1'], P1: ['2-2', '4-6'] }, stock: 0, to_move: 'P0' };
    const r = ask(q(p, { ask: 'replay', moves: [{ tile: '1-5', end: 'R' }] }));
    expect(r.result).toMatchObject({ winner: 'P0', blocked: false, pips: { P0: 0, P1: 14 } });
    expect(ask(q({ ...p, hands: { P0: [], P1: ['2-2'] }, went_out: 'P0' }, { ask: 'legal-moves' }))).toEqual({ moves: [] });
    expect(verdict({ ...p, hands: { P0: [], P1: ['2-2'] } }, { action: 'pass' })).toMatchObject({ legal: false, code: 'ROUND_OVER' });
  });

  it('blocked: fewest pips wins; every player adds the pips left in his hand', () => {
    expect(ask(q(blocked, { ask: 'round-result' }))).toMatchObject({ winner: 'P0', blocked: true, pips: { P0: 6, P1: 14 } });
    const tie = { ...blocked, hands: { P0: ['0-0', '0-1', '0-2', '1-2'], P1: ['3-3'] } };
    expect(ask(q(tie, { ask: 'round-result' }))).toMatchObject({ winner: null, blocked: true });
  });

  it('[preset little-ones] first out wins; blocked, the fewest tiles wins (pips still added)', () => {
    expect(ask(q(blocked, { ruleset: 'little-ones', ask: 'round-result' }))).toMatchObject({ winner: 'P1', pips: { P0: 6, P1: 14 } });
  });

  it('tower play ends blocked too when the stock is empty and no half can take a tile', () => {
    const p = { structure: [piece(1, '2|5')], hands: { P0: ['0-0', '1-1'], P1: ['3-3', '4-4', '6-6'] }, stock: 0, to_move: 'P0' };
    expect(ask(q(p, { ruleset: TOWER, ask: 'round-result' }))).toMatchObject({ winner: 'P0', blocked: true, pips: { P0: 2, P1: 26 } });
  });

  it('a game is `rounds` rounds (5); the LOWEST running total wins', () => {
    const p = { line: ['2|3'], hands: { P0: ['0-3'], P1: [], P2: ['1-1'] }, stock: 7, went_out: 'P1', round: 3, scores: { P0: 23, P1: 41, P2: 17 } };
    expect(ask(q(p, { seats: 3, ask: 'game-result' }))).toMatchObject({ over: false, winner: 'P2' });
    expect(ask(q({ ...p, round: 5 }, { seats: 3, ask: 'game-result' }))).toMatchObject({ over: true, winner: 'P2' });
    expect(ask(q(p, { seats: 3, ruleset: { rounds: 3 }, ask: 'game-result' }))).toMatchObject({ over: true });
    expect(ask(q({ ...p, scores: { P0: 17, P1: 41, P2: 17 } }, { seats: 3, ask: 'game-result' }))).toMatchObject({ winner: null });
  });
});

describe('magnetic: malformed questions are refused', () => {
  const hands = { P0: ['0-0'], P1: ['1-1'] };
  const t = (structure: Json): JsonObject => q({ structure, hands, stock: 0, to_move: 'P0' }, { ruleset: TOWER });
  it.each([
    ['halves that do not match', t([piece(1, '2|5'), piece(2, '3|4', link(1, 1))]), 'BAD_LAYOUT'],
    ['a half covered twice', t([piece(1, '2|5'), piece(2, '5|3', link(1, 1)), piece(3, '5|4', link(1, 1))]), 'BAD_LAYOUT'],
    ['a link to a missing id', t([piece(1, '2|5'), piece(2, '5|3', link(7, 1))]), 'BAD_LAYOUT'],
    ['two unconnected table tiles', t([piece(1, '2|5'), piece(2, '5|3')]), 'BAD_LAYOUT'],
    ['links in a circle', t([piece(1, '2|5'), piece(2, '1|2', link(3, 1)), piece(3, '3|1', link(4, 1)), piece(4, '2|3', link(2, 1))]), 'BAD_LAYOUT'],
    ['next_to a tower tile', t([piece(1, '2|5'), piece(2, '5|3', link(1, 1)), piece(3, '3|4', null, { next_to: link(2, 1) })]), 'BAD_LAYOUT'],
    ['under a table tile', t([piece(1, '2|5'), piece(2, '5|3', null, { under: link(1, 1) })]), 'BAD_LAYOUT'],
    ['an id twice', t([piece(1, '2|5'), piece(1, '5|3', link(1, 1))]), 'BAD_LAYOUT'],
    ['half 2', t([piece(1, '2|5'), piece(2, '5|3', link(1, 2))]), 'BAD_LAYOUT'],
    ['structure not a list', t({ id: 1 } as Json), 'BAD_LAYOUT'],
    ['a tile twice', t([piece(1, '0|0')]), 'DUPLICATE_TILE'],
    ['a tile outside double-6', t([piece(1, '7|2')]), 'BAD_TILE'],
    ['a line in tower play', q({ line: ['1|2'], hands, stock: 0, to_move: 'P0' }, { ruleset: TOWER }), 'BAD_POSITION'],
    ['a structure in flat play', q({ structure: [piece(1, '2|5')], hands, stock: 0, to_move: 'P0' }, { ruleset: { mode: 'flat' } }), 'BAD_POSITION'],
    ['owed outside alternating play', q({ line: ['1|2'], hands, stock: 0, to_move: 'P0', owed: { P0: 'tower' } }), 'BAD_POSITION'],
    ['owed mode unknown', q({ structure: [piece(1, '2|5')], hands, stock: 0, to_move: 'P0', owed: { P0: 'up' } }, { ruleset: ALT }), 'BAD_POSITION'],
    ['two draws', q({ line: ['2|5'], hands, stock: 3, to_move: 'P0', drawn: 2 }), 'BAD_POSITION'],
    ['no player to move', q({ line: ['2|5'], hands, stock: 3 }), 'BAD_POSITION'],
    ['went_out with tiles', q({ line: ['2|5'], hands, stock: 3, went_out: 'P0' }), 'BAD_POSITION'],
    ['unknown mode', q({ line: [], hands }, { ruleset: { mode: 'spiral' } }), 'BAD_RULESET'],
    ['hand_size too large', q({ line: [], hands }, { ruleset: { hand_size: 15 } }), 'BAD_RULESET'],
    ['rounds 0', q({ line: [], hands }, { ruleset: { rounds: 0 } }), 'BAD_RULESET'],
    ['an unknown preset', q({ line: [], hands }, { ruleset: 'easy' }), 'UNKNOWN_PRESET'],
    ['an option of another game', q({ line: [], hands }, { ruleset: { target: 100 } }), 'BAD_RULESET'],
    ['a move on half 2', q({ line: ['2|5'], hands, to_move: 'P0' }, { ask: 'check-move', move: { tile: '1-1', on: { id: 1, half: 2 } } }), 'BAD_MOVE'],
    ['a move at an end and on a tile', q({ line: ['2|5'], hands, to_move: 'P0' }, { ask: 'check-move', move: { tile: '1-1', end: 'L', on: { id: 1, half: 0 } } }), 'BAD_MOVE'],
    ['end "up"', q({ line: ['2|5'], hands, to_move: 'P0' }, { ask: 'check-move', move: { tile: '1-1', end: 'up' } }), 'BAD_MOVE'],
    ['a collapse without tiles', q({ line: ['2|5'], hands, to_move: 'P0' }, { ask: 'check-move', move: { action: 'collapse' } }), 'BAD_MOVE'],
    ['an unknown action', q({ line: ['2|5'], hands, to_move: 'P0' }, { ask: 'check-move', move: { action: 'knock' } }), 'BAD_MOVE'],
    ['pips of a hidden hand', q({ line: ['2|5'], hands: { P0: [], P1: 3 }, stock: 5 }, { ask: 'round-result' }), 'UNKNOWN_HAND'],
  ])('%s', (_name, question, code) => {
    expect(refusal(question)).toBe(code);
  });
});

function endValues(s: MagneticState): [number, number] {
  if (s.mode === 'flat') return [s.line[0] >> 4, s.line[s.line.length - 1] & 15];
  const v = (e: number): number => (e & 1 ? s.st.pieces[e >> 1].tile & 15 : s.st.pieces[e >> 1].tile >> 4);
  return [v(s.st.endL), v(s.st.endR)];
}

/** Every move one could name (each hand tile at each end, on and under each half; draw; pass) is legal iff listed. */
function expectListedIffLegal(table: Table<unknown>, s: MagneticState): void {
  const listed = new Set(magnetic.legalMoves(table as never, s).map((m) => JSON.stringify(magnetic.writeMove(table as never, m))));
  const raw: Json[] = [{ action: 'draw' }, { action: 'pass' }];
  const ends = s.mode === 'flat' ? s.line.length : s.st.pieces.length;
  for (const d of s.hands[s.toMove].tiles) {
    const tile = formatDomino(d);
    raw.push({ tile, end: null }, { tile, end: 'L' });
    for (const p of s.st.pieces) for (const half of [0, 1]) raw.push({ tile, on: { id: p.id, half } }, { tile, under: { id: p.id, half } });
    // "R" is listed only when the ends differ: same position as "L" otherwise (referee.md).
    if (ends > 0 && endValues(s)[0] !== endValues(s)[1]) raw.push({ tile, end: 'R' });
  }
  for (const r of raw) {
    const m = magnetic.readMove(table as never, r);
    const key = JSON.stringify(magnetic.writeMove(table as never, m));
    const legal = magnetic.checkMove(table as never, s, m).legal;
    if (ends === 0 && 'end' in (r as JsonObject) && (r as JsonObject).end !== null) continue; // a lead named with an end
    if (legal !== listed.has(key)) expect({ move: key, legal }).toEqual({ move: key, legal: listed.has(key) });
  }
}

describe('magnetic: random self-play through the public API', () => {
  const handPips = (s: MagneticState): number[] => s.hands.map((h) => h.tiles.reduce((n, d) => n + pipsOf(d), 0));
  const rulesets: JsonObject[] = [{ mode: 'flat' }, { mode: 'tower' }, { mode: 'alternating' }, { preset: 'little-ones', mode: 'alternating' }];
  for (const ruleset of rulesets) {
    for (const seats of [2, 3, 4]) {
      const runs = ruleset.preset ? 300 : 2000;
      it(`${JSON.stringify(ruleset)} ${seats}p: ${runs} rounds end legally, conserve tiles, add up and round-trip`, () => {
        const { game, table } = tableFor('magnetic', seats, 'double-6', ruleset);
        fc.assert(
          fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 6 }), (seed, round) => {
            const rng = createRng(seed);
            const setup = round === 1 ? { round } : { round, previousStarter: seed % seats };
            const probe = seed % 40;
            const played = playRandomRound(game, table, rng, setup, {
              check: true,
              onStep: (state, step) => {
                expect(game.countTiles(table, state)).toBe(28);
                // Every listed move passes check-move: at each step of one round in four, and at the probe step.
                if (seed % 4 === 0) for (const m of game.legalMoves(table, state)) expect(game.checkMove(table, state, m)).toEqual({ legal: true });
                if (step !== probe) return;
                expectListedIffLegal(table, state as MagneticState);
                const json = game.writePosition(table, state);
                const again = game.readPosition(table, JSON.parse(JSON.stringify(json)));
                expect(sameJson(game.writePosition(table, again), json)).toBe(true);
                // The pass that only confirms a turn a draw ended lives within one replay, not in the JSON.
                const plain = { ...(state as MagneticState), endedByDraw: null };
                expect(sameJson(game.legalMoves(table, again), game.legalMoves(table, plain))).toBe(true);
              },
            });
            const s = played.final as MagneticState;
            const res = played.result as { winner: string | null; blocked: boolean; pips: Record<string, number> };
            const pips = handPips(s);
            pips.forEach((p, i) => expect(res.pips[`P${i}`]).toBe(p));
            if (!res.blocked) expect(pips[Number(res.winner?.slice(1))]).toBe(0);
            else if (res.winner !== null) {
              const w = Number(res.winner.slice(1));
              const key = ruleset.preset ? s.hands.map((h) => h.tiles.length) : pips;
              key.forEach((v, i) => i !== w && expect(key[w]).toBeLessThan(v));
            }
            expect(game.legalMoves(table, s)).toEqual([]);
          }),
          { numRuns: runs },
        );
      });
    }
  }
});
