/**
 * Finding every tile in a frame. Each stage is one small typed function:
 *   frame (RGBA) -> work image (RGB, ~half size)        work-image.ts
 *   work image   -> label map (table/rim/cores)          tile-net.ts (the trained network)
 *   label map    -> tile polygons in frame pixels        tile-polygons.ts (OpenCV.js), at a few core depths
 *   candidates   -> + split / joined faces              tile-repair.ts
 *   candidates   -> scored, overlaps suppressed         tile-select.ts
 */
import type { Cv } from './opencv';
import type { RgbaImage, TileCandidate } from './segment-types';
import type { TileNet } from './tile-net';
import { tilePolygons } from './tile-polygons';
import { repairCandidates } from './tile-repair';
import { selectTiles } from './tile-select';
import { toWorkImage } from './work-image';

/**
 * Core depths tried (tile-polygons.ts): no single one suits every frame (one depth: recall 42 % at
 * 80, 34 % at 102 on 30 training scenes; these four pooled: 58 % of tiles have a candidate).
 */
const CORE_DEPTHS = [55, 70, 85, 102];
/**
 * Candidates scoring less are no tiles. Measured on 60 rendered training scenes (seeds 500, 600):
 * 0.3: precision 72-73 %, recall 52-56 %; 0.4: 79 %, 50-52 %; 0.5: 84-87 %, 48 %.
 */
const MIN_SCORE = 0.4;
/** A candidate covering more than this share of a better one (or covered by it) is the same tile. */
const MAX_OVERLAP = 0.4;

export interface SegmentDeps {
  cv: Cv;
  net: TileNet;
  /** Frame-to-work scale; default work-image.ts's workScale (half size, 640-960 px across, never enlarged). */
  scale?: number;
}

export interface Segmentation {
  tiles: TileCandidate[];
  /** Milliseconds per stage. */
  ms: { work: number; net: number; polygons: number; total: number };
}

/** The segmenter as src/vision/read-table.ts takes it: a frame in, tiles out. */
export function createSegmenter(deps: SegmentDeps): (image: RgbaImage) => TileCandidate[] {
  return (image) => segment(image, deps).tiles;
}

export function segment(image: RgbaImage, { cv, net, scale }: SegmentDeps): Segmentation {
  const t0 = performance.now();
  const work = toWorkImage(cv, image, scale); // half size: what the network was trained on
  const t1 = performance.now();
  const maps = net.predict(work); // every pixel: table, rim, domino core or triangle core
  const t2 = performance.now();
  // One tile per core at each depth threshold, its face split off by watershed; the best win.
  const found = tilePolygons(cv, work, maps, CORE_DEPTHS);
  const tiles = selectTiles(repairCandidates(found), MIN_SCORE, MAX_OVERLAP);
  const t3 = performance.now();
  return { tiles, ms: { work: t1 - t0, net: t2 - t1, polygons: t3 - t2, total: t3 - t0 } };
}
