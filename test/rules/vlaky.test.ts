/** Dominové vlaky: one or more tests per rule sentence of rules.md §7, malformed questions, self-play. */
import { describe, expect, it } from 'vitest';
import type { VlakyState } from '../../src/rules/games/vlaky-state';
import { createRng } from '../../src/rules/random';
import { playRandomRound } from '../../src/rules/selfplay';
import type { JsonObject } from '../../src/rules/types';
import { ask, asMoveSet, movesOf, refusal, sameJson, tableFor } from './helpers';

const q = (position: JsonObject, extra: JsonObject = {}): JsonObject => ({
  game: 'vlaky',
  ruleset: 'default',
  set: 'double-12',
  seats: 2,
  position,
  ask: 'check-move',
  ...extra,
});
const central = (...cars: string[]): JsonObject => ({ owner: null, cars, matchstick: false });
const priv = (owner: string, matchstick: boolean, ...cars: string[]): JsonObject => ({ owner, cars, matchstick });
const check = (position: JsonObject, move: JsonObject, extra: JsonObject = {}): JsonObject => ask(q(position, { move, ...extra }));
const attach = (train: string, ...tiles: string[]): JsonObject => ({ action: 'attach', train, tiles });
const legal = (position: JsonObject, extra: JsonObject = {}): string[] => movesOf(ask(q(position, { ask: 'legal-moves', ...extra })));

/** The rules.md example train: 12|6 descending, 6|8 ascending, 8|8 (joker) descending. */
const example = { T1: central('12|12', '12|6', '6|8', '8|8') };
const exPos = (hand: string[], extra: JsonObject = {}): JsonObject => ({ trains: example, hands: { P0: hand, P1: 14 }, stock: 60, to_move: 'P0', ...extra });

describe('vlaky §7: the deal', () => {
  it('2 or 4 players, double-12, 15 tiles each, the rest is the stock', () => {
    for (const seats of [2, 4]) {
      const { game, table } = tableFor('vlaky', seats, 'double-12');
      const s = game.deal(table, createRng(seats), { round: 1 }) as VlakyState;
      expect(s.hands.map((h) => h.tiles.length)).toEqual(Array(seats).fill(15));
      expect(s.stock.count).toBe(91 - 15 * seats);
      expect(game.countTiles(table, s)).toBe(91);
    }
    expect(refusal(q({ trains: {}, hands: { P0: [], P1: [], P2: [] } }, { seats: 3, ask: 'opening' }))).toBe('BAD_SEATS');
    expect(refusal(q({ trains: {}, hands: { P0: [], P1: [] } }, { set: 'double-9', ask: 'opening' }))).toBe('BAD_SET');
  });

  it('any table may set hand_size', () => {
    const { game, table } = tableFor('vlaky', 4, 'double-12', { hand_size: 10 });
    const s = game.deal(table, createRng(1), { round: 1 }) as VlakyState;
    expect(s.hands.map((h) => h.tiles.length)).toEqual([10, 10, 10, 10]);
    expect(s.stock.count).toBe(51);
  });
});

