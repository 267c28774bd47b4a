/**
 * The tile network's starting weights come from its seed (src/train/segmenter-model.ts): two builds
 * from one seed are the same network, so a training run or a test that builds one gives the same
 * result every time; another seed gives other weights.
 */
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { buildSegmenter } from '../../src/train/segmenter-model';
import { useWasmBackend } from '../../src/train/wasm-backend';

const weights = (m: tf.LayersModel): Float32Array[] => m.getWeights().map((w) => w.dataSync() as Float32Array);

describe('building the tile network', () => {
  it('starts from the same weights for the same seed and from others for another', async () => {
    await useWasmBackend();
    const before = tf.memory().numTensors;
    const shape = { widths: [8, 16, 32, 48] as [number, number, number, number], batchNorm: false };
    const [a, b, c] = [buildSegmenter(shape, 7), buildSegmenter(shape, 7), buildSegmenter(shape, 8)];
    const [wa, wb, wc] = [a, b, c].map(weights);
    expect(wa.length).toBe(wb.length);
    wa.forEach((w, i) => expect(Array.from(wb[i])).toEqual(Array.from(w)));
    // Kernels (even-numbered weights; biases start at zero) differ under another seed.
    const kernels = wa.filter((_, i) => i % 2 === 0);
    expect(kernels.every((w, i) => w.some((v, j) => v !== wc[2 * i][j]))).toBe(true);
    for (const m of [a, b, c]) m.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
