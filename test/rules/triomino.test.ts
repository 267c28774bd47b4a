import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prepare, referee, RefereeError } from '../../src/rules/referee';
import { playRandomRound } from '../../src/rules/selfplay';
import { createRng } from '../../src/rules/random';
import type { Json, JsonObject } from '../../src/rules/types';

type Cell = { cell: [number, number]; v: [number, number, number] };
const cell = (c: number, r: number, v: [number, number, number]): Cell => ({ cell: [c, r], v });

function ask(position: JsonObject, a: string, extra: JsonObject = {}, seats = 2, ruleset: Json = 'default'): JsonObject {
  return referee({ game: 'triomino', ruleset, set: 'triomino', seats, position, ask: a, ...extra });
}
const moves = (r: JsonObject): Json[] => r.moves as Json[];
const sorted = (xs: Json[]): string[] => xs.map((x) => JSON.stringify(x)).sort();
function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof RefereeError) return e.code;
    throw e;
  }
  return 'NO_ERROR';
}

// Positions of the public vectors (rules.md §9 examples).
const ONE = [cell(0, 0, [0, 1, 2])];
const BRIDGE_BOARD = [
  cell(-3, -1, [4, 1, 3]), cell(-3, 0, [3, 1, 2]), cell(-2, -1, [4, 4, 1]), cell(-2, 0, [1, 2, 2]),
  cell(-1, -1, [4, 0, 1]), cell(0, -1, [4, 5, 0]), cell(1, -1, [5, 0, 0]), cell(1, 0, [0, 0, 1]),
];
const HEX_BOARD = [cell(-1, -1, [0, 5, 5]), cell(-1, 0, [5, 5, 5]), cell(0, -1, [0, 1, 5]), cell(1, -1, [1, 2, 5]), cell(1, 0, [5, 2, 4])];
const HEX2_BOARD = [
  cell(-1, -1, [4, 3, 3]), cell(-1, 0, [3, 3, 0]), cell(0, -1, [4, 2, 3]), cell(0, 1, [0, 5, 5]), cell(1, -1, [2, 3, 3]),
  cell(1, 0, [3, 3, 5]), cell(1, 1, [5, 5, 5]), cell(2, 0, [3, 4, 5]), cell(2, 1, [5, 4, 5]),
];
// The twelve cells around the three corners of (0, 0): 0-1-3 laid [1, 3, 0] there closes three hexagons.
const HEX3_BOARD = [
  cell(-1, -1, [2, 1, 1]), cell(0, -1, [2, 2, 1]), cell(1, -1, [2, 3, 1]), cell(-1, 0, [1, 1, 0]), cell(1, 0, [1, 3, 3]),
  cell(2, 0, [3, 3, 3]), cell(0, 1, [0, 3, 4]), cell(1, 1, [3, 4, 4]), cell(2, 1, [3, 3, 4]), cell(-2, 0, [1, 0, 0]),
  cell(-2, 1, [0, 0, 0]), cell(-1, 1, [0, 4, 0]),
];