describe('vlaky §7: trains, directions and jokers', () => {
  it('a train grows only at its far end: the next near half must equal the free end', () => {
    const v = check(exPos(['8-9', '6-9']), attach('T1', '9|6'));
    expect(v).toMatchObject({ legal: false, code: 'END_MISMATCH', rule: 'vlaky §7' });
    expect(v.message).toContain('9|6');
    expect(v.message).toContain('rules.md §7');
  });

  it('cars alternate: after a descending car the next one ascends, and vice versa', () => {
    const pos = { trains: { T1: central('12|12', '12|6') }, hands: { P0: ['6-9', '2-6'], P1: 14 }, stock: 60, to_move: 'P0' };
    expect(check(pos, attach('T1', '6|9'))).toEqual({ legal: true });
    expect(check(pos, attach('T1', '6|2'))).toMatchObject({ legal: false, code: 'WRONG_DIRECTION' });
    // inside one move too: 6|9 ascends, so 9|11 (ascending) may not follow it
    const pos2 = { ...pos, hands: { P0: ['6-9', '9-11', '2-9'], P1: 14 } };
    expect(check(pos2, attach('T1', '6|9', '9|2'))).toEqual({ legal: true });
    expect(check(pos2, attach('T1', '6|9', '9|11'))).toMatchObject({ legal: false, code: 'WRONG_DIRECTION' });
  });

  it('doubles are jokers: after 12|6 6|8 8|8 you may add 8|9 but not 8|4 (the rules.md example)', () => {
    expect(check(exPos(['8-9', '4-8']), attach('T1', '8|9'))).toEqual({ legal: true });
    const verdict = check(exPos(['8-9', '4-8']), attach('T1', '8|4'));
    expect(verdict).toMatchObject({ legal: false, code: 'WRONG_DIRECTION', rule: 'vlaky §7' });
    expect(verdict.message).toMatch(/8\|4 is descending like 8\|8 .* must be ascending .*rules\.md §7/);
    // a double may always follow, and takes the direction opposite to the car before it
    const pos = { trains: { T1: central('12|12', '12|6', '6|8') }, hands: { P0: ['8-8', '8-9', '4-8'], P1: 14 }, stock: 60, to_move: 'P0' };
    expect(check(pos, attach('T1', '8|8', '8|9'))).toEqual({ legal: true });
    expect(check(pos, attach('T1', '8|8', '8|4'))).toMatchObject({ legal: false, code: 'WRONG_DIRECTION' });
  });

  it('a layout that breaks the alternation, the joins or the joker rule is refused', () => {
    const bad = (T1: JsonObject) => refusal(q({ trains: { T1 }, hands: { P0: [], P1: 3 }, stock: 10, to_move: 'P0' }, { ask: 'legal-moves' }));
    expect(bad(central('12|12', '12|6', '6|8', '8|8', '8|4'))).toBe('BAD_LAYOUT');
    expect(bad(central('12|12', '12|6', '6|2'))).toBe('BAD_LAYOUT');
    expect(bad(central('12|12', '12|6', '5|8'))).toBe('BAD_LAYOUT');
    expect(bad(central('12|12', '12|6', '6|8', '8|8', '8|9'))).toBeNull();
  });
});

describe('vlaky §7: central trains', () => {
  it('central trains are shared: every player may attach to them', () => {
    const pos = { trains: { T1: central('12|12', '12|3') }, hands: { P0: 5, P1: ['3-7'] }, stock: 60, to_move: 'P1' };
    expect(check(pos, attach('T1', '3|7'))).toEqual({ legal: true });
  });

  it('the locomotive is a double, and the first car after it decides the direction', () => {
    const trains = { T1: central('12|12', '12|3'), T2: central('11|11', '11|4'), T3: central('10|10', '10|6'), T4: central('9|9') };
    const pos = { trains, hands: { P0: ['5-9', '2-9'], P1: 14 }, stock: 40, to_move: 'P0' };
    expect(check(pos, attach('T4', '9|5'))).toEqual({ legal: true });
    expect(check(pos, attach('T4', '9|2'))).toEqual({ legal: true });
    expect(refusal(q({ trains: { T1: central('12|3', '3|5') }, hands: { P0: [], P1: 3 }, to_move: 'P0' }, { ask: 'legal-moves' }))).toBe('BAD_LAYOUT');
  });

  it('a new central train only with the highest double not yet on the table (a double lying as a car counts)', () => {
    const trains = { T1: central('12|12', '12|10', '10|10', '10|4'), T2: central('11|11', '11|2') };
    const pos = { trains, hands: { P0: ['9-9', '8-8', '3-9'], P1: 14 }, stock: 60, to_move: 'P0' };
    expect(check(pos, { action: 'start-central', tiles: ['9|9', '9|3'] })).toEqual({ legal: true });
    expect(check(pos, { action: 'start-central', tiles: ['8|8'] })).toMatchObject({ legal: false, code: 'NOT_HIGHEST_DOUBLE' });
    expect(check(pos, { action: 'start-central', tiles: ['3|9'] })).toMatchObject({ legal: false, code: 'NOT_A_DOUBLE' });
    const replay = ask(q(pos, { ask: 'replay', moves: [{ action: 'start-central', tiles: ['9|9', '9|3'] }] }));
    expect((replay.position as JsonObject).trains).toMatchObject({ T3: { owner: null, cars: ['9|9', '9|3'], matchstick: false } });
    expect((replay.position as JsonObject).to_move).toBe('P1');
  });

  it('the game starts with the 12-12 train: its holder starts, and must lead it', () => {
    const pos = { trains: {}, hands: { P0: ['1-2', '3-4'], P1: ['12-12', '12-5', '5-7'] }, stock: 60 };
    expect(ask(q(pos, { ask: 'opening' }))).toEqual({ starter: 'P1', leads: ['12-12'] });
    expect(legal(pos)).toEqual(
      asMoveSet([
        { action: 'start-central', tiles: ['12|12'] },
        { action: 'start-central', tiles: ['12|12', '12|5'] },
        { action: 'start-central', tiles: ['12|12', '12|5', '5|7'] },
      ]),
    );
    expect(check({ ...pos, to_move: 'P1' }, { action: 'draw' })).toMatchObject({ legal: false, code: 'MUST_OPEN' });
  });

  it('if nobody holds 12-12, players draw one tile each in turn (draw, pass) until someone does', () => {
    const pos = { trains: {}, hands: { P0: ['1-2'], P1: ['3-4'] }, stock: ['5-6', '0-1', '12-12', '2-2'] };
    expect(ask(q(pos, { ask: 'opening' }))).toEqual({ starter: null, leads: [] });
    expect(legal(pos)).toEqual(asMoveSet([{ action: 'draw' }]));
    expect(legal({ ...pos, hands: { P0: ['1-2', '9-9'], P1: ['3-4'] }, stock: ['0-1', '12-12', '2-2'], drawn: 1, to_move: 'P0' })).toEqual(asMoveSet([{ action: 'pass' }]));
    const moves: JsonObject[] = [{ action: 'draw' }, { action: 'pass' }, { action: 'draw' }, { action: 'pass' }, { action: 'draw' }, { action: 'start-central', tiles: ['12|12'] }];
    const r = ask(q(pos, { ask: 'replay', moves }));
    expect(r.position).toMatchObject({ trains: { T1: { owner: null, cars: ['12|12'] } }, to_move: 'P1', drawn: 0, stock: ['2-2'] });
  });
});

