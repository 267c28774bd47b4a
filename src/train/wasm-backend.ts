/**
 * The tf.js backend for training and benchmarks in Node: wasm with SIMD (single-threaded in
 * Node) plus fast convolution gradients. tfjs-node cannot be installed here
 * (shared/notes/toolchain.md), and the cpu backend is ~30x slower for inference.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { conv2DBackpropFilterConfig } from './conv2d-backprop-filter';
import { conv2DBackpropInputConfig } from './conv2d-backprop-input';
import { maxPoolGradConfig } from './max-pool-grad';

/**
 * Registers Conv2DBackpropFilter (wasm has none) and replaces wasm's slow Conv2DBackpropInput and
 * MaxPoolGrad (together 2.3x faster training steps than with wasm's own, measured on the classifier).
 * Idempotent. Inference does not need either.
 */
export function registerConvGradients(): void {
  for (const config of [conv2DBackpropFilterConfig, conv2DBackpropInputConfig, maxPoolGradConfig]) {
    const current = tf.getKernel(config.kernelName, 'wasm');
    if (current?.kernelFunc === config.kernelFunc) continue;
    if (current) tf.unregisterKernel(config.kernelName, 'wasm');
    tf.registerKernel(config);
  }
}

export async function useWasmBackend(): Promise<void> {
  registerConvGradients();
  if (tf.getBackend() !== 'wasm') {
    const ok = await tf.setBackend('wasm');
    if (!ok) throw new Error('tf.js wasm backend failed to start');
  }
  await tf.ready();
}
