/**
 * Sevastopol (rules.md §5), one block per rule sentence, asked through the referee as referee JSON;
 * then malformed questions (exit 2) and random self-play invariants.
 */
import { describe, expect, it } from 'vitest';
import { RefereeError, prepare, referee } from '../../src/rules/referee';
import { createRng } from '../../src/rules/random';
import { playRandomRound } from '../../src/rules/selfplay';
import type { Json, JsonObject } from '../../src/rules/types';

type Pos = JsonObject;
const ask = (position: Pos, a: string, extra: JsonObject = {}): JsonObject =>
  referee({ game: 'sevastopol', ruleset: 'default', set: 'double-6', seats: 4, position, ask: a, ...extra });
const check = (position: Pos, move: Json): JsonObject => ask(position, 'check-move', { move });
const moves = (position: Pos): Json[] => ask(position, 'legal-moves').moves as Json[];
const replay = (position: Pos, list: Json[]): JsonObject => ask(position, 'replay', { moves: list });
const sorted = (list: Json[]): string[] => list.map((m) => JSON.stringify(m)).sort();
const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof RefereeError) return e.code;
    throw e;
  }
  return 'no error';
};
const arms = (N: string[], E: string[], S: string[], W: string[]): Pos => ({ center: '6-6', arms: { N, E, S, W } });

// A fresh deal (public vector sevastopol-opening): P3 holds the 6-6.
const DEAL: Pos = {
  hands: {
    P0: ['1-1', '1-4', '3-3', '3-6', '4-4', '5-5', '5-6'],
    P1: ['0-6', '1-3', '1-5', '2-4', '3-4', '3-5', '4-6'],
    P2: ['0-1', '0-2', '0-3', '0-5', '2-2', '2-5', '2-6'],
    P3: ['0-0', '0-4', '1-2', '1-6', '2-3', '4-5', '6-6'],
  },
};
// Phase 1, only E started (public vector sevastopol-phase1-legal).
const PHASE1: Pos = {
  cross: arms([], ['6|2'], [], []),
  hands: {
    P0: ['0-2', '1-2', '1-6', '3-5', '4-4', '4-5'],
    P1: ['0-1', '0-3', '1-4', '2-2', '2-3', '3-4'],
    P2: ['0-0', '0-5', '1-1', '1-3', '2-5', '3-3', '4-6'],
    P3: ['0-4', '0-6', '1-5', '2-4', '3-6', '5-5', '5-6'],
  },
  to_move: 'P2',
};
// Phase 2: ends N 5, E 2, S 3, W 0 (public vector sevastopol-phase2-legal).
const PHASE2: Pos = {
  cross: arms(['6|5'], ['6|2'], ['6|3'], ['6|0']),
  hands: {
    P0: ['0-2', '0-5', '1-3', '2-5', '4-6'],
    P1: ['0-3', '1-1', '1-4', '2-4', '4-4', '5-5'],
    P2: ['0-1', '1-2', '1-5', '3-3', '3-4', '3-5'],
    P3: ['0-0', '0-4', '1-6', '2-2', '2-3', '4-5'],
  },
  to_move: 'P1',
};
// Late game, nobody out: N ends 2, E 6, S 0, W 5. P2 holds only 2-3, P0 only 0-6.
const LATE_N = ['6|1', '1|0', '0|4', '4|1', '1|2'];
const LATE_E = ['6|4', '4|4', '4|3', '3|5', '5|0', '0|3', '3|6'];
const LATE: Pos = {
  cross: arms(LATE_N, LATE_E, ['6|2', '2|0', '0|0'], ['6|5']),
  hands: { P0: ['0-6'], P1: ['1-1', '1-3', '1-5', '2-2', '2-4'], P2: ['2-3'], P3: ['2-5', '3-3', '4-5', '5-5'] },
  to_move: 'P2',
};
// Blocked cross: the ends are 6, 6, 0, 0 and every six and blank is on the table (public vectors).
const DEAD = arms(['6|1', '1|2', '2|6'], ['6|3', '3|4', '4|6'], ['6|5', '5|0', '0|0', '0|2', '2|3', '3|0'], ['6|0', '0|1', '1|4', '4|0']);
const blocked = (hands: JsonObject, extra: Pos = {}): Pos => ({ cross: DEAD, hands, to_move: 'P0', ...extra });

