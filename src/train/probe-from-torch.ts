/**
 * `npx tsx src/train/probe-from-torch.ts DIR --threshold=T [--out models/probe]`
 * Turns the weights src/train/torch/train_probe.py wrote (DIR/probe-weights.bin and .json: float32
 * tf.js-layout weights in build order) into the tf.js face probe probe-net.ts loads, with the cell
 * side and the logit threshold `T` in its metadata, after checking that tf.js gives PyTorch's output
 * on the check input the run saved. Exits 1 when the two disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { saveSegmenter, torchTensors } from './segmenter-model';
import { exitUnlessTorchOutput } from './torch-check';
import { useWasmBackend } from './wasm-backend';

interface ProbeTorchMeta {
  layers: [number, number][];
  cell: number;
  shapes: number[][];
  check_input: number[];
  check_shape: [number, number, number, number];
  check_output: number[];
  steps: number;
}

/** The probe as train_probe.py builds it: 3x3 'same' convolutions with ReLU, then a 1x1 to one logit. */
export function buildProbe(layers: readonly [number, number][]): tf.Sequential {
  const model = tf.sequential({ name: 'face_probe' });
  layers.forEach(([filters, strides], i) =>
    model.add(tf.layers.conv2d({ ...(i === 0 ? { inputShape: [null, null, 3] } : {}), filters, kernelSize: 3, strides, padding: 'same', activation: 'relu' })),
  );
  model.add(tf.layers.conv2d({ filters: 1, kernelSize: 1, name: 'face' }));
  return model;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: 'models/probe' }, threshold: { type: 'string' } } });
  const [dir] = positionals;
  const threshold = Number(values.threshold);
  if (!dir || values.threshold === undefined || !Number.isFinite(threshold)) throw new Error('usage: probe-from-torch.ts DIR --threshold=T [--out DIR]');
  await useWasmBackend();
  const meta = JSON.parse(readFileSync(join(dir, 'probe-weights.json'), 'utf8')) as ProbeTorchMeta;
  const b = readFileSync(join(dir, 'probe-weights.bin'));
  const flat = new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  const model = buildProbe(meta.layers);
  const tensors = torchTensors(flat, meta.shapes, model.getWeights().map((w, i) => ({ name: `weight ${i}`, shape: w.shape })));
  model.setWeights(tensors);
  tf.dispose(tensors);
  exitUnlessTorchOutput(model, meta.check_input, meta.check_shape, meta.check_output, meta.steps);
  const out = values.out!;
  await saveSegmenter(model, out, `src/train/torch/train_probe.py via src/train/probe-from-torch.ts (${meta.steps} steps)`, { cell: meta.cell, threshold });
  model.dispose();
  process.stdout.write(`wrote ${out}/model.json and weights.bin\n`);
}

if (process.argv[1]?.endsWith('probe-from-torch.ts')) await main();
