/**
 * `npm run --silent eval`: how well Pips reads tables it has never seen. Prints `name: value` lines
 * and a short table.
 * - Rendered held-out scenes (seeds from 1001, drawn with seeds.ts heldOutSeed: never a training or
 *   dev scene; every family in turn, one in four at 1920x1080), encoded as JPEG the way a file
 *   would arrive: detection precision and recall (polygon IoU >= 0.5; tiles cut by the border count
 *   neither way), half and corner accuracy,
 *   whole-tile accuracy, the share of scenes whose total pip count is exactly right (the sum of every
 *   value read, tiles the border cuts left out) and, stricter, of scenes with every tile found and
 *   read right (a missed 0|0 or two halves swapped spoil it; they leave a total right); the halves
 *   and corners with pips whose marks the picture does not show (each scene drawn again without its
 *   pips and numbers, the same noise: no pixel changed by more than SHOWN_BY grey levels, as where the
 *   lamp's glare burns a face out), and the pip totals of the scenes that show every pip; accuracy by
 *   pixels per half (all tiles, and a table of dominoes and triangles apart), a reliability
 *   table of the confidences, and the tiles by the doubt their reading says ("small", "blurred",
 *   "glare", "taken", none; and how many tiles the frame's edge cuts say "cut").
 * - ../shared/realdata/single-tile-photos (evaluation only): whole-tile accuracy.
 * - Positions (issue 5), from the ground truth read as a perfect reading: exact positions, open
 *   ends, hand totals, flags on injected misreadings and the fixes offered, moves between
 *   before/after tables; 120 scenes of each laid-out family.
 * Options: --scenes N (default 300), --seed S (default 1001, the held-out scenes; another, e.g. 2001,
 *   draws up to 300 scenes apart from them and from training for development; two such seeds a few
 *   apart share scenes, docs/reading-log.md "Dev seeds that share scenes"), --real DIR, --no-real,
 *   --positions N (scenes per family for positions, default 120), --only vision|positions,
 *   --half-px LO,HI (the cameras' half sizes in pixels, default the renderer's 20,90: e.g. 100,200 for
 *   close-ups, 10,20 for far cameras), --tilt LO,HI (the cameras' tilt in degrees, default the
 *   renderer's mix up to 40: e.g. 30,40 for steep views of the same scenes), --true-outlines (the
 *   rendered scenes read from their tiles' true outlines instead of the ones the tile network finds:
 *   what the reading loses on its own), --live (read each scene as the live camera reads a frame, not as
 *   a still image: no finer looks, only unsure tiles looked at again; one camera's reader, which must
 *   notice that each scene is a new table, live-region.ts), --steady (as --live, two frames of each scene
 *   read, the same table with fresh sensor noise, and the second reading counted: as the app reads a
 *   table that stays as it is, the second frame looked at only where the first found tiles, its tiles
 *   that lie and look as before keeping their readings, carry-over.ts), --errors (after the tables,
 *   each scene whose pip total is wrong with what was missed, read where no tile lies, or misread;
 *   and each real photo not read right, with what was read).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeImage, encodeJpeg } from '../synth/encode';
import { parseTiltRange, renderScene, sceneTruthOnly } from '../synth/scene';
import { heldOutSeed, itemSeed } from '../synth/seeds';
import { SCENE_FAMILIES } from '../synth/types';
import { matchTiles } from '../vision/evaluate-detection';
import { formatTileError, hiddenParts, marksShown, partsRight, pipTotals, reliability, sceneConditions, SHOWN_BY, tileErrors, TILT_GROUPS, type TruthTileLike } from '../vision/evaluate-reading';
import { evaluateReconstruction, formatReport, type SceneTruthLike } from '../vision/reconstruct/evaluate';
import type { TileCandidate } from '../vision/segment-types';
import type { Point } from '../vision/types';
import { loadNodeVision } from './vision-node';

const { values: opts } = parseArgs({
  options: {
    scenes: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1001' },
    real: { type: 'string' },
    'no-real': { type: 'boolean', default: false },
    positions: { type: 'string', default: '120' },
    only: { type: 'string' },
    'half-px': { type: 'string' },
    tilt: { type: 'string' },
    'true-outlines': { type: 'boolean', default: false },
    live: { type: 'boolean', default: false },
    steady: { type: 'boolean', default: false },
    errors: { type: 'boolean', default: false },
  },
});
const sceneCount = Number(opts.scenes);
const seed = Number(opts.seed);
if (seed < 1001) throw new Error('eval: seeds below 1001 are training seeds');
const halfPx = opts['half-px']?.split(',').map(Number) as [number, number] | undefined;
if (halfPx && (halfPx.length !== 2 || !halfPx.every((x) => x > 0) || halfPx[0] > halfPx[1])) throw new Error('eval: --half-px wants LO,HI with 0 < LO <= HI');
const tiltDeg = opts.tilt === undefined ? undefined : parseTiltRange(opts.tilt);
if (opts.only !== 'vision') evaluatePositions(Number(opts.positions));
if (opts.only === 'positions') process.exit(0);
const realDir = opts.real ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'realdata', 'single-tile-photos');

const live = opts.live || opts.steady;
const vision = await loadNodeVision({ fine: !live, region: live });
/** How the live frames counted were looked at (live-region.ts): first looks, and of them through a probe's region; region looks. */
const looks = { first: 0, firstRegion: 0, region: 0, unchanged: 0 };
/** The share of the frame each first look went through (1: the whole frame). */
const firstShares: number[] = [];
/** --errors: for each scene whose pip total is wrong, a line for the scene and one for each tile error. */
const wrongScenes: string[][] = [];
/** The scene's tiles as the tile network would hand them over, outlines exact (cut tiles left out). */
const trueOutlines = (truth: readonly TruthTileLike[]): TileCandidate[] =>
  truth
    .filter((t) => !t.cut)
    .map((t) => ({ kind: t.kind, polygon: t.polygon, score: 1, ...(t.halves ? { halves: [t.halves[0].polygon, t.halves[1].polygon] as [Point[], Point[]] } : {}) }));
