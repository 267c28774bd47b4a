/**
 * The GPU path's converter (src/train/segmenter-from-torch.ts) puts weights listed in the order the
 * layers are made into the right layers: a network of the GPU runs' widths (the shipped network's
 * teacher, models/segmenter/card.md), its weights flattened that way and rebuilt, gives the same
 * output; a list of the wrong length or shape is refused.
 */
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { buildSegmenter, fromTorch, layersInMakingOrder, type TorchMeta } from '../../src/train/segmenter-model';
import { useWasmBackend } from '../../src/train/wasm-backend';

describe('segmenter weights from a torch run', () => {
  it('rebuilds a network from its weights in making order', async () => {
    await useWasmBackend();
    const shipped = buildSegmenter({ widths: [8, 16, 48, 96], batchNorm: false });
    const layers = layersInMakingOrder(shipped);
    const tensors = layers.flatMap((l) => l.getWeights());
    const widths = [0, 1, 3, 5].map((k) => tensors[2 * k + 1].shape[0]) as TorchMeta['widths'];
    expect(widths).toEqual([8, 16, 48, 96]);
    const shapes = tensors.map((t) => t.shape);
    const flat = new Float32Array(tensors.reduce((a, t) => a + t.size, 0));
    let at = 0;
    for (const t of tensors) {
      flat.set(t.dataSync() as Float32Array, at);
      at += t.size;
    }
    const meta: TorchMeta = { widths, shapes, check_input: [], check_output: [], steps: 0 };
    const rebuilt = fromTorch(meta, flat);
    const x = tf.randomUniform([1, 40, 48, 3], -1, 1, 'float32', 3);
    const a = shipped.predict(x) as tf.Tensor;
    const b = rebuilt.predict(x) as tf.Tensor;
    expect(tf.max(tf.abs(tf.sub(a, b))).dataSync()[0]).toBeLessThan(1e-5);
    expect(() => fromTorch(meta, flat.subarray(1))).toThrow(/left over|shape/);
    expect(() => fromTorch({ ...meta, widths: [8, 16, 32, 48] }, flat)).toThrow(/shape/);
    tf.dispose([x, a, b]);
    shipped.dispose();
    rebuilt.dispose();
  });
});
