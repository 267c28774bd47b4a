/**
 * End-to-end harness: the app built once by Vite (production build into a temp folder, with the
 * test pages beside it) and served by `vite preview` on a free port; real Chromium
 * (/usr/bin/chromium, driven by playwright-core) with a fresh profile per page, an optional fake
 * camera that plays the demo footage, a language, and offline mode.
 *
 *   await startApp();                                   // once per process (global-setup.ts does it for test:e2e)
 *   const { page, close } = await openPage({ lang: 'cs', camera: true });
 *   await page.goto(...)  // openPage already opened `path` (default: the app's start page)
 *   await close();
 *   await stopApp();
 *
 * PIPS_E2E_URL=http://host:port/ skips the build and uses a server that is already running.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { decodeImage } from '../../src/synth/encode';
import { writeY4m } from './y4m';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CHROMIUM = process.env.PIPS_CHROMIUM ?? '/usr/bin/chromium';
/** Pages built besides the app: the vision worker's test page. */
export const TEST_PAGES = { vision: 'test/e2e/vision-page.html' };

/** Flags that work here as root (shared/notes/toolchain.md). */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface RunningApp {
  /** Where the app is served, ending in '/'. */
  url: string;
  outDir?: string;
  buildMs?: number;
}

let app: RunningApp | null = null;
let server: PreviewServer | null = null;
let scratch: string | null = null;
const open = new Set<() => Promise<void>>();

function scratchDir(): string {
  if (!scratch) {
    const dir = mkdtempSync(join(tmpdir(), 'pips-e2e-'));
    // A test run that ends without stopApp() still leaves no build, video or profile behind.
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    scratch = dir;
  }
  return scratch;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/**
 * Builds the app (index.html + the test pages; `pages` to build fewer) into a temp folder and
 * serves it with `vite preview`. Idempotent within a process.
 */
export async function startApp(opts: { pages?: Record<string, string> } = {}): Promise<RunningApp> {
  if (app) return app;
  if (process.env.PIPS_E2E_URL) return (app = { url: process.env.PIPS_E2E_URL.replace(/\/?$/, '/') });
  const outDir = join(scratchDir(), 'dist');
  const pages = opts.pages ?? { main: 'index.html', ...TEST_PAGES };
  const input = Object.fromEntries(Object.entries(pages).map(([k, p]) => [k, resolve(ROOT, p)]));
  const t0 = performance.now();
  await build({ root: ROOT, logLevel: 'error', build: { outDir, emptyOutDir: true, rollupOptions: { input } } });
  const buildMs = Math.round(performance.now() - t0);
  server = await preview({ root: ROOT, logLevel: 'error', build: { outDir }, preview: { host: '127.0.0.1', port: await freePort(), open: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its address');
  app = { url, outDir, buildMs };
  return app;
}

/** Closes every open page, the preview server and the temp folder. */
export async function stopApp(): Promise<void> {
  for (const close of [...open]) await close();
  await new Promise<void>((ok) => (server ? server.httpServer.close(() => ok()) : ok()));
  server = null;
  app = null;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
  cameraFiles.clear();
}

export interface CameraOptions {
  /** Demo frames to play (1-based numbers of public/demo/frame-N.jpg), default all of them. */
  frames?: number[];
  /** Seconds each frame stays in front of the camera (default 2). */
  secondsPerFrame?: number;
}

const cameraFiles = new Map<string, string>();

/** The fake camera's video: the demo footage as .y4m (1 frame a second, ~1.4 MB a second at 1280x720). */
export function demoVideo(opts: CameraOptions = {}): string {
  const demo = JSON.parse(readFileSync(join(ROOT, 'public', 'demo', 'demo.json'), 'utf8')) as { frames: { file: string }[] };
  const numbers = opts.frames ?? demo.frames.map((_, i) => i + 1);
  const seconds = opts.secondsPerFrame ?? 2;
  const key = `${numbers.join(',')}@${seconds}`;
  const known = cameraFiles.get(key);
  if (known) return known;
  const file = join(scratchDir(), `camera-${cameraFiles.size}.y4m`);
  const frames = numbers.map((n) => decodeImage(new Uint8Array(readFileSync(join(ROOT, 'public', 'demo', demo.frames[n - 1].file)))));
  writeY4m(file, frames, { fps: 1, repeat: seconds });
  cameraFiles.set(key, file);
  return file;
}

export interface PageOptions {
  /** Browser language, e.g. 'cs' (--lang and the context locale; Accept-Language and navigator.language follow). */
  lang?: string;
  /** A fake webcam playing the demo footage (permission granted). */
  camera?: boolean | CameraOptions;
  /** Load the app online, wait for its service worker to control the page, then go offline and reload. */
  offline?: boolean;
  /** Path under the app's URL to open (default '' = the start page). */
  path?: string;
  /** Extra Chromium flags. */
  args?: string[];
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  url: string;
  /** Messages the page logged as errors, and uncaught exceptions, for assertions. */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh Chromium (own profile) on the running app. */
export async function openPage(opts: PageOptions = {}): Promise<OpenedPage> {
  const running = app ?? (await startApp());
  const profile = mkdtempSync(join(scratchDir(), 'profile-'));
  const args = [...FLAGS, ...(opts.args ?? [])];
  if (opts.lang) args.push(`--lang=${opts.lang}`);
  if (opts.camera) {
    const video = demoVideo(typeof opts.camera === 'object' ? opts.camera : {});
    args.push('--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`);
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args,
    locale: opts.lang,
    viewport: { width: 1280, height: 800 },
    permissions: opts.camera ? ['camera'] : [],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const close = async () => {
    open.delete(close);
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  };
  open.add(close);
  const url = new URL(opts.path ?? '', running.url).href;
  try {
    await page.goto(url);
    if (opts.offline) await goOffline(page, context);
  } catch (e) {
    await close();
    throw e;
  }
  return { page, context, url, errors, close };
}

async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  const controlled = () => page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  await page.evaluate(
    () =>
      new Promise<void>((ok, fail) => {
        if (!navigator.serviceWorker) return fail(new Error('no service worker support'));
        const timer = setTimeout(() => fail(new Error('the app registered no service worker within 30 s')), 30_000);
        void navigator.serviceWorker.ready.then(() => {
          clearTimeout(timer);
          ok();
        });
      }),
  );
  if (!(await controlled())) await page.reload();
  await context.setOffline(true);
  await page.reload();
}