const pct = (a: number, b: number): string => (b ? ((100 * a) / b).toFixed(2) + '%' : 'n/a');

interface Tally {
  right: number;
  all: number;
}
const tally = (): Tally => ({ right: 0, all: 0 });
const add = (t: Tally, ok: boolean) => {
  t.all++;
  if (ok) t.right++;
};

const det = { tp: 0, fp: 0, fn: 0 };
const perFamily = new Map<string, { tp: number; fp: number; fn: number; tiles: Tally }>();
const halves = tally();
const corners = tally();
const dominoes = tally();
const dominoesBig = tally();
const triominoes = tally();
/** Scenes whose pip total was read exactly (the sum of every value), and scenes with every tile found and read right. */
const pipScenes = tally();
const everyTileScenes = tally();
/**
 * Halves and corners with pips, and those of them the picture does not show (`marksShown`: each scene is
 * drawn again without its marks); scenes with such a part; the pip totals of the scenes that show every pip.
 */
const marks = { parts: 0, hidden: 0, scenes: 0 };
const pipScenesShown = tally();
const BUCKETS = ['<20', '20-35', '35-60', '>=60'] as const;
const byPx = () => new Map<string, Tally>(BUCKETS.map((b) => [b, tally()]));
/** Tiles read right by pixels per half, for each kind (a triangle's half_px is half its side). */
const bucketsOf = { domino: byPx(), triomino: byPx() };
const samples: { confidence: number; right: boolean }[] = [];
/** Tiles by the reason their reading gives for its doubt ("none" where it gives none), and tiles the frame's edge cuts that say "cut". */
const doubts = new Map<string, Tally & { confidence: number }>();
const cutSaid = tally();
const ms: number[] = [];
const bucketOf = (px: number) => BUCKETS[px < 20 ? 0 : px < 35 ? 1 : px < 60 ? 2 : 3];
/** Tiles read right, and scenes with the pip total exact and with every tile right, by how the scene was seen (tilt first, in order). */
const byCondition = new Map<string, { tiles: Tally; totals: Tally; everyTile: Tally }>(TILT_GROUPS.map((g) => [`tilt ${g}`, { tiles: tally(), totals: tally(), everyTile: tally() }]));
const conditionOf = (key: string) => {
  const c = byCondition.get(key) ?? { tiles: tally(), totals: tally(), everyTile: tally() };
  byCondition.set(key, c);
  return c;
};

