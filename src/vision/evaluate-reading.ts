/**
 * Scoring a reading against the truth of a rendered scene (spec/table-reading.md, "Matching for
 * evaluation"): a matched domino is read right when its multiset of values is right and each value
 * sits in the right half; a triangle when its clockwise corner values are right up to where the
 * list starts (its polygon order says which corner is which).
 */
import type { DetectionMatch } from './evaluate-detection';
import { centroid, insideConvex } from './reconstruct/geometry';
import { pipsOfValues } from './reconstruct/pieces';
import type { Point, ReadTile, Rgba } from './types';

export interface TruthTileLike {
  kind: 'domino' | 'triomino';
  values: number[];
  polygon: Point[];
  halves?: { value: number; polygon: Point[] }[];
  half_px: number;
  cut?: boolean;
}


const dist2 = (a: Point, b: Point): number => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;

/** The read value of each truth half (by nearest half centre), or null where the reading has no halves. */
export function halvesAsRead(truth: TruthTileLike, read: ReadTile): number[] | null {
  if (!truth.halves || !read.halves) return null;
  return truth.halves.map((th) => {
    const c = centroid(th.polygon);
    let best = read.halves![0];
    for (const h of read.halves!) if (dist2(centroid(h.polygon), c) < dist2(centroid(best.polygon), c)) best = h;
    return best.value;
  });
}

/** The read value at each truth corner (by nearest read corner). */
export function cornersAsRead(truth: TruthTileLike, read: ReadTile): number[] {
  return truth.polygon.map((c) => {
    let best = 0;
    for (let k = 1; k < read.polygon.length; k++) if (dist2(read.polygon[k], c) < dist2(read.polygon[best], c)) best = k;
    return read.values[best];
  });
}

/** Per half / corner: read right or not, in truth order. */
export function partsRight(truth: TruthTileLike, read: ReadTile): boolean[] {
  if (truth.kind !== read.kind) return truth.values.map(() => false);
  const seen = truth.kind === 'domino' ? halvesAsRead(truth, read) : cornersAsRead(truth, read);
  if (!seen) return truth.values.map(() => false);
  return truth.values.map((v, i) => seen[i] === v);
}

export const tileRight = (truth: TruthTileLike, read: ReadTile): boolean => partsRight(truth, read).every(Boolean);

/**
 * A scene's pip total as the truth has it and as it was read: the sum of every value of every tile.
 * Tiles the frame's border cuts are left out of both: the truth's (`cut`), and the read tiles the
 * match put on them (paired with an ignored truth tile, or neither paired nor spurious).
 */
export function pipTotals(
  truth: readonly TruthTileLike[],
  read: readonly { values: readonly number[] }[],
  match: Pick<DetectionMatch, 'pairs' | 'spurious'>,
): { truth: number; read: number } {
  const counted = [...match.pairs.filter(([t]) => !truth[t].cut).map(([, f]) => f), ...match.spurious];
  return {
    truth: truth.filter((t) => !t.cut).reduce((a, t) => a + pipsOfValues(t.values), 0),
    read: counted.reduce((a, f) => a + pipsOfValues(read[f].values), 0),
  };
}

/**
 * Grey levels (of 255) by which a part's marks must change at least one pixel of the picture to count as
 * shown. Below it a burnt-out face (a lamp's glare spot over the pips, the camera's exposure set for a
 * dark cloth) or a far, blurred tile keeps them from the picture: nothing, however good, can read them.
 */
export const SHOWN_BY = 10;

/**
 * What the picture shows of each of a tile's parts (a domino's halves, a triangle's corners, in truth
 * order): the largest difference in grey (luma) between `image`, a rendered frame before its JPEG, and
 * `bare`, the same scene drawn without pips or numbers (scene.ts `bare`: the same noise), over the
 * pixels of the tile's face nearest that part (a half's centre, a corner). 0 where the marks changed
 * nothing.
 */
export function marksShown(image: Rgba, bare: Rgba, tile: Pick<TruthTileLike, 'kind' | 'polygon' | 'halves'>): number[] {
  if (image.width !== bare.width || image.height !== bare.height) throw new Error('marksShown: the two pictures differ in size');
  const anchors = tile.kind === 'domino' && tile.halves ? tile.halves.map((h) => centroid(h.polygon)) : tile.polygon;
  const shown = anchors.map(() => 0);
  const xs = tile.polygon.map((p) => p[0]);
  const ys = tile.polygon.map((p) => p[1]);
  const [x0, x1] = [Math.max(0, Math.floor(Math.min(...xs))), Math.min(image.width - 1, Math.ceil(Math.max(...xs)))];
  const [y0, y1] = [Math.max(0, Math.floor(Math.min(...ys))), Math.min(image.height - 1, Math.ceil(Math.max(...ys)))];
  const luma = (d: Uint8ClampedArray, o: number) => 0.299 * d[o] + 0.587 * d[o + 1] + 0.114 * d[o + 2];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const p: Point = [x + 0.5, y + 0.5];
      if (!insideConvex(p, tile.polygon)) continue;
      let k = 0;
      for (let j = 1; j < anchors.length; j++) if (dist2(anchors[j], p) < dist2(anchors[k], p)) k = j;
      const o = (y * image.width + x) * 4;
      shown[k] = Math.max(shown[k], Math.abs(luma(image.data, o) - luma(bare.data, o)));
    }
  return shown;
}