describe('vlaky §7: private trains', () => {
  const trains = { T1: central('12|12', '12|6', '6|9'), T2: central('11|11', '11|3') };
  const pos = { trains, hands: { P0: ['4-9', '4-12', '3-10', '7-11', '2-8'], P1: 14 }, stock: 50, to_move: 'P0' };

  it("a private locomotive's near half equals the number of an existing central locomotive", () => {
    expect(check(pos, { action: 'start-private', tiles: ['12|4', '4|9'] })).toEqual({ legal: true });
    expect(check(pos, { action: 'start-private', tiles: ['11|7'] })).toEqual({ legal: true });
    expect(check(pos, { action: 'start-private', tiles: ['8|2'] })).toMatchObject({ legal: false, code: 'NO_CENTRAL_TRAIN' });
    expect(check(pos, { action: 'start-private', tiles: ['4|12'] })).toMatchObject({ legal: false, code: 'NO_CENTRAL_TRAIN' });
    const r = ask(q(pos, { ask: 'replay', moves: [{ action: 'start-private', tiles: ['12|4', '4|9'] }] }));
    expect((r.position as JsonObject).trains).toMatchObject({ T3: { owner: 'P0', cars: ['12|4', '4|9'], matchstick: false } });
  });

  it('a player may own at most one private train per number', () => {
    const mine = { ...pos, trains: { ...trains, T3: priv('P0', false, '12|0') } };
    expect(check(mine, { action: 'start-private', tiles: ['12|4'] })).toMatchObject({ legal: false, code: 'ALREADY_OWNS_TRAIN' });
    expect(check(mine, { action: 'start-private', tiles: ['11|7'] })).toEqual({ legal: true });
    const theirs = { ...pos, trains: { ...trains, T3: priv('P1', false, '12|0') } };
    expect(check(theirs, { action: 'start-private', tiles: ['12|4'] })).toEqual({ legal: true });
    const two = { ...pos, trains: { ...trains, T3: priv('P0', false, '12|0'), T4: priv('P0', false, '12|1') } };
    expect(refusal(q(two, { ask: 'legal-moves' }))).toBe('BAD_LAYOUT');
    expect(refusal(q({ ...pos, trains: { ...trains, T3: priv('P0', false, '8|1') } }, { ask: 'legal-moves' }))).toBe('BAD_LAYOUT');
  });
});

