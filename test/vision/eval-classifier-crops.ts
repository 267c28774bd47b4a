/**
 * `npx tsx test/vision/eval-classifier-crops.ts [MODEL_DIR] [COUNT] [BOARD_SHARE]` — the classifier on fresh
 * rendered crops from seeds 900 and up (kept out of training and validation): accuracy per class,
 * per half size, per set style, and calibration (mean confidence against accuracy). BOARD_SHARE (0-1):
 * the share of triangle corners cut from a triangle lying in a board (src/synth/crops.ts; its default
 * when absent), e.g. 0 and 1 to compare lone triangles with board ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderCropBatch, type CropLabel } from '../../src/synth/crops';
import { useWasmBackend } from '../../src/train/wasm-backend';
import { CLASSES, CROP_SIZE, classIndex } from '../../src/vision/classifier-model';
import { classify, loadClassifier } from '../../src/vision/classify';

async function main(): Promise<void> {
  await useWasmBackend();
  const dir = process.argv[2] ?? join(import.meta.dirname, '../../models/classifier');
  const count = Number(process.argv[3] ?? 10000);
  const boardShare = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
  if (boardShare !== undefined && !(boardShare >= 0 && boardShare <= 1)) throw new Error(`BOARD_SHARE must be 0-1, not ${process.argv[4]}`);
  const clf = await loadClassifier(JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')), readFileSync(join(dir, 'weights.bin')));
  const C = CLASSES.length;
  const groups = new Map<string, { n: number; ok: number; conf: number }>();
  const add = (key: string, ok: boolean, conf: number) => {
    const g = groups.get(key) ?? { n: 0, ok: 0, conf: 0 };
    g.n++;
    g.ok += ok ? 1 : 0;
    g.conf += conf;
    groups.set(key, g);
  };
  for (let seed = 900, done = 0; done < count; seed++) {
    const n = Math.min(2000, count - done);
    const batch = renderCropBatch(seed, n, CROP_SIZE, boardShare === undefined ? {} : { boardShare });
    const { probs } = classify(clf, batch.pixels, n, CROP_SIZE);
    batch.labels.forEach((l: CropLabel, i) => {
      let best = 0;
      for (let c = 1; c < C; c++) if (probs[i * C + c] > probs[i * C + best]) best = c;
      const ok = best === classIndex(l.kind, l.value);
      const conf = probs[i * C + best];
      add('all', ok, conf);
      add(`class ${CLASSES[classIndex(l.kind, l.value)]}`, ok, conf);
      add(`size ${l.px < 20 ? 'a: px < 20' : l.px < 35 ? 'b: 20 <= px < 35' : 'c: px >= 35'}`, ok, conf);
      add(`style ${l.kind} ${l.style}`, ok, conf);
      add(`kind ${l.kind}`, ok, conf);
      if (l.px >= 35) add(`kind ${l.kind} px >= 35`, ok, conf);
      else if (l.px >= 20) add(`kind ${l.kind} 20 <= px < 35`, ok, conf);
    });
    done += n;
  }
  console.log(`model ${dir}: ${count} fresh rendered crops, seeds 900+`);
  console.log('group                          n   accuracy  mean confidence');
  const order = [...groups.keys()].sort((a, b) => (a === 'all' ? -1 : b === 'all' ? 1 : a.localeCompare(b, 'en', { numeric: true })));
  for (const k of order) {
    const g = groups.get(k)!;
    console.log(`${k.padEnd(28)} ${String(g.n).padStart(5)}   ${((100 * g.ok) / g.n).toFixed(2).padStart(6)}%   ${((100 * g.conf) / g.n).toFixed(2).padStart(6)}%`);
  }
  clf.model.dispose();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
