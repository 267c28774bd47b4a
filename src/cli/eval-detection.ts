/**
 * `npx tsx src/cli/eval-detection.ts DIR [--model models/segmenter] [--limit N] [--json]`
 * Detection precision and recall (polygon IoU >= 0.5, spec/table-reading.md) of the segmenter on
 * rendered scenes (scene-NNNNN.jpg + .json from `npm run datasets -- --kind scenes`), overall and
 * per family, table, tile style and size, with the time of each stage. Tiles cut by the image
 * border count neither as misses nor, when found, as false alarms.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeImage } from '../synth/encode';
import type { SceneTruth } from '../synth/truth';
import { matchTiles } from '../vision/evaluate-detection';
import { liveMats, loadOpenCv } from '../vision/opencv';
import { segment } from '../vision/segment';
import { DEFAULT_SEGMENTER_DIR, loadTileNetFromDir } from './load-tile-net';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { model: { type: 'string', default: DEFAULT_SEGMENTER_DIR }, limit: { type: 'string' }, json: { type: 'boolean', default: false }, scenes: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: npx tsx src/cli/eval-detection.ts DIR [--model DIR] [--limit N] [--json] [--scenes]\n');
  process.exit(2);
}
const dir = positionals[0];

interface Tally {
  scenes: number;
  tp: number;
  fp: number;
  fn: number;
}
const tallies = new Map<string, Tally>();
const add = (key: string, tp: number, fp: number, fn: number, scene: boolean): void => {
  const t = tallies.get(key) ?? { scenes: 0, tp: 0, fp: 0, fn: 0 };
  t.tp += tp;
  t.fp += fp;
  t.fn += fn;
  if (scene) t.scenes++;
  tallies.set(key, t);
};
/** Mean corner distance over the best cyclic alignment of the two corner lists, in units of a half. */
function cornerError(truth: number[][], found: number[][], halfPx: number): number {
  let best = Infinity;
  const n = truth.length;
  if (found.length !== n) return best;
  for (let shift = 0; shift < n; shift++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += Math.hypot(truth[k][0] - found[(k + shift) % n][0], truth[k][1] - found[(k + shift) % n][1]);
    best = Math.min(best, sum / n / halfPx);
  }
  return best;
}
const cornerErrors: number[] = [];

const sizeBin = (px: number): string => (px < 25 ? 'half<25px' : px < 35 ? 'half25-35px' : px < 50 ? 'half35-50px' : 'half>=50px');

const cv = await loadOpenCv();
const net = await loadTileNetFromDir(values.model);
const files = readdirSync(dir).filter((f) => /^scene-\d+\.jpg$/.test(f)).sort().slice(0, values.limit ? Number(values.limit) : undefined);
const stageMs: Record<string, number[]> = {};
const lines: string[] = [];
for (const f of files) {
  const image = decodeImage(new Uint8Array(readFileSync(join(dir, f))));
  const truth = JSON.parse(readFileSync(join(dir, f.replace('.jpg', '.json')), 'utf8')) as SceneTruth;
  const before = liveMats();
  const { tiles, ms } = segment(image, { cv, net });
  if (liveMats() !== before) throw new Error(`${f}: ${liveMats() - before} Mats leaked`);
  const key = `${image.width}x${image.height}`;
  for (const [stage, v] of Object.entries(ms)) (stageMs[`${key} ${stage}`] ??= []).push(v);
  const m = matchTiles(truth.tiles.map((t) => ({ polygon: t.polygon, kind: t.kind, ignore: !!t.cut })), tiles);
  const style = (truth.render as { look?: { domino?: { name?: string } } }).look?.domino?.name ?? '?';
  const table = String((truth.render as { table?: string }).table);
  for (const k of ['all', `family ${truth.family}`, `table ${table}`, `style ${style}`]) add(k, m.truePositives, m.falsePositives, m.falseNegatives, true);
  // Misses and hits by tile kind and size (false alarms have no truth size: counted above only).
  for (const [ti, fi] of m.pairs) if (!truth.tiles[ti].cut) cornerErrors.push(cornerError(truth.tiles[ti].polygon, tiles[fi].polygon, truth.tiles[ti].half_px));
  truth.tiles.forEach((t, i) => {
    if (t.cut) return;
    const hit = m.pairs.some(([ti]) => ti === i) ? 1 : 0;
    for (const k of [`kind ${t.kind}`, `size ${sizeBin(t.half_px)}`]) add(k, hit, 0, 1 - hit, false);
  });
  lines.push(`${f} ${truth.family} ${table} ${style}: tp ${m.truePositives} fp ${m.falsePositives} fn ${m.falseNegatives}, ${ms.total.toFixed(0)} ms`);
}

const pct = (a: number, b: number): string => (b > 0 ? ((100 * a) / b).toFixed(1) : '-');
const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1];
if (values.json) {
  const out = Object.fromEntries([...tallies].map(([k, t]) => [k, { ...t, precision: t.tp / Math.max(1, t.tp + t.fp), recall: t.tp / Math.max(1, t.tp + t.fn) }]));
  const ms = Object.fromEntries(Object.entries(stageMs).map(([k, v]) => [k, median(v)]));
  process.stdout.write(JSON.stringify({ scenes: files.length, tallies: out, medianMs: ms }, null, 1) + '\n');
} else {
  if (values.scenes) process.stdout.write(lines.join('\n') + '\n');
  for (const [k, t] of [...tallies].sort((a, b) => a[0].localeCompare(b[0])))
    process.stdout.write(`${k.padEnd(32)} recall ${pct(t.tp, t.tp + t.fn).padStart(5)}%  precision ${pct(t.tp, t.tp + t.fp).padStart(5)}%  (tp ${t.tp}, fp ${t.fp}, fn ${t.fn}${t.scenes ? `, ${t.scenes} scenes` : ''})\n`);
  const ce = [...cornerErrors].sort((a, b) => a - b);
  if (ce.length) process.stdout.write(`corner error of matched tiles (mean corner distance / half size): median ${ce[ce.length >> 1].toFixed(3)}, 90% ${ce[Math.floor(ce.length * 0.9)].toFixed(3)}, max ${ce[ce.length - 1].toFixed(3)}\n`);
  for (const [k, v] of Object.entries(stageMs).sort()) process.stdout.write(`ms ${k.padEnd(24)} median ${median(v).toFixed(1)}  max ${Math.max(...v).toFixed(1)}\n`);
}
