/**
 * `npm run train [-- --quick] [--data DIR] [--val-data DIR] [--count N] [--val-count N] [--epochs E]
 *  [--seed S] [--batch B] [--lr R] [--dropout P] [--init MODEL_DIR] [--out DIR] [--no-cache]
 *  [--first-seed F] [--glare SHARE,GAIN]`
 * Trains the pip classifier (tf.js wasm) on rendered crops and writes DIR/model.json,
 * DIR/weights.bin and DIR/card.md (default DIR: models/classifier; with --quick:
 * datasets/generated/classifier-quick). Prints training and validation accuracy per class.
 * Rendered crops are cached in datasets/generated/crop-cache (~3 KB a crop), keyed by seed, count
 * and src/synth/crops.ts CROP_DRAWING (raise it when the crops change; other changes to src/synth:
 * delete that folder or pass --no-cache).
 * --init MODEL_DIR starts from a trained classifier (model.json + weights.bin, the same network) instead
 * of fresh weights: fine-tuning, e.g. on crops drawn anew after src/synth/crops.ts changed, with a
 * smaller --lr.
 * --first-seed F: the training crops are rendered from crop seed F on (default 1; training seeds end
 * below 800, where the validation crops' seeds begin). --glare SHARE,GAIN: in that share of the training
 * crops the tiles are GAIN times as glossy (src/synth/crops.ts `glare`, as crop-shards.ts --glare).
 * Both shape crops rendered here, not those --data reads.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { CLASSES, buildClassifier } from '../vision/classifier-model';
import { loadClassifier, type ClassifierModelJson } from '../vision/classify';
import { GLARE_USAGE, parseGlare, readCropDir, renderCrops } from '../train/crop-data';
import { modelCard } from '../train/model-card';
import { classifyMs, modelFiles } from '../train/save-model';
import { trainClassifier, type Evaluation } from '../train/train';
import { useWasmBackend } from '../train/wasm-backend';

function usage(message: string): never {
  process.stderr.write(`train: ${message}\nusage: npm run train -- [--quick] [--data DIR] [--val-data DIR] [--count N] [--val-count N] [--epochs E] [--seed S] [--batch B] [--lr R] [--dropout P] [--init MODEL_DIR] [--out DIR] [--no-cache] [--first-seed F] [--glare SHARE,GAIN]\n`);
  process.exit(2);
}

function readArgs() {
  try {
    const s = { type: 'string' } as const;
    return parseArgs({
      options: {
        quick: { type: 'boolean', default: false },
        data: s,
        'val-data': s,
        count: s,
        'val-count': s,
        epochs: s,
        seed: s,
        batch: s,
        lr: s,
        dropout: s,
        out: s,
        init: s,
        'first-seed': s,
        glare: s,
        'no-cache': { type: 'boolean', default: false },
      },
      allowPositionals: false,
    }).values;
  } catch (e) {
    return usage((e as Error).message);
  }
}

function num(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) usage(`--${name} must be a non-negative number, not "${v}"`);
  return n;
}

/** Crops rendered from one crop seed; the validation crops' first seed (training seeds lie below it). */
const A_SEED = 2000;
const VAL_SEED = 800;
const log = (line: string) => process.stdout.write(`${line}\n`);
const pct = (x: number) => (Number.isNaN(x) ? '   -  ' : `${(x * 100).toFixed(2).padStart(6)}%`);

function printEvaluation(train: Evaluation, val: Evaluation): void {
  log(`class        train     validation (n)`);
  for (let c = 0; c < CLASSES.length; c++) log(`${CLASSES[c].padEnd(10)} ${pct(train.perClass[c].accuracy)}  ${pct(val.perClass[c].accuracy)} (${val.perClass[c].count})`);
  log(`all        ${pct(train.accuracy)}  ${pct(val.accuracy)} (${val.count})`);
  for (const b of val.perSize) log(`validation ${b.bucket.padEnd(14)} ${pct(b.accuracy)} (${b.count})`);
}

