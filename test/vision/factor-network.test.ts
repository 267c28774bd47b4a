/**
 * The tile network's factoring (src/train/factor-network.ts, how the shipped network was made
 * cheaper): at full rank a layer's two convolutions give back the network's output; at a lower rank
 * the network has fewer weights, gives maps of the same size and holds most of each layer's
 * response variance; a layer it does not have or a rank out of range is refused.
 */
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { factorNetwork } from '../../src/train/factor-network';
import { buildSegmenter } from '../../src/train/segmenter-model';
import { useWasmBackend } from '../../src/train/wasm-backend';
import { inputTensor } from '../../src/vision/tile-net';
import type { WorkImage } from '../../src/vision/work-image';

/** A work image with smooth patches and edges, as a table gives. */
function work(seed: number): WorkImage {
  const width = 96;
  const height = 64;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = (((x >> 3) * 37 + (y >> 3) * 91 + c * 53 + seed * 17) % 200) + ((x + y) % 7) * 8;
  return { width, height, scale: 1, rgb };
}

const count = (m: tf.LayersModel) => m.countParams();

describe('factoring the tile network', () => {
  it('gives back the same output at full rank and a cheaper network at lower rank', async () => {
    await useWasmBackend();
    const before = tf.memory().numTensors;
    const net = buildSegmenter({ widths: [8, 16, 48, 96], batchNorm: false });
    const names = net.layers.filter((l) => l.getClassName() === 'Conv2D').map((l) => l.name);
    // The widest 3x3 convolutions: a stride-1 one at 1/8 (96 channels) and one at 1/4 (48).
    const wide = names.filter((n) => {
      const [k] = net.getLayer(n).getWeights();
      return k.shape[0] === 3 && k.shape[2] === k.shape[3] && (k.shape[3] as number) >= 48;
    });
    expect(wide.length).toBeGreaterThanOrEqual(3);
    const works = [work(1), work(2), work(3)];
    const x = inputTensor(work(4));
    const want = net.predict(x) as tf.Tensor;

    const full = factorNetwork(net, new Map(wide.map((n) => [n, net.getLayer(n).getWeights()[0].shape[3] as number])), works);
    const same = full.model.predict(x) as tf.Tensor;
    const [gap, size] = tf.tidy(() => [tf.max(tf.abs(tf.sub(same, want))).dataSync()[0], tf.max(tf.abs(want)).dataSync()[0]]);
    expect(gap).toBeLessThan(1e-3 * (1 + size));
    for (const share of full.kept.values()) expect(share).toBeCloseTo(1, 5);

    const low = factorNetwork(net, new Map(wide.map((n) => [n, 8])), works);
    const cheap = low.model.predict(x) as tf.Tensor;
    expect(cheap.shape).toEqual(want.shape);
    expect(count(low.model)).toBeLessThan(0.6 * count(net));
    for (const share of low.kept.values()) expect(share).toBeGreaterThan(0.5);
    expect(low.model.getLayer(`${wide[0]}_narrow`).getWeights()[0].shape[3]).toBe(8);

    expect(() => factorNetwork(net, new Map([['no_such_layer', 4]]), works)).toThrow(/no layer no_such_layer/);
    expect(() => factorNetwork(net, new Map([[wide[0], 0]]), works)).toThrow(/rank 0/);
    const add = net.layers.find((l) => l.getClassName() === 'Add')!.name;
    expect(() => factorNetwork(net, new Map([[add, 4]]), works)).toThrow(/not a convolution/);
    tf.dispose([x, want, same, cheap]);
    for (const m of [net, full.model, low.model]) m.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
