/**
 * Test page for the vision worker in real Chromium (vision.e2e.ts, npm run bench:app): no app UI,
 * just `window.__pipsVision`, which starts the worker and reads demo frames, any picture URL, or a
 * frame of the (fake) camera.
 */
import type { TableReading } from '../../src/vision/types';
import { startVision, type VisionClient } from '../../src/vision/worker-client';

export interface VisionPageApi {
  start(opts?: { backend?: 'wasm' | 'webgl'; base?: string }): Promise<{ backend: string; ms: number }>;
  /**
   * Reads the picture at `url` (relative to the app's base), drawn at `width` px wide (default: its own
   * size), as ImageData or ImageBitmap; `still`: as a photo (worker-client.ts), not as a camera frame.
   */
  readUrl(url: string, opts?: { width?: number; as?: 'imagedata' | 'bitmap'; still?: boolean }): Promise<{ reading: TableReading; roundTripMs: number }>;
  /** Reads a frame of the camera; `meanDiff` compares it with the picture at `compareUrl` (mean |RGB difference|). */
  readCamera(compareUrl?: string): Promise<{ reading: TableReading; width: number; height: number; meanDiff?: number }>;
  /** Sends something that is not a frame. */
  readJunk(): Promise<TableReading>;
  stats(): Promise<{ tensors: number; mats: number }>;
  stop(): void;
}

let client: VisionClient | null = null;
const status = document.getElementById('status') as HTMLElement;

function pixels(source: CanvasImageSource, w: number, h: number): ImageData {
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
  ctx.drawImage(source, 0, 0, w, h);
  return ctx.getImageData(0, 0, w, h);
}

/** `url` relative to the app's base (e.g. 'demo/frame-1.jpg'), not to this page. */
async function bitmapOf(url: string): Promise<ImageBitmap> {
  const res = await fetch(new URL(url, new URL(import.meta.env.BASE_URL, location.href)));
  if (!res.ok) throw new Error(`cannot load ${url}: HTTP ${res.status}`);
  return createImageBitmap(await res.blob());
}

async function frameOf(url: string, width?: number, as: 'imagedata' | 'bitmap' = 'imagedata'): Promise<ImageData | ImageBitmap> {
  const bitmap = await bitmapOf(url);
  const w = width ?? bitmap.width;
  const h = Math.round((bitmap.height * w) / bitmap.width);
  if (as === 'bitmap' && w === bitmap.width) return bitmap;
  const data = pixels(bitmap, w, h);
  bitmap.close();
  return as === 'bitmap' ? createImageBitmap(data) : data;
}

async function cameraFrame(): Promise<ImageData> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = stream;
  await video.play();
  while (video.videoWidth === 0) await new Promise((ok) => setTimeout(ok, 50));
  const frame = pixels(video, video.videoWidth, video.videoHeight);
  stream.getTracks().forEach((t) => t.stop());
  return frame;
}

function need(): VisionClient {
  if (!client) throw new Error('call start() first');
  return client;
}

const api: VisionPageApi = {
  async start(opts = {}) {
    client?.terminate();
    client = startVision(opts);
    const r = await client.ready;
    status.textContent = `ready: ${r.backend}`;
    return r;
  },
  async readUrl(url, opts = {}) {
    const frame = await frameOf(url, opts.width, opts.as);
    const t0 = performance.now();
    const reading = await need().read(frame, { still: opts.still });
    return { reading, roundTripMs: performance.now() - t0 };
  },
  async readCamera(compareUrl) {
    const frame = await cameraFrame();
    let meanDiff: number | undefined;
    if (compareUrl) {
      const ref = pixels(await bitmapOf(compareUrl), frame.width, frame.height);
      let sum = 0;
      for (let i = 0; i < ref.data.length; i += 4) for (let c = 0; c < 3; c++) sum += Math.abs(ref.data[i + c] - frame.data[i + c]);
      meanDiff = sum / ((ref.data.length / 4) * 3);
    }
    const reading = await need().read(frame);
    return { reading, width: frame.width, height: frame.height, meanDiff };
  },
  readJunk() {
    return need().read({ width: 0, height: 0 } as unknown as ImageData);
  },
  stats() {
    return need().stats();
  },
  stop() {
    client?.terminate();
    client = null;
  },
};

(window as unknown as { __pipsVision: VisionPageApi }).__pipsVision = api;
status.textContent = 'page ready';
