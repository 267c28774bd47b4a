/**
 * `npm run --silent bench:vision`: milliseconds per stage (median and p90) to read a rendered
 * table with about 28 tiles at 1280x720 and at 1920x1080, in Node on the wasm backend, one core:
 * as `analyze` reads a still image (`vision-WxH-...`: with the segmenter's finer looks) and as the
 * app reads live camera frames (`vision-live-WxH-...`: without it).
 */
import { decodeImage, encodeJpeg } from '../synth/encode';
import { renderScene } from '../synth/scene';
import { itemSeed } from '../synth/seeds';
import { SCENE_FAMILIES } from '../synth/types';
import { loadNodeVision } from './vision-node';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const modes = [
  { prefix: 'vision-', vision: await loadNodeVision() },
  { prefix: 'vision-live-', vision: await loadNodeVision({ fine: false }) },
];

function sceneWithTiles(width: number, height: number, want: number) {
  for (let i = 0; i < 400; i++) {
    const s = renderScene({ width, height, family: SCENE_FAMILIES[i % SCENE_FAMILIES.length], seed: itemSeed(31337, i) });
    const visible = s.truth.tiles.filter((t) => !t.cut).length;
    if (Math.abs(visible - want) <= 2) return { image: decodeImage(encodeJpeg(s.image, 85)), visible };
  }
  throw new Error('no scene with the wanted tile count');
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

for (const [w, h] of [
  [1280, 720],
  [1920, 1080],
]) {
  const { image, visible } = sceneWithTiles(w, h, 28);
  for (const { prefix, vision } of modes) {
    vision.readFrame(image); // warm-up
    const runs = Array.from({ length: RUNS }, () => vision.readFrame(image));
    const stages = Object.keys(runs[0].ms);
    for (const st of stages) {
      const xs = runs.map((r) => r.ms[st]);
      console.log(`${prefix}${w}x${h}-${st}-ms: median ${quantile(xs, 0.5).toFixed(1)} p90 ${quantile(xs, 0.9).toFixed(1)}`);
    }
    console.log(`${prefix}${w}x${h}-tiles: ${visible} in view, ${runs[0].tiles.length} read`);
  }
}
for (const { vision } of modes) vision.dispose();