describe('triomino §9: the tiles', () => {
  it('56 tiles are dealt: countTiles after a deal is the set size', () => {
    const { game, table } = prepare({ game: 'triomino', set: 'triomino', seats: 3 } as JsonObject);
    expect(game.countTiles(table, game.deal(table, createRng(1), { round: 1 }))).toBe(56);
  });
  it('numbers ascend clockwise: a mirror image on the board is a bad layout', () => {
    expect(code(() => ask({ board: [cell(0, 0, [0, 2, 1])], hands: { P0: 1, P1: 1 } }, 'opening'))).toBe('BAD_LAYOUT');
  });
  it('numbers ascend clockwise: a mirrored placement is illegal', () => {
    const r = ask({ board: ONE, hands: { P0: ['1-2-4'], P1: 3 }, stock: 5, to_move: 'P0' }, 'check-move', { move: { cell: [0, 1], v: [2, 1, 4] } });
    expect(r).toMatchObject({ legal: false, code: 'NOT_A_TILE', rule: 'triomino §9' });
  });
  it('2-4 players with 7 tiles each by default; 5 players only under pressman', () => {
    expect(code(() => ask({}, 'opening', {}, 5))).toBe('BAD_SEATS');
    expect(code(() => ask({}, 'opening', {}, 1))).toBe('BAD_SEATS');
    const { game, table } = prepare({ game: 'triomino', set: 'triomino', seats: 4 } as JsonObject);
    const s = game.deal(table, createRng(3), { round: 1 });
    expect(Object.values(game.writePosition(table, s).hands as JsonObject).map((h) => (h as Json[]).length)).toEqual([7, 7, 7, 7]);
  });
  it('preset pressman deals 9 to 2 players, 7 to 3-4 and 6 to 5-6; hand_size overrides', () => {
    for (const [seats, n] of [[2, 9], [3, 7], [4, 7], [5, 6], [6, 6]]) {
      const { game, table } = prepare({ game: 'triomino', set: 'triomino', seats, ruleset: 'pressman' } as JsonObject);
      const hands = game.writePosition(table, game.deal(table, createRng(seats), { round: 1 })).hands as JsonObject;
      expect(Object.values(hands).every((h) => (h as Json[]).length === n)).toBe(true);
    }
    const { game, table } = prepare({ game: 'triomino', set: 'triomino', seats: 2, ruleset: { hand_size: 5 } } as JsonObject);
    expect(game.countTiles(table, game.deal(table, createRng(1), { round: 1 }))).toBe(56);
    expect((game.writePosition(table, game.deal(table, createRng(1), { round: 1 })).stock as Json[]).length).toBe(46);
  });
});

describe('triomino §9: the opening', () => {
  const h = (p0: string[], p1: string[]): JsonObject => ({ board: [], hands: { P0: p0, P1: p1 }, stock: 42 });
  it('the highest triple starts and scores its sum + 10', () => {
    expect(ask(h(['4-4-4', '0-1-2'], ['3-3-3', '4-5-5']), 'opening')).toEqual({ starter: 'P0', leads: ['4-4-4'], points: 22 });
  });
  it('0-0-0 as the only triple scores 40', () => {
    expect(ask(h(['0-1-2'], ['0-0-0', '4-5-5']), 'opening')).toEqual({ starter: 'P1', leads: ['0-0-0'], points: 40 });
  });
  it('a holder of the highest triple and 0-0-0 may choose: both leads, no single score', () => {
    const r = ask(h(['0-1-2'], ['0-0-0', '2-2-2']), 'opening');
    expect(r.starter).toBe('P1');
    expect(sorted(r.leads as Json[])).toEqual(sorted(['0-0-0', '2-2-2']));
    expect(r.points).toBeUndefined();
    const pos = { ...h(['0-1-2'], ['0-0-0', '2-2-2']), to_move: 'P1' };
    expect(ask(pos, 'score-move', { move: { cell: [0, 0], v: [0, 0, 0] } }).points).toBe(40);
    expect(ask(pos, 'score-move', { move: { cell: [3, 1], v: [2, 2, 2] } }).points).toBe(16);
  });
  it('0-0-0 held apart from the highest triple does not open', () => {
    expect(ask(h(['0-0-0'], ['1-1-1']), 'opening')).toEqual({ starter: 'P1', leads: ['1-1-1'], points: 13 });
  });
  it('no triple: the highest sum starts and scores its sum only', () => {
    expect(ask(h(['0-1-2', '4-4-5'], ['3-4-5']), 'opening')).toEqual({ starter: 'P0', leads: ['4-4-5'], points: 13 });
  });
  it('equal sums: the higher largest number, then the earlier seat', () => {
    expect(ask(h(['3-4-4'], ['2-4-5']), 'opening')).toMatchObject({ starter: 'P1', leads: ['2-4-5'] });
    expect(ask(h(['0-2-5'], ['1-1-5', '2-2-3']), 'opening')).toMatchObject({ starter: 'P0', leads: ['0-2-5'] });
    expect(ask({ board: [], hands: { P0: ['0-1-2'], P1: ['1-5-5'], P2: ['2-4-5'] } }, 'opening', {}, 3)).toMatchObject({ starter: 'P1' });
  });
  it('the first placement may be any cell but must be a lead; to_move defaults to the starter', () => {
    const pos = h(['0-1-2', '4-4-5'], ['3-4-5']);
    expect(ask(pos, 'check-move', { move: { cell: [7, -2], v: [5, 4, 4] } })).toEqual({ legal: true });
    expect(ask(pos, 'check-move', { move: { cell: [0, 0], v: [0, 1, 2] } })).toMatchObject({ legal: false, code: 'WRONG_OPENING' });
    expect(ask({ ...pos, to_move: 'P1' }, 'check-move', { move: { cell: [0, 0], v: [3, 4, 5] } })).toMatchObject({ legal: false, code: 'NOT_OPENER' });
    expect(ask(pos, 'check-move', { move: { action: 'draw' } })).toMatchObject({ legal: false });
    expect(sorted(moves(ask(pos, 'legal-moves')))).toEqual(sorted([4, 5, 4].map((_, k) => ({ cell: [0, 0], v: [[4, 4, 5], [4, 5, 4], [5, 4, 4]][k] }))));
  });
  it('every round opens this way: a later deal starts with the opening starter', () => {
    const { game, table } = prepare({ game: 'triomino', set: 'triomino', seats: 3 } as JsonObject);
    for (let seed = 0; seed < 20; seed++) {
      const s = game.deal(table, createRng(seed), { round: 3, previousStarter: 0 });
      expect(game.writePosition(table, s).to_move).toBe(game.opening(table, s).starter);
    }
  });
});

