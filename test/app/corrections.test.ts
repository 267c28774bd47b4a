/**
 * Corrections over the camera's reading: a tile's values set (it then counts as sure), a false tile
 * removed, a missed tile added where the person tapped and then corrected or removed again; the
 * camera's own reading is never changed, so taking a correction back restores what it saw.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits, bandOf, typicalSize, type Edit } from '../../src/app/table/corrections';
import type { TableReading } from '../../src/vision/types';

const domino = (x: number, values: number[], confidence: number) => ({
  kind: 'domino' as const,
  values,
  confidence,
  polygon: [
    [x, 0],
    [x + 80, 0],
    [x + 80, 40],
    [x, 40],
  ] as [number, number][],
  halves: [0, 1].map((h) => ({
    value: values[h],
    confidence,
    polygon: [
      [x + 40 * h, 0],
      [x + 40 * h + 40, 0],
      [x + 40 * h + 40, 40],
      [x + 40 * h, 40],
    ] as [number, number][],
  })),
});

const camera: TableReading = { image: { width: 640, height: 360 }, tiles: [domino(0, [6, 6], 0.97), domino(100, [6, 2], 0.55), domino(300, [1, 1], 0.3)], ms: {} };

describe('corrections', () => {
  it('sets values, removes a false tile and leaves the camera reading untouched', () => {
    const edits: Edit[] = [
      { type: 'set', tile: 1, values: [6, 3] },
      { type: 'remove', tile: 2 },
    ];
    const { reading, shown } = applyEdits(camera, edits);
    expect(reading.tiles.map((t) => t.values)).toEqual([
      [6, 6],
      [6, 3],
    ]);
    expect(reading.tiles[1].confidence).toBe(1);
    expect(reading.tiles[1].halves?.map((h) => h.value)).toEqual([6, 3]);
    expect(shown.map((s) => s.confirmed)).toEqual([false, true]);
    expect(camera.tiles[1].values).toEqual([6, 2]);
    // Without the edits the camera's reading comes back as it was.
    expect(applyEdits(camera, []).reading.tiles.map((t) => t.values)).toEqual([
      [6, 6],
      [6, 2],
      [1, 1],
    ]);
  });

  it('adds a missed tile where tapped, sized like its neighbours, then corrects and removes it', () => {
    const size = typicalSize(camera.tiles, camera.image);
    expect(size).toBe(40);
    const add: Edit = { type: 'add', kind: 'domino', at: [500, 200], size, values: [0, 0] };
    const one = applyEdits(camera, [add]);
    const added = one.shown[3];
    expect(added.key).toBe('add-0');
    expect(added.polygon).toEqual([
      [460, 180],
      [540, 180],
      [540, 220],
      [460, 220],
    ]);
    const two = applyEdits(camera, [add, { type: 'set', tile: 'add-0', values: [2, 5] }]);
    expect(two.reading.tiles[3].values).toEqual([2, 5]);
    const three = applyEdits(camera, [add, { type: 'remove', tile: 'add-0' }]);
    expect(three.reading.tiles).toHaveLength(3);
  });

  it('adds a triangle as an upright triangle around the tap', () => {
    const { reading } = applyEdits(camera, [{ type: 'add', kind: 'triomino', at: [100, 100], size: 60, values: [0, 1, 2] }]);
    const t = reading.tiles[3];
    expect(t.kind).toBe('triomino');
    expect(t.values).toEqual([0, 1, 2]);
    const cx = t.polygon.reduce((a, p) => a + p[0], 0) / 3;
    const cy = t.polygon.reduce((a, p) => a + p[1], 0) / 3;
    expect(cx).toBeCloseTo(100);
    expect(cy).toBeCloseTo(100);
  });

  it('bands confidences: sure from 0.9, then look at it, then doubtful below 0.6', () => {
    expect([0.97, 0.9, 0.75, 0.59].map(bandOf)).toEqual(['sure', 'sure', 'unsure', 'doubtful']);
  });
});