describe('§5 4 players, double-6, 7 each', () => {
  it('is played by 4 with double-6 only', () => {
    expect(() => referee({ game: 'sevastopol', set: 'double-6', seats: 3, position: DEAL, ask: 'opening' })).toThrow(RefereeError);
    expect(() => referee({ game: 'sevastopol', set: 'double-9', seats: 4, position: DEAL, ask: 'opening' })).toThrow(RefereeError);
  });
  it('deals 7 tiles to each of the 4 players and no stock', () => {
    const { game, table } = prepare({ game: 'sevastopol', set: 'double-6', seats: 4, ruleset: 'default' });
    const s = game.deal(table, createRng(7), { round: 1 });
    const pos = game.writePosition(table, s) as { hands: Record<string, string[]> };
    expect(Object.values(pos.hands).map((h) => h.length)).toEqual([7, 7, 7, 7]);
    expect(game.countTiles(table, s)).toBe(28);
    expect(pos).not.toHaveProperty('stock');
  });
  it('never draws', () => {
    expect(check(PHASE1, { action: 'draw' })).toMatchObject({ legal: false, code: 'CANNOT_DRAW' });
  });
});

describe('§5 each puts one stake into the bank', () => {
  const hands = { P0: ['1-1'], P1: ['1-3', '2-2'], P2: ['2-4', '2-5', '3-3', '3-5', '4-4', '4-5', '5-5'], P3: ['1-5'] };
  it('defaults to a bank of 4 items, paid 3 + 1', () => {
    const r = ask(blocked(hands), 'round-result');
    expect(r).toMatchObject({ bank: 4, shares: { P0: 0.75, P3: 0.25 }, items: { P0: 3, P3: 1 }, blocked: true });
  });
  it('takes the stake per player as a ruleset option', () => {
    const r = referee({ game: 'sevastopol', ruleset: { stake: 3 }, set: 'double-6', seats: 4, position: blocked(hands), ask: 'round-result' });
    expect(r).toMatchObject({ bank: 12, items: { P0: 9, P3: 3 } });
  });
  it('reads position.bank, and gives whole items only when the bank divides', () => {
    expect(ask(blocked(hands, { bank: 8 }), 'round-result')).toMatchObject({ items: { P0: 6, P3: 2 } });
    const r = ask(blocked(hands, { bank: 6 }), 'round-result');
    expect(r.shares).toMatchObject({ P0: 0.75, P3: 0.25 });
    expect(r).not.toHaveProperty('items');
  });
});

describe('§5 the 6-6 holder opens with it', () => {
  it('names the holder and the lead', () => {
    expect(ask(DEAL, 'opening')).toMatchObject({ starter: 'P3', leads: ['6-6'] });
  });
  it('lists only the lead, for the holder, with no to_move given', () => {
    expect(moves(DEAL)).toEqual([{ tile: '6-6', arm: null }]);
    expect(check(DEAL, { tile: '6-6' })).toEqual({ legal: true });
    expect(check(DEAL, { tile: '6-6', arm: null })).toEqual({ legal: true });
  });
  it('forbids the holder to pass before the lead, and the 6-6 a second time', () => {
    expect(check(DEAL, { action: 'pass' })).toMatchObject({ legal: false, code: 'MUST_PLAY' });
    expect(check(PHASE1, { tile: '6-6' })).toMatchObject({ legal: false, code: 'TILE_NOT_IN_HAND' });
  });
  it('lets a hidden hand lead the unseen 6-6', () => {
    expect(moves({ hands: { P0: 7, P1: 7, P2: 7, P3: 7 }, to_move: 'P2' })).toEqual([{ tile: '6-6', arm: null }]);
  });
  it('refuses another lead', () => {
    expect(check(DEAL, { tile: '1-6' })).toMatchObject({ legal: false, code: 'MUST_LEAD_DOUBLE_SIX', rule: 'sevastopol §5' });
  });
  it('puts the 6-6 in the center and passes the turn on', () => {
    const r = replay(DEAL, [{ tile: '6-6' }]);
    expect(r.result).toBeNull();
    expect(r.position).toMatchObject({ cross: arms([], [], [], []), to_move: 'P0' });
  });
});

