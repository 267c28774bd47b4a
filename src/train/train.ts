/**
 * Trains the pip classifier on rendered crops with tf.js on wasm (src/train/wasm-backend.ts), with
 * a fixed seed: initial weights (seeded initialisers), batch order and augmentation (createRng),
 * dropout masks (seeded per step). Evaluates per class, fits a softmax temperature on validation
 * crops, and hands back the model and a report; src/cli/train.ts writes them to models/.
 */
import * as tf from '@tensorflow/tfjs';
import { createRng, shuffle } from '../rules/random';
import { CLASSES, CROP_SIZE, buildClassifier } from '../vision/classifier-model';
import { makeBatch, type CropSet } from './crop-data';

export interface TrainOptions {
  seed: number;
  epochs: number;
  batchSize: number;
  learningRate: number;
  /** Dropout on the flattened features during training only (the saved model has no dropout layer). */
  dropout: number;
  /** Start from these weights (a trained classifier of the same widths) instead of fresh ones: fine-tuning. */
  init?: tf.Tensor[];
  log: (line: string) => void;
}

export interface ClassAccuracy {
  name: string;
  count: number;
  accuracy: number;
}

export interface Evaluation {
  count: number;
  accuracy: number;
  perClass: ClassAccuracy[];
  /** Accuracy by apparent half size: < 20 px, 20-35 px, >= 35 px. */
  perSize: { bucket: string; count: number; accuracy: number }[];
  nll: number;
}

export interface TrainResult {
  model: tf.Sequential;
  temperature: number;
  train: Evaluation;
  validation: Evaluation;
  epochLog: string[];
  seconds: number;
}

/** Forward pass in training mode: dropout (seeded by step) after the Flatten layer. */
function forwardTrain(model: tf.Sequential, x: tf.Tensor, dropout: number, step: number): tf.Tensor {
  let h = x;
  for (const layer of model.layers) {
    h = layer.apply(h, { training: true }) as tf.Tensor;
    if (dropout > 0 && layer.getClassName() === 'Flatten') h = tf.dropout(h, dropout, undefined, 7919 * (step + 1));
  }
  return h;
}

/** Logits for every crop of a set, in batches, without augmentation. */
export function predictLogits(model: tf.LayersModel, set: CropSet, batchSize = 256): Float32Array {
  const out = new Float32Array(set.count * CLASSES.length);
  for (let start = 0; start < set.count; start += batchSize) {
    const idx = Array.from({ length: Math.min(batchSize, set.count - start) }, (_, k) => start + k);
    const { x } = makeBatch(set, idx, null);
    const logits = tf.tidy(() => model.predict(tf.tensor4d(x, [idx.length, CROP_SIZE, CROP_SIZE, 1])) as tf.Tensor);
    out.set(logits.dataSync(), start * CLASSES.length);
    logits.dispose();
  }
  return out;
}

/** log-softmax of one row of logits divided by t. */
function logSoftmaxAt(logits: Float32Array, row: number, t: number, k: number): number {
  const C = CLASSES.length;
  let max = -Infinity;
  for (let c = 0; c < C; c++) max = Math.max(max, logits[row * C + c] / t);
  let sum = 0;
  for (let c = 0; c < C; c++) sum += Math.exp(logits[row * C + c] / t - max);
  return logits[row * C + k] / t - max - Math.log(sum);
}

export function meanNll(logits: Float32Array, classes: Int32Array, t: number): number {
  let s = 0;
  for (let i = 0; i < classes.length; i++) s -= logSoftmaxAt(logits, i, t, classes[i]);
  return s / classes.length;
}

/** The temperature in [0.25, 8] that minimises validation NLL (golden-section search on log t). */
export function fitTemperature(logits: Float32Array, classes: Int32Array): number {
  let lo = Math.log(0.25);
  let hi = Math.log(8);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (meanNll(logits, classes, Math.exp(a)) < meanNll(logits, classes, Math.exp(b))) hi = b;
    else lo = a;
  }
  return Math.exp((lo + hi) / 2);
}

