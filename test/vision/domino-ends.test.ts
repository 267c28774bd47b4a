/** The halves that meet in a layout carry one number: a doubtful half is read with its neighbour's. */
import { describe, expect, it } from 'vitest';
import { dominoEnds, LAYOUT_MIN, MISJOINED } from '../../src/vision/domino-ends';
import { jointsFor } from '../../src/vision/joints';
import { dominoFromParts } from '../../src/vision/read-table';
import type { Read } from '../../src/vision/realign';
import type { Point } from '../../src/vision/types';

/** Value probabilities over 0-12: `sure` on v, the rest alike. */
const half = (v: number, sure = 0.97): number[] => Array.from({ length: 13 }, (_, k) => (k === v ? sure : (1 - sure) / 12));

/** A half split between two values. */
const between = (a: number, pa: number, b: number, pb: number): number[] => Array.from({ length: 13 }, (_, k) => (k === a ? pa : k === b ? pb : (1 - pa - pb) / 11));

const S = 30; // a half's side, px

/** A domino lying lengthwise from x0 (half 0 on the left), its halves read with these probabilities. */
function lengthwise(x0: number, y0: number, p: number[][]): Read {
  const [x1, xm, y1] = [x0 + 2 * S, x0 + S, y0 + S];
  const halves: [Point[], Point[]] = [
    [[x0, y0], [xm, y0], [xm, y1], [x0, y1]],
    [[xm, y0], [x1, y0], [x1, y1], [xm, y1]],
  ];
  return dominoFromParts({ kind: 'domino', polygon: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], halves, score: 0.95 }, p, 0);
}

/** A domino standing crosswise with its left side at x0, centred on y = yc (half 0 on top). */
function crosswise(x0: number, yc: number, p: number[][]): Read {
  const [x1, top, mid, bottom] = [x0 + S, yc - S, yc, yc + S];
  const halves: [Point[], Point[]] = [
    [[x1, top], [x1, mid], [x0, mid], [x0, top]],
    [[x1, mid], [x1, bottom], [x0, bottom], [x0, mid]],
  ];
  return dominoFromParts({ kind: 'domino', polygon: [[x1, top], [x1, bottom], [x0, bottom], [x0, top]], halves, score: 0.95 }, p, 0);
}

/** 2|3, 3|5, 5|1 in a line, 1 px apart; the second tile's first half as given. */
const line = (doubtful: number[]): Read[] => [lengthwise(0, 0, [half(2), half(3)]), lengthwise(2 * S + 1, 0, [doubtful, half(5)]), lengthwise(4 * S + 2, 0, [half(5), half(1)])];

describe('the halves that meet in a layout', () => {
  it('reads a half torn between 6 and 3 as 3 where the half it meets shows 3', () => {
    const tiles = line(between(6, 0.53, 3, 0.45));
    expect(tiles[1].tile.values).toEqual([6, 5]); // the classifier alone
    const out = dominoEnds(tiles);
    expect(out[1].tile.values).toEqual([3, 5]);
    expect(out[1].tile.confidence).toBeGreaterThan(tiles[1].tile.confidence);
    expect(out[0].tile.values).toEqual([2, 3]);
    expect(out[2].tile.values).toEqual([5, 1]);
  });

  it('leaves a half read surely as 6 beside a 3 as 6: a tile laid against the rules is still seen', () => {
    const tiles = line(between(6, 0.9999, 3, 0.00005));
    expect(dominoEnds(tiles)[1].tile.values).toEqual([6, 5]);
  });

  it('reads a crosswise double across the line from the tiles on both its sides', () => {
    // 2|4, then 4|4 crosswise, then 4|1: the double's top half torn between 5 and 4.
    const tiles = [lengthwise(0, 0, [half(2), half(4)]), crosswise(2 * S + 1, S / 2, [between(5, 0.52, 4, 0.46), half(4)]), lengthwise(3 * S + 2, 0, [half(4), half(1)])];
    expect(tiles[1].tile.values).toEqual([5, 4]);
    expect(dominoEnds(tiles)[1].tile.values).toEqual([4, 4]);
  });

  it(`reads two tiles that only touch each other (fewer than ${LAYOUT_MIN}: a hand pushed together) as they are`, () => {
    const pair = line(between(6, 0.53, 3, 0.45)).slice(0, 2);
    expect(dominoEnds(pair)[1].tile.values).toEqual([6, 5]);
  });

  it('reads nothing together for a game whose joined halves need not match (Matador: they sum to 7)', () => {
    expect(jointsFor('matador')).toBe('none');
    for (const game of ['domino', 'ekspresowe', 'ctyrky', 'sevastopol', 'solo', 'vlaky', 'magnetic', undefined]) expect(jointsFor(game)).toBe('equal');
    expect(dominoEnds(line(between(6, 0.53, 3, 0.45)), 'none')[1].tile.values).toEqual([6, 5]);
  });

  it('weighs a half by the half it meets as the module note says, leaving room for a tile laid wrongly', () => {
    const doubtful = between(6, 0.53, 3, 0.45);
    const out = dominoEnds(line(doubtful));
    const w = half(3).map((q) => (1 - MISJOINED) * q + MISJOINED / 13);
    const p3 = doubtful[3] * w[3];
    const p6 = doubtful[6] * w[6];
    expect(out[1].tile.halves?.[0].value).toBe(3);
    expect(p3 / p6).toBeGreaterThan(10); // the 3 beside it outweighs the crop's lean to 6
  });
});

describe('a reading weighed twice', () => {
  it('keeps the first weight (the set the other dominoes show) when weighed again (the halves that meet)', () => {
    const c = { kind: 'domino' as const, polygon: [[0, 0], [60, 0], [60, 30], [0, 30]] as Point[], halves: [[[0, 0], [30, 0], [30, 30], [0, 30]], [[30, 0], [60, 0], [60, 30], [30, 30]]] as [Point[], Point[]], score: 0.95 };
    const parts = [between(9, 0.6, 6, 0.38), half(2)];
    const doubleSix = (v: readonly number[]) => (v.every((x) => x <= 6) ? 1 : 1e-6);
    const onSet = dominoFromParts(c, parts, 0, doubleSix);
    expect(onSet.tile.values).toEqual([6, 2]);
    const again = (onSet.weighed as (w: (v: readonly number[]) => number) => Read)(() => 1);
    expect(again.tile.values).toEqual([6, 2]);
  });
});
