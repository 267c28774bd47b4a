/**
 * A cheaper tile network computed from a trained one (src/train/factor-segmenter.ts is its command):
 * each named 3x3 convolution (C channels out) becomes a 3x3 convolution to R channels and a 1x1 one
 * back to C, about R/C of the work when R is small against the 3x3's inputs. The R directions kept
 * are the principal components of the layer's responses (before its ReLU) over the work images
 * given: each response is replaced by its projection on them, its mean kept.
 */
import * as tf from '@tensorflow/tfjs';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { inputTensor } from '../vision/tile-net';
import type { WorkImage } from '../vision/work-image';

/** The tile network's other layers, made again from their configuration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each factory takes its own layer's configuration
const REMAKE: Record<string, (config: any) => tf.layers.Layer> = { Conv2D: tf.layers.conv2d, UpSampling2D: tf.layers.upSampling2d, Add: tf.layers.add };

interface Moments {
  channels: number;
  n: number;
  sum: Float64Array;
  /** Sum of outer products, channels x channels. */
  outer: Float64Array;
}

/** The kept directions (channels x rank, columns by falling variance) and the share of the variance they hold. */
function principal(m: Moments, rank: number): { basis: number[][]; mean: number[]; kept: number } {
  const c = m.channels;
  const mean = Array.from(m.sum, (s) => s / m.n);
  const cov = new Matrix(c, c);
  for (let a = 0; a < c; a++) for (let b = 0; b < c; b++) cov.set(a, b, m.outer[a * c + b] / m.n - mean[a] * mean[b]);
  const eig = new EigenvalueDecomposition(cov, { assumeSymmetric: true });
  const values = eig.realEigenvalues;
  const order = values.map((v, i) => [v, i]).sort((a, b) => b[0] - a[0]).map(([, i]) => i);
  const vectors = eig.eigenvectorMatrix;
  const basis = Array.from({ length: c }, (_, a) => order.slice(0, rank).map((i) => vectors.get(a, i)));
  const total = values.reduce((a, v) => a + Math.max(0, v), 0);
  const kept = order.slice(0, rank).reduce((a, i) => a + Math.max(0, values[i]), 0) / total;
  return { basis, mean, kept };
}

export interface Factored {
  model: tf.LayersModel;
  /** Per factored layer, the share of its responses' variance the kept directions hold. */
  kept: Map<string, number>;
}

/**
 * The network with each layer named in `ranks` factored to that many directions (1..its channels;
 * at its channels the output is the same, up to rounding), fitted on these work images.
 */
export function factorNetwork(model: tf.LayersModel, ranks: ReadonlyMap<string, number>, works: Iterable<WorkImage>): Factored {
  const targets = model.layers.filter((l) => ranks.has(l.name));
  for (const name of ranks.keys()) if (!targets.some((l) => l.name === name)) throw new Error(`the network has no layer ${name}`);
  for (const l of targets) {
    if (l.getClassName() !== 'Conv2D') throw new Error(`${l.name} is not a convolution`);
    const r = ranks.get(l.name)!;
    const out = l.getWeights()[0].shape[3] as number;
    if (!(Number.isInteger(r) && r >= 1 && r <= out)) throw new Error(`${l.name}: rank ${r} must be 1..${out}`);
  }
  // The responses' first and second moments over the work images.
  const probe = tf.model({ inputs: model.inputs, outputs: targets.map((l) => l.input as tf.SymbolicTensor) });
  const moments: Moments[] = targets.map((l) => {
    const c = l.getWeights()[0].shape[3] as number;
    return { channels: c, n: 0, sum: new Float64Array(c), outer: new Float64Array(c * c) };
  });
  for (const work of works)
    tf.tidy(() => {
      const got = probe.predict(inputTensor(work));
      const inputs = (Array.isArray(got) ? got : [got]) as tf.Tensor4D[];
      targets.forEach((l, k) => {
        const [kernel, bias] = l.getWeights();
        const { strides } = l.getConfig() as { strides: [number, number] };
        const m = moments[k];
        const y = tf.conv2d(inputs[k], kernel as tf.Tensor4D, strides, 'same').add(bias).reshape([-1, m.channels]) as tf.Tensor2D;
        const sum = y.sum(0).dataSync();
        const outer = tf.matMul(y, y, true, false).dataSync();
        m.n += y.shape[0];
        for (let a = 0; a < m.channels; a++) m.sum[a] += sum[a];
        for (let a = 0; a < outer.length; a++) m.outer[a] += outer[a];
      });
    });
  // y ~ mean + P P^T (W x + b - mean) = P (P^T W x) + (mean + P P^T (b - mean)).
  const factors = new Map<string, { first: tf.Tensor; second: tf.Tensor; bias: tf.Tensor }>();
  const kept = new Map<string, number>();
  targets.forEach((l, k) => {
    const r = ranks.get(l.name)!;
    const c = moments[k].channels;
    const pc = principal(moments[k], r);
    kept.set(l.name, pc.kept);
    factors.set(
      l.name,
      tf.tidy(() => {
        const [kernel, bias] = l.getWeights();
        const p = tf.tensor2d(pc.basis);
        const mu = tf.tensor1d(pc.mean);
        const first = tf.matMul(kernel.reshape([-1, c]), p).reshape([...kernel.shape.slice(0, 3), r]);
        const b = mu.add(tf.matMul(p, tf.matMul(p, bias.sub(mu).reshape([c, 1]), true, false)).reshape([c]));
        return { first, second: p.transpose().reshape([1, 1, r, c]), bias: b };
      }),
    );
  });
  // The same graph, each named layer replaced by its two.
  const built = new Map<string, tf.SymbolicTensor>();
  const weights: [tf.layers.Layer, tf.Tensor[]][] = [];
  const input = tf.input({ shape: [null, null, 3], name: model.layers[0].name });
  built.set(model.layers[0].name, input);
  for (const l of model.layers.slice(1)) {
    const inbound = l.inboundNodes[0].inboundLayers.map((il) => built.get(il.name)!);
    const f = factors.get(l.name);
    let y: tf.SymbolicTensor;
    if (f) {
      const config = l.getConfig() as { kernelSize: number[]; strides: number[] };
      const first = tf.layers.conv2d({ filters: f.first.shape[3]!, kernelSize: config.kernelSize, strides: config.strides, padding: 'same', useBias: false, name: `${l.name}_narrow` });
      const second = tf.layers.conv2d({ filters: f.second.shape[3]!, kernelSize: 1, activation: 'relu', name: l.name });
      y = second.apply(first.apply(inbound[0])) as tf.SymbolicTensor;
      weights.push([first, [f.first]], [second, [f.second, f.bias]]);
    } else {
      const make = REMAKE[l.getClassName()];
      if (!make) throw new Error(`${l.name}: layer ${l.getClassName()} not expected in the tile network`);
      const layer = make(l.getConfig());
      y = layer.apply(inbound.length === 1 ? inbound[0] : inbound) as tf.SymbolicTensor;
      if (l.getWeights().length) weights.push([layer, l.getWeights()]);
    }
    built.set(l.name, y);
  }
  const factored = tf.model({ inputs: input, outputs: built.get(model.outputs[0].sourceLayer.name)!, name: model.name });
  for (const [layer, w] of weights) layer.setWeights(w);
  for (const f of factors.values()) tf.dispose([f.first, f.second, f.bias]);
  return { model: factored, kept };
}