describe('§5 phase 1: only a six onto a free side of the 6-6, else pass', () => {
  it('offers each six on each free side', () => {
    const pos = (replay(DEAL, [{ tile: '6-6' }]) as { position: Pos }).position;
    expect(moves(pos)).toHaveLength(8); // 3-6 and 5-6, each on N, E, S, W
    const free = moves(PHASE1);
    expect(sorted(free)).toEqual(sorted(['N', 'S', 'W'].map((arm) => ({ tile: '4-6', arm }))));
  });
  it('refuses a tile without a six, even where it matches an arm end', () => {
    const v = check(PHASE1, { tile: '2-5', arm: 'E' });
    expect(v).toMatchObject({ legal: false, code: 'MUST_PLAY_SIX_ON_SPINNER' });
    expect(v.message).toContain('2-5');
  });
  it('refuses a six on a side that already holds a tile', () => {
    expect(check(PHASE1, { tile: '4-6', arm: 'E' })).toMatchObject({ legal: false, code: 'MUST_PLAY_SIX_ON_SPINNER' });
  });
  it('lays the six with its six against the 6-6', () => {
    const r = replay(PHASE1, [{ tile: '4-6', arm: 'W' }]) as { position: { cross: Pos } };
    expect(r.position.cross).toEqual(arms([], ['6|2'], [], ['6|4']));
  });
  it('makes a player without a six pass, and forbids passing with one', () => {
    expect(moves({ ...PHASE1, to_move: 'P1' })).toEqual([{ action: 'pass' }]);
    expect(check({ ...PHASE1, to_move: 'P1' }, { action: 'pass' })).toEqual({ legal: true });
    expect(check(PHASE1, { action: 'pass' })).toMatchObject({ legal: false, code: 'MUST_PLAY' });
  });
  it('refuses a tile the player does not hold', () => {
    expect(check(PHASE1, { tile: '3-6', arm: 'N' })).toMatchObject({ legal: false, code: 'TILE_NOT_IN_HAND' });
  });
});

describe('§5 phase 2: any of the 4 arm ends', () => {
  it('lists every tile on every arm it matches, one move per arm', () => {
    const expected = [
      { tile: '2-4', arm: 'E' },
      { tile: '5-5', arm: 'N' },
      { tile: '0-3', arm: 'W' },
      { tile: '0-3', arm: 'S' },
    ];
    expect(sorted(moves(PHASE2))).toEqual(sorted(expected));
  });
  it('refuses a tile that does not match the arm end', () => {
    const v = check(PHASE2, { tile: '1-4', arm: 'N' });
    expect(v).toMatchObject({ legal: false, code: 'END_MISMATCH', rule: 'sevastopol §5' });
    expect(v.message).toMatch(/1-4 has no 5/);
  });
  it('lists two arms showing the same number as two moves', () => {
    // E now ends in 3 like S: 0-3 fits E, S and W.
    const hands = { ...(PHASE2.hands as JsonObject), P1: ['0-3', '1-1', '1-4', '4-4', '5-5'], P3: ['0-0', '0-4', '1-6', '2-2', '2-4', '4-5'] };
    const pos = { ...PHASE2, cross: arms(['6|5'], ['6|2', '2|3'], ['6|3'], ['6|0']), hands };
    expect(sorted(moves(pos))).toEqual(sorted([{ tile: '0-3', arm: 'E' }, { tile: '0-3', arm: 'S' }, { tile: '0-3', arm: 'W' }, { tile: '5-5', arm: 'N' }]));
  });
  it('needs an arm once the 6-6 lies', () => {
    expect(check(PHASE2, { tile: '2-4' })).toMatchObject({ legal: false, code: 'ARM_REQUIRED' });
  });
});

