/**
 * Ranking readings (rank.ts): the order is the one a stable sort gives with the comparator
 * `(x, y) => y - x` (read-table.ts ranked every domino's 169 pairs of values that way before), the
 * same to the index, ties (exact zeros, -0, equal products) included; the sums over ranks are added in
 * that order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ranked, rankDescending } from '../../src/vision/rank';

/** Values with many ties: a few distinct ones, zeros of both signs, infinities. */
const value = fc.oneof(
  fc.constantFrom(0, -0, 1, 0.5, 1e-300, Infinity, -Infinity),
  fc.integer({ min: 0, max: 4 }).map((v) => v / 8),
  fc.double({ min: -1, max: 1, noNaN: true }),
);

const bySort = (values: readonly number[]): number[] => values.map((v, i) => ({ v, i })).sort((x, y) => y.v - x.v).map((x) => x.i);

describe('ranking readings', () => {
  it('orders indices as a stable sort by the largest value first', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 200 }), (values) => {
        expect([...rankDescending(Float64Array.from(values))]).toEqual(bySort(values));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps equal values in index order', () => {
    expect([...rankDescending(Float64Array.from([0, 0.5, 0, -0, 0.5, 1, 0]))]).toEqual([5, 1, 4, 0, 2, 3, 6]);
  });

  it('adds the probabilities after a rank most likely first, and lists the others in rank order', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 169 }), fc.nat(), (values, k0) => {
        const r = new Ranked(Float64Array.from(values));
        const sorted = bySort(values).map((i) => values[i]);
        const k = k0 % values.length;
        expect(r.at(k)).toBe(sorted[k]);
        expect(r.from(k)).toBe(sorted.slice(k).reduce((a, x) => a + x, 0));
        expect(r.others(k, 3)).toEqual(sorted.map((_, j) => j).filter((j) => j !== k).slice(0, 3));
      }),
    );
  });
});
