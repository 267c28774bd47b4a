/**
 * The camera path in Node: OpenCV.js, TF.js on the wasm backend, and the two committed models
 * (models/segmenter: finds tiles; models/classifier: reads halves and corners), loaded once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import exifr from 'exifr';
import { decodeImage } from '../synth/encode';
import { loadClassifier, disposeClassifier, type Classifier, type ClassifierModelJson } from '../vision/classify';
import { loadOpenCv } from '../vision/opencv';
import { applyOrientation } from '../vision/orientation';
import { readTable } from '../vision/read-table';
import { carryMemory } from '../vision/carry-over';
import { createLiveSegmenter, regionMemory, type LiveLook } from '../vision/live-region';
import { createSegmenter } from '../vision/segment';
import { planeMemory } from '../vision/table-plane';
import type { JointRule } from '../vision/joints';
import { loadProbeNet } from '../vision/probe-net';
import { loadTileNet, type TileNetFiles } from '../vision/tile-net';
import type { TileCandidate } from '../vision/segment-types';
import type { Rgba, TableReading } from '../vision/types';

const MODELS = process.env.PIPS_MODELS ?? join(import.meta.dirname, '..', '..', 'models');

export interface NodeVision {
  /**
   * `newTable` (a live reader's): the frame read as the first of a table, as if the camera had just been pointed at it.
   * `joints`: the game's joint rule (joints.ts `jointsFor`); absent: 'equal'.
   */
  readFrame(image: Rgba, opts?: { newTable?: boolean; joints?: JointRule }): TableReading;
  /** How a live reader with `region` looked at the latest frame (live-region.ts). */
  lastLook(): LiveLook | undefined;
  /** The same reading with the tiles' outlines handed in instead of found (the eval's --true-outlines). */
  readOutlined(image: Rgba, tiles: TileCandidate[]): TableReading;
  /** A JPEG or PNG file's bytes, EXIF orientation applied first. */
  readBytes(bytes: Uint8Array): Promise<TableReading>;
  /** A JPEG or PNG file's pixels as a person sees them (EXIF orientation applied): what `readBytes` reads. */
  decode(bytes: Uint8Array): Promise<Rgba>;
  dispose(): void;
}

function modelFiles(dir: string): { modelJson: unknown; weights: Uint8Array } {
  const modelJson = JSON.parse(readFileSync(join(MODELS, dir, 'model.json'), 'utf8')) as unknown;
  return { modelJson, weights: new Uint8Array(readFileSync(join(MODELS, dir, 'weights.bin'))) };
}

/** The committed classifier (models/classifier, or PIPS_MODELS), on the backend already set. */
export async function loadNodeClassifier(): Promise<Classifier> {
  const c = modelFiles('classifier');
  return loadClassifier(c.modelJson as ClassifierModelJson, c.weights);
}

/**
 * `fine`: a still image's reading (the segmenter's finer looks, segment.ts; every tile looked at again,
 * realign.ts), on unless turned off: the live camera's reading instead. `region` (live only): frames
 * are one camera's, as the app reads its camera: each is looked at only where it holds tiles or changed
 * (live-region.ts), and a tile that lies and reads as in the last frame keeps its reading
 * (carry-over.ts); without it every frame is looked at whole and read afresh.
 */
export async function loadNodeVision({ fine = true, region = false }: { fine?: boolean; region?: boolean } = {}): Promise<NodeVision> {
  await tf.setBackend('wasm');
  await tf.ready();
  const cv = await loadOpenCv();
  const classifier = await loadNodeClassifier();
  const net = await loadTileNet(modelFiles('segmenter') as TileNetFiles);
  const probe = !fine && region ? await loadProbeNet(modelFiles('probe') as TileNetFiles) : undefined;
  const memory = regionMemory();
  const segment = probe ? createLiveSegmenter({ cv, net, probe }, memory) : createSegmenter({ cv, net, fine });
  const carry = carryMemory();
  const reader = { segment, classifier, still: fine, ...(fine ? {} : { plane: planeMemory() }), ...(!fine && region ? { carry } : {}) };
  const readFrame = (image: Rgba, opts?: { newTable?: boolean; joints?: JointRule }) => {
    if (opts?.newTable) {
      Object.assign(memory, regionMemory());
      Object.assign(carry, carryMemory());
    }
    return readTable(image, opts?.joints ? { ...reader, joints: opts.joints } : reader);
  };
  return {
    readFrame,
    lastLook: () => memory.last,
    readOutlined: (image, tiles) => readTable(image, { ...reader, segment: () => tiles }),
    decode: decodeOriented,
    async readBytes(bytes) {
      return readFrame(await decodeOriented(bytes));
    },
    dispose() {
      disposeClassifier(classifier);
      net.dispose();
      probe?.dispose();
    },
  };
}

const isJpeg = (b: Uint8Array): boolean => b.length > 3 && b[0] === 0xff && b[1] === 0xd8;
const isPng = (b: Uint8Array): boolean => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

async function decodeOriented(bytes: Uint8Array): Promise<Rgba> {
  const decoded = decodeBytes(bytes);
  const orientation = isJpeg(bytes) ? await exifr.orientation(bytes).catch(() => undefined) : undefined;
  return applyOrientation(decoded, orientation);
}

function decodeBytes(bytes: Uint8Array): Rgba {
  if (!isJpeg(bytes) && !isPng(bytes)) throw new Error('not a JPEG or PNG image');
  try {
    const img = decodeImage(bytes);
    return { width: img.width, height: img.height, data: img.data };
  } catch (e) {
    throw new Error(`cannot decode the image: ${(e as Error).message}`);
  }
}