export function evaluate(logits: Float32Array, set: CropSet, temperature = 1): Evaluation {
  const C = CLASSES.length;
  const hits = new Float64Array(C);
  const counts = new Float64Array(C);
  const buckets = [
    { bucket: 'px < 20', lo: 0, hi: 20, n: 0, ok: 0 },
    { bucket: '20 <= px < 35', lo: 20, hi: 35, n: 0, ok: 0 },
    { bucket: 'px >= 35', lo: 35, hi: Infinity, n: 0, ok: 0 },
  ];
  for (let i = 0; i < set.count; i++) {
    let best = 0;
    for (let c = 1; c < C; c++) if (logits[i * C + c] > logits[i * C + best]) best = c;
    const ok = best === set.classes[i] ? 1 : 0;
    counts[set.classes[i]]++;
    hits[set.classes[i]] += ok;
    const b = buckets.find((q) => set.px[i] >= q.lo && set.px[i] < q.hi)!;
    b.n++;
    b.ok += ok;
  }
  const total = hits.reduce((a, v) => a + v, 0);
  return {
    count: set.count,
    accuracy: total / set.count,
    perClass: CLASSES.map((name, c) => ({ name, count: counts[c], accuracy: counts[c] ? hits[c] / counts[c] : NaN })),
    perSize: buckets.map((b) => ({ bucket: b.bucket, count: b.n, accuracy: b.n ? b.ok / b.n : NaN })),
    nll: meanNll(logits, set.classes, temperature),
  };
}

/** Warm-up over the first 3% of steps, then cosine decay to 3% of the peak rate. */
function learningRateAt(step: number, total: number, peak: number): number {
  const warm = Math.max(1, Math.round(total * 0.03));
  if (step < warm) return (peak * (step + 1)) / warm;
  const p = (step - warm) / Math.max(1, total - warm);
  return peak * (0.03 + 0.97 * 0.5 * (1 + Math.cos(Math.PI * p)));
}

export function trainClassifier(trainSet: CropSet, valSet: CropSet, opts: TrainOptions): TrainResult {
  const t0 = performance.now();
  const model = buildClassifier(opts.seed);
  if (opts.init) model.setWeights(opts.init);
  const optimizer = tf.train.adam(opts.learningRate);
  const rng = createRng(opts.seed);
  const stepsPerEpoch = Math.floor(trainSet.count / opts.batchSize);
  const total = stepsPerEpoch * opts.epochs;
  const order = Array.from({ length: trainSet.count }, (_, i) => i);
  const epochLog: string[] = [];
  let step = 0;
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    const te = performance.now();
    shuffle(order, rng);
    let lossSum = 0;
    for (let b = 0; b < stepsPerEpoch; b++, step++) {
      (optimizer as unknown as { learningRate: number }).learningRate = learningRateAt(step, total, opts.learningRate);
      const { x, y } = makeBatch(trainSet, order.slice(b * opts.batchSize, (b + 1) * opts.batchSize), rng);
      const loss = tf.tidy(() => {
        const xs = tf.tensor4d(x, [y.length, CROP_SIZE, CROP_SIZE, 1]);
        const ys = tf.oneHot(tf.tensor1d(y, 'int32'), CLASSES.length);
        const vars = model.trainableWeights.map((w) => w.read() as tf.Variable);
        return optimizer.minimize(() => tf.losses.softmaxCrossEntropy(ys, forwardTrain(model, xs, opts.dropout, step)) as tf.Scalar, true, vars)!;
      });
      lossSum += loss.dataSync()[0];
      loss.dispose();
    }
    const val = evaluate(predictLogits(model, valSet), valSet);
    const line = `epoch ${epoch + 1}/${opts.epochs}: loss ${(lossSum / stepsPerEpoch).toFixed(4)}, validation accuracy ${(val.accuracy * 100).toFixed(2)}%, nll ${val.nll.toFixed(4)}, ${((performance.now() - te) / 1000).toFixed(0)} s`;
    epochLog.push(line);
    opts.log(line);
  }
  optimizer.dispose();
  const valLogits = predictLogits(model, valSet);
  const temperature = fitTemperature(valLogits, valSet.classes);
  const trainSample: CropSet = { ...trainSet, count: Math.min(trainSet.count, valSet.count) };
  return {
    model,
    temperature,
    train: evaluate(predictLogits(model, trainSample), trainSample),
    validation: evaluate(valLogits, valSet, temperature),
    epochLog,
    seconds: (performance.now() - t0) / 1000,
  };
}
