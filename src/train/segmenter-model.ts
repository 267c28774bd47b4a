/**
 * The tile network: a small U-Net over the work image (src/vision/work-image.ts) that gives each
 * pixel its class (table / domino face / triangle face) and its depth inside the face
 * (src/train/segmenter-data.ts).
 * Down to 1/8 for context (a domino in a line is told from the two halves of its neighbours by
 * what lies a tile away), back up with skips for sharp cores. No dilated convolutions: tfjs has no
 * gradient for them. Measured ~60 ms for a 640x360 image on one core (wasm, SIMD).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';

export interface SegmenterShape {
  /** Channels at 1, 1/2, 1/4 and 1/8 of the work image. */
  widths: [number, number, number, number];
  /** Batch normalisation after every convolution (trains faster; costs a little at inference). */
  batchNorm: boolean;
}

export const DEFAULT_SHAPE: SegmenterShape = { widths: [8, 16, 32, 48], batchNorm: false };

let shape = DEFAULT_SHAPE;
/** The next convolution's initialiser seed: every build from one seed starts from the same weights. */
let nextSeed = 0;
const init = () => tf.initializers.heNormal({ seed: nextSeed++ });

function conv(filters: number, kernel: number, stride = 1): { apply(x: tf.SymbolicTensor): tf.SymbolicTensor } {
  if (!shape.batchNorm)
    return {
      apply: (x) => tf.layers.conv2d({ filters, kernelSize: kernel, strides: stride, padding: 'same', activation: 'relu', kernelInitializer: init() }).apply(x) as tf.SymbolicTensor,
    };
  return {
    apply: (x) => {
      const c = tf.layers.conv2d({ filters, kernelSize: kernel, strides: stride, padding: 'same', useBias: false, kernelInitializer: init() }).apply(x);
      const b = tf.layers.batchNormalization({ momentum: 0.95 }).apply(c);
      return tf.layers.activation({ activation: 'relu' }).apply(b) as tf.SymbolicTensor;
    },
  };
}

/** Output channels: 3 class logits, then the depth logit. */
export const SEGMENTER_CLASSES = 3;
export const SEGMENTER_OUTPUTS = SEGMENTER_CLASSES + 1;

/** The network with He-normal starting weights drawn from `seed` (the same seed, the same weights). */
export function buildSegmenter(s: SegmenterShape = DEFAULT_SHAPE, seed = 7): tf.LayersModel {
  shape = s;
  nextSeed = seed;
  const [w1, w2, w3, w4] = s.widths;
  const input = tf.input({ shape: [null, null, 3], name: 'rgb' });
  const e1 = conv(w1, 3).apply(input);
  const e2 = conv(w2, 3).apply(conv(w2, 3, 2).apply(e1));
  const e3 = conv(w3, 3).apply(conv(w3, 3, 2).apply(e2));
  const e4 = conv(w4, 3).apply(conv(w4, 3).apply(conv(w4, 3, 2).apply(e3)));
  // Decoder by addition, channels cut before upsampling: a concat at 640x360 alone cost 15 ms.
  const up = (low: tf.SymbolicTensor, skip: tf.SymbolicTensor, filters: number): tf.SymbolicTensor => {
    const narrow = conv(filters, 1).apply(low);
    const u = tf.layers.upSampling2d({ size: [2, 2] }).apply(narrow) as tf.SymbolicTensor;
    const sum = tf.layers.add().apply([u, skip]) as tf.SymbolicTensor;
    return conv(filters, 3).apply(sum);
  };
  const d3 = up(e4, e3, w3);
  const d2 = up(d3, e2, w2);
  const d1 = up(d2, e1, w1);
  // Logits: the loss applies softmax and sigmoid; inference compares classes and thresholds depth.
  const out = tf.layers.conv2d({ filters: SEGMENTER_OUTPUTS, kernelSize: 1, name: 'labels', kernelInitializer: tf.initializers.glorotUniform({ seed: nextSeed++ }) }).apply(d1) as tf.SymbolicTensor;
  return tf.model({ inputs: input, outputs: out, name: 'tile_segmenter' });
}