describe('vlaky §7: a turn is exactly one action', () => {
  const trains = { T1: central('12|12', '12|3'), T2: priv('P1', true, '12|4'), T3: priv('P2', false, '12|7'), T4: priv('P0', false, '12|1') };
  const hands = { P0: ['0-0', '1-5', '2-8', '3-3', '4-9', '6-10', '7-11', '2-3', '1-11'], P1: 14, P2: 14, P3: 13 };
  const pos = { trains, hands, stock: 30, to_move: 'P0' };
  const four = { seats: 4 };

  it('(a) and (b): start a train and attach any number of tiles to it (each chain prefix is a move)', () => {
    const p = { trains: { T1: central('12|12', '12|3') }, hands: { P0: ['11-11', '11-5', '5-9', '12-4'], P1: 14 }, stock: 30, to_move: 'P0' };
    const moves = legal(p);
    for (const m of [
      { action: 'start-central', tiles: ['11|11'] },
      { action: 'start-central', tiles: ['11|11', '11|5'] },
      { action: 'start-central', tiles: ['11|11', '11|5', '5|9'] },
      { action: 'start-private', tiles: ['12|4'] },
      { action: 'draw' },
    ])
      expect(moves).toContain(asMoveSet([m])[0]);
    expect(moves).toHaveLength(5);
  });

  it('(c) attach any number of tiles to one central train or to an own private train', () => {
    expect(check(pos, attach('T1', '3|3', '3|2', '2|8'), four)).toEqual({ legal: true });
    expect(check(pos, attach('T4', '1|5'), four)).toEqual({ legal: true });
  });

  it("(d) another player's private train only while it carries a matchstick", () => {
    expect(check(pos, attach('T2', '4|9'), four)).toEqual({ legal: true });
    const v = check(pos, attach('T3', '7|11'), four);
    expect(v).toMatchObject({ legal: false, code: 'NOT_YOUR_TRAIN', rule: 'vlaky §7' });
    expect(v.message).toContain('T3');
    expect(check(pos, attach('T9', '7|11'), four)).toMatchObject({ legal: false, code: 'NO_SUCH_TRAIN' });
  });

  it('the tiles of a move must be in the hand', () => {
    expect(check(pos, attach('T1', '3|5'), four)).toMatchObject({ legal: false, code: 'TILE_NOT_IN_HAND' });
  });

  it('(e) a player may draw even when he could play; draw keeps the turn', () => {
    expect(legal(pos, four)).toContain(asMoveSet([{ action: 'draw' }])[0]);
    const r = ask(q({ ...pos, stock: ['5-5', '2-2'] }, { ...four, ask: 'replay', moves: [{ action: 'draw' }] }));
    expect(r.position).toMatchObject({ to_move: 'P0', drawn: 1, stock: ['2-2'] });
    expect(check({ ...pos, drawn: 1 }, { action: 'draw' }, four)).toMatchObject({ legal: false, code: 'ALREADY_DREW' });
    expect(check(pos, { action: 'pass' }, four)).toMatchObject({ legal: false, code: 'MUST_DRAW' });
    expect(check(pos, { action: 'matchstick', train: 'T4' }, four)).toMatchObject({ legal: false, code: 'MUST_DRAW' });
  });

  it('(e) after drawing: play if able and willing, otherwise a matchstick on an own unmarked private train', () => {
    const moves = legal({ ...pos, drawn: 1 }, four);
    expect(moves).toContain(asMoveSet([{ action: 'matchstick', train: 'T4' }])[0]);
    expect(moves).toContain(asMoveSet([attach('T1', '3|3')])[0]);
    expect(moves).not.toContain(asMoveSet([{ action: 'pass' }])[0]);
    expect(moves).not.toContain(asMoveSet([{ action: 'draw' }])[0]);
    expect(check({ ...pos, drawn: 1 }, { action: 'pass' }, four)).toMatchObject({ legal: false, code: 'MUST_MARK' });
    expect(check({ ...pos, drawn: 1 }, { action: 'matchstick', train: 'T3' }, four)).toMatchObject({ legal: false, code: 'NOT_YOUR_TRAIN' });
    const marked = { ...pos, trains: { ...trains, T4: priv('P0', true, '12|1') }, drawn: 1 };
    expect(check(marked, { action: 'matchstick', train: 'T4' }, four)).toMatchObject({ legal: false, code: 'ALREADY_MARKED' });
    const r = ask(q({ ...pos, drawn: 1 }, { ...four, ask: 'replay', moves: [{ action: 'matchstick', train: 'T4' }] }));
    expect(r.position).toMatchObject({ trains: { T4: { matchstick: true } }, to_move: 'P1', drawn: 0 });
  });

  it('(e) none to mark: pass without penalty; nothing to draw and nothing to do: pass', () => {
    const p = { trains: { T1: central('12|12', '12|3') }, hands: { P0: ['0-0'], P1: 14 }, stock: 30, to_move: 'P0', drawn: 1 };
    expect(legal(p)).toEqual(asMoveSet([{ action: 'pass' }]));
    expect(legal({ ...p, stock: 0, drawn: 0 })).toEqual(asMoveSet([{ action: 'pass' }]));
    expect(check({ ...p, stock: 0, drawn: 0 }, { action: 'draw' })).toMatchObject({ legal: false, code: 'CANNOT_DRAW' });
    // stock empty: straight to the matchstick on an own unmarked private train
    const own = { ...p, trains: { T1: central('12|12', '12|3'), T2: priv('P0', false, '12|5') }, hands: { P0: ['0-0'], P1: ['3-6'] }, stock: 0, drawn: 0 };
    expect(legal(own)).toEqual(asMoveSet([{ action: 'matchstick', train: 'T2' }]));
  });

  it('the owner removes his matchstick when he next attaches to that train himself', () => {
    const p = { trains: { T1: central('12|12', '12|5'), T2: priv('P1', true, '12|7') }, hands: { P0: ['7-9', '1-1'], P1: ['7-8', '0-0'] }, stock: 40, to_move: 'P0' };
    const r = ask(q(p, { ask: 'replay', moves: [attach('T2', '7|9')] }));
    expect((r.position as JsonObject).trains).toMatchObject({ T2: { cars: ['12|7', '7|9'], matchstick: true } });
    const r2 = ask(q({ ...p, to_move: 'P1' }, { ask: 'replay', moves: [attach('T2', '7|8')] }));
    expect((r2.position as JsonObject).trains).toMatchObject({ T2: { cars: ['12|7', '7|8'], matchstick: false } });
  });

  it('vector: after drawing, unable to attach anywhere, the only move is the matchstick', () => {
    const p = {
      trains: { T1: central('12|12', '12|5', '5|9'), T2: central('11|11', '11|3'), T3: priv('P0', true, '12|4'), T4: priv('P0', false, '11|7', '7|10'), T5: priv('P1', false, '12|2') },
      hands: { P0: ['0-1', '0-3', '1-2', '1-4', '2-2', '5-6', '6-8', '7-7', '8-11', '9-12'], P1: 9 },
      stock: 63,
      to_move: 'P0',
      drawn: 1,
    };
    expect(legal(p)).toEqual(asMoveSet([{ action: 'matchstick', train: 'T4' }]));
  });
});

