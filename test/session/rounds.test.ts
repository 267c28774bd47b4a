/**
 * A round of every game scored from the hands laid open: the answers are worked out from
 * rules.md by hand, and the session must post them as a scoreboard row per side.
 */
import { describe, expect, it } from 'vitest';
import { gameCatalogue, openHandsPosition, roundFromHands, typedRound, type GameSetup, type OpenHands, type Refusal, type RoundEntry } from '../../src/session';
import { ok, setup } from './helpers';

const score = (s: GameSetup, input: OpenHands, ctx = {}): RoundEntry | Refusal => roundFromHands(s, openHandsPosition(s, input), ctx);
const code = (r: RoundEntry | Refusal): string => ('error' in r ? r.error.code : 'OK');

describe('rounds from the hands laid open, one per game', () => {
  it('domino §1: Eva goes out, Jan holds 6-6 and 1-2: Eva scores 15', () => {
    const s = setup('domino', ['Eva', 'Jan']);
    const r = ok(score(s, { hands: { P0: [], P1: ['6-6', '1-2'] } }));
    expect(r).toMatchObject({ points: { P0: 15, P1: 0 }, winner: 'P0', blocked: false, source: 'hand' });
    expect(r.answer).toMatchObject({ winner: 'P0' });
    expect(r.position).toMatchObject({ hands: { P0: [], P1: ['6-6', '1-2'] } });
  });

  it('domino §1 with four: partners count together, team A scores B’s 15', () => {
    const s = setup('domino', ['Eva', 'Jan', 'Ola', 'Petr']);
    const r = ok(score(s, { hands: { P0: [], P1: ['6-6'], P2: ['1-1'], P3: ['0-3'] } }));
    expect(r).toMatchObject({ points: { A: 15, B: 0 }, winner: 'A' });
  });

  it('domino §1 blocked with equal totals: nobody scores', () => {
    const s = setup('domino', ['Eva', 'Jan']);
    const r = ok(score(s, { hands: { P0: ['1-2'], P1: ['0-3'] } }));
    expect(r).toMatchObject({ points: { P0: 0, P1: 0 }, winner: null, blocked: true });
  });

  it('ekspresowe §2: the player out scores every other hand (3 players)', () => {
    const s = setup('ekspresowe', ['A', 'B', 'C']);
    expect(ok(score(s, { hands: { P0: [], P1: ['1-2'], P2: ['6-6'] } }))).toMatchObject({ points: { P0: 15, P1: 0, P2: 0 }, winner: 'P0' });
  });

  it('ekspresowe §2 in pairs: the partner’s pips count too, or only the opponents’ (opponents-only)', () => {
    const pairs = setup('ekspresowe', ['A', 'B', 'C', 'D'], { teams: [['P0', 'P2'], ['P1', 'P3']] });
    const hands = { hands: { P0: [], P1: ['3-3'], P2: ['1-1'], P3: ['0-4'] } };
    expect(ok(score(pairs, hands)).points).toEqual({ A: 12, B: 0 });
    expect(ok(score({ ...pairs, preset: 'opponents-only' }, hands)).points).toEqual({ A: 10, B: 0 });
  });

  it('ekspresowe §2 blocked tie: the first hand wins it, and the session asks who that was', () => {
    const s = setup('ekspresowe', ['A', 'B', 'C']);
    const hands = { P0: ['0-3'], P1: ['1-2'], P2: ['6-6'] };
    expect(code(score(s, { hands, blocked: true }))).toBe('NEEDS_FIRST_HAND');
    expect(ok(score(s, { hands, blocked: true, firstHand: 'P1' }))).toMatchObject({ winner: 'P1', points: { P1: 15 }, blocked: true });
    expect(ok(score(s, { hands, blocked: true, firstHand: 'P2' }))).toMatchObject({ winner: 'P0' });
  });

  it('matador §3: the player out scores the loser’s pips', () => {
    const s = setup('matador', ['A', 'B']);
    expect(ok(score(s, { hands: { P0: ['2-3', '4-6'], P1: [] } }))).toMatchObject({ points: { P0: 0, P1: 15 }, winner: 'P1' });
  });

  it('ctyrky §4: pips left score nothing; sticks carried to 20 end the game', () => {
    const s = setup('ctyrky', ['A', 'B']);
    const hands = { hands: { P0: [], P1: ['6-6'] } };
    expect(ok(score(s, hands))).toMatchObject({ points: { P0: 0, P1: 0 }, winner: null });
    expect(ok(score(s, hands, { totals: { P0: 20, P1: 4 } }))).toMatchObject({ winner: 'P0', answer: { game_over: true } });
  });

  it('sevastopol §5: first out 3 of 4 items, second out the last', () => {
    const s = setup('sevastopol', ['A', 'B', 'C', 'D']);
    const r = ok(score(s, { hands: { P0: [], P1: [], P2: ['1-2'], P3: ['0-0'] }, wentOut: ['P1', 'P0'] }));
    expect(r).toMatchObject({ points: { P0: 1, P1: 3, P2: 0, P3: 0 }, winner: 'P1' });
  });

  const BLOCKED_CROSS = { cross: { center: '6-6', arms: { N: ['6|0'], E: ['6|1'], S: ['6|2'], W: ['6|3'] } } };
  it('sevastopol §5 blocked: lowest pips 3/4, second lowest 1/4 (cross as laid)', () => {
    const s = setup('sevastopol', ['A', 'B', 'C', 'D']);
    const hands = { P0: ['4-4'], P1: ['4-5'], P2: ['4-6', '5-5'], P3: ['5-6'] };
    expect(ok(score(s, { hands, layout: BLOCKED_CROSS }))).toMatchObject({ points: { P0: 3, P1: 1, P2: 0, P3: 0 }, winner: 'P0', blocked: true });
  });

  it('sevastopol §5: tied players split their places; a bank that does not divide pays fractions', () => {
    const s = setup('sevastopol', ['A', 'B', 'C', 'D']);
    // P0 4-6 and P1 5-5 both hold 10, the lowest: they share 3/4 + 1/4, half the bank each.
    const hands = { P0: ['4-6'], P1: ['5-5'], P2: ['4-4', '4-5'], P3: ['5-6'] };
    expect(ok(score(s, { hands, layout: BLOCKED_CROSS })).points).toEqual({ P0: 2, P1: 2, P2: 0, P3: 0 });
    const odd = ok(score(s, { hands, layout: BLOCKED_CROSS, bank: 3 }));
    expect(odd).toMatchObject({ points: { P0: 1.5, P1: 1.5, P2: 0, P3: 0 }, winner: null });
  });

  it('sevastopol §5 blocked without the cross: the session asks for the layout', () => {
    const s = setup('sevastopol', ['A', 'B', 'C', 'D']);
    expect(code(score(s, { hands: { P0: ['4-4'], P1: ['4-5'], P2: ['4-6', '5-5'], P3: ['5-6'] } }))).toBe('NEEDS_LAYOUT');
  });

  it('solo §6: won when the stock is empty and every tile is laid; lost when tiles fit nowhere', () => {
    const s = setup('solo', ['Me']);
    expect(ok(score(s, { hands: { P0: [] } }))).toMatchObject({ points: { P0: 1 }, winner: 'P0' });
    expect(ok(score(s, { hands: { P0: ['0-1'] }, layout: { line: ['6|6'] } }))).toMatchObject({ points: { P0: 0 }, winner: null });
  });

  it('vlaky §7: the player out scores all opponents’ pips; blocked, the lowest total', () => {
    const s = setup('vlaky', ['A', 'B', 'C', 'D']);
    const r = ok(score(s, { hands: { P0: ['12-12'], P1: ['1-2'], P2: [], P3: ['0-5'] } }));
    expect(r).toMatchObject({ points: { P0: 0, P1: 0, P2: 32, P3: 0 }, winner: 'P2' });
    const b = ok(score(s, { hands: { P0: ['12-12'], P1: ['1-2'], P2: ['0-1'], P3: ['0-5'] } }));
    expect(b).toMatchObject({ points: { P2: 32 }, winner: 'P2', blocked: true });
  });

  it('magnetic §8: everyone adds the pips left; the first out wins the round', () => {
    const s = setup('magnetic', ['A', 'B', 'C']);
    const r = ok(score(s, { hands: { P0: [], P1: ['6-6', '1-2'], P2: ['0-0'] } }));
    expect(r).toMatchObject({ points: { P0: 0, P1: 15, P2: 0 }, winner: 'P0' });
    const blocked = ok(score(s, { hands: { P0: ['0-1'], P1: ['6-6', '1-2'], P2: ['0-0'] } }));
    expect(blocked).toMatchObject({ points: { P0: 1, P1: 15, P2: 0 }, winner: 'P2', blocked: true });
  });

  it('triomino §9: going out scores 25 + the opponents’ numbers; blocked, the others’ minus one’s own', () => {
    const s = setup('triomino', ['A', 'B']);
    expect(ok(score(s, { hands: { P0: [], P1: ['0-1-2', '5-5-5'] } }))).toMatchObject({ points: { P0: 43, P1: 0 }, winner: 'P0' });
    expect(ok(score(s, { hands: { P0: ['0-0-1'], P1: ['0-1-2', '5-5-5'] } }))).toMatchObject({ points: { P0: 17, P1: 0 }, blocked: true });
  });
});