describe('triomino §9: placing', () => {
  it('lists each placement sharing an edge once, plus draw', () => {
    const r = ask({ board: ONE, hands: { P0: 6, P1: ['0-0-0', '0-0-1', '0-2-5', '1-2-2', '1-3-4', '3-3-3', '4-4-5'] }, stock: 42, to_move: 'P1' }, 'legal-moves');
    expect(sorted(moves(r))).toEqual(sorted([{ cell: [0, 1], v: [2, 1, 2] }, { cell: [1, 0], v: [0, 0, 1] }, { cell: [-1, 0], v: [5, 0, 2] }, { action: 'draw' }]));
  });
  it('a triple that fits is listed once', () => {
    const r = ask({ board: [cell(0, 0, [1, 1, 2])], hands: { P0: ['1-1-1'], P1: 3 }, stock: 0, to_move: 'P0' }, 'legal-moves');
    expect(moves(r)).toEqual([{ cell: [1, 0], v: [1, 1, 1] }]);
  });
  it('a placement must share a whole edge: a point alone is not enough', () => {
    const r = ask({ board: ONE, hands: { P0: ['0-1-3'], P1: 3 }, stock: 5, to_move: 'P0' }, 'check-move', { move: { cell: [2, 0], v: [3, 0, 1] } });
    expect(r).toMatchObject({ legal: false, code: 'NOT_ADJACENT' });
  });
  it('corners meeting at an edge must carry the same number', () => {
    const r = ask({ board: ONE, hands: { P0: ['1-2-3'], P1: 3 }, stock: 5, to_move: 'P0' }, 'check-move', { move: { cell: [0, 1], v: [3, 1, 2] } });
    expect(r).toMatchObject({ legal: false, code: 'CORNER_MISMATCH', rule: 'triomino §9' });
  });
  it('corners meeting at a point must carry the same number', () => {
    const r = ask({ board: BRIDGE_BOARD, hands: { P0: ['0-1-1'], P1: 5 }, stock: 40, to_move: 'P0' }, 'check-move', { move: { cell: [0, 0], v: [0, 1, 1] } });
    expect(r).toMatchObject({ legal: false, code: 'CORNER_MISMATCH' });
    expect(r.message).toMatch(/2/);
  });
  it('a taken cell and a tile not held are illegal', () => {
    const pos = { board: ONE, hands: { P0: ['1-2-2'], P1: 3 }, stock: 5, to_move: 'P0' };
    expect(ask(pos, 'check-move', { move: { cell: [0, 0], v: [2, 1, 2] } })).toMatchObject({ legal: false, code: 'CELL_TAKEN' });
    expect(ask({ ...pos, hands: { P0: ['0-0-5'], P1: 3 } }, 'check-move', { move: { cell: [1, 0], v: [0, 0, 1] } })).toMatchObject({ legal: false, code: 'TILE_NOT_IN_HAND' });
  });
  it('one tile per turn: after a placement the next player moves', () => {
    const r = ask({ board: ONE, hands: { P0: ['0-0-1', '1-2-2'], P1: 3 }, stock: 5, to_move: 'P0' }, 'replay', { moves: [{ cell: [1, 0], v: [0, 0, 1] }] });
    expect(r.position).toMatchObject({ to_move: 'P1', drawn: 0, scores: { P0: 1, P1: 0 } });
  });
  it('a hand known only by its count may lay any unseen tile', () => {
    const pos = { board: ONE, hands: { P0: 3, P1: ['0-0-1'] }, stock: 0, to_move: 'P0' };
    expect(ask(pos, 'check-move', { move: { cell: [1, 0], v: [0, 0, 1] } })).toMatchObject({ legal: false, code: 'TILE_NOT_IN_HAND' });
    expect(ask(pos, 'check-move', { move: { cell: [1, 0], v: [0, 1, 1] } })).toEqual({ legal: true });
    expect(ask(pos, 'check-move', { move: { cell: [1, 0], v: [0, 3, 1] } })).toMatchObject({ legal: false, code: 'NOT_A_TILE' });
  });
});

