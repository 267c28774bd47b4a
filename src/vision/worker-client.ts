/**
 * The page's handle on the vision worker (worker.ts): start it, wait until OpenCV.js, tf.js and
 * both models are loaded, send frames, get TableReadings back (spec/table-reading.md, in the
 * frame's own pixels, with `ms`). Every failure becomes a rejected promise with a clear message.
 *
 *   const vision = startVision();                 // models from `${import.meta.env.BASE_URL}models/`
 *   const { backend, ms } = await vision.ready;   // 'wasm', load time in ms
 *   const reading = await vision.read(imageData); // or an ImageBitmap: one of the camera's frames
 *   const photo = await vision.read(imageData, { still: true }); // a photo, read as `analyze` reads it
 *   vision.terminate();
 */
import type { JointRule } from './joints';
import type { TableReading } from './types';
import type { FromWorker, ToWorker, VisionBackend } from './worker-messages';

export interface VisionClient {
  ready: Promise<{ backend: string; ms: number }>;
  /**
   * One frame; `transfer` hands an ImageBitmap over to the worker (it is closed for the caller);
   * `still`: a photo, read as `analyze` reads a file (slower, surer), not as one of the camera's frames.
   * `joints`: the game's joint rule (joints.ts `jointsFor`); absent: 'equal'.
   */
  read(image: ImageData | ImageBitmap, options?: { transfer?: boolean; still?: boolean; joints?: JointRule }): Promise<TableReading>;
  terminate(): void;
  /** Live tf.js tensors and OpenCV Mats in the worker (leak checks: they return to where they were). */
  stats(): Promise<{ tensors: number; mats: number }>;
}

export interface VisionOptions {
  /** Where the app is served from (default import.meta.env.BASE_URL); models live under `${base}models/`. */
  base?: string;
  backend?: VisionBackend;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

export function startVision(options: VisionOptions = {}): VisionClient {
  // The worker resolves URLs against its own script: hand it an absolute base.
  const base = new URL(options.base ?? import.meta.env.BASE_URL, document.baseURI).href;
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'pips-vision' });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let dead: Error | null = null;

  const fail = (e: Error) => {
    dead ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  const ask = <T>(message: ToWorker, transfer: Transferable[] = []): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (dead) return reject(dead);
      pending.set(message.id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        worker.postMessage(message, transfer);
      } catch (e) {
        pending.delete(message.id);
        reject(new Error(`cannot send the frame to the vision worker: ${(e as Error).message}`));
      }
    });

  worker.onmessage = (ev: MessageEvent<FromWorker>) => {
    const m = ev.data;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.type === 'error') p.reject(new Error(m.message));
    else if (m.type === 'ready') p.resolve({ backend: m.backend, ms: m.ms });
    else if (m.type === 'stats') p.resolve({ tensors: m.tensors, mats: m.mats });
    else p.resolve(m.reading);
  };
  worker.onerror = (ev: ErrorEvent) => {
    ev.preventDefault();
    fail(new Error(`the vision worker failed: ${ev.message || 'it could not be loaded'}`));
  };
  worker.onmessageerror = () => fail(new Error('the vision worker sent a message that could not be read'));

  const ready = ask<{ backend: string; ms: number }>({ type: 'init', id: nextId++, base, backend: options.backend ?? 'wasm' });
  ready.catch(() => undefined); // a page that never asks is not told twice; `await ready` still throws
  return {
    ready,
    read(image, opts = {}) {
      const frame = image as ImageData | ImageBitmap;
      if (!frame || !(frame.width > 0) || !(frame.height > 0)) return Promise.reject(new Error('read() needs an ImageData or ImageBitmap with pixels'));
      const transfer = opts.transfer && typeof ImageBitmap !== 'undefined' && frame instanceof ImageBitmap ? [frame] : [];
      return ask<TableReading>({ type: 'read', id: nextId++, frame, ...(opts.still ? { still: true } : {}), ...(opts.joints ? { joints: opts.joints } : {}) }, transfer);
    },
    stats() {
      return ask({ type: 'stats', id: nextId++ });
    },
    terminate() {
      worker.terminate();
      fail(new Error('the vision worker was stopped'));
    },
  };
}
