/**
 * The GPU run's converter (src/train/classifier-from-torch.ts) with --mean-with MODEL --share S: after
 * checking that tf.js gives the run's logits, it writes S times the run's weights plus 1 - S times
 * MODEL's, weight for weight, and refuses a MODEL of another network or a share outside (0, 1).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildClassifier, CROP_SIZE } from '../../src/vision/classifier-model';

const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'pips-from-torch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A network's weights, flat, in the order both the torch run and weights.bin keep them. */
function flatWeights(model: tf.LayersModel): Float32Array {
  return Float32Array.from(model.getWeights().flatMap((w) => Array.from(w.dataSync())));
}

const convert = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/train/classifier-from-torch.ts'), ...args], { cwd: root, encoding: 'utf8' });

describe('classifier-from-torch --mean-with', () => {
  it("writes the weighed mean of the run's weights and the other model's, and refuses another network or share", () => {
    const run = buildClassifier(1);
    const other = buildClassifier(2);
    const a = flatWeights(run);
    const b = flatWeights(other);
    const input = Float32Array.from({ length: 2 * CROP_SIZE * CROP_SIZE }, (_, i) => Math.sin(i * 0.37));
    const logits = tf.tidy(() => (run.predict(tf.tensor4d(input, [2, CROP_SIZE, CROP_SIZE, 1])) as tf.Tensor).dataSync());
    const runDir = join(work, 'run');
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'torch-classifier.bin'), new Uint8Array(a.buffer));
    writeFileSync(join(runDir, 'torch-classifier.json'), JSON.stringify({ steps: 1, batch: 1, crops: 1, seconds: 1, lr: 1e-3, dropout: 0.2, log: [], check_input: Array.from(input), check_output: Array.from(logits) }));
    const otherDir = join(work, 'other');
    mkdirSync(otherDir);
    writeFileSync(join(otherDir, 'weights.bin'), new Uint8Array(b.buffer));
    const out = join(work, 'out');
    const r = convert([runDir, '--mean-with', otherDir, '--share', '0.25', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/weights averaged with/);
    const written = readFileSync(join(out, 'weights.bin'));
    const mean = new Float32Array(written.buffer.slice(written.byteOffset, written.byteOffset + written.byteLength));
    expect(mean.length).toBe(a.length);
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(mean[i] - (0.25 * a[i] + 0.75 * b[i])));
    expect(worst).toBeLessThan(1e-6);
    // A model of other widths has another number of weights: nothing is written.
    const small = join(work, 'small');
    mkdirSync(small);
    writeFileSync(join(small, 'weights.bin'), new Uint8Array(b.subarray(0, 1000).buffer.slice(0, 4000)));
    const bad = convert([runDir, '--mean-with', small, '--out', join(work, 'out2')]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/another network/);
    const share = convert([runDir, '--mean-with', otherDir, '--share', '1.5', '--out', join(work, 'out3')]);
    expect(share.status).not.toBe(0);
    expect(share.stderr).toMatch(/--share 1.5/);
  }, 240_000);
});