describe('triomino §9: scoring', () => {
  const sc = (board: Cell[], hand: string, v: [number, number, number], at: [number, number]): JsonObject =>
    ask({ board, hands: { P0: [hand], P1: 4 }, stock: 30, to_move: 'P0' }, 'score-move', { move: { cell: at, v } });
  it('a plain placement scores the sum of its numbers', () => {
    expect(sc(ONE, '1-2-2', [2, 1, 2], [0, 1])).toEqual({ points: 5, breakdown: [{ item: 'tile', points: 5 }] });
  });
  it('bridge: one side matched, the opposite point touches a tile: 3 + 40 = 43', () => {
    expect(sc(BRIDGE_BOARD, '0-1-2', [0, 1, 2], [0, 0])).toEqual({ points: 43, breakdown: [{ item: 'tile', points: 3 }, { item: 'bridge', points: 40 }] });
  });
  it('closing a hexagon: +50', () => {
    expect(sc(HEX_BOARD, '4-5-5', [5, 4, 5], [0, 0]).points).toBe(64);
  });
  it('two hexagons at once: +60, bonuses do not stack', () => {
    expect(sc(HEX2_BOARD, '0-3-5', [3, 5, 0], [0, 0])).toEqual({ points: 68, breakdown: [{ item: 'tile', points: 8 }, { item: 'hexagon', points: 60 }] });
  });
  it('three hexagons at once: +70', () => {
    expect(sc(HEX3_BOARD, '0-1-3', [1, 3, 0], [0, 0]).points).toBe(74);
  });
  it('the opening scores the opening points', () => {
    expect(ask({ board: [], hands: { P0: ['5-5-5'], P1: ['0-1-2'] }, stock: 3 }, 'score-move', { move: { cell: [0, 0], v: [5, 5, 5] } }).points).toBe(25);
  });
});

