/**
 * A scene's pip total, as `npm run eval` scores it: the sum of every value of every tile, the truth's
 * against the reading's, with the tiles the frame's border cuts left out of both.
 */
import { describe, expect, it } from 'vitest';
import { matchTiles } from '../../src/vision/evaluate-detection';
import { formatTileError, pipTotals, tileErrors, type TruthTileLike } from '../../src/vision/evaluate-reading';
import type { Point, ReadTile } from '../../src/vision/types';

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

describe('tileErrors: what a reading got wrong, tile by tile', () => {
  it('names the tiles missed, read where none lies and misread, and leaves out those the border cuts', () => {
    // Halves as the scorer wants them: the value in the left half, then the one in the right.
    const halves = (x: number, y: number, values: number[]) => values.map((value, k) => ({ value, polygon: box(x + 40 * k, y, 40, 40) }));
    const truth = [domino(0, 0, [3, 5]), domino(200, 0, [6, 6]), domino(400, 0, [0, 0]), domino(1200, 600, [4, 4], true)].map((t) => ({ ...t, halves: halves(t.polygon[0][0], t.polygon[0][1], t.values) }));
    const seen = (x: number, y: number, values: number[], confidence = 0.9): ReadTile => ({ ...read(x, y, values), halves: halves(x + 2, y + 1, values).map((h) => ({ ...h, confidence })), confidence });
    const found = [seen(0, 0, [3, 4]), seen(400, 0, [0, 0]), { ...seen(600, 200, [1, 2], 0.25), doubt: 'glare' }];
    const m = matchTiles(
      truth.map((t) => ({ polygon: t.polygon, kind: t.kind, ignore: t.cut === true })),
      found.map((f) => ({ polygon: f.polygon, kind: f.kind })),
    );
    const errors = tileErrors(truth, found, m);
    expect(errors.map((e) => e.error)).toEqual(['missed', 'false', 'misread']);
    expect(errors.map(formatTileError)).toEqual([
      'missed domino 6|6, 40 px a half',
      'false domino 1|2, confidence 0.250, at 602,201 (glare)',
      'misread domino 3|5 as 3|4, confidence 0.900, 40 px a half',
    ]);
  });
});