describe('vlaky §7: round end and game', () => {
  it('a player with no tiles left scores the pips left in all opponents’ hands', () => {
    const p = { trains: { T1: central('12|12', '12|3') }, hands: { P0: ['0-0', '5-7'], P1: [], P2: ['2-4', '6-6', '11-11'], P3: ['10-12'] }, stock: 10, to_move: 'P2' };
    expect(ask(q(p, { seats: 4, ask: 'round-result' }))).toMatchObject({ winner: 'P1', blocked: false, points: { P1: 74 } });
    expect(ask(q(p, { seats: 4, ask: 'legal-moves' }))).toEqual({ moves: [] });
    expect(ask(q(p, { seats: 4, move: { action: 'draw' } }))).toMatchObject({ legal: false, code: 'ROUND_OVER' });
  });

  it('going out by a move ends the round', () => {
    const p = { trains: { T1: central('12|12', '12|3') }, hands: { P0: ['3-9'], P1: ['1-1', '2-4'] }, stock: 10, to_move: 'P0' };
    const r = ask(q(p, { ask: 'replay', moves: [attach('T1', '3|9')] }));
    expect(r.result).toMatchObject({ winner: 'P0', blocked: false, points: { P0: 8 } });
  });

  it('blocked (stock empty, nobody can play): the lowest pip total wins and scores the others’ pips', () => {
    const p = { trains: { T1: central('12|12', '12|3', '3|9') }, hands: { P0: ['0-0', '1-2'], P1: ['10-11', '4-5'] }, stock: 0, to_move: 'P0' };
    expect(ask(q(p, { ask: 'round-result' }))).toMatchObject({ winner: 'P0', blocked: true, points: { P0: 30 } });
    // not blocked while someone can play (9|5 descends after the ascending 3|9)
    expect(ask(q({ ...p, hands: { P0: ['0-0', '1-2'], P1: ['5-9', '4-5'] } }, { ask: 'round-result' }))).toMatchObject({ winner: null });
    expect(ask(q({ ...p, hands: { P0: ['0-0', '1-2'], P1: ['5-9', '4-5'] } }, { ask: 'round-result' })).blocked).not.toBe(true);
  });

  it('blocked with equal lowest totals: nobody scores', () => {
    const p = { trains: { T1: central('12|12', '12|3', '3|9') }, hands: { P0: ['0-0', '1-2'], P1: ['0-3'] }, stock: 0, to_move: 'P0' };
    const r = ask(q(p, { ask: 'round-result' }));
    expect(r).toMatchObject({ winner: null, blocked: true });
    expect(Object.values(r.points as JsonObject).every((v) => v === 0)).toBe(true);
  });

  it('game to a target (default 200); several over it: the highest wins, equal highest play on', () => {
    const g = (scores: JsonObject, ruleset: JsonObject | string = 'default') => ask(q({ trains: {}, hands: { P0: [], P1: [] }, scores }, { ask: 'game-result', ruleset }));
    expect(g({ P0: 150, P1: 214 })).toMatchObject({ over: true, winner: 'P1' });
    expect(g({ P0: 150, P1: 199 })).toMatchObject({ over: false, winner: null });
    expect(g({ P0: 230, P1: 214 })).toMatchObject({ over: true, winner: 'P0' });
    expect(g({ P0: 214, P1: 214 })).toMatchObject({ over: false, winner: null });
    expect(g({ P0: 150, P1: 120 }, { target: 150 })).toMatchObject({ over: true, winner: 'P0' });
  });
});

