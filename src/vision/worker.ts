/**
 * The vision Web Worker: the camera path (read-table.ts) off the page's thread. Started by
 * worker-client.ts as a module worker; answers `init` once (tf.js backend, OpenCV.js, both models)
 * and then each `read` with a TableReading in the caller's frame pixels (frames wider than 1280 px
 * are read at 1280, a still photo's up to 1920: frame-scale.ts), `ms.prepare` and `ms.frame` added
 * (pixels out of the frame, and the whole frame's time in the worker). A `still` read is a photo's: read
 * as `analyze` reads a file (the segmenter's finer looks, every tile looked at again), not as one of
 * the camera's frames.
 *
 * tf.js runs on the wasm backend by default (in headless Chromium WebGL is SwiftShader, ~30x
 * slower: toolchain.md); single-threaded, since threads need cross-origin isolation and crashed in
 * a minified build. The .wasm files come from Vite (`?url`: served in dev, hashed assets in a build).
 */
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import { loadClassifier, type ClassifierModelJson } from './classify';
import { PHOTO_MAX_WIDTH, readSize, scaleReading } from './frame-scale';
import { liveMats } from './opencv';
import { readTable, type Reader } from './read-table';
import { createLiveSegmenter } from './live-region';
import { createSegmenter } from './segment';
import { planeMemory } from './table-plane';
import { carryMemory } from './carry-over';
import { loadProbeNet } from './probe-net';
import { loadTileNet, type TileNetFiles } from './tile-net';
import type { JointRule } from './joints';
import type { Rgba } from './types';
import type { FromWorker, ToWorker, VisionBackend } from './worker-messages';
import { chooseBackend } from './backend-choice';

const post = (m: FromWorker) => (self as unknown as Worker).postMessage(m);

/** The camera's frames (live) and still photos, one tile network and classifier for both. */
interface Readers {
  live: Reader;
  still: Reader;
}

let readers: Promise<Readers> | null = null;

/**
 * The renderer behind WebGL in this worker, or null without WebGL. SwiftShader, llvmpipe and other
 * software renderers run the tile network at ~2.2 s a frame against ~90 ms on wasm (bench:app,
 * headless Chromium here), so 'auto' takes WebGL only from a hardware GPU.
 */
function webglRenderer(): string | null {
  try {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2') ?? new OffscreenCanvas(1, 1).getContext('webgl');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  } catch {
    return null;
  }
}

async function startBackend(wanted: VisionBackend): Promise<string> {
  const backend = wanted === 'auto' ? chooseBackend(webglRenderer()) : wanted;
  if (backend === 'wasm') {
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    // The threaded binary is never fetched (threads off); the map must still name it.
    setWasmPaths({ 'tfjs-backend-wasm.wasm': wasmPlain, 'tfjs-backend-wasm-simd.wasm': wasmSimd, 'tfjs-backend-wasm-threaded-simd.wasm': wasmSimd });
  }
  if (!(await tf.setBackend(backend))) throw new Error(`the tf.js ${backend} backend did not start in this browser`);
  await tf.ready();
  return tf.getBackend();
}

/** model.json and its weights, concatenated in manifest order. */
async function fetchModel(dir: string): Promise<{ modelJson: ClassifierModelJson; weights: Uint8Array }> {
  const get = async (url: string): Promise<Response> => {
    const res = await fetch(url).catch((e: unknown) => {
      throw new Error(`cannot load ${url}: ${(e as Error).message}`);
    });
    if (!res.ok) throw new Error(`cannot load ${url}: HTTP ${res.status}`);
    return res;
  };
  const url = `${dir}model.json`;
  const res = await get(url);
  // A server's fallback page (an SPA answers unknown paths with index.html) is not a model.
  const modelJson = (await res.json().catch(() => {
    throw new Error(`cannot load ${url}: not a model.json (${res.headers.get('content-type') ?? 'no content type'})`);
  })) as ClassifierModelJson;
  const parts = await Promise.all(modelJson.weightsManifest.flatMap((g) => g.paths).map(async (p) => new Uint8Array(await (await get(new URL(p, dir).href)).arrayBuffer())));
  const weights = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    weights.set(p, at);
    at += p.length;
  }
  return { modelJson, weights };
}

