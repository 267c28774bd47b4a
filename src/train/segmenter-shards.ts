/**
 * `node segmenter-shards.mjs --seed S --count N --out DIR [--from K] [--tilt LO,HI]`
 * Renders training scenes for the tile network (segmenter-data.ts) and writes each as one file,
 * `S-i.bin` (`S-i-tiltLO-HI.bin` with `--tilt`: the same tables seen by cameras tilted LO-HI
 * degrees, for more steep views than the renderer's mix): width, height (uint32 LE), then the work
 * image's RGB, class labels, depth and contact planes (one byte a pixel each). The same bytes as
 * train-segmenter.ts caches; written to a temporary name and renamed, so a trainer reading the folder
 * while it fills never sees half a file.
 * Used to feed a GPU trainer (src/train/torch/train_segmenter.py) from many processes at once.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadOpenCv } from '../vision/opencv';
import { parseTiltRange } from '../synth/scene';
import { trainingScene } from './segmenter-data';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    count: { type: 'string', default: '100' },
    from: { type: 'string', default: '0' },
    out: { type: 'string' },
    tilt: { type: 'string' },
  },
});
const seed = Number(values.seed);
if (!Number.isInteger(seed) || seed < 0 || seed >= 1000) throw new Error('--seed must be a training seed, 0..999 (1001 and up are evaluation seeds)');
if (!values.out) throw new Error('--out DIR is required');
const tilt = values.tilt === undefined ? undefined : parseTiltRange(values.tilt);
const out = values.out;
mkdirSync(out, { recursive: true });
const cv = await loadOpenCv();
const from = Number(values.from);
for (let i = from; i < from + Number(values.count); i++) {
  const s = trainingScene(cv, seed, i, tilt);
  const head = new Uint8Array(8);
  const dv = new DataView(head.buffer);
  dv.setUint32(0, s.width, true);
  dv.setUint32(4, s.height, true);
  const file = join(out, tilt ? `${seed}-${i}-tilt${tilt[0]}-${tilt[1]}.bin` : `${seed}-${i}.bin`);
  writeFileSync(`${file}.part`, Buffer.concat([head, s.rgb, s.labels, s.centre, s.contact]));
  renameSync(`${file}.part`, file);
}
