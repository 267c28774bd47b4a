/**
 * `npx tsx src/train/train-segmenter.ts [--scenes 400] [--steps 4000] [--batch 12] [--crop 128] [--out models/segmenter]`
 * Trains the tile network (segmenter-model.ts) on rendered tables (training seeds < 1000) with the
 * tfjs wasm backend and the convolution gradients of wasm-backend.ts; writes model.json + weights.bin.
 * Rendered scenes are cached under datasets/generated/segmenter-cache (same seed, same bytes).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { createRng } from '../rules/random';
import { loadOpenCv } from '../vision/opencv';
import { makeBatch } from './segmenter-batches';
import { trainingScene, type LabelledScene } from './segmenter-data';
import { buildSegmenter, loadSegmenter, saveSegmenter, SEGMENTER_CLASSES } from './segmenter-model';
import { useWasmBackend } from './wasm-backend';

const { values } = parseArgs({
  options: {
    scenes: { type: 'string', default: '400' },
    seed: { type: 'string', default: '7' },
    steps: { type: 'string', default: '4000' },
    batch: { type: 'string', default: '12' },
    crop: { type: 'string', default: '128' },
    lr: { type: 'string', default: '0.003' },
    out: { type: 'string', default: 'models/segmenter' },
    resume: { type: 'boolean', default: false },
    zoom: { type: 'string', default: '0.7,1.4' },
  },
});
const nScenes = Number(values.scenes);
const seed = Number(values.seed);
const steps = Number(values.steps);
const batch = Number(values.batch);
const crop = Number(values.crop);
const lr0 = Number(values.lr);
const zoom = values.zoom!.split(',').map(Number) as [number, number];
if (seed >= 1000) throw new Error('training seeds must be below 1000 (1001 and up are evaluation seeds)');

const CACHE = 'datasets/generated/segmenter-cache';

async function scenes(): Promise<LabelledScene[]> {
  mkdirSync(CACHE, { recursive: true });
  const cv = await loadOpenCv();
  const out: LabelledScene[] = [];
  for (let i = 0; i < nScenes; i++) {
    const file = join(CACHE, `v3-s${seed}-${i}.bin`);
    if (existsSync(file)) {
      const b = new Uint8Array(readFileSync(file));
      const dv = new DataView(b.buffer, b.byteOffset);
      const width = dv.getUint32(0, true);
      const height = dv.getUint32(4, true);
      const n = width * height;
      const at = (k: number, len: number) => b.subarray(8 + k * n, 8 + (k + len) * n);
      out.push({ width, height, scale: 0, rgb: at(0, 3), labels: at(3, 1), centre: at(4, 1), contact: at(5, 1), truth: null as never });
    } else {
      const s = trainingScene(cv, seed, i);
      const head = new Uint8Array(8);
      new DataView(head.buffer).setUint32(0, s.width, true);
      new DataView(head.buffer).setUint32(4, s.height, true);
      writeFileSync(file, Buffer.concat([head, s.rgb, s.labels, s.centre, s.contact]));
      out.push(s);
    }
    if (i % 50 === 49) process.stdout.write(`scenes ${i + 1}/${nScenes}\n`);
  }
  return out;
}

// Faces count double (they are a few percent of a frame); where two tiles touch, four times more
// again: the groove between them is a few pixels of a crop, and the depth must fall to 0 there.
const CLASS_WEIGHTS = [1, 2, 2];
const CONTACT_WEIGHT = 4;
// Depth is learned on face pixels only (off a face it is 0 by definition; the class says so).
const DEPTH_WEIGHT = 2;

function lossOf(out: tf.Tensor4D, labels: tf.Tensor3D, centre: tf.Tensor3D, contact: tf.Tensor3D): tf.Scalar {
  return tf.tidy(() => {
    const logits = tf.slice(out, [0, 0, 0, 0], [-1, -1, -1, SEGMENTER_CLASSES]);
    const depth = tf.squeeze(tf.slice(out, [0, 0, 0, SEGMENTER_CLASSES], [-1, -1, -1, 1]), [3]);
    const onehot = tf.oneHot(labels, SEGMENTER_CLASSES) as tf.Tensor4D;
    const near = tf.add(1, tf.mul(CONTACT_WEIGHT - 1, contact));
    const w = tf.mul(tf.gather(tf.tensor1d(CLASS_WEIGHTS), labels.flatten()).reshape(labels.shape), near);
    const ce = tf.neg(tf.sum(tf.mul(onehot, tf.logSoftmax(logits)), -1));
    const classLoss = tf.div(tf.sum(tf.mul(ce, w)), tf.sum(w));
    const face = tf.cast(tf.greater(labels, 0), 'float32');
    const wd = tf.mul(face, near);
    // Binary cross-entropy with logits: max(z, 0) - z * t + log(1 + exp(-|z|)).
    const bce = tf.add(tf.sub(tf.relu(depth), tf.mul(depth, centre)), tf.log1p(tf.exp(tf.neg(tf.abs(depth)))));
    const depthLoss = tf.div(tf.sum(tf.mul(bce, wd)), tf.add(tf.sum(wd), 1));
    return tf.add(classLoss, tf.mul(DEPTH_WEIGHT, depthLoss)) as tf.Scalar;
  });
}

async function main(): Promise<void> {
  await useWasmBackend(); // with the convolution gradients wasm lacks
  const data = await scenes();
  let model = buildSegmenter(undefined, seed);
  if (values.resume && existsSync(join(values.out!, 'model.json'))) {
    model = await loadSegmenter(values.out!);
  }
  const rng = createRng(seed * 7919 + 1);
  const opt = tf.train.adam(lr0);
  let avg = 0;
  const t0 = performance.now();
  for (let step = 1; step <= steps; step++) {
    // Cosine decay to a tenth: big steps while the cores take shape, small ones to sharpen them.
    (opt as unknown as { learningRate: number }).learningRate = lr0 * (0.1 + 0.45 * (1 + Math.cos((Math.PI * step) / steps)));
    const b = makeBatch(data, batch, crop, rng, zoom);
    const x = tf.tensor4d(b.x, [batch, crop, crop, 3]);
    const y = tf.tensor3d(b.y, [batch, crop, crop], 'int32');
    const c = tf.tensor3d(b.contact, [batch, crop, crop], 'float32');
    const d = tf.tensor3d(b.centre, [batch, crop, crop], 'float32');
    const loss = opt.minimize(() => lossOf(model.apply(x, { training: true }) as tf.Tensor4D, y, d, c), true) as tf.Scalar;
    const v = loss.dataSync()[0];
    tf.dispose([x, y, c, d, loss]);
    avg = step === 1 ? v : 0.98 * avg + 0.02 * v;
    if (step % 50 === 0) process.stdout.write(`step ${step} loss ${avg.toFixed(4)} ${((performance.now() - t0) / step).toFixed(0)} ms/step tensors ${tf.memory().numTensors}\n`);
    if (step % 500 === 0 || step === steps) await saveSegmenter(model, values.out!, 'src/train/train-segmenter.ts');
  }
}

await main();
