/**
 * A live camera's tile that lies and looks as in the last frame keeps its reading (carry-over.ts);
 * one that changed, moved or was kept long enough is read afresh.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNodeClassifier } from '../../src/cli/vision-node';
import { decodeImage, encodeJpeg } from '../../src/synth/encode';
import { renderScene } from '../../src/synth/scene';
import { itemSeed } from '../../src/synth/seeds';
import { carried, carryMemory, CARRY_UP_TO, remember, sameCrops, sameFace, samePlace, stayed, type CarryMemory } from '../../src/vision/carry-over';
import { disposeClassifier, type Classifier } from '../../src/vision/classify';
import type { TruthTileLike } from '../../src/vision/evaluate-reading';
import { polygonIoU } from '../../src/vision/evaluate-detection';
import { asLive, readTable } from '../../src/vision/read-table';
import type { Read } from '../../src/vision/realign';
import type { Point, TileCandidate } from '../../src/vision/segment-types';
import type { Rgba } from '../../src/vision/types';

const domino = (x: number, y: number, half = 40): TileCandidate => ({
  kind: 'domino',
  score: 1,
  polygon: [
    [x, y],
    [x + 2 * half, y],
    [x + 2 * half, y + half],
    [x, y + half],
  ],
});
const shifted = (c: TileCandidate, dx: number, dy: number): TileCandidate => ({ ...c, polygon: c.polygon.map(([x, y]): Point => [x + dx, y + dy]) });
const fakeRead = (values: [number, number]): Read => ({ tile: { kind: 'domino', values, polygon: [], confidence: 0.9 }, unsure: 0.1 });

describe('which tiles keep their reading', () => {
  it('a tile lies where it lay: within half a half at every corner, perhaps traced from its other end', () => {
    const d = domino(100, 100); // halves of 40 px
    expect(samePlace(d, shifted(d, 12, -8))).toBe(true);
    expect(samePlace(d, shifted(d, 25, 0))).toBe(false);
    const turned = { ...d, polygon: [2, 3, 0, 1].map((k) => d.polygon[k]) };
    expect(samePlace(d, turned)).toBe(true);
    const quarter = { ...d, polygon: [1, 2, 3, 0].map((k) => d.polygon[k]) }; // corners named round by one: another shape
    expect(samePlace(d, quarter)).toBe(false);
    const tri: TileCandidate = { kind: 'triomino', score: 1, polygon: d.polygon.slice(0, 3) };
    expect(samePlace(d, tri)).toBe(false);
  });

  it('a tile traced off its place, on the face it lay on, keeps its reading where its pixels did not change; one traced a half along does not', () => {
    const d = domino(100, 100); // halves of 40 px
    const longer: TileCandidate = { ...d, polygon: d.polygon.map(([x, y], k): Point => [k === 1 || k === 2 ? x + 24 : x, y]) }; // one end traced 0.6 of a half further
    expect(samePlace(d, longer)).toBe(false);
    expect(sameFace(d, longer)).toBe(true);
    expect(sameFace(d, shifted(d, 40, 0))).toBe(false); // a half along: half of it on the next face
    expect(sameFace(d, { ...longer, kind: 'triomino' })).toBe(false);
    const crops = Uint8Array.from({ length: 2 * 32 * 32 * 3 }, (_, i) => (i * 37) % 200);
    const changed = crops.map((v, i) => (i < 32 * 32 * 3 && i % 3 === 0 ? 255 - v : v));
    const memory = carryMemory();
    remember(memory, [d], () => crops, [fakeRead([3, 4])], []);
    const kept = carried(memory, [longer], () => crops)[0];
    expect(kept?.read.tile.values).toEqual([3, 4]);
    expect(kept?.found).toBe(d); // read where it was read
    expect(carried(memory, [shifted(d, 40, 0)], () => crops)).toEqual([undefined]);
    expect(carried(memory, [longer], () => changed)).toEqual([undefined]); // something changed on it: read afresh
    // A tile traced where it lay takes it first, whichever comes first.
    const both = carried(memory, [longer, shifted(d, 3, 0)], () => crops);
    expect(both[0]).toBeUndefined();
    expect(both[1]?.read.tile.values).toEqual([3, 4]);
  });

  it('the same pixels under sensor noise, not with a pip painted in', () => {
    const per = 32 * 32 * 3;
    const was = Uint8Array.from({ length: 2 * per }, (_, i) => (i * 37) % 200);
    let s = 7;
    const noisy = was.map((v) => Math.min(255, Math.max(0, v + (((s = (s * 1103515245 + 12345) >>> 0) >>> 24) % 13) - 6)));
    expect(sameCrops(was, noisy, 2)).toBe(true);
    const pip = Uint8Array.from(noisy);
    for (let y = 0; y < 32; y++) for (let x = 0; x < 32; x++) if ((x - 16) ** 2 + (y - 24) ** 2 <= 9) for (let c = 0; c < 3; c++) pip[per + (y * 32 + x) * 3 + c] = 250; // a pip in the second half
    expect(sameCrops(was, pip, 2)).toBe(false);
  });

  it('each remembered tile is kept by one tile at most, for CARRY_UP_TO frames', () => {
    const d = domino(100, 100);
    const crops = new Uint8Array(2 * 32 * 32 * 3);
    const memory = carryMemory();
    remember(memory, [d], () => crops, [fakeRead([3, 4])], []);
    let frames = 0;
    for (;;) {
      const kept = carried(memory, [d, shifted(d, 2, 0)], () => crops);
      if (!kept[0]) break;
      expect(kept[1]).toBeUndefined(); // taken by the first
      expect(kept[0].read.tile.values).toEqual([3, 4]);
      remember(memory, [d, shifted(d, 2, 0)], () => crops, [fakeRead([5, 5]), fakeRead([5, 5])], kept);
      memory.tiles = memory.tiles.slice(0, 1);
      frames++;
    }
    expect(frames).toBe(CARRY_UP_TO);
  });

  it('a tile not traced in this frame stays where its pixels did not change and no tile was traced on it, for CARRY_UP_TO frames', () => {
    const [d, e] = [domino(100, 100), domino(300, 100)];
    const crops = Uint8Array.from({ length: 2 * 32 * 32 * 3 }, (_, i) => (i * 37) % 200);
    const changed = crops.map((v, i) => (i < 32 * 32 * 3 && i % 3 === 0 ? 255 - v : v)); // the first half's red channel turned over
    const memory = carryMemory();
    remember(memory, [d, e], () => crops, [fakeRead([3, 4]), fakeRead([6, 6])], []);
    // Only e traced now: d stays with its reading; e is the tile traced, not one that stays.
    const kept = carried(memory, [e], () => crops);
    expect(stayed(memory, [e], kept, () => crops).map((m) => m.read.tile.values)).toEqual([[3, 4]]);
    // A tile traced over d (shifted by half its length: half of it on d): only e stays. Their pixels changed: neither.
    expect(stayed(memory, [shifted(d, 40, 0)], [undefined], () => crops).map((m) => m.read.tile.values)).toEqual([[6, 6]]);
    expect(stayed(memory, [], [], () => changed)).toEqual([]);
    // A neighbour traced touching d (a tenth of it on d) leaves it in place.
    expect(stayed(memory, [shifted(d, 72, 0)], [undefined], () => crops)).toHaveLength(2);
    // Kept for CARRY_UP_TO frames, then gone until traced again.
    let frames = 0;
    for (let left = stayed(memory, [], [], () => crops); left.length; left = stayed(memory, [], [], () => crops)) {
      remember(memory, left.map((m) => m.found), () => crops, left.map((m) => m.read), left);
      frames++;
    }
    expect(frames).toBe(CARRY_UP_TO);
  });
});

describe("a live camera's frames", () => {
  let classifier: Classifier;
  beforeAll(async () => {
    await tf.setBackend('wasm');
    classifier = await loadNodeClassifier();
  });
  afterAll(() => classifier && disposeClassifier(classifier));

  it('keep the readings of the tiles that stay as they were, and read a changed tile afresh', () => {
    // A still camera over a line of dominoes (dev seed 2020): three frames of the same table, each with its own sensor noise.
    const { frames, outlines } = lineTable(3);
    expect(outlines.length).toBeGreaterThan(5);
    const carry: CarryMemory = carryMemory();
    const reader = { segment: () => outlines, classifier, carry };
    const first = readTable(frames[0], reader);
    expect(carry.tiles).toHaveLength(outlines.length);
    // Mark what the memory says of two tiles, so that a kept reading shows (without the half
    // probabilities it came from, which the set the table shows would weigh again: domino-set.ts), as
    // read at 0.65: a reading under 0.5 across a line's gap gives way to a double read there surely (line-gaps.ts).
    const [a, b] = [0, 3];
    const marked = (j: number, values: [number, number]) => (carry.tiles[j].read = { ...carry.tiles[j].read, tile: { ...carry.tiles[j].read.tile, values, confidence: 0.6543 }, weighed: undefined });
    marked(a, [12, 12]);
    marked(b, [11, 11]);
    const tileAt = (r: ReturnType<typeof readTable>, t: TileCandidate) => r.tiles.find((x) => polygonIoU(x.polygon, t.polygon) > 0.7);
    const keeps = (r: ReturnType<typeof readTable>, j: number, values: [number, number]) => {
      const t = tileAt(r, outlines[j]);
      return JSON.stringify(t?.values) === JSON.stringify(values) && t?.confidence === asLive({ ...first.tiles[0], confidence: 0.6543 }).confidence;
    };
    const second = readTable(frames[1], reader); // fresh noise only: both keep what the memory said
    expect(keeps(second, a, [12, 12])).toBe(true);
    expect(keeps(second, b, [11, 11])).toBe(true);
    // Something yellow laid on tile a's first half: that tile is read afresh; b still keeps its reading.
    const r3 = readTable(paintDisc(frames[2], outlines[a].halves![0]), reader);
    expect(tileAt(r3, outlines[a])).toBeDefined();
    expect(keeps(r3, a, [12, 12])).toBe(false);
    expect(keeps(r3, b, [11, 11])).toBe(true);
    // Kept for CARRY_UP_TO frames after the one it was read in, then read afresh.
    let r = r3;
    for (let frame = 4; frame <= CARRY_UP_TO + 1; frame++) r = readTable(frames[frame % 3], reader);
    expect(keeps(r, b, [11, 11])).toBe(true);
    r = readTable(frames[0], reader);
    expect(tileAt(r, outlines[b])).toBeDefined();
    expect(keeps(r, b, [11, 11])).toBe(false);
  });

  it('keep the reading of a tile the tile network traced a little off its place, where nothing changed', () => {
    // The same table (dev seed 2020): the second frame traces one tile with one end 0.6 of a half further.
    const { frames, outlines } = lineTable(2);
    const carry: CarryMemory = carryMemory();
    let traced = outlines;
    const reader = { segment: () => traced, classifier, carry };
    readTable(frames[0], reader);
    const a = 1;
    carry.tiles[a].read = { ...carry.tiles[a].read, tile: { ...carry.tiles[a].read.tile, values: [12, 12], confidence: 0.6543 }, weighed: undefined };
    const [p0, p1, p2] = outlines[a].polygon;
    const long = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) > Math.hypot(p2[0] - p1[0], p2[1] - p1[1]);
    const [from, to, ends] = long ? [p0, p1, [1, 2]] : [p1, p2, [2, 3]];
    const step: Point = [(to[0] - from[0]) * 0.3, (to[1] - from[1]) * 0.3]; // 0.6 of a half: the long way is two halves
    const stretched = { ...outlines[a], polygon: outlines[a].polygon.map((p, k): Point => (ends.includes(k) ? [p[0] + step[0], p[1] + step[1]] : p)) };
    expect(samePlace(outlines[a], stretched)).toBe(false);
    traced = outlines.map((o, j) => (j === a ? stretched : o));
    const second = readTable(frames[1], reader);
    const kept = second.tiles.find((t) => polygonIoU(t.polygon, outlines[a].polygon) > 0.7);
    expect(kept?.values).toEqual([12, 12]); // what the memory said: not read afresh
    expect(kept && polygonIoU(kept.polygon, outlines[a].polygon)).toBeGreaterThan(polygonIoU(stretched.polygon, outlines[a].polygon)); // in the outline it was read in
  });

  it('keep a tile the tile network missed in a frame where nothing changed, and let it go where something was laid on it', () => {
    // The same table (dev seed 2020): the second and third frames trace every tile but one.
    const { frames, outlines } = lineTable(3);
    const carry: CarryMemory = carryMemory();
    let traced = outlines;
    const reader = { segment: () => traced, classifier, carry };
    const first = readTable(frames[0], reader);
    const gone = 2;
    const was = first.tiles.find((t) => polygonIoU(t.polygon, outlines[gone].polygon) > 0.7);
    expect(was).toBeDefined();
    traced = outlines.filter((_, j) => j !== gone);
    const second = readTable(frames[1], reader); // fresh noise only: the tile stays, as read
    expect(second.tiles).toHaveLength(first.tiles.length);
    const kept = second.tiles.find((t) => polygonIoU(t.polygon, outlines[gone].polygon) > 0.7);
    expect(kept?.values).toEqual(was?.values);
    // A counter laid on the missed tile: it is no longer the tile that was read, and it goes.
    const third = readTable(paintDisc(frames[2], outlines[gone].halves![0]), reader);
    expect(third.tiles).toHaveLength(first.tiles.length - 1);
    expect(third.tiles.some((t) => polygonIoU(t.polygon, outlines[gone].polygon) > 0.7)).toBe(false);
  });
});

/** A still camera over a line of dominoes (dev seed 2020): `count` frames of the same table, each with its own sensor noise, and its dominoes' true outlines. */
function lineTable(count: number): { frames: Rgba[]; outlines: TileCandidate[] } {
  const scene = renderScene({ width: 1280, height: 720, family: 'line', seed: itemSeed(2020, 3), laterFrames: count - 1 });
  const frames = [scene.image, ...scene.later].map((f) => decodeImage(encodeJpeg(f, scene.jpegQuality)));
  const truth = (scene.truth.tiles as TruthTileLike[]).filter((t) => !t.cut && t.kind === 'domino');
  const outlines = truth.map((t): TileCandidate => ({ kind: t.kind, polygon: t.polygon, score: 1, ...(t.halves ? { halves: [t.halves[0].polygon, t.halves[1].polygon] as [Point[], Point[]] } : {}) }));
  return { frames, outlines };
}

/** A frame with a white disc over a half: as much of it as a pip, in the middle of the half. */
function paintDisc(image: Rgba, half: readonly Point[]): Rgba {
  const data = Uint8ClampedArray.from(image.data);
  const cx = half.reduce((s, p) => s + p[0], 0) / half.length;
  const cy = half.reduce((s, p) => s + p[1], 0) / half.length;
  const r = Math.hypot(half[0][0] - half[1][0], half[0][1] - half[1][1]) / 4;
  for (let y = Math.floor(cy - r); y <= cy + r; y++)
    for (let x = Math.floor(cx - r); x <= cx + r; x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
      const o = (y * image.width + x) * 4;
      data[o] = data[o + 1] = 255;
      data[o + 2] = 40; // a yellow counter: far from any tile's colours
    }
  return { width: image.width, height: image.height, data };
}
