/**
 * `npx tsx src/train/classifier-from-torch.ts DIR [--seeds A-B] [--mean-with MODEL [--share S]] [--out models/classifier]`
 * Turns the weights a GPU run of src/train/torch/train_classifier.py wrote (DIR/torch-classifier.bin
 * and .json) into the tf.js classifier classify.ts loads: checks that tf.js gives PyTorch's logits
 * on the run's check crops (exit 1 when not), fits the softmax temperature on the validation crops
 * (seeds 800-803, as `npm run train`), evaluates, and writes model.json, weights.bin and card.md;
 * --seeds names the crop seeds the run's renderers used, for the card. --mean-with MODEL: after the check,
 * the run's weights are averaged with those of the tf.js classifier in MODEL (same widths), weight for
 * weight, the run's weighing S (default 0.5): a fine-tuning run (`--init MODEL`) taken only part of the way.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { CLASSES, CLASSIFIER_WIDTHS, CROP_SIZE, buildClassifier } from '../vision/classifier-model';
import { renderCrops } from './crop-data';
import { modelCard } from './model-card';
import { classifyMs, modelFiles } from './save-model';
import { evaluate, fitTemperature, predictLogits } from './train';
import { useWasmBackend } from './wasm-backend';

interface TorchRun {
  steps: number;
  batch: number;
  crops: number;
  seconds: number;
  lr: number;
  dropout: number;
  log: string[];
  check_input: number[];
  check_output: number[];
  /** The network's widths (absent in runs from before widths could be chosen: the shipped ones). */
  widths?: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: 'models/classifier' }, seeds: { type: 'string' }, 'mean-with': { type: 'string' }, share: { type: 'string', default: '0.5' } } });
const dir = positionals[0];
if (!dir) throw new Error('usage: classifier-from-torch.ts DIR [--out DIR]');
await useWasmBackend();
const meanWith = values['mean-with'];
const share = Number(values.share);
if (meanWith && !(share > 0 && share < 1)) throw new Error(`--share ${values.share}: the run's share of the mean, between 0 and 1`);
/** A file of float32 weights. */
const floats = (path: string): Float32Array => {
  const b = readFileSync(path);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};
const run = JSON.parse(readFileSync(join(dir, 'torch-classifier.json'), 'utf8')) as TorchRun;
const flat = floats(join(dir, 'torch-classifier.bin'));
const widths = run.widths ?? [...CLASSIFIER_WIDTHS];
const model = buildClassifier(1, widths);
/** Sets the network's weights from one flat array, in the order both the torch run and weights.bin keep them. */
function setFlat(values: Float32Array): void {
  let at = 0;
  const tensors = model.weights.map((w) => {
    const shape = w.shape.map((v) => v ?? 1);
    const size = shape.reduce((a, v) => a * v, 1);
    const t = tf.tensor(values.subarray(at, at + size), shape);
    at += size;
    return t;
  });
  if (at !== values.length) throw new Error(`the torch run has ${values.length} weights, the network ${at}`);
  model.setWeights(tensors);
  tf.dispose(tensors);
}
setFlat(flat);
const n = run.check_input.length / (CROP_SIZE * CROP_SIZE);
const got = tf.tidy(() => (model.predict(tf.tensor4d(run.check_input, [n, CROP_SIZE, CROP_SIZE, 1])) as tf.Tensor).dataSync() as Float32Array);
let worst = 0;
let scale = 1;
run.check_output.forEach((v, i) => {
  worst = Math.max(worst, Math.abs(v - got[i]));
  scale = Math.max(scale, Math.abs(v));
});
// Relative: a run that computed the check on the GPU did so in TF32 (about 1e-4 of the largest logit).
process.stdout.write(`tf.js vs torch on ${n} check crops: largest logit difference ${worst.toExponential(2)} (largest logit ${scale.toFixed(1)})\n`);
if (!(worst < 1e-3 * scale)) {
  process.stderr.write('tf.js does not reproduce the torch network; nothing written\n');
  process.exit(1);
}
if (meanWith) {
  const theirs = floats(join(meanWith, 'weights.bin'));
  if (theirs.length !== flat.length) throw new Error(`--mean-with ${meanWith}: ${theirs.length} weights, the torch run ${flat.length} (another network)`);
  setFlat(flat.map((v, i) => share * v + (1 - share) * theirs[i]));
  process.stdout.write(`weights averaged with ${meanWith}, the run's share ${share}\n`);
}
const cache = 'datasets/generated/crop-cache';
const valSet = renderCrops(800, 8000, 2000, cache);
const trainSample = renderCrops(1, 8000, 2000, cache);
const valLogits = predictLogits(model, valSet);
const temperature = fitTemperature(valLogits, valSet.classes);
const result = {
  model,
  temperature,
  train: evaluate(predictLogits(model, trainSample), trainSample),
  validation: evaluate(valLogits, valSet, temperature),
  epochLog: run.log,
  seconds: run.seconds,
};
const { json, weights } = await modelFiles(model, { temperature, classes: CLASSES });
const out = values.out!;
mkdirSync(out, { recursive: true });
const jsonText = JSON.stringify(json);
writeFileSync(join(out, 'model.json'), jsonText);
writeFileSync(join(out, 'weights.bin'), weights);
const card = modelCard({
  result,
  command: `npx tsx src/train/classifier-from-torch.ts ${dir}`,
  trainData: `rendered${values.seeds ? `, crop seeds ${values.seeds}` : ''} (each crop in augmented copies: src/train/crop-shards.ts)`,
  valData: 'rendered, seeds 800-803',
  trainCount: run.crops,
  params: model.countParams(),
  modelBytes: jsonText.length + weights.length,
  inferenceMs: await classifyMs(json, weights, valSet),
  widths,
  options: { steps: run.steps, batchSize: run.batch, learningRate: run.lr, dropout: run.dropout, seconds: run.seconds },
  trainedElsewhere:
    `On a GPU lent for one session (one H100), with PyTorch: \`python3 src/train/torch/train_classifier.py --data DIR --val DIR --out DIR --seconds ${run.seconds}\` ` +
    `while 13 processes of src/train/crop-shards.ts rendered the crops into DIR, then \`npx tsx src/train/classifier-from-torch.ts DIR\` (checks tf.js against ` +
    'the torch logits, fits the temperature, writes this card). The same network and input as `npm run train`; AdamW, cosine rate, ' +
    'crops drawn at random from what had been rendered so far (not byte-for-byte reproducible: the crops arrive in the order the processes finish them).',
});
writeFileSync(join(out, 'card.md'), card);
process.stdout.write(`validation ${(100 * result.validation.accuracy).toFixed(2)}%, temperature ${temperature.toFixed(3)}; wrote ${out}\n`);
