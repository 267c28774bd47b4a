/**
 * The tile network run layer by layer (tile-net.ts `forward`): the maps of `model.predict`, bit for
 * bit, on the shipped network (whose three joins add a map enlarged 2x to a finer one: `forward` adds
 * the small map broadcast instead of enlarging it first) and on networks where an enlarged map is also
 * taken by another layer or enlarged otherwise, on a Sequential model and with a layer applied twice;
 * every tensor it makes is freed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { useWasmBackend } from '../../src/train/wasm-backend';
import { forward, inputTensor, loadLayers } from '../../src/vision/tile-net';
import type { WorkImage } from '../../src/vision/work-image';

const MODELS = join(import.meta.dirname, '../../models');

function work(width: number, height: number, seed: number): WorkImage {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < rgb.length; i++) rgb[i] = (Math.imul(i + seed, 2654435761) >>> 24) & 0xff;
  return { width, height, scale: 1, rgb };
}

/** `forward` against `predict` on one input: the same floats, and no tensor left behind. */
function same(model: tf.LayersModel, x: tf.Tensor4D): void {
  const predicted = model.predict(x) as tf.Tensor;
  const [want, shape] = [predicted.dataSync(), predicted.shape];
  predicted.dispose();
  const before = tf.memory().numTensors;
  const got = tf.tidy(() => forward(model, x));
  expect(got.shape).toEqual(shape);
  const values = got.dataSync();
  got.dispose();
  expect(tf.memory().numTensors).toBe(before);
  expect(values.length).toBe(want.length);
  let differ = 0;
  for (let i = 0; i < values.length; i++) if (!Object.is(values[i], want[i])) differ++;
  expect(differ).toBe(0);
}

describe('the tile network run layer by layer', () => {
  it('gives the shipped network maps bit for bit', async () => {
    await useWasmBackend();
    const net = await loadLayers({
      modelJson: JSON.parse(readFileSync(join(MODELS, 'segmenter', 'model.json'), 'utf8')),
      weights: new Uint8Array(readFileSync(join(MODELS, 'segmenter', 'weights.bin'))),
    });
    expect(net.layers.filter((l) => l.getClassName() === 'UpSampling2D')).toHaveLength(3);
    for (const [w, h, seed] of [
      [96, 64, 1],
      [75, 41, 2],
    ]) {
      const x = inputTensor(work(w, h, seed));
      same(net, x);
      x.dispose();
    }
    net.dispose();
  });

  it('enlarges a map that another layer also takes, or that is enlarged otherwise', async () => {
    await useWasmBackend();
    const input = tf.input({ shape: [null, null, 3] });
    const fine = tf.layers.conv2d({ filters: 4, kernelSize: 3, padding: 'same', activation: 'relu', kernelInitializer: tf.initializers.glorotNormal({ seed: 1 }) }).apply(input) as tf.SymbolicTensor;
    const coarse = tf.layers.conv2d({ filters: 4, kernelSize: 3, strides: 2, padding: 'same', kernelInitializer: tf.initializers.glorotNormal({ seed: 2 }) }).apply(fine) as tf.SymbolicTensor;
    const shared = tf.layers.upSampling2d({ size: [2, 2] }).apply(coarse) as tf.SymbolicTensor;
    const smooth = tf.layers.upSampling2d({ size: [2, 2], interpolation: 'bilinear' }).apply(coarse) as tf.SymbolicTensor;
    const sum = tf.layers.add().apply([fine, shared]) as tf.SymbolicTensor;
    const other = tf.layers.conv2d({ filters: 4, kernelSize: 1, kernelInitializer: tf.initializers.glorotNormal({ seed: 3 }) }).apply(shared) as tf.SymbolicTensor;
    const out = tf.layers.add().apply([sum, other, tf.layers.add().apply([smooth, fine]) as tf.SymbolicTensor]) as tf.SymbolicTensor;
    const model = tf.model({ inputs: input, outputs: out });
    const x = inputTensor(work(32, 24, 3));
    same(model, x);
    // A Sequential model (the face probe's kind) lists no input layer: it is run as predict runs it.
    const probe = tf.sequential({ layers: [tf.layers.conv2d({ inputShape: [null, null, 3], filters: 2, kernelSize: 3, strides: 2, kernelInitializer: tf.initializers.glorotNormal({ seed: 4 }) })] });
    same(probe, x);
    // A layer applied twice (shared weights) is run as predict runs it.
    const twice = tf.layers.conv2d({ filters: 3, kernelSize: 3, padding: 'same', kernelInitializer: tf.initializers.glorotNormal({ seed: 5 }) });
    const reused = tf.model({ inputs: input, outputs: twice.apply(twice.apply(input)) as tf.SymbolicTensor });
    same(reused, x);
    x.dispose();
    model.dispose();
    probe.dispose();
    reused.dispose();
  });
});