for (let i = 0; i < sceneCount; i++) {
  const s = heldOutSeed(seed, i);
  const family = SCENE_FAMILIES[i % SCENE_FAMILIES.length];
  const [width, height] = s % 4 === 3 ? [1920, 1080] : [1280, 720];
  // With the same frames drawn without pips or numbers: what the picture shows of them.
  const scene = renderScene({ width, height, family, seed: s, bare: true, ...(halfPx ? { halfPx } : {}), ...(tiltDeg ? { tiltDeg } : {}), ...(opts.steady ? { laterFrames: 1 } : {}) });
  const bare = scene.bare as NonNullable<typeof scene.bare>;
  const image = decodeImage(encodeJpeg(scene.image, scene.jpegQuality));
  const truth = scene.truth.tiles as TruthTileLike[];
  if (opts.steady) vision.readFrame(image); // the camera's first frame of this table: a first look
  const counted = opts.steady ? decodeImage(encodeJpeg(scene.later[0], scene.jpegQuality)) : image; // --steady: the next frame, fresh sensor noise
  const reading = opts['true-outlines'] ? vision.readOutlined(counted, trueOutlines(truth)) : vision.readFrame(counted);
  const look = live && !opts['true-outlines'] ? vision.lastLook() : undefined;
  if (look) {
    looks[look.kind]++;
    if (look.kind === 'first' && look.share < 1) looks.firstRegion++;
    if (look.kind === 'first') firstShares.push(look.share);
  }
  ms.push(reading.ms.total);
  const m = matchTiles(
    truth.map((t) => ({ polygon: t.polygon, kind: t.kind, ignore: t.cut === true })),
    reading.tiles.map((t) => ({ polygon: t.polygon, kind: t.kind })),
  );
  det.tp += m.truePositives;
  det.fp += m.falsePositives;
  det.fn += m.falseNegatives;
  const fam = perFamily.get(family) ?? { tp: 0, fp: 0, fn: 0, tiles: tally() };
  fam.tp += m.truePositives;
  fam.fp += m.falsePositives;
  fam.fn += m.falseNegatives;
  perFamily.set(family, fam);
  let everyTileRight = m.falseNegatives === 0 && m.falsePositives === 0;
  const seen = sceneConditions(scene.truth);
  const sceneKeys = [`tilt ${seen.tilt}`, `set ${seen.set}`, `table ${seen.table}`];
  for (const [ti, fi] of m.pairs) {
    const t = truth[ti];
    const read = reading.tiles[fi];
    if (t.cut) {
      add(cutSaid, read.doubt === 'cut');
      continue;
    }
    const parts = partsRight(t, read);
    for (const ok of parts) add(t.kind === 'domino' ? halves : corners, ok);
    const ok = parts.every(Boolean);
    everyTileRight &&= ok;
    add(t.kind === 'domino' ? dominoes : triominoes, ok);
    if (t.kind === 'domino' && t.half_px >= 35) add(dominoesBig, ok);
    add(bucketsOf[t.kind].get(bucketOf(t.half_px)) as Tally, ok);
    add(fam.tiles, ok);
    for (const key of [...sceneKeys, `${t.kind} look ${seen.look[t.kind]}`]) add(conditionOf(key).tiles, ok);
    samples.push({ confidence: read.confidence, right: ok });
    const said = doubts.get(read.doubt ?? 'none') ?? { ...tally(), confidence: 0 };
    add(said, ok);
    said.confidence += read.confidence;
    doubts.set(read.doubt ?? 'none', said);
  }
  const totals = pipTotals(truth, reading.tiles, m);
  const totalRight = totals.read === totals.truth;
  const [picture, barePicture] = opts.steady ? [scene.later[0], bare.later[0]] : [scene.image, bare.image];
  let hidden = 0;
  for (const t of truth.filter((t) => !t.cut)) {
    hidden += hiddenParts(t, marksShown(picture, barePicture, t));
    marks.parts += t.values.filter((v) => v > 0).length;
  }
  marks.hidden += hidden;
  if (hidden) marks.scenes++;
  else add(pipScenesShown, totalRight);
  if (opts.errors && !totalRight)
    wrongScenes.push([`scene ${i} ${family} ${width}x${height}, tilt ${seen.tilt}, ${seen.set}, ${seen.table}: pip total read ${totals.read}, truth ${totals.truth}${hidden ? ` (${hidden} halves or corners with pips not shown)` : ''}`, ...tileErrors(truth, reading.tiles, m).map((e) => `  ${formatTileError(e)}`)]);
  add(pipScenes, totalRight);
  add(everyTileScenes, everyTileRight);
  for (const key of sceneKeys) {
    add(conditionOf(key).totals, totalRight);
    add(conditionOf(key).everyTile, everyTileRight);
  }
}

