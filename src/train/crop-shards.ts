/**
 * `node crop-shards.mjs --seeds A-B [--per-seed 2000] [--copies 3] [--glare SHARE,GAIN] [--corners SHARE] --out DIR`
 * Rendered crops for the pip classifier as the network's input, for a GPU trainer
 * (src/train/torch/train_classifier.py): for each crop seed S in A..B (training seeds < 1000), the
 * seed's crops (src/synth/crops.ts) augmented `copies` times as `npm run train` augments them
 * (crop-data.ts; --copies 0: once, unaugmented, for validation), written to DIR/S.bin: count
 * (uint32 LE), then count x 32 x 32 float32 inputs (classifier-model.ts cropFeatures), count class
 * indices (uint8) and count half sizes in px (float32). Written under a temporary name, then renamed.
 * --glare SHARE,GAIN: in that share of the crops the tiles are GAIN times as glossy (crops.ts `glare`).
 * --corners SHARE: that share of the crops are triangles' corners, the rest domino halves (crops.ts `cornerShare`).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRng } from '../rules/random';
import { GLARE_USAGE, makeBatch, parseGlare, renderCrops } from './crop-data';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string' },
    'per-seed': { type: 'string', default: '2000' },
    copies: { type: 'string', default: '3' },
    glare: { type: 'string' },
    corners: { type: 'string' },
    out: { type: 'string' },
  },
});
const [first, last] = (values.seeds ?? '').split('-').map(Number);
if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last >= 1000 || last < first) throw new Error('--seeds A-B: training seeds, 0 <= A <= B < 1000');
if (!values.out) throw new Error('--out DIR is required');
mkdirSync(values.out, { recursive: true });
const perSeed = Number(values['per-seed']);
const glare = values.glare === undefined ? undefined : parseGlare(values.glare);
if (glare === null) throw new Error(`--glare SHARE,GAIN: ${GLARE_USAGE}`);
const cornerShare = values.corners === undefined ? undefined : Number(values.corners);
if (cornerShare !== undefined && !(cornerShare >= 0 && cornerShare <= 1)) throw new Error('--corners SHARE: the share of corner crops, 0-1');
const options = { glare, cornerShare };
const copies = Number(values.copies);
for (let seed = first; seed <= last; seed++) {
  const set = renderCrops(seed, perSeed, perSeed, null, undefined, options);
  const rng = createRng(seed * 104729 + 3);
  const all = Array.from({ length: set.count }, (_, i) => i);
  const n = Math.max(1, copies);
  const parts: Uint8Array[] = [];
  const classes = new Uint8Array(n * set.count);
  const px = new Float32Array(n * set.count);
  for (let k = 0; k < n; k++) {
    const { x } = makeBatch(set, all, copies > 0 ? rng : null);
    parts.push(new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
    classes.set(set.classes, k * set.count);
    px.set(set.px, k * set.count);
  }
  const count = n * set.count;
  const head = new Uint8Array(4);
  new DataView(head.buffer).setUint32(0, count, true);
  const file = join(values.out, `${seed}.bin`);
  writeFileSync(`${file}.part`, Buffer.concat([head, ...parts, classes, new Uint8Array(px.buffer)]));
  renameSync(`${file}.part`, file);
}
