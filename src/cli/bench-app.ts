/**
 * `npm run --silent bench:app [-- --rounds N --backend wasm|webgl]`
 * The app in headless Chromium (/usr/bin/chromium), built for production and served by vite
 * preview (test/e2e/harness.ts):
 *   - the vision worker: start-up time (tf.js + OpenCV.js + both models), then the demo footage
 *     (public/demo, 1280x720) read frame after frame: median ms per frame in the worker and round
 *     trip from the page, frames per second (one frame at a time), median ms per stage;
 *   - the app's first load in a fresh profile (empty cache): navigation to DOMContentLoaded, to
 *     load, and to a usable page (the setup form's start button on screen), median of 3;
 *   - the app itself on the Table screen with the fake camera playing the demo footage: readings
 *     per second of the live loop (grab, worker, reconstruction, overlay), counted over 15 s, while
 *     each new table at rest (a new demo frame every 3 s) is read closely by the second worker.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPage, ROOT, startApp, stopApp, TEST_PAGES, type OpenedPage } from '../../test/e2e/harness';
import type { VisionPageApi } from '../../test/e2e/vision-page';
import type { TableReading } from '../vision/types';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, backend: { type: 'string', default: 'wasm' } } });
const rounds = Number(values.rounds);
const backend: 'wasm' | 'webgl' = values.backend === 'webgl' ? 'webgl' : 'wasm';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : NaN;
};
const f1 = (x: number): string => x.toFixed(1);

type Vision = { __pipsVision: VisionPageApi };

async function benchWorker(p: OpenedPage, files: string[]): Promise<void> {
  const ready = await p.page.evaluate((b) => (window as unknown as Vision).__pipsVision.start({ backend: b }), backend);
  console.log(`vision worker: ${ready.backend} backend, started in ${ready.ms} ms (tf.js, OpenCV.js, both models)`);
  const read = (file: string) => p.page.evaluate((f) => (window as unknown as Vision).__pipsVision.readUrl(`demo/${f}`), file);
  for (const f of files) await read(f); // warm-up: first calls allocate
  const trips: number[] = [];
  const readings: TableReading[] = [];
  for (let r = 0; r < rounds; r++)
    for (const f of files) {
      const x = await read(f);
      trips.push(x.roundTripMs);
      readings.push(x.reading);
    }
  const stage = (k: string) => f1(median(readings.map((x) => x.ms[k] ?? NaN)));
  const inWorker = median(readings.map((x) => x.ms.frame));
  const trip = median(trips);
  console.log(`demo frames 1280x720: ${readings.length} reads (${files.length} frames x ${rounds})`);
  console.log(`  median ms/frame: ${f1(inWorker)} in the worker, ${f1(trip)} round trip -> ${f1(1000 / trip)} frames/s`);
  const last = readings.filter((_, i) => i % files.length === files.length - 1); // the busiest frame: hands laid open
  console.log(`  ${files[files.length - 1]} (${last[0]?.tiles.length} tiles read): median ${f1(median(last.map((x) => x.ms.frame)))} ms in the worker`);
  console.log(`  median ms by stage: segment ${stage('segment')}, crop ${stage('crop')}, classify ${stage('classify')}, assemble ${stage('assemble')}, prepare ${stage('prepare')}`);
}

async function benchLoad(): Promise<void> {
  const dcl: number[] = [];
  const load: number[] = [];
  const usable: number[] = [];
  for (let k = 0; k < 3; k++) {
    const p = await openPage(); // fresh profile: nothing cached
    await p.page.getByRole('button', { name: 'Start the game' }).waitFor();
    usable.push(await p.page.evaluate(() => performance.now()));
    await p.page.waitForLoadState('load');
    const t = await p.page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd };
    });
    dcl.push(t.dcl);
    load.push(t.load);
    await p.close();
  }
  console.log(`app first load (fresh profile, median of 3): DOMContentLoaded ${f1(median(dcl))} ms, load ${f1(median(load))} ms, usable (setup form) ${f1(median(usable))} ms`);
}

async function benchLive(): Promise<void> {
  const p = await openPage({ lang: 'en-GB', camera: { secondsPerFrame: 3 } });
  try {
    const { page } = p;
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.getByRole('table', { name: 'Scoreboard' }).waitFor();
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await page.waitForFunction(() => (JSON.parse(document.getElementById('table-reading')?.textContent ?? '{}') as { tiles?: unknown[] }).tiles?.length, null, { timeout: 60_000 });
    const seconds = 15;
    const n = await page.evaluate(async (s) => {
      const el = document.getElementById('table-reading') as HTMLElement;
      let count = 0;
      const obs = new MutationObserver(() => count++);
      obs.observe(el, { childList: true, characterData: true, subtree: true });
      await new Promise((r) => setTimeout(r, s * 1000));
      obs.disconnect();
      return count;
    }, seconds);
    console.log(`app Table screen, fake camera 1280x720 (demo footage), wasm: ${f1(n / seconds)} readings/s over ${seconds} s`);
  } finally {
    await p.close();
  }
}

async function main(): Promise<void> {
  const demo = JSON.parse(readFileSync(join(ROOT, 'public', 'demo', 'demo.json'), 'utf8')) as { frames: { file: string }[] };
  const app = await startApp();
  console.log(`app built in ${app.buildMs} ms, served at ${app.url}`);
  try {
    const p = await openPage({ path: TEST_PAGES.vision });
    await benchWorker(p, demo.frames.map((f) => f.file));
    await p.close();
    await benchLoad();
    await benchLive();
  } finally {
    await stopApp();
  }
}

main().catch((e: unknown) => {
  console.error(`bench:app: ${(e as Error).message}`);
  process.exit(1);
});