describe('§5 other doubles do not branch', () => {
  it('a double on an arm leaves four ends', () => {
    const r = replay(PHASE2, [{ tile: '5-5', arm: 'N' }]) as { position: Pos };
    expect((r.position.cross as { arms: JsonObject }).arms.N).toEqual(['6|5', '5|5']);
    // P2 holds 0-1 1-2 1-5 3-3 3-4 3-5; ends N 5, E 2, S 3, W 0.
    const expected = [
      { tile: '0-1', arm: 'W' },
      { tile: '1-2', arm: 'E' },
      { tile: '1-5', arm: 'N' },
      { tile: '3-3', arm: 'S' },
      { tile: '3-4', arm: 'S' },
      { tile: '3-5', arm: 'N' },
      { tile: '3-5', arm: 'S' },
    ];
    expect(sorted(moves(r.position))).toEqual(sorted(expected));
  });
});

describe('§5 first out takes 3/4; the other three play on; the next out takes 1/4', () => {
  it('the first out ends nothing; the turn then skips him', () => {
    const r = replay(LATE, [{ tile: '2-3', arm: 'N' }]) as { position: Pos; result: Json };
    expect(r.result).toBeNull();
    expect(r.position).toMatchObject({ went_out: 'P2', to_move: 'P3', hands: { P2: [] } });
    expect(ask(r.position, 'round-result')).toMatchObject({ over: false });
    // P3 (ends N 3, E 6, S 0, W 5) lays 3-3 on N; P0 then 0-6 on S; P1 follows, then P3 again, not P2.
    const r2 = replay(r.position, [{ tile: '3-3', arm: 'N' }, { tile: '0-6', arm: 'S' }]) as { position: Pos; result: JsonObject };
    expect(r2.result).toMatchObject({ over: true, blocked: false, shares: { P2: 0.75, P0: 0.25, P1: 0, P3: 0 }, items: { P2: 3, P0: 1 } });
  });
  it('skips the player who went out', () => {
    const pos = { ...LATE, hands: { ...(LATE.hands as JsonObject), P2: [] }, cross: arms([...LATE_N, '2|3'], LATE_E, ['6|2', '2|0', '0|0'], ['6|5']), to_move: 'P1' };
    const r = replay(pos, [{ tile: '1-3', arm: 'N' }]) as { position: Pos };
    expect(r.position).toMatchObject({ to_move: 'P3', went_out: 'P2' });
  });
  it('pays the two players out (public vector sevastopol-two-out)', () => {
    const pos = {
      cross: arms([...LATE_N, '2|3'], [...LATE_E, '6|0'], ['6|2', '2|0', '0|0'], ['6|5']),
      hands: { P0: [], P1: ['1-1', '1-3', '1-5', '2-2', '2-4'], P2: [], P3: ['2-5', '3-3', '4-5', '5-5'] },
      to_move: 'P1',
      went_out: 'P2',
    };
    expect(ask(pos, 'round-result')).toMatchObject({ shares: { P2: 0.75, P0: 0.25 }, blocked: false, winner: 'P2' });
    expect(ask({ ...pos, went_out: 'P0' }, 'round-result')).toMatchObject({ shares: { P0: 0.75, P2: 0.25 } });
    expect(check(pos, { action: 'pass' })).toMatchObject({ legal: false, code: 'ROUND_OVER' });
    expect(moves(pos)).toEqual([]);
  });
});