describe('triomino §9: drawing and passing', () => {
  const base = { board: ONE, hands: { P0: ['3-3-3'], P1: 4 }, to_move: 'P0', scores: { P0: 50, P1: 10 } };
  it('draw one tile (-5) and the drawn tile may be played', () => {
    const r = ask({ ...base, stock: ['0-0-1', '4-4-4'] }, 'replay', { moves: [{ action: 'draw' }, { cell: [1, 0], v: [0, 0, 1] }] });
    expect(r.position).toMatchObject({ scores: { P0: 46, P1: 10 }, to_move: 'P1' });
  });
  it('a player may draw even when he could play (will not play)', () => {
    const r = ask({ ...base, hands: { P0: ['0-0-1'], P1: 4 }, stock: 5 }, 'legal-moves');
    expect(sorted(moves(r))).toEqual(sorted([{ cell: [1, 0], v: [0, 0, 1] }, { action: 'draw' }]));
  });
  it('at most 3 draws; then a pass costs a further -10 (-25 in all)', () => {
    const r = ask({ ...base, stock: ['4-4-4', '4-4-5', '4-5-5', '5-5-5'] }, 'replay', { moves: [{ action: 'draw' }, { action: 'draw' }, { action: 'draw' }, { action: 'pass' }] });
    expect(r).toMatchObject({ position: { scores: { P0: 25, P1: 10 }, to_move: 'P1', drawn: 0 }, result: null });
    const third = ask({ ...base, stock: 5, drawn: 3 }, 'check-move', { move: { action: 'draw' } });
    expect(third).toMatchObject({ legal: false, code: 'CANNOT_DRAW' });
    expect(moves(ask({ ...base, stock: 5, drawn: 3 }, 'legal-moves'))).toEqual([{ action: 'pass' }]);
  });
  it('passing before drawing while the stock has tiles is illegal', () => {
    expect(ask({ ...base, stock: 5 }, 'check-move', { move: { action: 'pass' } })).toMatchObject({ legal: false, code: 'MUST_DRAW' });
  });
  it('stock empty and cannot play: pass with no penalty', () => {
    const pos = { ...base, stock: 0 };
    expect(moves(ask(pos, 'legal-moves'))).toEqual([{ action: 'pass' }]);
    expect(ask(pos, 'score-move', { move: { action: 'pass' } }).points).toBe(0);
    expect(ask(pos, 'check-move', { move: { action: 'draw' } })).toMatchObject({ legal: false, code: 'CANNOT_DRAW' });
  });
  it('stock empty but a play exists: no pass', () => {
    const pos = { ...base, hands: { P0: ['0-0-1'], P1: 4 }, stock: 0 };
    expect(ask(pos, 'check-move', { move: { action: 'pass' } })).toMatchObject({ legal: false, code: 'MUST_PLAY' });
  });
});

describe('triomino §9: end of the round and of the game', () => {
  const board = [cell(0, 0, [0, 1, 2]), cell(1, 0, [0, 0, 1])];
  it('going out scores 25 + the numbers left in the opponents\' hands', () => {
    const r = ask({ board, hands: { P0: [], P1: ['1-2-3'], P2: ['4-4-5', '0-0-5'] }, stock: 3, to_move: 'P1' }, 'round-result', {}, 3);
    expect(r).toEqual({ winner: 'P0', blocked: false, points: { P0: 25 + 6 + 13 + 5 } });
  });
  it('numbers in a hand known only by count are counted when the position tells them', () => {
    const pos = { board, hands: { P0: [], P1: 2, P2: ['0-0-5'] }, stock: 0, to_move: 'P1' };
    expect(code(() => ask(pos, 'round-result', {}, 3))).toBe('UNKNOWN_HAND');
    const all: string[] = [];
    for (let a = 0; a <= 5; a++) for (let b = a; b <= 5; b++) for (let c = b; c <= 5; c++) all.push(`${a}-${b}-${c}`);
    const rest = all.filter((t) => !['0-1-2', '0-0-1', '0-0-5', '5-5-5', '4-5-5'].includes(t));
    const r = ask({ ...pos, hands: { P0: [], P1: 2, P2: ['0-0-5'] }, stock: rest }, 'round-result', {}, 3);
    expect(r).toEqual({ winner: 'P0', blocked: false, points: { P0: 25 + 15 + 14 + 5 } });
  });
  it('the last tile laid ends the round in a replay', () => {
    const r = ask({ board: ONE, hands: { P0: ['0-0-1'], P1: ['5-5-5'] }, stock: 3, to_move: 'P0' }, 'replay', { moves: [{ cell: [1, 0], v: [0, 0, 1] }] });
    expect(r.result).toEqual({ winner: 'P0', blocked: false, points: { P0: 40 } });
    expect(ask({ board: ONE, hands: { P0: [], P1: ['5-5-5'] }, stock: 3, to_move: 'P1' }, 'legal-moves')).toEqual({ moves: [] });
  });
  it('blocked: the lowest total wins the others\' totals minus his own', () => {
    const r = ask({ board, hands: { P0: ['3-3-3'], P1: ['4-4-4', '5-5-5'], P2: ['3-3-4'] }, stock: 0, to_move: 'P0' }, 'round-result', {}, 3);
    expect(r).toEqual({ winner: 'P0', blocked: true, points: { P0: 12 + 15 + 10 - 9 } });
  });
  it('blocked with a tie for the lowest total: nobody scores', () => {
    const r = ask({ board, hands: { P0: ['3-3-3'], P1: ['4-4-4', '5-5-5'], P2: ['2-3-4'] }, stock: 0, to_move: 'P0' }, 'round-result', {}, 3);
    expect(r).toMatchObject({ winner: null, blocked: true });
  });
  it('preset seed-literal: a blocked round is won by the fewest tiles', () => {
    const r = ask({ board, hands: { P0: ['3-5-5', '3-3-3'], P1: ['4-4-4', '5-5-5', '3-4-4'], P2: ['3-3-4'] }, stock: 0, to_move: 'P0' }, 'round-result', {}, 3, 'seed-literal');
    expect(r).toEqual({ winner: 'P2', blocked: true, points: { P2: 22 + 38 - 10 } });
  });
  it('a round where someone can still play is not over', () => {
    expect(ask({ board, hands: { P0: ['3-3-3'], P1: ['1-1-2'] }, stock: 0, to_move: 'P0' }, 'replay', { moves: [{ action: 'pass' }] }).result).toBeNull();
  });
  it('first to 400 wins; mid-round nobody has won yet; equal highest play on; target overrides', () => {
    const pos = (scores: JsonObject, hands: JsonObject = { P0: [], P1: ['5-5-5'] }): JsonObject => ({ board: ONE, hands, stock: 3, to_move: 'P1', scores });
    expect(ask(pos({ P0: 410, P1: 380 }), 'game-result')).toEqual({ over: true, winner: 'P0' });
    expect(ask(pos({ P0: 390, P1: 380 }), 'game-result')).toEqual({ over: false, winner: null });
    expect(ask(pos({ P0: 410, P1: 380 }, { P0: ['3-3-3'], P1: ['5-5-5'] }), 'game-result')).toEqual({ over: false, winner: null });
    expect(ask(pos({ P0: 410, P1: 410 }), 'game-result')).toEqual({ over: false, winner: null });
    expect(ask(pos({ P0: 160, P1: 80 }), 'game-result', {}, 2, { target: 150 })).toEqual({ over: true, winner: 'P0' });
  });
});