const rel = reliability(samples);
const lines: [string, string][] = [
  ['scenes', String(sceneCount)],
  ['outlines', opts['true-outlines'] ? 'true (rendered), not found' : 'found by the tile network'],
  ['read-as', opts.steady ? 'live frames, each the second of its table' : live ? 'live frames' : 'still images'],
  ...(live && !opts['true-outlines'] ? ([['live-looks', `first ${looks.first} (through a probe's region ${looks.firstRegion}; median share of the frame ${firstShares.length ? `${(100 * median(firstShares)).toFixed(1)}%` : 'n/a'}), region ${looks.region}, unchanged ${looks.unchanged}`]] as [string, string][]) : []),
  ['detection-precision', pct(det.tp, det.tp + det.fp)],
  ['detection-recall', pct(det.tp, det.tp + det.fn)],
  ['half-accuracy', pct(halves.right, halves.all)],
  ['corner-accuracy', pct(corners.right, corners.all)],
  ['domino-accuracy', pct(dominoes.right, dominoes.all)],
  ['domino-accuracy-halves-35px-up', pct(dominoesBig.right, dominoesBig.all)],
  ['triomino-accuracy', pct(triominoes.right, triominoes.all)],
  ['scenes-pip-total-exact', pct(pipScenes.right, pipScenes.all)],
  ['scenes-every-tile-right', pct(everyTileScenes.right, everyTileScenes.all)],
  ['marks-not-shown', `${marks.hidden} of ${marks.parts} halves and corners with pips, in ${marks.scenes} scenes (no pixel changed by more than ${SHOWN_BY} grey levels)`],
  ['scenes-pip-total-exact-where-shown', `${pct(pipScenesShown.right, pipScenesShown.all)} (of ${pipScenesShown.all} scenes that show every pip)`],
  ...BUCKETS.map((k): [string, string] => {
    const [d, t] = [bucketsOf.domino.get(k) as Tally, bucketsOf.triomino.get(k) as Tally];
    return [`tile-accuracy-px-${k}`, `${pct(d.right + t.right, d.all + t.all)} (${d.all + t.all} tiles)`];
  }),
  ['calibration-ece', rel.ece.toFixed(4)],
  ['frame-ms-median', median(ms).toFixed(1)],
];
for (const [k, v] of lines) console.log(`${k}: ${v}`);
console.log('\nfamily     precision  recall   tiles-right');
for (const [f, v] of perFamily) console.log(`${f.padEnd(10)} ${pct(v.tp, v.tp + v.fp).padStart(8)}  ${pct(v.tp, v.tp + v.fn).padStart(8)}  ${pct(v.tiles.right, v.tiles.all).padStart(8)}`);
console.log('\nhalf-px    dominoes-right         triangles-right');
for (const b of BUCKETS) {
  const [d, t] = [bucketsOf.domino.get(b) as Tally, bucketsOf.triomino.get(b) as Tally];
  console.log(`${b.padEnd(8)} ${`${pct(d.right, d.all)} of ${d.all}`.padStart(16)}  ${`${pct(t.right, t.all)} of ${t.all}`.padStart(16)}`);
}
console.log('\nseen under                        tiles-right    scenes: pip-total-exact  every-tile-right');
const groupOrder = ['tilt', 'set', 'table', 'domino', 'triomino'];
const conditionRows = [...byCondition].sort(([a], [b]) => groupOrder.indexOf(a.split(' ')[0]) - groupOrder.indexOf(b.split(' ')[0]) || (a.startsWith('tilt') ? 0 : a.localeCompare(b)));
for (const [key, c] of conditionRows) {
  const scenes = key.includes(' look ') ? '' : `${`${pct(c.totals.right, c.totals.all)} of ${c.totals.all}`.padStart(16)}  ${`${pct(c.everyTile.right, c.everyTile.all)} of ${c.everyTile.all}`.padStart(16)}`;
  console.log(`${key.padEnd(32)} ${`${pct(c.tiles.right, c.tiles.all)} of ${c.tiles.all}`.padStart(16)}  ${scenes}`);
}
console.log('\nconfidence     tiles  mean-conf  right');
for (const b of rel.bins) console.log(`${b.from.toFixed(2)}-${b.to.toFixed(2)}  ${String(b.count).padStart(7)}  ${b.meanConfidence.toFixed(3).padStart(9)}  ${b.count ? (100 * b.accuracy).toFixed(1) + '%' : '-'}`);