/** The parts of a tile that carry pips (a value above 0) whose marks the picture does not show (`marksShown` at most SHOWN_BY). */
export const hiddenParts = (tile: Pick<TruthTileLike, 'values'>, shown: readonly number[]): number => tile.values.filter((v, k) => v > 0 && shown[k] <= SHOWN_BY).length;

/** One thing a scene's reading got wrong: a tile of the truth not found, a tile read where none lies, or a tile misread. */
export type TileError =
  | { error: 'missed'; kind: TruthTileLike['kind']; values: number[]; halfPx: number }
  | { error: 'false'; kind: ReadTile['kind']; values: number[]; confidence: number; at: Point; doubt?: string }
  | { error: 'misread'; kind: TruthTileLike['kind']; values: number[]; read: number[]; confidence: number; halfPx: number; doubt?: string };

/**
 * What a reading got wrong, tile by tile (`npm run eval -- --errors` prints it for every scene whose pip
 * total is wrong): the truth's tiles not matched (those the border cuts left out), the readings matched
 * to no tile, and the matched tiles not read right (`partsRight`), in that order.
 */
export function tileErrors(truth: readonly TruthTileLike[], read: readonly ReadTile[], match: Pick<DetectionMatch, 'pairs' | 'spurious'>): TileError[] {
  const matched = new Set(match.pairs.map(([t]) => t));
  const doubt = (r: ReadTile) => (r.doubt ? { doubt: r.doubt } : {});
  return [
    ...truth.flatMap((t, i): TileError[] => (t.cut || matched.has(i) ? [] : [{ error: 'missed', kind: t.kind, values: t.values, halfPx: t.half_px }])),
    ...match.spurious.map((f): TileError => ({ error: 'false', kind: read[f].kind, values: read[f].values, confidence: read[f].confidence, at: read[f].polygon[0], ...doubt(read[f]) })),
    ...match.pairs.flatMap(([t, f]): TileError[] =>
      truth[t].cut || tileRight(truth[t], read[f]) ? [] : [{ error: 'misread', kind: truth[t].kind, values: truth[t].values, read: read[f].values, confidence: read[f].confidence, halfPx: truth[t].half_px, ...doubt(read[f]) }],
    ),
  ];
}

/** One line for a `TileError`, e.g. "misread domino 12|4 as 4|11, confidence 0.973, 25 px a half". */
export function formatTileError(e: TileError): string {
  const doubt = e.error !== 'missed' && e.doubt ? ` (${e.doubt})` : '';
  if (e.error === 'missed') return `missed ${e.kind} ${e.values.join('|')}, ${Math.round(e.halfPx)} px a half`;
  if (e.error === 'false') return `false ${e.kind} ${e.values.join('|')}, confidence ${e.confidence.toFixed(3)}, at ${e.at.map(Math.round).join(',')}${doubt}`;
  return `misread ${e.kind} ${e.values.join('|')} as ${e.read.join('|')}, confidence ${e.confidence.toFixed(3)}, ${Math.round(e.halfPx)} px a half${doubt}`;
}

export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  meanConfidence: number;
  accuracy: number;
}

/** Confidence bins with the share actually right, and the expected calibration error. */
export function reliability(samples: readonly { confidence: number; right: boolean }[], edges = [0, 0.5, 0.8, 0.9, 0.95, 0.99, 1.0001]): { bins: ReliabilityBin[]; ece: number } {
  const bins: ReliabilityBin[] = [];
  let ece = 0;
  for (let b = 0; b + 1 < edges.length; b++) {
    const inBin = samples.filter((s) => s.confidence >= edges[b] && s.confidence < edges[b + 1]);
    const count = inBin.length;
    const meanConfidence = count ? inBin.reduce((a, s) => a + s.confidence, 0) / count : 0;
    const accuracy = count ? inBin.filter((s) => s.right).length / count : 0;
    if (samples.length) ece += (count / samples.length) * Math.abs(accuracy - meanConfidence);
    bins.push({ from: edges[b], to: Math.min(1, edges[b + 1]), count, meanConfidence, accuracy });
  }
  return { bins, ece };
}

/** Camera tilt groups for the eval's table by condition (degrees from straight down; the renderer tilts up to 40). */
export const TILT_GROUPS = ['0-6°', '6-20°', '20-30°', '30-40°'] as const;
export const tiltGroup = (deg: number): (typeof TILT_GROUPS)[number] => TILT_GROUPS[deg < 6 ? 0 : deg < 20 ? 1 : deg < 30 ? 2 : 3];

/** What the truth of a rendered scene says about how it was seen (scene.ts, truth.ts). */
export interface SceneTruthConditions {
  set: string;
  camera: { tilt_deg: number };
  render: unknown;
}

/**
 * The conditions a scene was seen under, as labels for the eval's table: the camera's tilt, the set,
 * the table and each kind of tile's look. The same tiles read on a steep camera, a dark cloth (whose
 * metering burns white tiles out) or a coloured double-12 set show where the reader is weak.
 */
export function sceneConditions(truth: SceneTruthConditions): { tilt: string; set: string; table: string; look: Record<'domino' | 'triomino', string> } {
  const render = (truth.render ?? {}) as { table?: unknown; look?: { domino?: { name?: unknown }; triomino?: { name?: unknown } } };
  const name = (x: unknown): string => (typeof x === 'string' ? x : 'unknown');
  return {
    tilt: tiltGroup(truth.camera.tilt_deg),
    set: truth.set,
    table: name(render.table),
    look: { domino: name(render.look?.domino?.name), triomino: name(render.look?.triomino?.name) },
  };
}