describe('triomino: malformed questions', () => {
  const ok = { board: ONE, hands: { P0: ['1-2-2'], P1: 3 }, stock: 5, to_move: 'P0' };
  const cases: [string, () => unknown, string][] = [
    ['value above 5', () => ask({ ...ok, board: [cell(0, 0, [0, 1, 6])] }, 'opening'), 'BAD_TILE'],
    ['tile twice on the board', () => ask({ ...ok, board: [cell(0, 0, [0, 1, 2]), cell(0, 1, [2, 0, 1])] }, 'opening'), 'DUPLICATE_TILE'],
    ['tile on board and in hand', () => ask({ ...ok, hands: { P0: ['0-1-2'], P1: 3 } }, 'opening'), 'DUPLICATE_TILE'],
    ['cell twice', () => ask({ ...ok, board: [cell(0, 0, [0, 1, 2]), cell(0, 0, [0, 1, 3])] }, 'opening'), 'BAD_LAYOUT'],
    ['not edge-connected', () => ask({ ...ok, board: [cell(0, 0, [0, 1, 2]), cell(4, 0, [3, 4, 5])] }, 'opening'), 'BAD_LAYOUT'],
    ['corners disagree at an edge', () => ask({ ...ok, board: [cell(0, 0, [0, 1, 2]), cell(1, 0, [3, 3, 4])] }, 'opening'), 'BAD_LAYOUT'],
    ['corners disagree at a point', () => ask({ ...ok, board: [cell(0, 0, [0, 1, 2]), cell(1, 0, [0, 3, 1]), cell(2, 0, [3, 5, 5])] }, 'opening'), 'BAD_LAYOUT'],
    ['board not a list', () => ask({ ...ok, board: { cell: [0, 0] } }, 'opening'), 'BAD_LAYOUT'],
    ['cell not two integers', () => ask({ ...ok, board: [{ cell: [0.5, 0], v: [0, 1, 2] }] }, 'opening'), 'BAD_LAYOUT'],
    ['v of two numbers', () => ask({ ...ok, board: [{ cell: [0, 0], v: [0, 1] }] }, 'opening'), 'BAD_LAYOUT'],
    ['hand tile with a 7', () => ask({ ...ok, hands: { P0: ['1-2-7'], P1: 3 } }, 'opening'), 'BAD_TILE'],
    ['domino in a triomino hand', () => ask({ ...ok, hands: { P0: ['1-2'], P1: 3 } }, 'opening'), 'BAD_TILE'],
    ['too many tiles', () => ask({ ...ok, stock: 60 }, 'opening'), 'TOO_MANY_TILES'],
    ['drawn above 3', () => ask({ ...ok, drawn: 4 }, 'legal-moves'), 'BAD_POSITION'],
    ['no to_move on a board', () => ask({ ...ok, to_move: undefined } as unknown as JsonObject, 'legal-moves'), 'BAD_POSITION'],
    ['move without v', () => ask(ok, 'check-move', { move: { cell: [0, 1] } }), 'BAD_MOVE'],
    ['move with a bad action', () => ask(ok, 'check-move', { move: { action: 'jump' } }), 'BAD_MOVE'],
    ['move cell of strings', () => ask(ok, 'check-move', { move: { cell: ['0', '1'], v: [2, 1, 2] } }), 'BAD_MOVE'],
    ['hand_size too large', () => ask(ok, 'opening', {}, 4, { hand_size: 20 }), 'BAD_RULESET'],
    ['target not a number', () => ask(ok, 'opening', {}, 2, { target: 'high' }), 'BAD_RULESET'],
    ['unknown preset', () => ask(ok, 'opening', {}, 2, 'harder'), 'UNKNOWN_PRESET'],
    ['6 seats by default', () => ask(ok, 'opening', {}, 6), 'BAD_SEATS'],
    ['went_out with tiles left', () => ask({ ...ok, went_out: 'P0' }, 'round-result'), 'BAD_POSITION'],
    ['two empty hands', () => ask({ ...ok, hands: { P0: [], P1: 0 } }, 'round-result'), 'BAD_POSITION'],
  ];
  for (const [name, fn, c] of cases) it(name, () => expect(code(fn)).toBe(c));
});

