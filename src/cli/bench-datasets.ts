/**
 * `npm run --silent bench:datasets`: crops per second and scenes per second at 1280x720 on one
 * core (rendering plus JPEG encoding, as `npm run datasets` writes them). `name: value unit` lines.
 */
import { renderCropBatch } from '../synth/crops';
import { encodeJpeg } from '../synth/encode';
import { renderScene } from '../synth/scene';
import { itemSeed } from '../synth/seeds';
import { SCENE_FAMILIES } from '../synth/types';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);

function perSecond(work: (i: number) => number): number {
  work(0); // warm-up
  let n = 0;
  let i = 1;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) n += work(i++);
  return n / ((performance.now() - t0) / 1000);
}

// Batches as `npm run datasets` makes them (one batch shares its pool of table cloths).
console.log(`crops-per-s: ${Math.round(perSecond((i) => renderCropBatch(i, 2000, 32).labels.length))} crops/s`);
let renderMs = 0;
let encodeMs = 0;
let scenes = 0;
const sps = perSecond((i) => {
  const t0 = performance.now();
  const s = renderScene({ width: 1280, height: 720, family: SCENE_FAMILIES[i % SCENE_FAMILIES.length], seed: itemSeed(7, i) });
  const t1 = performance.now();
  encodeJpeg(s.image, s.jpegQuality);
  renderMs += t1 - t0;
  encodeMs += performance.now() - t1;
  scenes++;
  return 1;
});
console.log(`scenes-per-s-1280x720: ${sps.toFixed(2)} scenes/s`);
console.log(`scene-render-ms: ${(renderMs / scenes).toFixed(1)} ms`);
console.log(`scene-jpeg-ms: ${(encodeMs / scenes).toFixed(1)} ms`);