describe('vlaky: malformed questions exit 2', () => {
  const base = { trains: { T1: central('12|12', '12|3') }, hands: { P0: ['3-9'], P1: 5 }, stock: 10, to_move: 'P0' };
  const cases: [string, JsonObject, string][] = [
    ['trains not an object', q({ ...base, trains: [] }, { ask: 'legal-moves' }), 'BAD_LAYOUT'],
    ['a train without cars', q({ ...base, trains: { T1: { owner: null, cars: [] } } }, { ask: 'legal-moves' }), 'BAD_LAYOUT'],
    ['a badly named train', q({ ...base, trains: { Train1: central('12|12') } }, { ask: 'legal-moves' }), 'BAD_LAYOUT'],
    ['an owner who does not sit at the table', q({ ...base, trains: { ...base.trains, T2: priv('P5', false, '12|4') } }, { ask: 'legal-moves' }), 'BAD_POSITION'],
    ['a matchstick on a central train', q({ ...base, trains: { T1: { ...central('12|12'), matchstick: true } } }, { ask: 'legal-moves' }), 'BAD_LAYOUT'],
    ['matchstick not a boolean', q({ ...base, trains: { T1: { ...central('12|12'), matchstick: 'no' } } }, { ask: 'legal-moves' }), 'BAD_LAYOUT'],
    ['a car that does not exist', q({ ...base, trains: { T1: central('12|12', '12|13') } }, { ask: 'legal-moves' }), 'BAD_TILE'],
    ['a car written a-b', q({ ...base, trains: { T1: central('12|12', '12-3') } }, { ask: 'legal-moves' }), 'BAD_TILE'],
    ['a tile twice: train and hand', q({ ...base, hands: { P0: ['3-12'], P1: 5 } }, { ask: 'legal-moves' }), 'DUPLICATE_TILE'],
    ['drawn 2', q({ ...base, drawn: 2 }, { ask: 'legal-moves' }), 'BAD_POSITION'],
    ['no to_move once trains lie', q(Object.fromEntries(Object.entries(base).filter(([k]) => k !== 'to_move')) as JsonObject, { ask: 'legal-moves' }), 'BAD_POSITION'],
    ['a move without action', q(base, { move: { train: 'T1', tiles: ['3|9'] } }), 'BAD_MOVE'],
    ['an unknown action', q(base, { move: { action: 'jump' } }), 'BAD_MOVE'],
    ['attach without tiles', q(base, { move: { action: 'attach', train: 'T1', tiles: [] } }), 'BAD_MOVE'],
    ['attach to a badly named train', q(base, { move: { action: 'attach', train: 1, tiles: ['3|9'] } }), 'BAD_MOVE'],
    ['a move tile written a-b', q(base, { move: { action: 'attach', train: 'T1', tiles: ['3-9'] } }), 'BAD_TILE'],
    ['the same tile twice in a move', q(base, { move: { action: 'attach', train: 'T1', tiles: ['3|9', '9|3'] } }), 'BAD_MOVE'],
    ['hand_size 0', q(base, { ruleset: { hand_size: 0 }, ask: 'legal-moves' }), 'BAD_RULESET'],
    ['an unknown option', q(base, { ruleset: { mode: 'tower' }, ask: 'legal-moves' }), 'BAD_RULESET'],
    ['an unknown preset', q(base, { ruleset: 'harder', ask: 'legal-moves' }), 'UNKNOWN_PRESET'],
    ['too many tiles', q({ ...base, hands: { P0: ['3-9'], P1: 80 } }, { ask: 'legal-moves' }), 'TOO_MANY_TILES'],
  ];
  for (const [name, question, code] of cases) it(name, () => expect(refusal(question)).toBe(code));
});

