/**
 * The convolution gradients we register for tf.js wasm (src/train) give what the textbook sums
 * give: a classifier trained with them learns the same thing it would learn anywhere else.
 * Each kernel is checked through tf.grad (the way training calls it) against brute-force loops
 * on random small shapes: strides 1 and 2, 'same' and 'valid', odd and even sizes.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/rules/random';
import { useWasmBackend } from '../../src/train/wasm-backend';

beforeAll(async () => {
  await useWasmBackend();
});

interface Case {
  n: number;
  h: number;
  w: number;
  c: number;
  fh: number;
  fw: number;
  o: number;
  stride: number;
  pad: 'same' | 'valid';
}

function randomCases(seed: number, count: number): Case[] {
  const rng = createRng(seed);
  const pick = <T>(xs: T[]): T => xs[rng.int(xs.length)];
  return Array.from({ length: count }, () => {
    const fh = pick([1, 2, 3, 5]);
    const fw = pick([1, 2, 3]);
    return { n: 1 + rng.int(3), h: fh + rng.int(8), w: fw + rng.int(8), c: 1 + rng.int(6), fh, fw, o: 1 + rng.int(5), stride: pick([1, 2]), pad: pick(['same', 'valid'] as const) };
  });
}

/** dW and dx of sum(conv2d(x, w) * dy) by the definition of the convolution. */
function bruteGradients(x: Float32Array, w: Float32Array, dy: Float32Array, k: Case, outH: number, outW: number, top: number, left: number) {
  const dw = new Float64Array(k.fh * k.fw * k.c * k.o);
  const dx = new Float64Array(k.n * k.h * k.w * k.c);
  for (let b = 0; b < k.n; b++)
    for (let oy = 0; oy < outH; oy++)
      for (let ox = 0; ox < outW; ox++)
        for (let fy = 0; fy < k.fh; fy++)
          for (let fx = 0; fx < k.fw; fx++) {
            const iy = oy * k.stride - top + fy;
            const ix = ox * k.stride - left + fx;
            if (iy < 0 || iy >= k.h || ix < 0 || ix >= k.w) continue;
            for (let c = 0; c < k.c; c++)
              for (let o = 0; o < k.o; o++) {
                const g = dy[((b * outH + oy) * outW + ox) * k.o + o];
                dw[((fy * k.fw + fx) * k.c + c) * k.o + o] += x[((b * k.h + iy) * k.w + ix) * k.c + c] * g;
                dx[((b * k.h + iy) * k.w + ix) * k.c + c] += w[((fy * k.fw + fx) * k.c + c) * k.o + o] * g;
              }
          }
  return { dw, dx };
}

function maxRelativeError(got: ArrayLike<number>, want: ArrayLike<number>): number {
  let e = 0;
  for (let i = 0; i < want.length; i++) e = Math.max(e, Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i])));
  return e;
}

describe('convolution gradients on tf.js wasm', () => {
  it('match brute-force filter and input gradients on random shapes', () => {
    for (const [i, k] of randomCases(4, 40).entries()) {
      const x = tf.randomNormal([k.n, k.h, k.w, k.c], 0, 1, 'float32', 10 + i) as tf.Tensor4D;
      const w = tf.randomNormal([k.fh, k.fw, k.c, k.o], 0, 1, 'float32', 100 + i) as tf.Tensor4D;
      const info = tf.backend_util.computeConv2DInfo(x.shape, w.shape, k.stride, 1, k.pad);
      const dy = tf.randomNormal([k.n, info.outHeight, info.outWidth, k.o], 0, 1, 'float32', 1000 + i);
      const loss = (xx: tf.Tensor, ww: tf.Tensor) => tf.sum(tf.mul(tf.conv2d(xx as tf.Tensor4D, ww as tf.Tensor4D, k.stride, k.pad), dy));
      const [gx, gw] = tf.grads(loss)([x, w]);
      const want = bruteGradients(x.dataSync() as Float32Array, w.dataSync() as Float32Array, dy.dataSync() as Float32Array, k, info.outHeight, info.outWidth, info.padInfo.top, info.padInfo.left);
      expect(maxRelativeError(gw.dataSync(), want.dw), JSON.stringify(k)).toBeLessThan(1e-4);
      expect(maxRelativeError(gx.dataSync(), want.dx), JSON.stringify(k)).toBeLessThan(1e-4);
      tf.dispose([x, w, dy, gx, gw]);
    }
  });

  it('match a brute-force max-pool gradient (the first maximum of each window takes it)', () => {
    const rng = createRng(9);
    for (let i = 0; i < 20; i++) {
      const [n, h, w, c] = [1 + rng.int(2), 2 + rng.int(7), 2 + rng.int(7), 1 + rng.int(4)];
      // Values on a coarse grid, so windows often hold ties.
      const xv = Float32Array.from({ length: n * h * w * c }, () => rng.int(5));
      const x = tf.tensor4d(xv, [n, h, w, c]);
      const oh = Math.floor(h / 2);
      const ow = Math.floor(w / 2);
      const dyv = Float32Array.from({ length: n * oh * ow * c }, () => rng.next() - 0.5);
      const dy = tf.tensor4d(dyv, [n, oh, ow, c]);
      const g = tf.grad((xx: tf.Tensor) => tf.sum(tf.mul(tf.maxPool(xx as tf.Tensor4D, 2, 2, 'valid'), dy)))(x);
      const want = new Float64Array(xv.length);
      for (let b = 0; b < n; b++)
        for (let oy = 0; oy < oh; oy++)
          for (let ox = 0; ox < ow; ox++)
            for (let ch = 0; ch < c; ch++) {
              let best = -1;
              for (let y = 2 * oy; y < 2 * oy + 2; y++)
                for (let xx = 2 * ox; xx < 2 * ox + 2; xx++) {
                  const at = ((b * h + y) * w + xx) * c + ch;
                  if (best < 0 || xv[at] > xv[best]) best = at;
                }
              want[best] += dyv[((b * oh + oy) * ow + ox) * c + ch];
            }
      expect(maxRelativeError(g.dataSync(), want)).toBeLessThan(1e-6);
      tf.dispose([x, dy, g]);
    }
  });

  it('leave no tensors or wasm buffers behind', () => {
    const backend = tf.backend();
    const tensors = tf.memory().numTensors;
    const buffers = backend.numDataIds();
    const x = tf.randomNormal([2, 9, 9, 3], 0, 1, 'float32', 1) as tf.Tensor4D;
    const w = tf.randomNormal([3, 3, 3, 4], 0, 1, 'float32', 2) as tf.Tensor4D;
    const [gx, gw] = tf.grads((xx: tf.Tensor, ww: tf.Tensor) => tf.sum(tf.maxPool(tf.conv2d(xx as tf.Tensor4D, ww as tf.Tensor4D, 2, 'same'), 2, 2, 'same')))([x, w]);
    tf.dispose([x, w, gx, gw]);
    expect(tf.memory().numTensors).toBe(tensors);
    expect(backend.numDataIds()).toBe(buffers);
  });
});
