/**
 * `npx tsx src/train/factor-segmenter.ts --ranks NAME=R,... [--from models/segmenter] --out DIR [--scenes 24]`
 * Writes a cheaper tile network (model.json + weights.bin) computed from a trained one by
 * factor-network.ts, its layers' principal directions taken over rendered training scenes (dataset
 * seed 150, the training crops' own source). That alone loses some recall (models/segmenter/card.md);
 * src/train/torch/distill_segmenter.py then trains the factored network towards the one it came from.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadOpenCv } from '../vision/opencv';
import { factorNetwork } from './factor-network';
import { trainingScene } from './segmenter-data';
import { loadSegmenter, saveSegmenter } from './segmenter-model';
import { useWasmBackend } from './wasm-backend';

/** Training scenes the responses are gathered on: a training dataset's seed. */
const SCENE_SEED = 150;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { ranks: { type: 'string' }, from: { type: 'string', default: 'models/segmenter' }, out: { type: 'string' }, scenes: { type: 'string', default: '24' } },
  });
  if (!values.ranks || !values.out) throw new Error('usage: factor-segmenter.ts --ranks NAME=R,... --out DIR [--from DIR] [--scenes N]');
  const ranks = new Map(values.ranks.split(',').map((kv): [string, number] => [kv.split('=')[0], Number(kv.split('=')[1])]));
  await useWasmBackend();
  const model = await loadSegmenter(values.from!);
  const cv = await loadOpenCv();
  function* scenes() {
    for (let i = 0; i < Number(values.scenes); i++) yield trainingScene(cv, SCENE_SEED, i);
  }
  const { model: factored, kept } = factorNetwork(model, ranks, scenes());
  for (const [name, share] of kept) process.stdout.write(`${name}: ${ranks.get(name)} directions, ${(100 * share).toFixed(1)} % of the response variance\n`);
  mkdirSync(values.out!, { recursive: true });
  await saveSegmenter(factored, values.out!, `src/train/factor-segmenter.ts --ranks ${values.ranks} (from ${values.from})`);
  process.stdout.write(`wrote ${values.out}/model.json and weights.bin\n`);
}

await main();
