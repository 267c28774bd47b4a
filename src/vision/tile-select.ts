/**
 * Choosing tiles among candidates. The committed tile network's depth map is weak (faces are found,
 * but the depth inside them is low and uneven), so no single core threshold separates every tile:
 * tile-polygons.ts is run at a few thresholds, and here each candidate gets a score — how likely it
 * is a whole tile, from its shape and the network's evidence — and the best-scoring candidates that
 * do not overlap win (greedy non-maximum suppression).
 */
import { clipConvex } from './evaluate-detection';
import { screenArea } from './quad-geometry';
import type { Point, TileCandidate } from './segment-types';
import type { ReadTile } from './types';

/** Feature names, in the order of SCORE_WEIGHTS. */
export const FEATURES = ['confidence', 'peak', 'fill', 'coreShare', 'aspectOff', 'cornerOff', 'sizeOff', 'logSize', 'triangle', 'fillOver', 'kindShare'] as const;

/**
 * Logistic weights (bias last), fitted (Newton, L2 1e-3) on the 8,469 candidates of 60 rendered
 * training scenes (seeds 500 and 600, 30 each, core depths below and repairs of tile-repair.ts;
 * label: IoU >= 0.5 with a true tile of the same kind, 28 % of them). Fitted on one half, the other
 * half's log-loss is 0.30 (0.62 for a constant). Confidence, depth peak and the shape terms carry it.
 *
 * `fillOver` and `kindShare` (2026-11-23, tile network "i"): a face that spills past its polygon (a
 * triangle fitted inside two merged faces) and a face whose outline says one kind while the network's
 * pixels say the other (a quad fitted to a triangle). Their weights and a new bias were fitted with
 * the nine others held, each set weighing the same, on the 66,614 candidates of the first passes
 * and re-reads (segment.ts) of dev scenes: seeds 500, 600, 700 (60 each), far cameras (halves 10-20
 * px, seeds 650, 700) and close-ups (100-200 px, seeds 700, 750). Fitted on six sets and applied to
 * the seventh, the selections kept 8,758 -> 8,769 tiles and 1,891 -> 1,600 false ones. A refit of
 * all eleven weights did better on those passes but chose shards of close-ups that account for
 * their faces, so the shards re-read (segment.ts) no longer saw them (dev close-ups: precision /
 * recall 96.9 / 98.7 -> 92.3 / 96.4 %): not taken. Whole pipeline, dev still images of seeds 500,
 * 600, 700: precision 98.4 / 98.6 / 98.8 -> 99.0 / 99.1 / 98.8 %, recall 97.5 / 98.2 / 99.4 -> 97.6 /
 * 98.5 / 99.4 %, triangles read right 1,002 -> 1,013, pip totals 113 -> 116 of 180.
 */
const SCORE_WEIGHTS = [3.731, 1.265, -0.173, 0.882, -2.88, -2.507, -4.367, 0.906, 1.361, -2.435, 2.588, -3.847];

const dist = (a: Point, b: Point): number => Math.hypot(b[0] - a[0], b[1] - a[1]);
const sides = (p: readonly Point[]): number[] => p.map((q, k) => dist(q, p[(k + 1) % p.length]));

/** Size of a half in frame pixels, from the area: a domino is two squares, a triangle's half side. */
export function unitOf(c: Pick<TileCandidate, 'kind' | 'polygon'>): number {
  const area = Math.abs(screenArea(c.polygon));
  return c.kind === 'domino' ? Math.sqrt(area / 2) : Math.sqrt(area / (Math.sqrt(3) / 4)) / 2;
}

/**
 * The median size of a half (a domino's half, half a triangle's side) among found tiles, in frame
 * pixels, from their areas (a perspective view changes sides more than areas); NaN if none.
 */
export function medianHalf(tiles: readonly Pick<TileCandidate, 'kind' | 'polygon'>[]): number {
  const sizes = tiles.map(unitOf).sort((a, b) => a - b);
  return sizes.length ? sizes[sizes.length >> 1] : NaN;
}

