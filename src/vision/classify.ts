/**
 * Runs the pip classifier on crops. Pure: the caller reads model.json and weights.bin (fs in Node,
 * fetch in the browser or a worker) and picks the tf.js backend (wasm: 56 crops in a few ms).
 *
 *   const clf = await loadClassifier(modelJson, weightsBytes);
 *   const { probs } = classify(clf, crops, count, 32);   // probs: count x 19, rows sum to 1
 *
 * Probabilities are calibrated by a temperature fitted on validation crops at training time
 * (minimum negative log-likelihood), stored in model.json's userDefinedMetadata.
 */
import * as tf from '@tensorflow/tfjs';
import { CLASSES, CROP_SIZE, cropsToTensor, faintCropFeatures } from './classifier-model';

export interface Classifier {
  model: tf.LayersModel;
  /** Softmax temperature: probs = softmax(logits / temperature). */
  temperature: number;
  classes: readonly string[];
  /** Crops read already (`remembering`): each read once. */
  memo?: Map<number, Float32Array>;
}

/**
 * The classifier for one frame: a crop it has read already in this frame (the same bytes) is not read
 * again, its probabilities are given back. A live frame's doubtful dominoes get a still image's look
 * after their live second look (read-table.ts), and that look cuts again many crops the second look
 * cut: on fresh dev live frames of lines, crosses and trains 14-22 % of the crops were such repeats
 * (still images: 0-22 of 1,432-16,500, so they are read without it). The network reads each crop on
 * its own, whatever the batch around it, so the probabilities are the same to the bit
 * (test/vision/classifier.test.ts). docs/reading-log.md, "The same readings in less time".
 */
export const remembering = (clf: Classifier): Classifier => ({ ...clf, memo: new Map() });

/**
 * A crop's bytes as one number (53 bits, from two 32-bit hashes), the memo's key: for the ~10^4
 * crops of a frame two different crops share one with a probability of ~10^-8.
 */
