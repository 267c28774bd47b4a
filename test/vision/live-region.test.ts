/**
 * A live camera's frames go through the tile network only where they hold tiles or changed
 * (live-region.ts): the app's demo footage (a line growing a tile a frame) and a tile laid far from
 * the others are found exactly as a whole look finds them; a first look (through the region the face
 * probe, models/probe, saw faces in: every tile of the fixture scenes inside it) comes again when the
 * camera moves and every FULL_EVERY frames; an empty table costs nothing while it stays empty; a probe
 * model without its threshold is refused; every Mat and tensor is freed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTileNetFromDir } from '../../src/cli/load-tile-net';
import { loadProbeNet, type ProbeNet } from '../../src/vision/probe-net';
import { decodeImage, encodeJpeg } from '../../src/synth/encode';
import { renderScene } from '../../src/synth/scene';
import { itemSeed } from '../../src/synth/seeds';
import type { SceneTruth } from '../../src/synth/truth';
import { polygonIoU } from '../../src/vision/evaluate-detection';
import { FULL_EVERY, MARGIN, probeRegion, regionMemory, segmentLive, type LiveDeps } from '../../src/vision/live-region';
import { liveMats, loadOpenCv, type Cv } from '../../src/vision/opencv';
import { segment } from '../../src/vision/segment';
import type { Point, RgbaImage, TileCandidate } from '../../src/vision/segment-types';
import type { TileNet, TileNetFiles } from '../../src/vision/tile-net';
import { boxOf } from '../../src/vision/tile-select';
import { workScale } from '../../src/vision/work-image';

const DEMO = join(import.meta.dirname, '../../public/demo');
const FIXTURES = join(import.meta.dirname, '../../datasets/fixtures/scenes');
const load = (path: string): RgbaImage => decodeImage(new Uint8Array(readFileSync(path)));

const MODELS = join(import.meta.dirname, '../../models');
const probeFiles = () => ({
  modelJson: JSON.parse(readFileSync(join(MODELS, 'probe/model.json'), 'utf8')) as TileNetFiles['modelJson'],
  weights: new Uint8Array(readFileSync(join(MODELS, 'probe/weights.bin'))),
});

let cv: Cv;
let net: TileNet;
let probe: ProbeNet;
/** A live camera's models, as the app's reader has them (worker.ts). */
let deps: LiveDeps;
beforeAll(async () => {
  cv = await loadOpenCv();
  net = await loadTileNetFromDir();
  probe = await loadProbeNet(probeFiles());
  deps = { cv, net, probe };
});
afterAll(() => {
  net.dispose();
  probe.dispose();
});

/** Each tile of `a` has one in `b` at IoU > 0.98, and the counts agree. */
function sameTiles(a: readonly TileCandidate[], b: readonly TileCandidate[]): void {
  expect(b.length).toBe(a.length);
  for (const t of a) expect(Math.max(0, ...b.filter((u) => u.kind === t.kind).map((u) => polygonIoU(t.polygon, u.polygon)))).toBeGreaterThan(0.98);
}

