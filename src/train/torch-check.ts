/**
 * A network turned from a PyTorch run into tf.js must give the run's output on the check input the
 * run saved (segmenter-from-torch.ts, probe-from-torch.ts): the largest difference is printed, and
 * the process exits 1, writing nothing, when it is 1e-3 or more.
 */
import * as tf from '@tensorflow/tfjs';

export function exitUnlessTorchOutput(model: tf.LayersModel, input: number[], shape: [number, number, number, number], output: number[], steps: number): void {
  const expected = Float32Array.from(output);
  const got = tf.tidy(() => (model.predict(tf.tensor4d(input, shape)) as tf.Tensor).dataSync() as Float32Array);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(got[i] - expected[i]));
  process.stdout.write(`tf.js vs torch on the check input: largest difference ${worst.toExponential(2)} (${steps} steps)\n`);
  if (!(worst < 1e-3) || got.length !== expected.length) {
    process.stderr.write('tf.js does not reproduce the torch network; nothing written\n');
    process.exit(1);
  }
}
