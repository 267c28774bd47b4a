/**
 * The vision worker in real Chromium (wasm backend): it starts, reads demo footage (as camera frames and as photos) into
 * TableReadings in the caller's pixels, frees what it allocates, fails with clear messages, and
 * reads frames of the fake camera that plays the demo footage.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableReading } from '../../src/vision/types';
import { openPage, ROOT, startApp, stopApp, TEST_PAGES, type OpenedPage } from './harness';
import type { VisionPageApi } from './vision-page';

interface Demo {
  frames: { file: string; truth: { tiles: { polygon: [number, number][]; half_px: number }[] } }[];
}
const demo = JSON.parse(readFileSync(join(ROOT, 'public', 'demo', 'demo.json'), 'utf8')) as Demo;
const LAST = demo.frames.length;

/** Runs `fn(window.__pipsVision, arg)` in the page (`fn` travels as source: no closures). */
function call<T, A = undefined>(p: OpenedPage, fn: (api: VisionPageApi, arg: A) => Promise<T>, arg?: A): Promise<T> {
  return p.page.evaluate(
    async ([src, a]) => {
      const f = new Function(`return (${src})`)() as (api: VisionPageApi, arg: unknown) => Promise<unknown>;
      return f((window as unknown as { __pipsVision: VisionPageApi }).__pipsVision, a);
    },
    [fn.toString(), arg] as const,
  ) as Promise<T>;
}

const centre = (poly: [number, number][]): [number, number] => [poly.reduce((s, p) => s + p[0], 0) / poly.length, poly.reduce((s, p) => s + p[1], 0) / poly.length];
const near = (a: [number, number], b: [number, number], d: number) => Math.hypot(a[0] - b[0], a[1] - b[1]) < d;

describe('the vision worker in Chromium', () => {
  let p: OpenedPage;
  beforeAll(async () => {
    await startApp();
    p = await openPage({ path: TEST_PAGES.vision });
    await p.page.waitForFunction(() => 'window' in globalThis && '__pipsVision' in window);
  });
  afterAll(async () => {
    await p?.close();
    await stopApp();
  });

  it('starts on the wasm backend and reads the demo table', async () => {
    const ready = await call(p, (api) => api.start());
    expect(ready.backend).toBe('wasm');
    const { reading } = await call(p, (api, n: number) => api.readUrl(`demo/frame-${n}.jpg`), LAST);
    expect(reading.image).toEqual({ width: 1280, height: 720 });
    expect(reading.ms.total).toBeGreaterThan(0);
    for (const t of reading.tiles) for (const [x, y] of t.polygon) expect(x > -20 && x < 1300 && y > -20 && y < 740).toBe(true);
    // Tiles land where the truth has them (centres half a side apart at most). A smoke check that
    // coordinates survive the trip; how well tiles are read is npm run eval's business.
    const truth = demo.frames[LAST - 1].truth.tiles;
    const found = truth.filter((t) => reading.tiles.some((r) => near(centre(r.polygon), centre(t.polygon), t.half_px / 2)));
    console.log(`demo frame ${LAST}: ${found.length} of ${truth.length} tiles found, ${reading.tiles.length} read, ${reading.ms.total} ms`);
    expect(found.length).toBeGreaterThanOrEqual(Math.ceil(truth.length * 0.5));
  });

  it("answers a frame wider than 1280 px in that frame's own pixels", async () => {
    const { reading } = await call(p, (api, n: number) => api.readUrl(`demo/frame-${n}.jpg`, { width: 1920 }), LAST);
    expect(reading.image).toEqual({ width: 1920, height: 1080 });
    const truth = demo.frames[LAST - 1].truth.tiles;
    const at = (t: (typeof truth)[number]) => centre(t.polygon).map((v) => v * 1.5) as [number, number];
    const found = truth.filter((t) => reading.tiles.some((r) => near(centre(r.polygon), at(t), (t.half_px * 1.5) / 2)));
    expect(found.length).toBeGreaterThanOrEqual(Math.ceil(truth.length * 0.5));
  });

  it('reads ImageBitmaps as well as ImageData, and photos, and frees its tensors and Mats', async () => {
    const before = await call(p, (api) => api.stats());
    const a = (await call(p, (api) => api.readUrl('demo/frame-2.jpg', { as: 'bitmap' }))).reading;
    const b = (await call(p, (api) => api.readUrl('demo/frame-2.jpg'))).reading;
    expect(a.tiles.length).toBeGreaterThan(0);
    expect(a.tiles.map((t) => t.values)).toEqual(b.tiles.map((t) => t.values));
    // A photo's reading (finer looks, every tile looked at again) frees what it allocates too.
    const c = (await call(p, (api) => api.readUrl('demo/frame-2.jpg', { still: true }))).reading;
    expect(c.tiles.length).toBe(b.tiles.length);
    expect(await call(p, (api) => api.stats())).toEqual(before);
  });

  it('turns failures into rejected promises with clear messages', async () => {
    await expect(call(p, (api) => api.readJunk())).rejects.toThrow(/needs an ImageData or ImageBitmap/);
    await expect(call(p, (api) => api.start({ base: '/nowhere/' }))).rejects.toThrow(/nowhere\/models\/.*model\.json/);
    expect((await call(p, (api) => api.start())).backend).toBe('wasm'); // and it starts again
  });
});

describe('the fake camera', () => {
  afterAll(stopApp);

  it('plays the demo footage into getUserMedia, and the worker reads it', async () => {
    await startApp();
    const p = await openPage({ path: TEST_PAGES.vision, camera: { frames: [LAST] } });
    try {
      await call(p, (api) => api.start());
      const r = await call(p, (api, n: number) => api.readCamera(`demo/frame-${n}.jpg`), LAST);
      expect([r.width, r.height]).toEqual([1280, 720]);
      console.log(`camera frame vs demo JPEG: mean |RGB difference| ${r.meanDiff?.toFixed(2)}`);
      expect(r.meanDiff).toBeLessThan(6); // the same picture, through YUV 4:2:0 and back
      expect((r.reading as TableReading).tiles.length).toBeGreaterThan(0);
    } finally {
      await p.close();
    }
  });
});