/** The weights of the classifier in `dir`, checked to be this code's network. */
async function initialWeights(dir: string): Promise<tf.Tensor[]> {
  let files: { json: ClassifierModelJson; weights: Uint8Array };
  try {
    files = { json: JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as ClassifierModelJson, weights: readFileSync(join(dir, 'weights.bin')) };
  } catch (e) {
    return usage(`--init ${dir}: ${(e as Error).message}`);
  }
  const clf = await loadClassifier(files.json, files.weights);
  const fresh = buildClassifier(0);
  const shapes = (ws: tf.Tensor[]) => ws.map((w) => w.shape.join('x')).join(',');
  const same = shapes(clf.model.getWeights()) === shapes(fresh.getWeights());
  fresh.dispose();
  if (!same) {
    clf.model.dispose();
    return usage(`--init ${dir}: not this code's network (src/vision/classifier-model.ts CLASSIFIER_WIDTHS)`);
  }
  const weights = clf.model.getWeights().map((w) => w.clone());
  clf.model.dispose();
  return weights;
}

async function main(): Promise<void> {
  const a = readArgs();
  const quick = a.quick;
  const seed = num(a.seed, 'seed', 1);
  const count = num(a.count, 'count', quick ? 6000 : 150000);
  const valCount = num(a['val-count'], 'val-count', quick ? 1500 : 8000);
  const out = a.out ?? (quick ? 'datasets/generated/classifier-quick' : 'models/classifier');
  const cache = a['no-cache'] ? null : 'datasets/generated/crop-cache';
  const options = {
    seed,
    epochs: num(a.epochs, 'epochs', quick ? 6 : 8),
    batchSize: num(a.batch, 'batch', 64),
    learningRate: num(a.lr, 'lr', 2e-3),
    dropout: num(a.dropout, 'dropout', 0.2),
  };
  const firstSeed = num(a['first-seed'], 'first-seed', 1);
  const lastSeed = firstSeed + Math.ceil(count / A_SEED) - 1;
  if (!a.data && (!Number.isInteger(firstSeed) || firstSeed < 1 || lastSeed >= VAL_SEED)) usage(`--first-seed ${firstSeed}: the training crops' seeds (${firstSeed}-${lastSeed} for --count ${count}) must be whole and lie in 1-${VAL_SEED - 1} (${VAL_SEED} on are validation's)`);
  const glare = a.glare === undefined ? undefined : (parseGlare(a.glare) ?? usage(`--glare ${a.glare}: ${GLARE_USAGE}`));
  await useWasmBackend();
  const init = a.init === undefined ? undefined : await initialWeights(a.init);
  const t0 = performance.now();
  const trainSet = a.data ? readCropDir(a.data) : renderCrops(firstSeed, count, A_SEED, cache, log, glare ? { glare } : {});
  const valSet = a['val-data'] ? readCropDir(a['val-data']) : renderCrops(VAL_SEED, valCount, A_SEED, cache);
  log(`data: ${trainSet.count} training crops, ${valSet.count} validation crops (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const result = trainClassifier(trainSet, valSet, { ...options, init, log });
  printEvaluation(result.train, result.validation);
  log(`temperature ${result.temperature.toFixed(3)}; training took ${result.seconds.toFixed(0)} s`);
  const { json, weights } = await modelFiles(result.model, { temperature: result.temperature, classes: CLASSES });
  const jsonText = JSON.stringify(json);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'model.json'), jsonText);
  writeFileSync(join(out, 'weights.bin'), weights);
  const ms = await classifyMs(json, weights, valSet);
  const card = modelCard({
    result,
    command: ['npm run train', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
    trainData: a.data ? `from ${a.data}` : `rendered, seeds ${firstSeed}-${lastSeed} (${A_SEED} crops a seed${glare ? `; in ${glare.share} of them the tiles ${glare.gain} times as glossy` : ''})`,
    valData: a['val-data'] ? `from ${a['val-data']}` : `rendered, seeds ${VAL_SEED}-${VAL_SEED + Math.max(0, Math.ceil(valCount / A_SEED) - 1)}`,
    trainCount: trainSet.count,
    params: result.model.countParams(),
    modelBytes: jsonText.length + weights.length,
    inferenceMs: ms,
    options: { ...options, count: trainSet.count },
    ...(a.init === undefined ? {} : { initFrom: a.init }),
  });
  writeFileSync(join(out, 'card.md'), card);
  log(`wrote ${out}/model.json, weights.bin (${((jsonText.length + weights.length) / 1024).toFixed(0)} KiB), card.md; 56 crops classify in ${ms.toFixed(1)} ms`);
  result.model.dispose();
  tf.disposeVariables();
}

main().catch((e: unknown) => {
  process.stderr.write(`train: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