/** Domino: long over short sides (2 for a tile seen straight on); triangle: longest over shortest (1). */
function aspectOff(c: TileCandidate): number {
  const s = sides(c.polygon);
  if (c.kind === 'domino') return Math.abs(Math.log((s[0] + s[2]) / Math.max(1e-6, s[1] + s[3]) / 2));
  return Math.log(Math.max(...s) / Math.max(1e-6, Math.min(...s)));
}

/** How far the corners are from a rectangle's (|cos| of the worst corner) or a triangle's 60 degrees. */
function cornerOff(c: TileCandidate): number {
  const p = c.polygon;
  let worst = 0;
  for (let k = 0; k < p.length; k++) {
    const a = p[(k + p.length - 1) % p.length];
    const b = p[k];
    const d = p[(k + 1) % p.length];
    const u = [a[0] - b[0], a[1] - b[1]];
    const v = [d[0] - b[0], d[1] - b[1]];
    const cos = (u[0] * v[0] + u[1] * v[1]) / Math.max(1e-9, Math.hypot(u[0], u[1]) * Math.hypot(v[0], v[1]));
    worst = Math.max(worst, c.kind === 'domino' ? Math.abs(cos) : Math.abs(Math.acos(Math.max(-1, Math.min(1, cos))) - Math.PI / 3));
  }
  return worst;
}

/** A candidate this likely a tile judged on all but its size (`sizeFreeScore`) is a sure one (`typicalUnit`). */
const SURE_OF_SIZE = 0.8;
/** The sure candidates' median half stands apart from the crowd's when it is more than this many times larger. */
const SIZES_APART = 1.5;

/** How likely a candidate is a whole tile judged on everything but its size against the frame's typical size. */
export const sizeFreeScore = (c: TileCandidate): number => tileScore(candidateFeatures(c, unitOf(c)));

/**
 * The frame's typical half size: the median over the candidates that look like whole tiles (the
 * crowd). Given the least size the tile network sees tiles at in this look (`least`: its trained
 * range's lower end, in frame pixels), a crowd below it is not of tiles. A busy tablecloth's flowers
 * and leaves can outnumber the tiles as candidates, and their size would mark the true tiles as the
 * wrong size (dev still 37 of seed 8301: a line of nine black dominoes of 45 px a half on a flowered
 * cloth, whose 224 candidates at half size had a median of 13 px; every domino scored below 0.22 and
 * none was found). There, where at least three sure candidates (SURE_OF_SIZE) have a median of at
 * least that size and more than SIZES_APART times the crowd's, theirs is taken: also where it is above
 * the trained range, a close-up's tiles (dev close-up 37 of seed 7301: dominoes of 105 px a half on
 * linen, whose weave gave 405 candidates of 14 px; segment.ts then reads the frame again smaller, and
 * keeps the look whose tiles account for their faces best). A far camera's tiles just under the range,
 * with sure ones just over it, keep the crowd's size, so that segment.ts reads the frame again closer.
 * Docs/reading-log.md, "A tablecloth's crowd of small faces does not set the tiles' size" and "A
 * close-up's large tiles on a woven cloth".
 */
export function typicalUnit(cands: readonly TileCandidate[], least?: number): number {
  const good = cands.filter((c) => aspectOff(c) < 0.3 && (c.evidence?.fill ?? 1) > 0.85);
  const pool = good.length >= 3 ? good : cands;
  if (!pool.length) return 1;
  const crowd = medianHalf(pool);
  if (least === undefined || crowd >= least) return crowd;
  const sure = good.filter((c) => sizeFreeScore(c) >= SURE_OF_SIZE);
  const theirs = sure.length >= 3 ? medianHalf(sure) : crowd;
  return theirs >= least && theirs > SIZES_APART * crowd ? theirs : crowd;
}

export function candidateFeatures(c: TileCandidate, unit: number): number[] {
  const e = c.evidence ?? { confidence: c.score, peak: 0.5, fill: 1, coreShare: 0.3, kindShare: 1 };
  const u = unitOf(c);
  return [
    e.confidence,
    e.peak,
    Math.min(1.5, e.fill),
    e.coreShare,
    Math.min(2, aspectOff(c)),
    cornerOff(c),
    Math.min(2, Math.abs(Math.log(u / unit))),
    Math.log(u / 30),
    c.kind === 'triomino' ? 1 : 0,
    Math.max(0, Math.min(1, e.fill - 1)),
    e.kindShare,
  ];
}

