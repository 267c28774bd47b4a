/** The dominoes on a table come from one set: the others say which, and a doubtful half is read on it. */
import { describe, expect, it } from 'vitest';
import { oneDominoSet, onSet, OTHER_BOX, setWeight, SURE_SET } from '../../src/vision/domino-set';
import { oddsFromLogs as setOdds } from '../../src/vision/realign';
import { dominoFromParts } from '../../src/vision/read-table';
import type { Read } from '../../src/vision/realign';
import type { TileCandidate } from '../../src/vision/segment-types';

/** A domino 60 px long lying at x, its halves read with these probabilities of the values 0..12. */
function domino(x: number, p: number[][]): Read {
  const pts = (x0: number): [number, number][] => [[x0, 0], [x0 + 30, 0], [x0 + 30, 30], [x0, 30]];
  const c: TileCandidate = { kind: 'domino', polygon: [[x, 0], [x + 60, 0], [x + 60, 30], [x, 30]], halves: [pts(x), pts(x + 30)], score: 0.95 };
  return dominoFromParts(c, p, 0);
}

/** Value probabilities: `sure` on v, the rest spread alike over the other twelve values. */
function half(v: number, sure = 0.98): number[] {
  return Array.from({ length: 13 }, (_, k) => (k === v ? sure : (1 - sure) / 12));
}

/** A half split between two values. */
function between(a: number, pa: number, b: number, pb: number): number[] {
  const rest = (1 - pa - pb) / 11;
  return Array.from({ length: 13 }, (_, k) => (k === a ? pa : k === b ? pb : rest));
}

/** Tiles of a double-6 table: every pair up to 6, read surely. */
const lowTable = (n: number): Read[] => Array.from({ length: n }, (_, i) => domino(100 * i, [half(i % 7), half((3 * i + 1) % 7)]));

describe('the dominoes of one set', () => {
  it('reads a half torn between 8 and 6 as 6 on a table whose twenty other tiles show nothing above 6', () => {
    const doubtful = domino(5000, [half(4), between(8, 0.55, 6, 0.43)]);
    expect(doubtful.tile.values).toEqual([4, 8]); // the classifier alone
    const out = oneDominoSet([...lowTable(20), doubtful]);
    expect(out[20].tile.values).toEqual([4, 6]);
    // Read on the set, it is sure of it: 0.43 against what is left of the set's values.
    expect(out[20].tile.confidence).toBeGreaterThan(doubtful.tile.confidence);
    expect(out[20].unsure).toBeLessThan(0.2);
    // The surely read tiles keep their readings.
    expect(out.slice(0, 20).map((r) => r.tile.values)).toEqual(lowTable(20).map((r) => r.tile.values));
  });

  it('leaves a half read surely as 8 as 8: a tile of another box can still be seen', () => {
    const stranger = domino(5000, [half(4), between(8, 0.9999, 6, 0.00005)]);
    expect(oneDominoSet([...lowTable(20), stranger])[20].tile.values).toEqual([4, 8]);
  });

  it('does not read on a set the others do not make sure: one tile alone, or three low ones', () => {
    const doubtful = domino(5000, [half(4), between(8, 0.55, 6, 0.43)]);
    expect(oneDominoSet([doubtful])[0]).toBe(doubtful);
    expect(oneDominoSet([...lowTable(3), doubtful])[3]).toBe(doubtful);
    const odds = setOdds([0, 1, 2].map((i) => lowTable(3).reduce((s, r) => s + onSet(r.parts as number[][], [6, 9, 12][i]), 0)));
    expect(Math.max(...odds)).toBeLessThan(SURE_SET);
  });

  it('reads nothing lower on a double-12 table: a half torn between 12 and 9 stays 12', () => {
    const high = Array.from({ length: 20 }, (_, i) => domino(100 * i, [half(6 + (i % 7)), half((5 * i + 3) % 13)]));
    const doubtful = domino(5000, [half(2), between(12, 0.5, 9, 0.48)]);
    const out = oneDominoSet([...high, doubtful]);
    expect(out[20].tile.values).toEqual([2, 12]);
  });

  it('does not count a tile as its own evidence: a table of two tiles, one surely 9|9, does not pull the other up to double-9 by itself', () => {
    const nine = domino(0, [half(9), half(9)]);
    const odds = setOdds([6, 9, 12].map((n) => onSet(nine.parts as number[][], n)));
    expect(odds[0]).toBeLessThan(0.01); // 9|9 is no tile of double-6
    const doubtful = domino(200, [half(4), between(8, 0.55, 6, 0.43)]);
    const out = oneDominoSet([nine, doubtful]);
    expect(out[0]).toBe(nine); // the doubtful tile alone makes no set sure
  });

  it('weighs a pair by how likely it is on each set: values above a set are not on it', () => {
    const w = setWeight([1, 0, 0]);
    const other = OTHER_BOX / 182; // a tile of another box: a double-12 set's 91 tiles alike, each either way round
    expect(w([6, 5])).toBeCloseTo((1 - OTHER_BOX) / 56 + other, 8); // 28 tiles, 5|6 either way round
    expect(w([6, 6])).toBeCloseTo(2 * ((1 - OTHER_BOX) / 56 + other), 8); // a double: one tile, twice as likely as each order
    expect(w([7, 0])).toBeCloseTo(other, 10);
    const mixed = setWeight([0.5, 0.5, 0]);
    expect(mixed([3, 4])).toBeCloseTo((1 - OTHER_BOX) * (0.5 / 56 + 0.5 / 110) + other, 8);
    expect(mixed([9, 1])).toBeCloseTo((1 - OTHER_BOX) * (0.5 / 110) + other, 8);
    expect(mixed([10, 1])).toBeCloseTo(other, 10);
    // Over every ordered pair of a set, the weights add up to one tile.
    let sum = 0;
    for (let a = 0; a <= 12; a++) for (let b = 0; b <= 12; b++) sum += w([a, b]);
    expect(sum).toBeCloseTo(1, 10);
  });

  it('passes triangles through', () => {
    const tri: Read = { tile: { kind: 'triomino', values: [1, 2, 3], polygon: [], confidence: 0.9 }, unsure: 0.1 };
    expect(oneDominoSet([...lowTable(20), tri])[20]).toBe(tri);
  });
});
