/**
 * `npm run --silent bench:vision`: milliseconds per stage (median and p90) to read a rendered
 * table with about 28 tiles at 1280x720 and at 1920x1080, in Node on the wasm backend, one core:
 * as `analyze` reads a still image (`vision-WxH-...`: with the segmenter's finer looks), as the
 * app reads a live camera's first frame of a table (`vision-live-WxH-...`: without them, through the
 * region a probe at half the scale finds faces in, live-region.ts) and the frames that follow while
 * the table stays as it is (`vision-steady-WxH-...`: only around the tiles found and where the frame
 * changed, with a first look every FULL_EVERY frames among the runs; a tile that lies and looks as
 * before keeps its reading, carry-over.ts), and as a live frame was read
 * before live-region.ts (`vision-live-whole-WxH-...`: the whole frame each time); then the live total over
 * BENCH_SPREAD (default 8) different 1280x720 scenes of 26-30 tiles, since a table whose tiles read
 * less surely is looked at again for longer; each mode reads FRAMES frames of a table in
 * turn, the same table with fresh sensor noise; last the classifier alone on batches of 56, 1,000 and
 * 5,000 crops (a still image's second look reads thousands at once).
 */
import { decodeImage, encodeJpeg } from '../synth/encode';
import { renderScene, sceneTruthOnly } from '../synth/scene';
import { itemSeed } from '../synth/seeds';
import { SCENE_FAMILIES } from '../synth/types';
import { classify, disposeClassifier } from '../vision/classify';
import { loadNodeClassifier, loadNodeVision } from './vision-node';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
/** Frames of each table, read in turn: a still camera's, each with its own sensor noise (the renderer's `laterFrames`). */
const FRAMES = 4;
const live = await loadNodeVision({ fine: false, region: true });
const modes = [
  { prefix: 'vision-', vision: await loadNodeVision(), newTable: false },
  { prefix: 'vision-live-whole-', vision: await loadNodeVision({ fine: false }), newTable: false },
  { prefix: 'vision-live-', vision: live, newTable: true },
  { prefix: 'vision-steady-', vision: live, newTable: false },
];

/** The first `count` scenes (of the bench's seed) with `want` +- 2 tiles in view. */
function scenesWithTiles(width: number, height: number, want: number, count: number) {
  const out: { frames: ReturnType<typeof decodeImage>[]; visible: number }[] = [];
  for (let i = 0; i < 400 && out.length < count; i++) {
    const spec = { width, height, family: SCENE_FAMILIES[i % SCENE_FAMILIES.length], seed: itemSeed(31337, i) };
    const visible = sceneTruthOnly(spec).tiles.filter((t) => !t.cut).length;
    if (Math.abs(visible - want) > 2) continue;
    const s = renderScene({ ...spec, laterFrames: FRAMES - 1 });
    out.push({ frames: [s.image, ...s.later].map((f) => decodeImage(encodeJpeg(f, 85))), visible });
  }
  if (out.length < count) throw new Error('not enough scenes with the wanted tile count');
  return out;
}
const sceneWithTiles = (width: number, height: number, want: number) => scenesWithTiles(width, height, want, 1)[0];

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

for (const [w, h] of [
  [1280, 720],
  [1920, 1080],
]) {
  const { frames, visible } = sceneWithTiles(w, h, 28);
  for (const { prefix, vision, newTable } of modes) {
    vision.readFrame(frames[0], { newTable: true }); // warm-up
    const runs = Array.from({ length: RUNS }, (_, k) => vision.readFrame(frames[(k + 1) % FRAMES], { newTable }));
    const stages = Object.keys(runs[0].ms);
    for (const st of stages) {
      const xs = runs.map((r) => r.ms[st]);
      console.log(`${prefix}${w}x${h}-${st}-ms: median ${quantile(xs, 0.5).toFixed(1)} p90 ${quantile(xs, 0.9).toFixed(1)}`);
    }
    console.log(`${prefix}${w}x${h}-tiles: ${visible} in view, ${runs[0].tiles.length} read`);
  }
}
/**
 * One scene is one table: a live frame's time also depends on how many tiles it must look at again
 * (realign.ts). The live reading of SPREAD scenes of 28 +- 2 tiles, each's median over SPREAD_RUNS.
 */
const SPREAD = Number(process.env.BENCH_SPREAD ?? 8);
if (SPREAD > 0) {
  const scenes = scenesWithTiles(1280, 720, 28, SPREAD);
  for (const { prefix, vision, newTable } of modes.slice(1)) {
    const medians = scenes.map(({ frames }) => {
      vision.readFrame(frames[0], { newTable: true });
      return quantile(Array.from({ length: Math.max(1, Math.round(RUNS / 3)) }, (_, k) => vision.readFrame(frames[(k + 1) % FRAMES], { newTable }).ms.total), 0.5);
    });
    console.log(`${prefix}1280x720-scenes-total-ms: median ${quantile(medians, 0.5).toFixed(1)} p90 ${quantile(medians, 0.9).toFixed(1)} max ${Math.max(...medians).toFixed(1)} (${SPREAD} scenes of 26-30 tiles)`);
  }
}
for (const vision of new Set(modes.map((m) => m.vision))) vision.dispose();

/** The classifier alone: ms for a batch of N crops (their pixels do not change its time). */
const clf = await loadNodeClassifier();
const timings = [56, 1000, 5000].map((n) => {
  const crops = Uint8Array.from({ length: n * 32 * 32 * 3 }, (_, i) => (i * 37) % 251);
  classify(clf, crops, Math.min(n, 256), 32); // warm-up
  const xs = Array.from({ length: n > 1000 ? 1 : n > 56 ? 3 : RUNS }, () => {
    const t = performance.now();
    classify(clf, crops, n, 32);
    return performance.now() - t;
  });
  return `${n} crops ${quantile(xs, 0.5).toFixed(1)}`;
});
console.log(`vision-classify-batch-ms: ${timings.join(', ')}`);
disposeClassifier(clf);
