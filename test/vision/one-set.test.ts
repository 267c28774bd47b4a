/** A set holds every tile once: of two tiles read as the same tile, the less sure one is read again. */
import { describe, expect, it } from 'vitest';
import { alongFrame, oneOfEach, oneOfTwo, tileKey } from '../../src/vision/one-set';
import type { Read } from '../../src/vision/realign';
import type { Point, ReadTile } from '../../src/vision/types';

/** A reading with its choices, most likely first (as read-table.ts builds them); `unsure` 1 - the confidence given. */
function reading(kind: ReadTile['kind'], choices: { values: number[]; confidence: number }[]): Read {
  const all = choices.map((c, k): Read => ({ tile: { kind, values: c.values, polygon: [], confidence: c.confidence, ...(k > 0 ? { doubt: 'taken' } : {}) }, unsure: 1 - c.confidence }));
  all[0].choices = () => all;
  return all[0];
}

describe('one tile of each', () => {
  it('names a domino the same either way round, and a triangle the same however it is turned', () => {
    expect(tileKey('domino', [5, 3])).toBe(tileKey('domino', [3, 5]));
    expect(tileKey('domino', [5, 3])).not.toBe(tileKey('domino', [5, 5]));
    expect(tileKey('triomino', [1, 2, 4])).toBe(tileKey('triomino', [2, 4, 1]));
    expect(tileKey('triomino', [1, 2, 4])).toBe(tileKey('triomino', [4, 1, 2]));
    // A mirror image is another tile.
    expect(tileKey('triomino', [1, 2, 4])).not.toBe(tileKey('triomino', [1, 4, 2]));
    expect(tileKey('triomino', [3, 3, 3])).not.toBe(tileKey('domino', [3, 3]));
  });

  it('lets the surer of two tiles read 6|6 keep it when its next reading is far less likely, and reads the other as its next', () => {
    const sure = reading('domino', [{ values: [6, 6], confidence: 0.97 }, { values: [6, 5], confidence: 0.02 }]);
    const unsure = reading('domino', [{ values: [6, 6], confidence: 0.6 }, { values: [5, 6], confidence: 0.3 }, { values: [6, 4], confidence: 0.05 }]);
    const out = oneOfEach([unsure, sure]);
    expect(out[1].tile.values).toEqual([6, 6]);
    // Less sure than before: at most one of the two tiles is 6|6 (0.97 * 0.4 / (1 - 0.97 * 0.6)).
    expect(out[1].tile.confidence).toBe(0.928);
    expect(out[0].tile.values).toEqual([5, 6]);
    expect(out[0].tile.doubt).toBe('taken');
    expect(out[0].tile.confidence).toBe(0.3);
  });

  it('passes a taken tile on down the line: three tiles read the same end up three different tiles', () => {
    const a = reading('domino', [{ values: [2, 2], confidence: 0.9 }]);
    const b = reading('domino', [{ values: [2, 2], confidence: 0.8 }, { values: [2, 3], confidence: 0.1 }]);
    const c = reading('domino', [{ values: [2, 2], confidence: 0.7 }, { values: [3, 2], confidence: 0.2 }, { values: [2, 1], confidence: 0.05 }]);
    const keys = oneOfEach([c, b, a]).map((r) => tileKey(r.tile.kind, r.tile.values));
    expect(new Set(keys).size).toBe(3);
    expect(oneOfEach([c, b, a])[0].tile.values).toEqual([2, 1]);
  });

  it('leaves alone tiles of different names, a domino and a triangle with the same numbers, and a reading with nothing else to offer', () => {
    const reads = [reading('domino', [{ values: [1, 2], confidence: 0.9 }]), reading('domino', [{ values: [2, 3], confidence: 0.8 }]), reading('triomino', [{ values: [1, 1, 1], confidence: 0.9 }]), reading('domino', [{ values: [1, 1], confidence: 0.9 }])];
    expect(oneOfEach(reads)).toEqual(reads);
    const twice = [reading('domino', [{ values: [4, 4], confidence: 0.9 }]), reading('domino', [{ values: [4, 4], confidence: 0.5 }])];
    expect(oneOfEach(twice).map((r) => r.tile.values)).toEqual([[4, 4], [4, 4]]);
  });

  it('turns a triangle read as a tile already taken into its next real tile', () => {
    const sure = reading('triomino', [{ values: [0, 1, 2], confidence: 0.95 }]);
    const unsure = reading('triomino', [{ values: [1, 2, 0], confidence: 0.5 }, { values: [1, 2, 2], confidence: 0.3 }]);
    const out = oneOfEach([sure, unsure]);
    expect(out[1].tile.values).toEqual([1, 2, 2]);
    expect(out[1].tile.doubt).toBe('taken');
  });

  it("lets a whole tile keep a reading that a tile traced along the picture's edge also had, however sure that one", () => {
    // Dev still 2061's 10th: a 2|2|1 cut by the top edge, traced where it shows, read 2|0|2; the whole tile beside it, 0|2|2.
    const at = (r: Read, polygon: Point[]): Read => ({ ...r, tile: { ...r.tile, polygon } });
    const edge = at(reading('triomino', [{ values: [2, 0, 2], confidence: 0.95 }, { values: [2, 1, 2], confidence: 0.04 }]), [[496, 3.5], [582, 3.5], [559, 71]]);
    const whole = at(reading('triomino', [{ values: [0, 2, 2], confidence: 0.79 }, { values: [3, 2, 2], confidence: 0.1 }]), [[232, 55], [343, 31], [311, 118]]);
    const out = oneOfEach([edge, whole], { width: 1280, height: 720 });
    expect(out.map((r) => r.tile.values)).toEqual([[2, 1, 2], [0, 2, 2]]);
    expect(out[0].tile.doubt).toBe('taken');
    // Without the frame the surer reading keeps the name, wherever it lies.
    expect(oneOfEach([edge, whole]).map((r) => r.tile.values)).toEqual([[2, 0, 2], [3, 2, 2]]);
    // A tile whose outline reaches past the edge at one corner was traced to its own corners: it keeps its place in line.
    const past = at(edge, [[584, -7], [589, 68], [518, 34]]);
    expect(oneOfEach([past, whole], { width: 1280, height: 720 }).map((r) => r.tile.values)).toEqual([[2, 0, 2], [3, 2, 2]]);
    expect(alongFrame([[1277, 10], [1279, 90], [1200, 50]], 1280, 720)).toBe(true);
    expect(alongFrame([[10, 717], [90, 719], [50, 640]], 1280, 720)).toBe(true);
    expect(alongFrame([[10, 3], [90, 719], [50, 640]], 1280, 720)).toBe(false);
  });

  it('makes a tile that another tile was also read as less sure, never surer', () => {
    expect(oneOfTwo(0.9, 0.5)).toBeCloseTo(0.818, 3);
    expect(oneOfTwo(1, 0.8)).toBe(1);
    expect(oneOfTwo(0.9, 0)).toBe(0.9);
    expect(oneOfTwo(1, 1)).toBe(0.5);
    for (const a of [0.1, 0.5, 0.99]) for (const b of [0.1, 0.5, 0.99]) expect(oneOfTwo(a, b)).toBeLessThanOrEqual(a);
  });
});