describe('a live camera looks at the region that holds tiles or changed', () => {
  it('finds the demo line as a whole look does, frame after frame, through a third of the frame or less', () => {
    const memory = regionMemory();
    const looks: string[] = [];
    for (let k = 1; k <= 7; k++) {
      const frame = load(join(DEMO, `frame-${k}.jpg`));
      const live = segmentLive(frame, deps, memory);
      sameTiles(segment(frame, { cv, net }).tiles, live.tiles);
      const last = memory.last;
      looks.push(last?.kind === 'unchanged' ? 'unchanged' : `${last?.kind} ${(last?.share ?? 1) < 1 / 3}`);
    }
    // The first frame too: through the region where the face probe saw faces.
    expect(looks).toEqual(['first true', ...Array(6).fill('region true')]);
  });

  it("a first look's face probe fires around every tile, and the look through its box finds what a whole look finds", () => {
    // The fixture scenes: rendered tables of every family and set, 1280x720 and 1920x1080, tilted up
    // to 40°, none of them the probe's training scenes.
    const shares: number[] = [];
    for (let k = 0; k < 12; k++) {
      const name = join(FIXTURES, `scene-${String(k).padStart(5, '0')}`);
      const frame = load(`${name}.jpg`);
      const truth = JSON.parse(readFileSync(`${name}.json`, 'utf8')) as SceneTruth;
      const scale = workScale(frame.width, frame.height);
      const box = probeRegion(frame, deps, scale);
      if (box) {
        // Every tile wholly in the frame lies inside the box the tile network is sent through.
        for (const t of truth.tiles.filter((u) => !u.cut)) {
          const [x0, y0, x1, y1] = boxOf(t.polygon).map((v) => v * scale);
          expect([x0 >= box[0], y0 >= box[1], x1 <= box[2], y1 <= box[3]]).toEqual([true, true, true, true]);
        }
      }
      const memory = regionMemory();
      sameTiles(segment(frame, { cv, net }).tiles, segmentLive(frame, deps, memory).tiles);
      shares.push(memory.last?.kind === 'first' ? memory.last.share : 1);
    }
    // Most of these tables cover much of the frame; all but those of nearly the whole frame (FULL_REGION)
    // are looked at through a box, also the two whose boxes cover three quarters of it.
    expect(shares.filter((s) => s < 1).length).toBeGreaterThanOrEqual(10);
    expect(shares.filter((s) => s > 0.7 && s < 1).length).toBeGreaterThanOrEqual(2);
  });

  it('looks at a table of three quarters of the frame through its box, its first frame and the frames after it', () => {
    // Fixture scene 1: a 1280x720 table whose probe box covers ~0.78 of the frame (FULL_REGION).
    const frame = load(join(FIXTURES, 'scene-00001.jpg'));
    const whole = segment(frame, { cv, net }).tiles;
    const memory = regionMemory();
    const looks = [0, 1, 2].map(() => {
      sameTiles(whole, segmentLive(frame, deps, memory).tiles);
      return memory.last;
    });
    expect(looks.map((l) => l?.kind)).toEqual(['first', 'region', 'region']);
    for (const l of looks) expect(l && 'share' in l && l.share > 0.6 && l.share < 0.9).toBe(true);
  });

  it('finds a tile laid far from the others, and looks afresh when the camera moves', () => {
    // Demo frame 2 (four dominoes in a line), then the same frame with a copy of its second domino,
    // and the table around it, laid near the top left corner: far outside the region of the four.
    const demo = JSON.parse(readFileSync(join(DEMO, 'demo.json'), 'utf8')) as { frames: { truth: SceneTruth }[] };
    const frame = load(join(DEMO, 'frame-2.jpg'));
    const laid = demo.frames[1].truth.tiles[1].polygon;
    const [dx, dy] = [120 - Math.min(...laid.map((p) => p[0])), 80 - Math.min(...laid.map((p) => p[1]))];
    const copy = laid.map(([x, y]): Point => [x + dx, y + dy]);
    const after = pasteCopy(frame, laid, 8, dx, dy);
    const memory = regionMemory();
    const first = segmentLive(frame, deps, memory);
    expect(first.tiles).toHaveLength(4);
    const box = memory.box as number[];
    const [cx, cy] = [copy[0][0] * memory.scale, copy[0][1] * memory.scale];
    expect(cx < box[0] - 2 * MARGIN && cy < box[1] - MARGIN).toBe(true);
    const whole = segment(after, { cv, net }).tiles;
    expect(whole.some((t) => polygonIoU(t.polygon, copy) > 0.7)).toBe(true);
    const live = segmentLive(after, deps, memory);
    expect(memory.last?.kind).toBe('region');
    sameTiles(whole, live.tiles);

    const moved = load(join(FIXTURES, 'scene-00002.jpg'));
    sameTiles(segment(moved, { cv, net }).tiles, segmentLive(moved, deps, memory).tiles);
    expect(memory.last).toMatchObject({ kind: 'first', why: 'changed' });
  });

  it('looks afresh every FULL_EVERY frames, and at nothing while an empty table stays empty', () => {
    const memory = regionMemory();
    const frame = load(join(DEMO, 'frame-1.jpg'));
    const kinds = Array.from({ length: FULL_EVERY + 1 }, () => (segmentLive(frame, deps, memory), memory.last?.kind));
    expect(kinds).toEqual(['first', ...Array(FULL_EVERY - 1).fill('region'), 'first']);
    // A memory started afresh (the eval and bench's new table) forgets the frame it saw.
    Object.assign(memory, regionMemory());
    expect(segmentLive(frame, deps, memory).tiles.length).toBeGreaterThan(0);
    expect(memory.last).toMatchObject({ kind: 'first', why: 'new' });

    const empty: RgbaImage = { width: 320, height: 240, data: new Uint8ClampedArray(320 * 240 * 4).fill(90) };
    const e = regionMemory();
    expect(segmentLive(empty, deps, e).tiles).toEqual([]);
    expect(e.last).toMatchObject({ kind: 'first', share: 1 });
    expect(segmentLive(empty, deps, e)).toMatchObject({ tiles: [], ms: { net: 0 } });
    expect(e.last?.kind).toBe('unchanged');
  });

  it('looks closer at a hole that showed no tile only once, until the frame changes under it', () => {
    // The bench's trains table (bench-vision.ts, 1280x720, 28 tiles): in its second frame the network
    // sees a face no tile is taken for (segment.ts inHoles), and the closer look there finds none.
    const scene = renderScene({ width: 1280, height: 720, family: 'trains', seed: itemSeed(31337, 27), laterFrames: 1 });
    const [first, second] = [scene.image, scene.later[0]].map((f) => decodeImage(encodeJpeg(f, 85)));
    const [mats, tensors] = [liveMats(), tf.memory().numTensors];
    let looks = 0;
    const counted: TileNet = { ...net, predict: (w) => (looks++, net.predict(w)) };
    const memory = regionMemory();
    const look = (frame: RgbaImage) => {
      looks = 0;
      const s = segmentLive(frame, { ...deps, net: counted }, memory);
      return { looks, tiles: s.tiles };
    };
    look(first);
    const seen = look(second);
    expect(seen.looks).toBe(2); // the region, and the closer look at the hole
    expect(memory.barren).toHaveLength(1);
    const again = look(second);
    expect(again.looks).toBe(1);
    expect(memory.last?.kind).toBe('region');
    sameTiles(seen.tiles, again.tiles);
    // The frame changes in a cell it touches (a thin bright line laid just above it): it is looked at again.
    const [x0, y0] = boxOf(memory.barren[0]).map(Math.round);
    const changed = { ...second, data: new Uint8ClampedArray(second.data) };
    for (let x = x0 - 32; x < x0; x++) changed.data.fill(255, ((y0 - 1) * changed.width + x) * 4, ((y0 - 1) * changed.width + x) * 4 + 3);
    expect(look(changed).looks).toBe(2);
    expect([liveMats(), tf.memory().numTensors]).toEqual([mats, tensors]);
  });

  it('refuses a face probe model that lacks its cell size and threshold, and keeps no tensor of it', async () => {
    const files = probeFiles();
    const tensors = tf.memory().numTensors;
    const bare = { ...files.modelJson, userDefinedMetadata: undefined };
    await expect(loadProbeNet({ ...files, modelJson: bare })).rejects.toThrow(/no cell size and threshold/);
    expect(tf.memory().numTensors).toBe(tensors);
  });

  it('frees every Mat and tensor it makes', () => {
    const mats = liveMats();
    const tensors = tf.memory().numTensors;
    const memory = regionMemory();
    for (const k of [1, 2, 3, 3]) segmentLive(load(join(DEMO, `frame-${k}.jpg`)), deps, memory);
    expect(liveMats()).toBe(mats);
    expect(tf.memory().numTensors).toBe(tensors);
  });
});

/** The frame with the box around this polygon (grown by `grow` px) copied (dx, dy) px away. */
function pasteCopy(image: RgbaImage, polygon: readonly number[][], grow: number, dx: number, dy: number): RgbaImage {
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const [x0, x1] = [Math.floor(Math.min(...xs) - grow), Math.ceil(Math.max(...xs) + grow)];
  const [y0, y1] = [Math.floor(Math.min(...ys) - grow), Math.ceil(Math.max(...ys) + grow)];
  const data = new Uint8ClampedArray(image.data);
  const [ox, oy] = [Math.round(dx), Math.round(dy)];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const from = (y * image.width + x) * 4;
      data.set(image.data.subarray(from, from + 4), ((y + oy) * image.width + x + ox) * 4);
    }
  return { width: image.width, height: image.height, data };
}
