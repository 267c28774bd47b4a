/**
 * The tile network: a small U-Net over the work image (src/vision/work-image.ts) that gives each
 * pixel its class (table / domino face / triangle face) and its depth inside the face
 * (src/train/segmenter-data.ts).
 * Down to 1/8 for context (a domino in a line is told from the two halves of its neighbours by
 * what lies a tile away), back up with skips for sharp cores. No dilated convolutions: tfjs has no
 * gradient for them. Measured ~60 ms for a 640x360 image on one core (wasm, SIMD).
 */
import * as tf from '@tensorflow/tfjs';

const conv = (filters: number, kernel: number, stride = 1, name?: string): tf.layers.Layer =>
  tf.layers.conv2d({ filters, kernelSize: kernel, strides: stride, padding: 'same', activation: 'relu', kernelInitializer: 'heNormal', name });

/** Output channels: 3 class logits, then the depth logit. */
export const SEGMENTER_CLASSES = 3;
export const SEGMENTER_OUTPUTS = SEGMENTER_CLASSES + 1;

export function buildSegmenter(): tf.LayersModel {
  const input = tf.input({ shape: [null, null, 3], name: 'rgb' });
  const e1 = conv(8, 3).apply(input) as tf.SymbolicTensor;
  const e2 = conv(16, 3).apply(conv(16, 3, 2).apply(e1)) as tf.SymbolicTensor;
  const e3 = conv(32, 3).apply(conv(32, 3, 2).apply(e2)) as tf.SymbolicTensor;
  const e4 = conv(48, 3).apply(conv(48, 3).apply(conv(48, 3, 2).apply(e3))) as tf.SymbolicTensor;
  // Decoder by addition, channels cut before upsampling: a concat at 640x360 alone cost 15 ms.
  const up = (low: tf.SymbolicTensor, skip: tf.SymbolicTensor, filters: number): tf.SymbolicTensor => {
    const narrow = conv(filters, 1).apply(low) as tf.SymbolicTensor;
    const u = tf.layers.upSampling2d({ size: [2, 2] }).apply(narrow) as tf.SymbolicTensor;
    const sum = tf.layers.add().apply([u, skip]) as tf.SymbolicTensor;
    return conv(filters, 3).apply(sum) as tf.SymbolicTensor;
  };
  const d3 = up(e4, e3, 32);
  const d2 = up(d3, e2, 16);
  const d1 = up(d2, e1, 8);
  // Logits: the loss applies softmax and sigmoid; inference compares classes and thresholds depth.
  const out = tf.layers.conv2d({ filters: SEGMENTER_OUTPUTS, kernelSize: 1, name: 'labels' }).apply(d1) as tf.SymbolicTensor;
  return tf.model({ inputs: input, outputs: out, name: 'tile_segmenter' });
}