/**
 * Writes the network as tile-net.ts (and probe-net.ts, with its `userDefinedMetadata`) loads it:
 * model.json (layers format) and weights.bin.
 */
export async function saveSegmenter(model: tf.LayersModel, dir: string, generatedBy: string, userDefinedMetadata?: object): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await model.save(
    tf.io.withSaveHandler(async (a) => {
      writeFileSync(join(dir, 'weights.bin'), Buffer.from(a.weightData as ArrayBuffer));
      const json = { format: 'layers-model', generatedBy, modelTopology: a.modelTopology, weightsManifest: [{ paths: ['weights.bin'], weights: a.weightSpecs }], ...(userDefinedMetadata ? { userDefinedMetadata } : {}) };
      writeFileSync(join(dir, 'model.json'), JSON.stringify(json));
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
}

/** A network saveSegmenter wrote (model.json + weights.bin in DIR). */
export async function loadSegmenter(dir: string): Promise<tf.LayersModel> {
  const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'));
  const w = readFileSync(join(dir, 'weights.bin'));
  const weightData = w.buffer.slice(w.byteOffset, w.byteOffset + w.byteLength) as ArrayBuffer;
  return tf.loadLayersModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: json.weightsManifest[0].weights, weightData }));
}

/** What a GPU run of src/train/torch/train_segmenter.py writes beside its weights. */
export interface TorchMeta {
  widths: [number, number, number, number];
  /** Weight shapes in tf.js layout, in the order the layers are made (kernel, bias, kernel, ...). */
  shapes: number[][];
  check_input: number[];
  check_output: number[];
  steps: number;
}

/** The conv layers in the order buildSegmenter made them (tf.js numbers layer names as it makes them), the output last. */
export function layersInMakingOrder(model: tf.LayersModel): tf.layers.Layer[] {
  const num = (l: tf.layers.Layer): number => Number(/(\d+)$/.exec(l.name)?.[1] ?? Infinity);
  const convs = model.layers.filter((l) => l.getClassName() === 'Conv2D');
  return convs.sort((a, b) => (a.name === 'labels' ? 1 : b.name === 'labels' ? -1 : num(a) - num(b)));
}

/**
 * A torch run's flat float32 weights as tensors, one for each weight tf.js wants in turn (its name and
 * shape: the run's shape must be the same), with none left over. The caller disposes them.
 */
export function torchTensors(flat: Float32Array, shapes: readonly number[][], want: readonly { name: string; shape: readonly number[] }[]): tf.Tensor[] {
  if (shapes.length !== want.length) throw new Error(`torch run has ${shapes.length} weight arrays, the network ${want.length}`);
  let at = 0;
  const tensors: tf.Tensor[] = [];
  const fail = (why: string): never => {
    tf.dispose(tensors);
    throw new Error(why);
  };
  want.forEach((w, i) => {
    const shape = shapes[i];
    if (shape.join('x') !== w.shape.join('x')) fail(`${w.name}: torch shape ${shape.join('x')}, tf.js ${w.shape.join('x')}`);
    const size = shape.reduce((a, b) => a * b, 1);
    tensors.push(tf.tensor(flat.subarray(at, at + size), shape));
    at += size;
  });
  if (at !== flat.length) fail(`${flat.length - at} weights left over`);
  return tensors;
}

export function fromTorch(meta: TorchMeta, flat: Float32Array): tf.LayersModel {
  const model = buildSegmenter({ widths: meta.widths, batchNorm: false });
  const layers = layersInMakingOrder(model);
  if (layers.length * 2 !== meta.shapes.length) throw new Error(`torch run has ${meta.shapes.length / 2} layers, the network ${layers.length}`);
  const tensors = torchTensors(flat, meta.shapes, layers.flatMap((l) => l.getWeights().map((w) => ({ name: l.name, shape: w.shape }))));
  let k = 0;
  for (const layer of layers) {
    const n = layer.getWeights().length;
    layer.setWeights(tensors.slice(k, k + n));
    k += n;
  }
  tf.dispose(tensors);
  return model;
}