console.log('\ndoubt said    tiles  mean-conf  right');
for (const [d, t] of [...doubts].sort(([a], [b]) => (a === 'none' ? -1 : b === 'none' ? 1 : a.localeCompare(b)))) console.log(`${d.padEnd(10)} ${String(t.all).padStart(8)}  ${(t.confidence / t.all).toFixed(3).padStart(9)}  ${pct(t.right, t.all)}`);
console.log(`tiles the frame's edge cuts (left out above): ${cutSaid.all}, said "cut": ${cutSaid.right}`);

if (opts.errors) {
  console.log(`\nscenes with the pip total wrong: ${wrongScenes.length}`);
  for (const lines of wrongScenes) for (const line of lines) console.log(line);
}

if (!opts['no-real']) {
  const labels = readFileSync(join(realDir, 'labels.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
  const real = tally();
  let exactlyOne = 0;
  /** --errors: each photo not read right, what it holds and what was read. */
  const wrongPhotos: string[] = [];
  for (const [file, tile] of labels) {
    const r = await vision.readBytes(new Uint8Array(readFileSync(join(realDir, file))));
    const dominoes = r.tiles.filter((t) => t.kind === 'domino');
    if (dominoes.length === 1) exactlyOne++;
    const want = tile.split('-').map(Number).sort((a, b) => a - b).join('-');
    const best = [...dominoes].sort((a, b) => b.confidence - a.confidence)[0];
    const got = best ? [...best.values].sort((a, b) => a - b).join('-') : '';
    const right = dominoes.length === 1 && got === want;
    add(real, right);
    if (opts.errors && !right) wrongPhotos.push(`${file}: ${want} read ${dominoes.length === 1 ? got : `${dominoes.length} dominoes${best ? `, the surest ${got}` : ''}`}`);
  }
  console.log(`\nreal-photos: ${labels.length} (${readdirSync(realDir).filter((f) => f.endsWith('.jpg')).length} files)`);
  console.log(`real-photos-one-tile-found: ${pct(exactlyOne, labels.length)}`);
  console.log(`real-photos-tile-accuracy: ${pct(real.right, real.all)}`);
  if (wrongPhotos.length) console.log(`\nphotos not read right:\n${wrongPhotos.join('\n')}`);
}
vision.dispose();

function evaluatePositions(perFamily: number): void {
  const scenes = [];
  for (const family of ['line', 'cross', 'trains', 'triomino', 'mixed'] as const)
    for (let i = 0; i < perFamily; i++)
      scenes.push({ truth: sceneTruthOnly({ width: 1280, height: 720, family, seed: itemSeed(seed + 7, i, family.length) }) as unknown as SceneTruthLike });
  for (const blind of [false, true]) {
    const { families, ms } = evaluateReconstruction(scenes, { seed: 1, blindMisreads: blind });
    console.log(`\npositions${blind ? ' (misread tiles as confident as the rest)' : ''}: ${scenes.length} scenes, ${ms.toFixed(0)} ms`);
    for (const line of formatReport(families)) console.log(line);
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}