describe('vlaky: random self-play through the public API', () => {
  for (const [seats, runs, ruleset] of [
    [2, 2000, 'default'],
    [4, 2000, 'default'],
    [4, 300, { hand_size: 7, target: 100 }],
  ] as [number, number, string | JsonObject][]) {
    it(`${seats} players ${JSON.stringify(ruleset)}: ${runs} rounds end legally, conserve tiles and add up`, () => {
      const { game, table } = tableFor('vlaky', seats, 'double-12', ruleset);
      for (let seed = 0; seed < runs; seed++) {
        let last: VlakyState | null = null;
        const played = playRandomRound(game, table, createRng(seed), { round: 1 }, {
          check: true,
          onStep: (st, step) => {
            const s = st as VlakyState;
            expect(game.countTiles(table, s)).toBe(91);
            if (seed % 50 === 0 && !game.roundResult(table, s)) {
              const moves = game.legalMoves(table, s);
              expect(moves.length).toBeGreaterThan(0);
              for (const m of moves.slice(0, 300)) expect(game.checkMove(table, s, m)).toEqual({ legal: true });
            }
            if (step === 30 || (seed % 100 === 0 && step % 7 === 0)) {
              const json = game.writePosition(table, s);
              expect(sameJson(game.writePosition(table, game.readPosition(table, JSON.parse(JSON.stringify(json)))), json)).toBe(true);
            }
            last = s;
          },
        });
        const s = (last ?? played.final) as VlakyState;
        const r = played.result;
        const pips = s.hands.map((h) => h.tiles.reduce((n, x) => n + (x >> 4) + (x & 15), 0));
        const total = pips.reduce((a, b) => a + b, 0);
        if (r.winner === null) {
          expect(r.blocked).toBe(true);
        } else {
          const w = Number((r.winner as string).slice(1));
          expect((r.points as Record<string, number>)[r.winner as string]).toBe(total - pips[w]);
          if (r.blocked) expect(Math.min(...pips)).toBe(pips[w]);
          else expect(s.hands[w].tiles.length).toBe(0);
        }
      }
    }, 30000);
  }
});
