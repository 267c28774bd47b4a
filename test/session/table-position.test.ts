/** Positions of the table in play (hands face down): the referee judges placements on the layout alone. */
import { describe, expect, it } from 'vitest';
import { askReferee, checkMove, layoutOf, legalMoves, tablePosition, type JsonObject } from '../../src/session';
import { setup } from './helpers';

describe('tablePosition and layoutOf', () => {
  it('layoutOf keeps only the layout', () => {
    expect(layoutOf({ line: ['6|6'], hands: { P0: 3 }, stock: 2, to_move: 'P0' })).toEqual({ line: ['6|6'] });
    expect(layoutOf({ cross: { center: '6-6', arms: {} }, bank: 4 })).toEqual({ cross: { center: '6-6', arms: {} } });
  });

  it('domino: any unseen tile may be in the mover’s hand; a tile that does not match is illegal', () => {
    const s = setup('domino', ['A', 'B'], { preset: 'draw' });
    const pos = tablePosition(s, { line: ['6|6', '6|2'] }, 'P1');
    expect(pos).toMatchObject({ hands: { P0: 7, P1: 7 }, stock: 12, to_move: 'P1' });
    expect(checkMove(s, pos, { tile: '2-5', end: 'R' })).toEqual({ legal: true });
    expect(checkMove(s, pos, { tile: '3-5', end: 'R' })).toMatchObject({ legal: false, code: 'END_MISMATCH' });
  });

  it('sevastopol: every tile is dealt, so there is no stock, and hands hold at most 7', () => {
    const s = setup('sevastopol', ['A', 'B', 'C', 'D']);
    const pos = tablePosition(s, { cross: { center: '6-6', arms: { N: ['6|3'], E: [], S: [], W: [] } } }, 'P2');
    expect(pos.stock).toBeUndefined();
    expect(Object.values(pos.hands as JsonObject).reduce((a, b) => (a as number) + (b as number), 0)).toBe(26);
    expect(checkMove(s, pos, { tile: '6-1', arm: 'E' })).toEqual({ legal: true });
    expect(checkMove(s, pos, { tile: '3-1', arm: 'N' })).toMatchObject({ legal: false, code: 'MUST_PLAY_SIX_ON_SPINNER' });
  });

  it('matador sets 3 tiles aside; vlaky and triangular domino read their layouts', () => {
    const m = tablePosition(setup('matador', ['A', 'B']), { line: ['3|4'] }, 'P0');
    expect(m).toMatchObject({ out: 3, hands: { P0: 3, P1: 3 } });
    expect(legalMoves(setup('matador', ['A', 'B']), m)).not.toHaveProperty('error');
    const v = setup('vlaky', ['A', 'B']);
    const vp = tablePosition(v, { trains: { T1: { owner: null, cars: ['12|12'], matchstick: false } } }, 'P1');
    expect(checkMove(v, vp, { action: 'attach', train: 'T1', tiles: ['12|5'] })).toEqual({ legal: true });
    const t = setup('triomino', ['A', 'B']);
    const tp = tablePosition(t, { board: [{ cell: [0, 0], v: [0, 1, 2] }] }, 'P0');
    expect(askReferee(t, tp, 'check-move', { cell: [0, 1], v: [2, 1, 2] })).toEqual({ legal: true });
    expect(askReferee(t, tp, 'check-move', { cell: [0, 1], v: [2, 1, 4] })).toMatchObject({ legal: false, code: 'NOT_A_TILE' });
  });

  it('askReferee answers a question it cannot read with the referee’s code', () => {
    expect(askReferee(setup('domino', ['A', 'B']), { line: ['6|7'], hands: { P0: 1, P1: 1 } }, 'legal-moves')).toMatchObject({ error: { code: 'BAD_TILE' } });
  });
});
