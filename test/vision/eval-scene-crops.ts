/**
 * `npx tsx test/vision/eval-scene-crops.ts [MODEL_DIR] [SEED] [SCENES] [--raw]` — the classifier alone
 * on crops cut from rendered dev scenes' true outlines (`heldOutSeed(SEED, i)`, the eval's scenes):
 * every half and corner read once, as the first look reads it, by kind and half size. The scenes go
 * through their JPEG step as the eval's do; `--raw` reads them before it. Beside
 * eval-classifier-crops.ts (the classifier's own rendered crops), this says what a table's pixels cost
 * the classifier that its crops do not show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage, encodeJpeg } from '../../src/synth/encode';
import { renderScene } from '../../src/synth/scene';
import { heldOutSeed } from '../../src/synth/seeds';
import type { SceneTruth } from '../../src/synth/truth';
import { SCENE_FAMILIES } from '../../src/synth/types';
import { useWasmBackend } from '../../src/train/wasm-backend';
import { CLASSES, CROP_SIZE, classIndex, classOf, type CropKind } from '../../src/vision/classifier-model';
import { classify, loadClassifier } from '../../src/vision/classify';
import { cornerCropMap, cutCrop, halfCropMap, type CropMap } from '../../src/vision/crop-geometry';

const SIZES: [number, string][] = [
  [20, 'a: px < 20'],
  [25, 'b: 20 <= px < 25'],
  [30, 'c: 25 <= px < 30'],
  [35, 'd: 30 <= px < 35'],
  [Infinity, 'e: px >= 35'],
];

async function main(): Promise<void> {
  await useWasmBackend();
  const args = process.argv.slice(2).filter((a) => a !== '--raw');
  const raw = process.argv.includes('--raw');
  const dir = args[0] ?? join(import.meta.dirname, '../../models/classifier');
  const seed = Number(args[1] ?? 3001);
  const scenes = Number(args[2] ?? 70);
  if (!Number.isInteger(seed) || !(scenes > 0)) throw new Error('usage: eval-scene-crops.ts [MODEL_DIR] [SEED] [SCENES] [--raw]');
  const clf = await loadClassifier(JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')), readFileSync(join(dir, 'weights.bin')));
  const groups = new Map<string, { n: number; ok: number }>();
  const per = CROP_SIZE * CROP_SIZE * 3;
  for (let i = 0; i < scenes; i++) {
    const s = heldOutSeed(seed, i);
    const [width, height] = s % 4 === 3 ? [1920, 1080] : [1280, 720];
    const scene = renderScene({ width, height, family: SCENE_FAMILIES[i % SCENE_FAMILIES.length], seed: s });
    const image = raw ? scene.image : decodeImage(encodeJpeg(scene.image, scene.jpegQuality));
    const maps: CropMap[] = [];
    const labels: { kind: CropKind; value: number; px: number }[] = [];
    for (const t of (scene.truth as SceneTruth).tiles) {
      if (t.cut) continue;
      if (t.kind === 'domino')
        (t.halves ?? []).forEach((h) => {
          maps.push(halfCropMap(h.polygon, CROP_SIZE));
          labels.push({ kind: 'half', value: h.value, px: t.half_px });
        });
      else
        t.values.forEach((v, k) => {
          maps.push(cornerCropMap(t.polygon, k, CROP_SIZE));
          labels.push({ kind: 'corner', value: v, px: t.half_px });
        });
    }
    if (maps.length === 0) continue;
    const pixels = new Uint8Array(maps.length * per);
    maps.forEach((m, k) => cutCrop(image.data, image.width, image.height, m, CROP_SIZE, pixels, k * per));
    const { probs } = classify(clf, pixels, maps.length, CROP_SIZE);
    labels.forEach((l, k) => {
      // The likeliest value of the crop's own kind, as read-table.ts reads it.
      let best = -1;
      for (let c = 0; c < CLASSES.length; c++) if (classOf(c).kind === l.kind && (best < 0 || probs[k * CLASSES.length + c] > probs[k * CLASSES.length + best])) best = c;
      const ok = best === classIndex(l.kind, l.value);
      for (const key of [l.kind, `${l.kind} ${SIZES.find(([hi]) => l.px < hi)?.[1]}`]) {
        const g = groups.get(key) ?? { n: 0, ok: 0 };
        g.n++;
        g.ok += ok ? 1 : 0;
        groups.set(key, g);
      }
    });
  }
  console.log(`model ${dir}: crops from the true outlines of ${scenes} dev scenes, seed ${seed}${raw ? ', before the JPEG step' : ''}`);
  console.log('group                          n   accuracy');
  for (const k of [...groups.keys()].sort()) {
    const g = groups.get(k)!;
    console.log(`${k.padEnd(28)} ${String(g.n).padStart(5)}   ${((100 * g.ok) / g.n).toFixed(2).padStart(6)}%`);
  }
  clf.model.dispose();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