describe('§5 all blocked: lowest pips 3/4, second lowest 1/4', () => {
  it('ranks by pip total', () => {
    const hands = { P0: ['1-1'], P1: ['1-3', '2-2'], P2: ['2-4', '2-5', '3-3', '3-5', '4-4', '4-5', '5-5'], P3: ['1-5'] };
    expect(ask(blocked(hands), 'round-result')).toMatchObject({ blocked: true, shares: { P0: 0.75, P3: 0.25, P1: 0, P2: 0 } });
    // A blocked table still lets the player to move say "pass" (rules.md §1 conventions).
    expect(moves(blocked(hands))).toEqual([{ action: 'pass' }]);
  });
  it('after one went out, the lowest of the rest takes the remaining 1/4', () => {
    const hands = { P0: ['1-3', '2-4', '3-3'], P1: ['1-1', '2-2'], P2: ['1-5', '2-5', '3-5', '4-4', '4-5', '5-5'], P3: [] };
    const r = ask(blocked(hands), 'round-result');
    expect(r).toMatchObject({ blocked: true, shares: { P3: 0.75, P1: 0.25, P0: 0, P2: 0 }, items: { P3: 3, P1: 1 } });
  });
  it('tied lowest split places 1 and 2 (public vector sevastopol-blocked-tie-lowest)', () => {
    const hands = { P0: ['1-3', '2-4', '3-3'], P1: ['1-1', '2-2'], P2: ['2-5', '3-5', '4-4', '4-5', '5-5'], P3: ['1-5'] };
    expect(ask(blocked(hands), 'round-result')).toMatchObject({ shares: { P1: 0.5, P3: 0.5 }, items: { P1: 2, P3: 2 }, winner: null });
  });
  it('players tied for second split the 1/4', () => {
    const hands = { P0: ['1-1'], P1: ['1-3', '2-2'], P2: ['1-5', '2-4', '2-5', '3-3', '4-4', '4-5', '5-5'], P3: ['3-5'] };
    const r = ask(blocked(hands, { bank: 8 }), 'round-result');
    expect(r).toMatchObject({ shares: { P0: 0.75, P1: 0.125, P3: 0.125 }, items: { P0: 6, P1: 1, P3: 1 } });
    expect(ask(blocked(hands), 'round-result')).not.toHaveProperty('items');
  });
  it('three tied lowest take 1/3 each', () => {
    const hands = { P0: ['1-1', '2-2'], P1: ['2-4'], P2: ['1-3', '2-5', '3-3', '3-5', '4-4', '4-5', '5-5'], P3: ['1-5'] };
    const r = ask(blocked(hands, { bank: 3 }), 'round-result');
    expect(r).toMatchObject({ shares: { P0: 1 / 3, P1: 1 / 3, P3: 1 / 3, P2: 0 }, items: { P0: 1, P1: 1, P3: 1 } });
  });
  it('blocked after every player still in has passed, hidden hands too', () => {
    const pos = { ...PHASE2, hands: { P0: 5, P1: 6, P2: 6, P3: 6 }, to_move: 'P0' };
    const pass = { action: 'pass' };
    const r = replay(pos, [pass, pass, pass, pass]) as { position: Pos; result: Json };
    expect(r.position).toMatchObject({ blocked: true });
    expect(r.result).toMatchObject({ over: true, blocked: true, shares: null });
  });
  it('answers null while the round goes on', () => {
    expect(ask(PHASE2, 'round-result')).toMatchObject({ over: false });
  });
});

describe('game result (rules.md gives Sevastopol no game score)', () => {
  it('is over with the round, won by the largest share', () => {
    const hands = { P0: ['1-1'], P1: ['1-3', '2-2'], P2: ['2-4', '2-5', '3-3', '3-5', '4-4', '4-5', '5-5'], P3: ['1-5'] };
    expect(ask(blocked(hands), 'game-result')).toMatchObject({ over: true, winner: 'P0' });
    expect(ask(PHASE2, 'game-result')).toEqual({ over: false, winner: null });
  });
});

