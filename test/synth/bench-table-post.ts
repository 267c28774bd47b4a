/**
 * Timings of the table, post-processing and encoding stages at 1280x720 (prints numbers; never
 * fails): npx tsx test/synth/bench-table-post.ts. Each line is the fastest of several runs after
 * a warm-up, in wall-clock ms on one core.
 */
import { createRng } from '../../src/rules/random';
import { imageToPlane, makeCamera } from '../../src/synth/camera';
import { encodeJpeg, encodePng } from '../../src/synth/encode';
import { sampleLighting } from '../../src/synth/lighting';
import { applyPost, samplePost } from '../../src/synth/post';
import { makeTableSurface, renderTableBackground, TABLE_KINDS } from '../../src/synth/table';

const W = 1280;
const H = 720;

function best(run: () => void, times: number): string {
  run();
  let min = Infinity;
  for (let k = 0; k < times; k++) {
    const t0 = performance.now();
    run();
    min = Math.min(min, performance.now() - t0);
  }
  return min.toFixed(1).padStart(6);
}

const cam = makeCamera({ width: W, height: H, fov: (65 * Math.PI) / 180, tilt: (35 * Math.PI) / 180, yaw: 0.3, target: [0, 0], distance: 900 });
const toTable = imageToPlane(cam, 0);
const light = sampleLighting(createRng(7));
const linear = new Float32Array(W * H * 3);
for (const kind of TABLE_KINDS) {
  let seed = 1;
  const make = best(() => makeTableSurface(kind, createRng(seed++), 1200), 8);
  const surface = makeTableSurface(kind, createRng(3), 1200);
  const render = best(() => renderTableBackground(linear, W, H, toTable, surface, light, cam.position), 8);
  console.log(`${kind.padEnd(17)} makeTableSurface(1200 mm -> ${surface.size}^2) ${make} ms   renderTableBackground ${render} ms`);
}
const rng = createRng(5);
const base = { ...samplePost(rng), blurSigma: 1.2, motion: 0, sharpen: 0, vignette: 0.3 };
console.log(`applyPost sigma 1.2 + noise + WB + vignette + sRGB ${best(() => applyPost(linear, W, H, base, rng), 10)} ms`);
console.log(`applyPost sigma 2 + sharpening                     ${best(() => applyPost(linear, W, H, { ...base, blurSigma: 2, sharpen: 0.5 }, rng), 6)} ms`);
console.log(`applyPost sigma 1.2 + 3 px motion                  ${best(() => applyPost(linear, W, H, { ...base, motion: 3 }, rng), 6)} ms`);
const img = applyPost(linear, W, H, base, rng);
console.log(`encodeJpeg q85 4:2:0 (default)                     ${best(() => encodeJpeg(img, 85), 6)} ms, ${encodeJpeg(img, 85).length} bytes`);
console.log(`encodeJpeg q85 4:4:4                               ${best(() => encodeJpeg(img, 85, { chroma: '444' }), 6)} ms`);
console.log(`encodeJpeg q85 jpeg-js (4:4:4)                     ${best(() => encodeJpeg(img, 85, { encoder: 'jpeg-js' }), 6)} ms`);
console.log(`encodePng                                          ${best(() => encodePng(img), 3)} ms`);