export function tileScore(features: readonly number[]): number {
  let z = SCORE_WEIGHTS[SCORE_WEIGHTS.length - 1];
  for (let i = 0; i < features.length; i++) z += SCORE_WEIGHTS[i] * features[i];
  return 1 / (1 + Math.exp(-z));
}

/** Share of the smaller polygon covered by the other (1 when one lies inside the other). */
export function overlapShare(a: readonly Point[], b: readonly Point[]): number {
  const inter = clipConvex(a, b);
  if (inter.length < 3) return 0;
  return Math.abs(screenArea(inter)) / Math.max(1e-9, Math.min(Math.abs(screenArea(a)), Math.abs(screenArea(b))));
}

export type Box = [number, number, number, number];
/** A polygon's bounding box, [x0, y0, x1, y1]. */
export const boxOf = (p: readonly Point[]): Box => [Math.min(...p.map((q) => q[0])), Math.min(...p.map((q) => q[1])), Math.max(...p.map((q) => q[0])), Math.max(...p.map((q) => q[1]))];
/** Whether two boxes touch: polygons whose boxes do not cannot overlap. */
export const touches = (a: Box, b: Box): boolean => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** A polygon covering more than this share of a better one (or covered by it) is the same tile. */
export const MAX_OVERLAP = 0.4;

/** Of these items, best first, those that overlap no better one kept by more than `maxOverlap` of the smaller. */
export function keepApart<T>(best: readonly T[], polygon: (t: T) => readonly Point[], maxOverlap = MAX_OVERLAP): T[] {
  const kept: T[] = [];
  const boxes: Box[] = [];
  for (const t of best) {
    const b = boxOf(polygon(t));
    if (kept.every((k, i) => !touches(boxes[i], b) || overlapShare(polygon(k), polygon(t)) <= maxOverlap)) {
      kept.push(t);
      boxes.push(b);
    }
  }
  return kept;
}

/** Candidates scored, best first; a candidate overlapping a better one by more than `maxOverlap` of the smaller goes. */
export function selectTiles(cands: readonly TileCandidate[], minScore: number, maxOverlap = MAX_OVERLAP, unit = typicalUnit(cands)): TileCandidate[] {
  const scored = cands.map((c) => ({ ...c, score: tileScore(candidateFeatures(c, unit)) })).sort((a, b) => b.score - a.score);
  return keepApart(
    scored.filter((c) => c.score >= minScore),
    (c) => c.polygon,
    maxOverlap,
  );
}

/**
 * The readings without any that lies on a surer one (covering more than MAX_OVERLAP of it, or covered
 * by it: the tile finder's rule for its candidates): two tiles never share a place on the table. The
 * segmenter's candidates do not overlap, but the second look (realign.ts) slides each on its own, and
 * can slide one onto a place already read: a board triangle read twice, whose two readings one-set.ts
 * then took for two tiles (the less sure "taken", a false tile). Among the final readings of fresh dev
 * scenes (seeds 2027 and 2028, 60 each) one pair overlapped by more than 0.4 (0.81); of the rest, the
 * most overlapping pairs of true tiles 0.28 (touching dominoes, one slid), a false tile on a true one
 * 0.34. `npm run --silent eval -- --only vision --no-real --seed S --scenes 60 [--live]`, before ->
 * after: still 2027 precision 99.34 -> 99.42 %, pip totals exact 42 -> 43 of 60; live 2027 99.25 ->
 * 99.41 %, triangles read right 87.13 -> 87.40 %; still 2028 and 2025 the same to the tile.
 */
export function apart<R extends { tile: Pick<ReadTile, 'polygon' | 'confidence'> }>(reads: readonly R[]): R[] {
  const keep = new Set(keepApart([...reads].sort((a, b) => b.tile.confidence - a.tile.confidence), (r) => r.tile.polygon));
  return reads.filter((r) => keep.has(r));
}
