/**
 * Finding every tile in a frame. Each stage is one small typed function:
 *   frame (RGBA) -> work image (half size, RGB)          work-image.ts
 *   work image   -> label map (table/rim/cores)          tile-net.ts (the trained network)
 *   label map    -> tile polygons in frame pixels        tile-polygons.ts (OpenCV.js)
 */
import type { Cv } from './opencv';
import type { RgbaImage, TileCandidate } from './segment-types';
import type { TileNet } from './tile-net';
import { tilePolygons } from './tile-polygons';
import { selectTiles } from './tile-select';
import { toWorkImage } from './work-image';

const CORE_DEPTHS = (process.env.CORE_DEPTHS ?? '55,70,85,102').split(',').map(Number);
const MIN_SCORE = Number(process.env.MIN_SCORE ?? 0.3);
const MAX_OVERLAP = Number(process.env.MAX_OVERLAP ?? 0.4);

export interface SegmentDeps {
  cv: Cv;
  net: TileNet;
  /** Frame-to-work scale; default work-image.ts's workScale (half size, at most 960 px across). */
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
  const pool = CORE_DEPTHS.flatMap((d) => tilePolygons(cv, work, maps, d));
  const tiles = selectTiles(pool, MIN_SCORE, MAX_OVERLAP);
  const t3 = performance.now();
  return { tiles, ms: { work: t1 - t0, net: t2 - t1, polygons: t3 - t2, total: t3 - t0 } };
}
