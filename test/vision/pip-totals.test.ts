/**
 * A scene's pip total, as `npm run eval` scores it: the sum of every value of every tile, the truth's
 * against the reading's, with the tiles the frame's border cuts left out of both.
 */
import { describe, expect, it } from 'vitest';
import { matchTiles } from '../../src/vision/evaluate-detection';
import { pipTotals, type TruthTileLike } from '../../src/vision/evaluate-reading';
import type { Point } from '../../src/vision/types';

const box = (x: number, y: number, w = 80, h = 40): Point[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
const domino = (x: number, y: number, values: number[], cut = false): TruthTileLike => ({ kind: 'domino', values, polygon: box(x, y), half_px: 40, cut });
const read = (x: number, y: number, values: number[]) => ({ kind: 'domino' as const, values, polygon: box(x + 2, y + 1) });

function totals(truth: TruthTileLike[], found: ReturnType<typeof read>[]) {
  const m = matchTiles(
    truth.map((t) => ({ polygon: t.polygon, kind: t.kind, ignore: t.cut === true })),
    found.map((f) => ({ polygon: f.polygon, kind: f.kind })),
  );
  return pipTotals(truth, found, m);
}

describe('pipTotals', () => {
  const truth = [domino(0, 0, [3, 5]), domino(200, 0, [6, 6]), domino(400, 0, [0, 0])];

  it('adds every value of every tile, the truth and the reading alike', () => {
    expect(totals(truth, [read(0, 0, [3, 5]), read(200, 0, [6, 6]), read(400, 0, [0, 0])])).toEqual({ truth: 20, read: 20 });
  });

  it('a misread half or a missed tile with pips changes the read total', () => {
    expect(totals(truth, [read(0, 0, [3, 4]), read(200, 0, [6, 6]), read(400, 0, [0, 0])]).read).toBe(19);
    expect(totals(truth, [read(0, 0, [3, 5]), read(400, 0, [0, 0])]).read).toBe(8);
  });

  it('a false tile adds its pips; a missed blank does not change the total', () => {
    expect(totals(truth, [read(0, 0, [3, 5]), read(200, 0, [6, 6]), read(400, 0, [0, 0]), read(600, 200, [1, 2])]).read).toBe(23);
    expect(totals(truth, [read(0, 0, [3, 5]), read(200, 0, [6, 6])])).toEqual({ truth: 20, read: 20 });
  });

  it('leaves a tile the border cuts out of both totals, however it was read', () => {
    const withCut = [...truth, domino(1200, 600, [4, 4], true)];
    expect(totals(withCut, [read(0, 0, [3, 5]), read(200, 0, [6, 6]), read(400, 0, [0, 0]), read(1200, 600, [4, 1])])).toEqual({ truth: 20, read: 20 });
    expect(totals(withCut, [read(0, 0, [3, 5]), read(200, 0, [6, 6]), read(400, 0, [0, 0])])).toEqual({ truth: 20, read: 20 });
  });
});