function cropKey(crops: Uint8Array, at: number, per: number): number {
  let a = 0x811c9dc5;
  let b = 0x2545f491;
  const end = at + per;
  for (let i = at; i < end; i += 4) {
    // Four bytes a step (past the end: 0): ~2 us a 32 px crop.
    const w = crops[i] | ((i + 1 < end ? crops[i + 1] : 0) << 8) | ((i + 2 < end ? crops[i + 2] : 0) << 16) | ((i + 3 < end ? crops[i + 3] : 0) << 24);
    a = Math.imul(a ^ w, 0x01000193);
    b = Math.imul(b ^ w, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x200000 + (b >>> 11);
}

export interface ClassifierMeta {
  temperature: number;
  classes: readonly string[];
}

/** model.json as written by src/cli/train.ts (a tf.js layers-model JSON). */
export interface ClassifierModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  userDefinedMetadata?: Partial<ClassifierMeta>;
  [key: string]: unknown;
}

export async function loadClassifier(modelJson: ClassifierModelJson, weights: Uint8Array | ArrayBuffer): Promise<Classifier> {
  const meta = modelJson.userDefinedMetadata ?? {};
  const classes = meta.classes ?? CLASSES;
  if (classes.length !== CLASSES.length || classes.some((c, i) => c !== CLASSES[i])) {
    throw new Error(`classifier: model classes [${classes.join(', ')}] differ from the code's`);
  }
  const temperature = meta.temperature ?? 1;
  if (!(temperature > 0)) throw new Error(`classifier: bad temperature ${temperature}`);
  const bytes = weights instanceof Uint8Array ? weights : new Uint8Array(weights);
  // A copy of exactly the weight bytes: a Node Buffer's ArrayBuffer may be a larger shared pool.
  const weightData = bytes.slice().buffer;
  const weightSpecs = modelJson.weightsManifest.flatMap((g) => g.weights);
  const model = await tf.loadLayersModel(tf.io.fromMemory({ modelTopology: modelJson.modelTopology, weightSpecs, weightData }));
  // One warm-up call: the first predict on wasm allocates and takes ~10x longer.
  tf.tidy(() => {
    model.predict(tf.zeros([1, ...model.inputs[0].shape.slice(1)] as number[]));
  });
  return { model, temperature, classes };
}

/**
 * Crops read per model call. tf.js's predict() cuts its input into batches of 32 with tf.slice, and
 * on wasm every slice copies the whole input tensor out of the heap first (tfjs-backend-wasm 4.22
 * `slice` -> readSync): a call on N crops copies N/32 times N crops. A still image's second look
 * (realign.ts) reads tens of thousands of crops at once, and a 1280x720 frame of a 30-40 degree camera
 * took over 10 minutes, all but a few seconds of it in that copying. So the crops go to the model in
 * chunks of this many, each one batch.
 */
const CHUNK = 256;

/**
 * count RGB crops of size x size x 3 bytes -> class probabilities, count x 19 (CLASSES order).
 * Each crop is read once, as it lies (a faint one also in its strongest colour: `readFaintAgain`). The classifier learnt every crop at a random quarter turn
 * (src/synth/crops.ts), so averaging its logits over a crop's turns was tried (2026-11-26), on fresh dev
 * still images (`npm run --silent eval -- --only vision --no-real --seed S --scenes 70`), scenes with
 * the pip total exact: two turns (0 and 180 degrees), seed 2053 52 -> 51, seed 2054 56 -> 56; all four,
 * 52 -> 51 and 56 -> 58 (triangles read right 83.0 -> 85.1 % on 2053, dominoes of 35 px and more
 * 99.28 -> 98.80 % there), the median frame 1.6-1.7 s -> 2.1-2.2 s (two) and 2.9-3.2 s (four): not
 * taken for every crop. Triangle corners alone are read at four turns: a still image's, and a live
 * frame's at its first reading (read-table.ts `classifyParts`).
 */
export function classify(clf: Classifier, crops: Uint8Array, count: number, size: number): { probs: Float32Array } {
  const { memo } = clf;
  if (!memo) return { probs: readCrops(clf, crops, count, size) };
  const per = size * size * 3;
  const keys = Array.from({ length: count }, (_, k) => cropKey(crops, k * per, per));
  const fresh: number[] = []; // one of each crop not read yet
  const taken = new Set<number>();
  keys.forEach((key, k) => {
    if (memo.has(key) || taken.has(key)) return;
    taken.add(key);
    fresh.push(k);
  });
  const batch = new Uint8Array(fresh.length * per);
  fresh.forEach((k, j) => batch.set(crops.subarray(k * per, (k + 1) * per), j * per));
  const got = readCrops(clf, batch, fresh.length, size);
  const C = CLASSES.length;
  fresh.forEach((k, j) => memo.set(keys[k], got.subarray(j * C, (j + 1) * C)));
  const out = new Float32Array(count * C);
  keys.forEach((key, k) => out.set(memo.get(key) as Float32Array, k * C));
  return { probs: out };
}

/** count crops read by the network, CHUNK at a time: their class probabilities. */
function readCrops(clf: Classifier, crops: Uint8Array, count: number, size: number): Float32Array {
  const out = new Float32Array(count * CLASSES.length);
  const per = size * size * 3;
  for (let start = 0; start < count; start += CHUNK) {
    const n = Math.min(CHUNK, count - start);
    const probs = tf.tidy(() => {
      const input = cropsToTensor(crops.subarray(start * per, (start + n) * per), n, size);
      const logits = clf.model.predict(input, { batchSize: n }) as tf.Tensor2D;
      return tf.softmax(tf.div(logits, clf.temperature));
    });
    out.set(probs.dataSync() as Float32Array, start * CLASSES.length);
    probs.dispose();
    readFaintAgain(clf, crops.subarray(start * per, (start + n) * per), n, size, out.subarray(start * CLASSES.length));
  }
  return out;
}

/**
 * The faint crops (classifier-model.ts `strongestMix`: marks a few grey levels from the body in luma,
 * clearer in colour) read again in their strongest colour; the surer of the two readings is kept in
 * `probs` (count x 19, the crops' rows). The network learnt grey crops only, so a crop is not read in
 * colour alone: a faint light blue 1 that luma read right was read as a blank in colour (dev still 81
 * of seed 8501). docs/reading-log.md, "Faint coloured pips read in their strongest colour".
 */
function readFaintAgain(clf: Classifier, crops: Uint8Array, count: number, size: number, probs: Float32Array): void {
  const { faint, features } = faintCropFeatures(crops, count, size);
  if (faint.length === 0) return;
  const C = CLASSES.length;
  const again = tf.tidy(() => {
    const logits = clf.model.predict(tf.tensor4d(features, [faint.length, CROP_SIZE, CROP_SIZE, 1]), { batchSize: faint.length }) as tf.Tensor2D;
    return tf.softmax(tf.div(logits, clf.temperature));
  });
  const got = again.dataSync() as Float32Array;
  again.dispose();
  faint.forEach((k, j) => {
    const colour = got.subarray(j * C, (j + 1) * C);
    const grey = probs.subarray(k * C, (k + 1) * C);
    if (Math.max(...colour) > Math.max(...grey)) grey.set(colour);
  });
}

export function disposeClassifier(clf: Classifier): void {
  clf.model.dispose();
}