describe('malformed questions', () => {
  const bad: [string, string, Pos][] = [
    ['center is not 6-6', 'BAD_LAYOUT', { ...PHASE2, cross: { center: '5-5', arms: { N: [], E: [], S: [], W: [] } } }],
    ['first tile of an arm without a six inside', 'BAD_LAYOUT', { ...PHASE2, cross: arms(['5|6'], ['6|2'], ['6|3'], ['6|0']) }],
    ['tiles that do not join along an arm', 'BAD_LAYOUT', { ...PHASE2, cross: arms(['6|5', '4|1'], ['6|2'], ['6|3'], ['6|0']) }],
    ['an arm that is not N/E/S/W', 'BAD_LAYOUT', { ...PHASE2, cross: { center: '6-6', arms: { X: ['6|5'] } } }],
    ['a tile twice in the cross', 'BAD_LAYOUT', { ...PHASE2, cross: arms(['6|5', '5|2'], ['6|2', '2|5'], ['6|3'], ['6|0']) }],
    ['an arm grown while a side is free', 'BAD_LAYOUT', { ...PHASE1, cross: arms([], ['6|2', '2|2'], [], []) }],
    ['arms without the center', 'BAD_LAYOUT', { ...PHASE1, cross: { center: null, arms: { E: ['6|2'] } } }],
    ['a tile both in a hand and the cross', 'DUPLICATE_TILE', { ...PHASE2, cross: arms(['6|5'], ['6|2'], ['6|3'], ['6|0', '0|3']) }],
    ['a hand of 8', 'BAD_POSITION', { ...PHASE2, hands: { ...(PHASE2.hands as JsonObject), P0: ['0-2', '0-5', '1-3', '2-5', '4-6', '0-3', '1-1', '1-4'], P1: ['2-4', '4-4', '5-5'] } }],
    ['went_out names a player with tiles', 'BAD_POSITION', { ...PHASE2, went_out: 'P1' }],
    ['two empty hands and no went_out', 'BAD_POSITION', { ...LATE, hands: { ...(LATE.hands as JsonObject), P0: [], P2: [] } }],
    ['to_move missing mid-game', 'BAD_POSITION', { ...PHASE2, to_move: null }],
    ['to_move names a player who went out', 'BAD_POSITION', { ...LATE, hands: { ...(LATE.hands as JsonObject), P2: [] } }],
    ['to_move cannot lead the 6-6', 'BAD_POSITION', { ...DEAL, to_move: 'P0' }],
    ['a stock', 'BAD_POSITION', { ...PHASE2, stock: 3 }],
    ['a negative bank', 'BAD_POSITION', { ...PHASE2, bank: -1 }],
    ['a contradicted blocked flag', 'BAD_POSITION', { ...PHASE2, blocked: true }],
    ['a tile not in the set', 'BAD_TILE', { ...PHASE2, hands: { ...(PHASE2.hands as JsonObject), P0: ['0-7'] } }],
  ];
  it.each(bad)('%s -> exit 2 with %s', (_name, code, pos) => {
    expect(codeOf(() => ask(pos, 'legal-moves'))).toBe(code);
  });
  const badMoves: [string, Json][] = [
    ['an unknown arm', { tile: '2-4', arm: 'Q' }],
    ['no tile', { arm: 'N' }],
    ['not an object', 'pass'],
    ['an unknown action', { action: 'jump' }],
    ['an end instead of an arm', { tile: '2-4', end: 'L' }],
    ['a tile that does not exist', { tile: '2-9', arm: 'E' }],
  ];
  it.each(badMoves)('move with %s -> exit 2', (_name, move) => {
    expect(codeOf(() => check(PHASE2, move))).toMatch(/^BAD_(MOVE|TILE)$/);
  });
  it('a bad stake -> exit 2', () => {
    expect(() => referee({ game: 'sevastopol', ruleset: { stake: 0 }, set: 'double-6', seats: 4, position: PHASE2, ask: 'legal-moves' })).toThrow(/stake/);
  });
});

describe('self-play (property)', () => {
  it('2000 random rounds keep every invariant', () => {
    const { game, table } = prepare({ game: 'sevastopol', set: 'double-6', seats: 4, ruleset: 'default' });
    let blockedRounds = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const onStep = (st: unknown, step: number): void => {
        if (game.countTiles(table, st) !== 28) throw new Error(`seed ${seed}: tiles not conserved at step ${step}`);
        if (step % 5 === 2) {
          const json = game.writePosition(table, st);
          const again = game.writePosition(table, game.readPosition(table, json));
          expect(again).toEqual(json);
          for (const m of game.legalMoves(table, st)) expect(game.checkMove(table, st, m)).toEqual({ legal: true });
        }
      };
      const { result } = playRandomRound(game, table, createRng(seed), { round: 1 }, { check: true, onStep });
      const shares = Object.values(result.shares as Record<string, number>);
      expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      if (result.blocked) blockedRounds++;
      else expect(Object.values(result.items as Record<string, number>).sort()).toEqual([0, 0, 1, 3]);
    }
    expect(blockedRounds).toBeGreaterThan(0);
  });
});