describe('triomino: random self-play', () => {
  const modes: [number, string][] = [[2, 'default'], [3, 'default'], [4, 'default'], [3, 'seed-literal'], [5, 'pressman'], [6, 'pressman']];
  for (const [seats, preset] of modes) {
    it(`${seats} players, ${preset}: legal moves check, tiles are conserved, rounds end and add up`, () => {
      const { game, table } = prepare({ game: 'triomino', set: 'triomino', seats, ruleset: preset } as JsonObject);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          let last: unknown = null;
          let points = 0;
          const r = playRandomRound(game, table, createRng(seed), { round: 1 }, {
            check: true,
            onStep: (s, step) => {
              expect(game.countTiles(table, s)).toBe(56);
              if (step === 12) {
                const back = game.readPosition(table, game.writePosition(table, s));
                expect(game.writePosition(table, back)).toEqual(game.writePosition(table, s));
                expect(game.legalMoves(table, back).length).toBe(game.legalMoves(table, s).length);
              }
              last = s;
              points++;
            },
          });
          expect(points).toBeGreaterThan(0);
          const pos = game.writePosition(table, r.final ?? last);
          const hands = pos.hands as Record<string, string[]>;
          const total = (h: string[]): number => h.reduce((n, t) => n + t.split('-').reduce((a, b) => a + Number(b), 0), 0);
          const totals = Object.values(hands).map(total);
          const all = totals.reduce((a, b) => a + b, 0);
          const res = r.result as { winner: string | null; blocked: boolean; points: Record<string, number> };
          if (!res.blocked) {
            expect(hands[res.winner as string]).toEqual([]);
            expect(res.points[res.winner as string]).toBe(25 + all);
          } else {
            expect(pos.stock).toEqual([]);
            if (res.winner !== null) {
              const w = Number(res.winner.slice(1));
              expect(res.points[res.winner]).toBe(all - 2 * totals[w]);
              if (preset !== 'seed-literal') expect(totals.every((t, i) => i === w || t > totals[w])).toBe(true);
            }
          }
        }),
        { numRuns: 2000 },
      );
    });
  }
});
