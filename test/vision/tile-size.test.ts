/**
 * All tiles of a set are one size, and a camera's perspective changes that size smoothly across the
 * table: a reading far smaller than a tile of its kind where it lies is a patch of table, not a tile.
 */
import { describe, expect, it } from 'vitest';
import { expectedUnit, ofTheirSize } from '../../src/vision/read-table';
import type { Point } from '../../src/vision/types';

/** Each tile its own reading (of a double-12 set), unless a test names one. */
let drawn = 0;
const nextValues = (): number[] => [drawn % 13, Math.floor(drawn++ / 13) % 13];

/** A domino's top face with halves of `unit` px, centred at (x, y), lying along x. */
const domino = (x: number, y: number, unit: number, confidence = 0.9, values = nextValues()) => ({
  tile: {
    kind: 'domino' as const,
    confidence,
    values,
    polygon: [[x - unit, y - unit / 2], [x + unit, y - unit / 2], [x + unit, y + unit / 2], [x - unit, y + unit / 2]] as Point[],
  },
});
/** An equilateral triangle with sides of 2 `unit`, centred at (x, y). */
const triangle = (x: number, y: number, unit: number, confidence = 0.9) => {
  const r = (2 * unit) / Math.sqrt(3);
  const polygon = [0, 1, 2].map((k): Point => [x + r * Math.sin((2 * Math.PI * k) / 3), y - r * Math.cos((2 * Math.PI * k) / 3)]);
  return { tile: { kind: 'triomino' as const, confidence, values: [drawn++ % 6, 0, 1], polygon } };
};
/** A steep camera: halves of 20 px at the top of a 720-px frame, 40 px at the bottom (size affine in y). */
const steep = (y: number): number => 20 + (20 * y) / 720;

describe('the size a tile has where it lies', () => {
  it('follows a steep camera across the frame, and a confident false tile does not pull it', () => {
    const tiles = [100, 200, 300, 400, 500, 600].flatMap((y) => [300, 700].map((x) => ({ centre: [x, y] as Point, unit: steep(y) })));
    const size = expectedUnit([...tiles, { centre: [500, 600], unit: 12 }])!;
    // Within 12 % beyond the tiles (the slopes are held a little towards 0), within 8 % among them.
    for (const p of [[500, 60], [900, 680]] as Point[]) expect(Math.abs(size(p) / steep(p[1]) - 1)).toBeLessThan(0.12);
    for (const p of [[500, 150], [300, 550]] as Point[]) expect(Math.abs(size(p) / steep(p[1]) - 1)).toBeLessThan(0.08);
    expect(size([500, 60])).toBeLessThan(size([500, 360]));
  });

  it('says nothing across a line of tiles but what the line says, and nothing at all below three tiles', () => {
    const line = [100, 200, 300, 400, 500, 600, 700].map((x) => ({ centre: [x, 360] as Point, unit: 30 }));
    expect(expectedUnit(line)!([400, 50])).toBeCloseTo(30, 5);
    expect(expectedUnit(line.slice(0, 4))!([900, 700])).toBe(30); // the median
    expect(expectedUnit(line.slice(0, 2))).toBeUndefined();
  });
});

describe('readings far smaller than their kind are left out', () => {
  it('leaves out a blank patch a third of the tiles\' size, keeps the far tiles of a steep camera', () => {
    const tiles = [100, 250, 400, 550, 680].flatMap((y) => [200, 600, 1000].map((x) => domino(x, y, steep(y))));
    const patch = domino(640, 300, 10, 0.75);
    const kept = ofTheirSize([...tiles, patch]);
    expect(kept).toHaveLength(tiles.length);
    expect(kept).not.toContain(patch);
    // The far tiles are half the near ones' size: all kept, as is a tile two thirds of its size there.
    const smallish = domino(640, 300, 0.67 * steep(300), 0.3);
    expect(ofTheirSize([...tiles, smallish])).toContain(smallish);
  });

  it('judges each kind by its own size, and judges nothing where too few tiles are sure', () => {
    const dominoes = [200, 500, 800].map((x) => domino(x, 300, 40));
    const triangles = [200, 500, 800].map((x) => triangle(x, 500, 18));
    expect(ofTheirSize([...dominoes, ...triangles])).toHaveLength(6);
    const unsure = [200, 500, 800].map((x) => domino(x, 300, 40, 0.4));
    expect(ofTheirSize([...unsure, domino(500, 500, 10)])).toHaveLength(4);
  });

  it('with one or two sure tiles, leaves out an unsure reading far smaller than each of them', () => {
    // A photo of one tile with a knot of the wood beside it read as a small, unsure second tile.
    const tile = domino(300, 200, 24, 0.98);
    const knot = domino(450, 260, 12, 0.3);
    expect(ofTheirSize([tile, knot])).toEqual([tile]);
    // An unsure tile nearly their size stays, as does a sure small one, and an unsure one beside unsure ones.
    const farther = domino(450, 60, 0.65 * 24, 0.3);
    const sureSmall = domino(450, 260, 12, 0.9);
    expect(ofTheirSize([tile, domino(300, 400, 26, 0.95), farther])).toHaveLength(3);
    expect(ofTheirSize([tile, sureSmall])).toHaveLength(2);
    expect(ofTheirSize([domino(300, 200, 24, 0.4), knot])).toHaveLength(2);
  });

  it('does not let a pattern of the table, read many times as one tile, set the size of tiles', () => {
    // Two black dominoes on a gingham cloth whose white squares read surely as blanks half their size.
    const tiles = [domino(300, 200, 30, 0.98), domino(330, 330, 30, 0.97)];
    const squares = Array.from({ length: 24 }, (_, k) => domino(40 + 50 * (k % 6), 40 + 100 * Math.floor(k / 6), 14, 0.6 + 0.015 * k, [0, 0]));
    expect(ofTheirSize([...squares, ...tiles])).toEqual(tiles);
    // Real tiles all misread alike are their neighbours' size: they stay.
    const blanks = [100, 300, 500].map((x) => domino(x, 500, 29, 0.55, [0, 0]));
    const others = [100, 300, 500].map((x) => domino(x, 300, 30));
    expect(ofTheirSize([...blanks, ...others])).toHaveLength(6);
  });

  it('leaves out a pattern\'s faces two thirds of the tiles\' size, read as one tile three times or more', () => {
    // A striped cloth beside a line of dominoes: stretches of its white stripes read surely as blanks.
    const tiles = [200, 300, 400, 500, 600, 700].flatMap((x) => [200, 300].map((y) => domino(x, y, 36, 0.98)));
    const stripes = [900, 1000, 1100].map((x) => domino(x, 500, 0.67 * 36, 0.9, [0, 0]));
    expect(ofTheirSize([...tiles, ...stripes])).toEqual(tiles);
    // Read alike but nearly the tiles' size: the same tile misread, not a pattern: they stay.
    const alike = [900, 1000, 1100].map((x) => domino(x, 500, 0.85 * 36, 0.9, [0, 0]));
    expect(ofTheirSize([...tiles, ...alike])).toHaveLength(tiles.length + 3);
    // Two readings of one tile that small are not yet a pattern: the surer keeps its tile (one-set.ts).
    expect(ofTheirSize([...tiles, ...stripes.slice(0, 2)])).toHaveLength(tiles.length + 2);
  });
});
