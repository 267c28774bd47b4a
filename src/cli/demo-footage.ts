/**
 * `npm run --silent demo [-- --out DIR --seed S --quality Q --table KIND]`
 * Renders the app's demo footage (public/demo by default): a domino game in progress seen from a
 * webcam on a stand. One game is played out by the referee (src/synth/layouts, line family, seeded)
 * and the camera, table, light and set stay fixed; frame k shows the line as it stood after its
 * first FIRST + k tiles were laid (the line grows at either end, in play order), and the last frame
 * adds the hands laid open at the end. Deterministic: the same arguments give the same bytes.
 *   DIR/frame-N.jpg  1280x720, N = 1, 2, ...
 *   DIR/demo.json    { game, set, seats, ruleset?, position, frames: [{ file, laid, line, handsOpen,
 *                      truth }] } — `truth`: the frame's tiles in the table-reading format (the
 *                      last frame's truth also carries the referee `position`); `line`: the line
 *                      on the table in that frame, left to right, in referee notation.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRng } from '../rules/random';
import { depth, imageToPlane, makeCamera, type Camera } from '../synth/camera';
import { encodeJpeg } from '../synth/encode';
import { generateLayout, layoutExtent, type LayoutResult } from '../synth/layouts';
import { sampleLighting } from '../synth/lighting';
import { applyPost, samplePost } from '../synth/post';
import { newCanvas } from '../synth/raster';
import { drawShadow, drawTile, type Look } from '../synth/scene';
import { sampleDominoStyle, sampleTriominoStyle } from '../synth/styles';
import { makeTableSurface, renderTableBackground, type TableKind } from '../synth/table';
import { sceneTruth, type SceneTruth } from '../synth/truth';
import { DOMINO_HALF_MM, type PlacedTile } from '../synth/types';

const WIDTH = 1280;
const HEIGHT = 720;
/** Tiles in the line when the footage starts, and at its end. */
const FIRST = 3;
const LAST = 9;
const DEG = Math.PI / 180;

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(import.meta.dirname, '..', '..', 'public', 'demo') },
    seed: { type: 'string', default: '4' },
    quality: { type: 'string', default: '72' },
    table: { type: 'string', default: 'white-tablecloth' },
  },
});
const seed = Number(values.seed);
const quality = Number(values.quality);

interface Fixed {
  camera: Camera;
  look: Look;
  table: TableKind;
  surface: ReturnType<typeof makeTableSurface>;
}

/** The webcam: tilted 28 degrees, the whole table (line and open hands) in view with a margin. */
function webcam(layout: LayoutResult): Camera {
  const e = layoutExtent(layout.tiles);
  const fov = 64 * DEG;
  const tilt = 28 * DEG;
  const focal = WIDTH / 2 / Math.tan(fov / 2);
  const halfW = (e.maxX - e.minX) / 2 + DOMINO_HALF_MM;
  const halfH = (e.maxY - e.minY) / 2 + DOMINO_HALF_MM;
  // Far enough that both half-extents fit the image's half-sides (the tilt foreshortens y).
  const distance = 1.1 * Math.max((halfW * focal) / (WIDTH / 2), (halfH * focal * Math.cos(tilt)) / (HEIGHT / 2) / 0.85);
  return makeCamera({ width: WIDTH, height: HEIGHT, fov, tilt, yaw: 0, target: [(e.minX + e.maxX) / 2, (e.minY + e.maxY) / 2], distance });
}

function fixedParts(layout: LayoutResult): Fixed {
  const rng = createRng(seed * 7919 + 1);
  const look: Look = { domino: sampleDominoStyle(rng, layout.set), triomino: sampleTriominoStyle(rng), light: sampleLighting(rng) };
  const table = values.table as TableKind;
  const camera = webcam(layout);
  const surface = makeTableSurface(table, rng, 2 * 900);
  return { camera, look, table, surface };
}

/** One frame: the same table, light and camera; the given tiles; fresh sensor noise. */
function renderFrame(tiles: PlacedTile[], f: Fixed, frame: number): { jpeg: Uint8Array } {
  const rng = createRng(seed * 1000 + frame);
  const canvas = newCanvas(WIDTH, HEIGHT);
  renderTableBackground(canvas.rgb, WIDTH, HEIGHT, imageToPlane(f.camera, 0), f.surface, f.look.light, f.camera.position);
  for (const t of tiles) drawShadow(canvas, f.camera, t, f.look.light);
  const order = [...tiles].sort((a, b) => depth(f.camera, [b.x, b.y, 0]) - depth(f.camera, [a.x, a.y, 0]));
  for (const t of order) drawTile(canvas, f.camera, t, f.look, rng);
  const post = samplePost(createRng(seed * 31 + 5), f.look.light); // one camera: the same settings every frame
  const image = applyPost(canvas.rgb, WIDTH, HEIGHT, post, rng);
  return { jpeg: encodeJpeg(image, quality) };
}

function main(): void {
  const layout = generateLayout('line', createRng(seed), { set: 'double-6', tileCount: LAST, openHands: true });
  const laid = layout.tiles.filter((_, i) => layout.roles[i].role === 'laid'); // in play order
  const f = fixedParts(layout);
  mkdirSync(values.out, { recursive: true });
  const frames: { file: string; laid: number; line: string[]; handsOpen: boolean; truth: SceneTruth }[] = [];
  // The final line, left to right, names tiles by play order (laid tiles were added in play order).
  const finalLine = (layout.position?.line ?? []) as string[];
  const lineOrder = layout.chains.find((c) => c.name === 'line')?.tiles ?? [];
  const cuts = Array.from({ length: laid.length - FIRST + 1 }, (_, k) => FIRST + k);
  const shots = [...cuts.map((n) => ({ tiles: laid.slice(0, n), handsOpen: false })), { tiles: layout.tiles, handsOpen: true }];
  let bytes = 0;
  shots.forEach((shot, k) => {
    const file = `frame-${k + 1}.jpg`;
    const { jpeg } = renderFrame(shot.tiles, f, k + 1);
    writeFileSync(join(values.out, file), jpeg);
    bytes += jpeg.length;
    const part = { ...layout, tiles: shot.tiles, position: shot.handsOpen ? layout.position : undefined };
    const truth = sceneTruth(part, f.camera, { table: f.table, seed });
    const n = Math.min(shot.tiles.length, laid.length);
    const line = finalLine.filter((_, j) => lineOrder[j] < n);
    frames.push({ file, laid: n, line, handsOpen: shot.handsOpen, truth });
  });
  const manifest = {
    format: 'pips-demo/1',
    note: 'Rendered by npm run demo (src/cli/demo-footage.ts): one game, the line growing one tile a frame, the last frame with the hands laid open.',
    width: WIDTH,
    height: HEIGHT,
    game: layout.game,
    set: layout.set,
    seats: layout.seats,
    ...(layout.ruleset ? { ruleset: layout.ruleset } : {}),
    position: layout.position,
    frames,
  };
  writeFileSync(join(values.out, 'demo.json'), JSON.stringify(manifest) + '\n');
  process.stdout.write(`demo: ${frames.length} frames (${laid.length} tiles laid, ${layout.tiles.length - laid.length} in open hands), ${(bytes / 1024).toFixed(0)} KiB of JPEG in ${values.out}\n`);
}

main();
