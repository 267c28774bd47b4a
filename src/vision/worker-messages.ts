/** The messages between the page (worker-client.ts) and the vision worker (worker.ts). */
import type { JointRule } from './joints';
import type { TableReading } from './types';

/** 'auto': WebGL on a hardware GPU, wasm where WebGL is a software renderer or absent (worker.ts). */
export type VisionBackend = 'wasm' | 'webgl' | 'auto';

export type ToWorker =
  /** Absolute URL the models live under (`${base}models/classifier/`, `${base}models/segmenter/`). */
  | { type: 'init'; id: number; base: string; backend: VisionBackend }
  /**
   * `still`: a photo, read as `analyze` reads a file; otherwise one of the live camera's frames.
   * `joints`: whether the dominoes' halves that meet carry one number in the game played (domino-ends.ts; absent: 'equal').
   */
  | { type: 'read'; id: number; frame: ImageData | ImageBitmap; still?: boolean; joints?: JointRule }
  /** Live tf.js tensors and OpenCV Mats, for leak checks. */
  | { type: 'stats'; id: number };

export type FromWorker =
  | { type: 'ready'; id: number; backend: string; ms: number }
  | { type: 'reading'; id: number; reading: TableReading }
  | { type: 'stats'; id: number; tensors: number; mats: number }
  | { type: 'error'; id: number; message: string };