async function init(base: string, backend: VisionBackend): Promise<{ readers: Readers; backend: string }> {
  const [name, { cv }, classifierFiles, segmenterFiles, probeFiles] = await Promise.all([
    startBackend(backend),
    import('./opencv-browser').then((m) => m.loadBrowserOpenCv()),
    fetchModel(`${base}models/classifier/`),
    fetchModel(`${base}models/segmenter/`),
    fetchModel(`${base}models/probe/`),
  ]);
  const classifier = await loadClassifier(classifierFiles.modelJson, classifierFiles.weights);
  const net = await loadTileNet(segmenterFiles as unknown as TileNetFiles);
  const probe = await loadProbeNet(probeFiles as unknown as TileNetFiles);
  // Live frames: without the segmenter's finer looks (segment.ts `fine`), which would cost ~5x the time a frame.
  // The table's plane is kept from frame to frame while the frames' sure tiles still fit it (table-plane.ts `livePlane`),
  // a frame goes through the tile network only where it holds tiles or changed (live-region.ts), and a tile that
  // lies and reads as in the last frame keeps its reading instead of a second look (carry-over.ts).
  // A still photo: read once, as analyze reads a file (finer looks, every tile looked at again, the plane fitted afresh).
  const live = { segment: createLiveSegmenter({ cv, net, probe }), classifier, plane: planeMemory(), carry: carryMemory() };
  return { readers: { live, still: { segment: createSegmenter({ cv, net, fine: true }), classifier, still: true } }, backend: name };
}

let canvas: OffscreenCanvas | null = null;

/** The frame's RGBA pixels at the size it is read at. */
async function pixelsOf(frame: ImageData | ImageBitmap, still: boolean): Promise<Rgba> {
  const size = readSize(frame.width, frame.height, still ? PHOTO_MAX_WIDTH : undefined);
  if (frame instanceof ImageData && size.width === frame.width) return frame;
  const source = frame instanceof ImageData ? await createImageBitmap(frame) : frame;
  canvas ??= new OffscreenCanvas(size.width, size.height);
  if (canvas.width !== size.width || canvas.height !== size.height) {
    canvas.width = size.width;
    canvas.height = size.height;
  }
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D canvas in this worker');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, size.width, size.height);
  if (source !== frame) source.close();
  return ctx.getImageData(0, 0, size.width, size.height);
}

async function read(id: number, frame: ImageData | ImageBitmap, still: boolean, joints?: JointRule): Promise<void> {
  if (!readers) throw new Error('the vision worker was not started (no init message)');
  const r = await readers;
  const t0 = performance.now();
  const to = { width: frame.width, height: frame.height };
  const image = await pixelsOf(frame, still);
  if ('close' in frame) frame.close();
  const t1 = performance.now();
  const reader = still ? r.still : r.live;
  const reading = scaleReading(readTable(image, joints ? { ...reader, joints } : reader), to);
  const ms = { ...reading.ms, prepare: round1(t1 - t0), frame: round1(performance.now() - t0) };
  post({ type: 'reading', id, reading: { ...reading, ms } });
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : typeof e === 'object' && e && 'message' in e ? String(e.message) : String(e));

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  if (m.type === 'init') {
    const t0 = performance.now();
    const started = init(m.base, m.backend);
    readers = started.then((s) => s.readers);
    readers.catch(() => undefined); // reported once below; each later read reports it too
    started.then(
      (s) => post({ type: 'ready', id: m.id, backend: s.backend, ms: Math.round(performance.now() - t0) }),
      (e: unknown) => post({ type: 'error', id: m.id, message: `the camera path did not start: ${messageOf(e)}` }),
    );
  } else if (m.type === 'read') {
    read(m.id, m.frame, m.still === true, m.joints).catch((e: unknown) => post({ type: 'error', id: m.id, message: `reading the frame failed: ${messageOf(e)}` }));
  } else if (m.type === 'stats') {
    post({ type: 'stats', id: m.id, tensors: tf.memory().numTensors, mats: liveMats() });
  }
};