describe('rounds the referee cannot score', () => {
  it('a round still in play (a layout where someone can play) is not over', () => {
    const s = setup('domino', ['A', 'B']);
    expect(code(score(s, { hands: { P0: ['6-1'], P1: ['2-3'] }, layout: { line: ['6|6'] } }))).toBe('ROUND_NOT_OVER');
  });
  it('a tile twice, a tile not in the set, a seat who still holds tiles: the referee’s codes', () => {
    const s = setup('domino', ['A', 'B']);
    expect(code(score(s, { hands: { P0: ['6-6'], P1: ['6-6'] } }))).toBe('DUPLICATE_TILE');
    expect(code(score(s, { hands: { P0: [], P1: ['6-7'] } }))).toBe('BAD_TILE');
    expect(code(score(s, { hands: { P0: ['1-1'], P1: ['2-2'] }, wentOut: 'P0' }))).toBe('BAD_POSITION');
  });
  it('camera rounds keep their source', () => {
    const s = setup('domino', ['A', 'B']);
    expect(ok(score(s, { hands: { P0: [], P1: ['1-2'] } }, { source: 'camera' })).source).toBe('camera');
  });
});

describe('typed rounds', () => {
  it('the side that scored wins; magnetic: the fewest pips', () => {
    expect(ok(typedRound(setup('domino', ['A', 'B']), { P0: 0, P1: 23 }))).toMatchObject({ points: { P0: 0, P1: 23 }, winner: 'P1', source: 'typed' });
    expect(ok(typedRound(setup('magnetic', ['A', 'B']), { P0: 9, P1: 2 })).winner).toBe('P1');
    expect(ok(typedRound(setup('domino', ['A', 'B']), { P0: 0, P1: 0 })).winner).toBeNull();
    expect(ok(typedRound(setup('domino', ['A', 'B', 'C', 'D']), { A: 12 }))).toMatchObject({ points: { A: 12, B: 0 }, winner: 'A' });
  });
  it('refuses unknown sides, numbers that are not, and minus points outside triangular domino', () => {
    const s = setup('domino', ['A', 'B']);
    expect(code(typedRound(s, { P2: 5 }))).toBe('UNKNOWN_SIDE');
    expect(code(typedRound(s, { P0: Number('x') }))).toBe('BAD_POINTS');
    expect(code(typedRound(s, { P0: -5 }))).toBe('BAD_POINTS');
    expect(code(typedRound(setup('triomino', ['A', 'B']), { P0: -5 }))).toBe('OK');
    expect(code(typedRound(setup('solo', ['Me']), { P0: 2 }))).toBe('BAD_POINTS');
  });
});

describe('every game and preset scores a round where the first player went out', () => {
  for (const e of gameCatalogue())
    for (const preset of e.presets)
      it(`${e.id} / ${preset}`, () => {
        const s: GameSetup = { game: e.id, set: e.sets[0], preset, players: Array.from({ length: e.seatCounts[0] }, (_, i) => ({ seat: `P${i}`, name: `N${i}` })) };
        const tile = (i: number) => (e.id === 'triomino' ? `0-0-${i}` : `0-${i}`);
        const hands = Object.fromEntries(s.players.map((p, i) => [p.seat, i === 0 ? [] : [tile(i)]]));
        const r = ok(score(s, { hands }));
        // Magnetic, Sevastopol and Solo pay the one out something or name him; elsewhere he scores the rest.
        expect(r.winner).toBe(e.id === 'ctyrky' ? null : 'P0');
        if (e.unit === 'points') expect(r.points.P0).toBeGreaterThan(0);
      });
});
