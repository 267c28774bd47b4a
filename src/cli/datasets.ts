/**
 * `npm run --silent datasets -- --kind crops|scenes --count N --seed S --out DIR [--sheet]`
 * Renders synthetic training and evaluation data. The same arguments give byte-identical files.
 *   scenes: DIR/scene-00000.jpg + .json (spec/table-reading.md ground truth, + "position")
 *           options: --family hand|line|cross|trains|triomino|mixed (default: all, in turn),
 *                    --size 1280x720|1920x1080 (default: 3 of 4 at 1280x720)
 *   crops:  DIR/crops.u8 (N x S x S x 3 bytes, RGB) + DIR/crops.json (labels); --crop-size S (default 32)
 *   --sheet also writes DIR/sheet.png, a contact sheet to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderCropBatch } from '../synth/crops';
import { encodeJpeg, encodePng } from '../synth/encode';
import { renderScene } from '../synth/scene';
import { sceneSheet, cropSheet } from '../synth/dataset-sheet';
import { itemSeed } from '../synth/seeds';
import { SCENE_FAMILIES, type SceneFamily } from '../synth/types';

function usage(message: string): never {
  process.stderr.write(`datasets: ${message}\nusage: npm run --silent datasets -- --kind crops|scenes --count N --seed S --out DIR [--sheet] [--family F] [--size WxH] [--crop-size S]\n`);
  process.exit(2);
}

function intArg(v: string | undefined, name: string, dflt?: number): number {
  if (v === undefined) {
    if (dflt === undefined) usage(`--${name} is required`);
    return dflt;
  }
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) usage(`--${name} must be a whole number, not "${v}"`);
  return n;
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        kind: { type: 'string' },
        count: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        sheet: { type: 'boolean', default: false },
        family: { type: 'string' },
        size: { type: 'string' },
        'crop-size': { type: 'string' },
      },
      allowPositionals: false,
    });
  } catch (e) {
    return usage((e as Error).message);
  }
}

const { values } = readArgs();

const kind = values.kind;
if (kind !== 'crops' && kind !== 'scenes') usage('--kind must be crops or scenes');
const count = intArg(values.count, 'count');
const seed = intArg(values.seed, 'seed', 1);
if (!values.out) usage('--out DIR is required');
const out = values.out;
mkdirSync(out, { recursive: true });

if (kind === 'scenes') {
  const family = values.family as SceneFamily | undefined;
  if (family !== undefined && !SCENE_FAMILIES.includes(family)) usage(`--family must be one of ${SCENE_FAMILIES.join(', ')}`);
  let fixedSize: [number, number] | null = null;
  if (values.size) {
    const m = /^(\d+)x(\d+)$/.exec(values.size);
    if (!m) usage('--size must look like 1280x720');
    fixedSize = [Number(m[1]), Number(m[2])];
  }
  const thumbs = [];
  for (let i = 0; i < count; i++) {
    const s = itemSeed(seed, i);
    const [width, height] = fixedSize ?? (s % 4 === 3 ? [1920, 1080] : [1280, 720]);
    const scene = renderScene({ width, height, family: family ?? SCENE_FAMILIES[i % SCENE_FAMILIES.length], seed: s });
    const name = `scene-${String(i).padStart(5, '0')}`;
    writeFileSync(join(out, `${name}.jpg`), encodeJpeg(scene.image, scene.jpegQuality));
    writeFileSync(join(out, `${name}.json`), JSON.stringify(scene.truth) + '\n');
    if (values.sheet && thumbs.length < 24) thumbs.push(scene);
  }
  if (values.sheet) writeFileSync(join(out, 'sheet.png'), encodePng(sceneSheet(thumbs)));
  process.stdout.write(`scenes: ${count} written to ${out}\n`);
} else {
  const size = intArg(values['crop-size'], 'crop-size', 32);
  const batch = renderCropBatch(seed, count, size);
  writeFileSync(join(out, 'crops.u8'), batch.pixels);
  writeFileSync(join(out, 'crops.json'), JSON.stringify({ size, count, channels: 3, labels: batch.labels }) + '\n');
  if (values.sheet) writeFileSync(join(out, 'sheet.png'), encodePng(cropSheet(batch, size)));
  process.stdout.write(`crops: ${count} of ${size}x${size} written to ${out}\n`);
}
