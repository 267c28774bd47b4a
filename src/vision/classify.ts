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
import { CLASSES, cropsToTensor } from './classifier-model';

export interface Classifier {
  model: tf.LayersModel;
  /** Softmax temperature: probs = softmax(logits / temperature). */
  temperature: number;
  classes: readonly string[];
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

/** count RGB crops of size x size x 3 bytes -> class probabilities, count x 19 (CLASSES order). */
export function classify(clf: Classifier, crops: Uint8Array, count: number, size: number): { probs: Float32Array } {
  if (count === 0) return { probs: new Float32Array(0) };
  const probs = tf.tidy(() => {
    const logits = clf.model.predict(cropsToTensor(crops, count, size)) as tf.Tensor2D;
    return tf.softmax(tf.div(logits, clf.temperature));
  });
  const out = probs.dataSync() as Float32Array;
  probs.dispose();
  return { probs: Float32Array.from(out) };
}

export function disposeClassifier(clf: Classifier): void {
  clf.model.dispose();
}
