/**
 * From the network's maps to tile polygons (OpenCV.js, all in work pixels until the end): a core
 * is the part of a face deeper than CORE_DEPTH (the face shrunk to 1 - CORE_DEPTH about its
 * centre, so the cores of touching tiles stay apart); every connected core is one tile; a
 * watershed from the cores over the rest of the faces gives each tile its own top face (touching
 * faces split where the image changes, i.e. along the groove between them); a face's outline
 * gives the polygon (polygon-fit.ts: 4 corners for a domino, 3 for a triangle).
 */
import { withMats, type Cv, type Mat, type MatScope } from './opencv';
import { convexHull, fitPolygon, triangleShare } from './polygon-fit';
import { screenArea, shaped } from './quad-geometry';
import type { Point, TileCandidate, TileEvidence, TileKind } from './segment-types';
import { LABEL_TABLE, LABEL_TRIOMINO, type TileMaps } from './tile-net';
import type { WorkImage } from './work-image';

/** Depth (0..255) above which a face pixel is core: the face shrunk to 60 % (segment.ts tries several). */
export const CORE_DEPTH = 102;
/** Cores smaller than this (work pixels) are noise: the smallest real core is ~6 x 12. */
const MIN_CORE_AREA = 8;

interface Core {
  kind: TileKind;
  area: number;
  /** Mean label probability over the core, 0..1. */
  confidence: number;
  /** Highest depth in the core, 0..1 (a real face's centre reaches ~1; table texture stays low). */
  peak: number;
  /** Share of the core's pixels labelled triangle face. */
  triangleVote: number;
  /** The core's centre, weighted by depth above the core's threshold (work pixels). */
  centre: Point;
}

/**
 * The table as every core depth shares it: the watershed's base markers (1 on sure table, 0
 * elsewhere), the pixels that are not sure table (only they can join a face region) and the face
 * pixels (only they can be core). Later loops visit those lists, not the whole work image.
 */
interface TableAround {
  base: Int32Array;
  open: Int32Array;
  faces: Int32Array;
}

/** Marker image for the watershed: 1 = sure table, 2.. = cores, 0 = undecided (face rims, edges). */
function markCores(s: MatScope, maps: TileMaps, coreDepth: number, table: TableAround): { markers: Mat; cores: Core[] } {
  const { cv } = s;
  const { width, height, labels, confidence, depth } = maps;
  const markers = s.mat(height, width, cv.CV_32S, [0]);
  const m = markers.data32S;
  m.set(table.base);
  const cores: Core[] = [];
  const mask = s.mat(height, width, cv.CV_8U, [0]);
  const md = mask.data;
  for (const i of table.faces) if (depth[i] > coreDepth) md[i] = 255;
  const comp = s.mat();
  const n = cv.connectedComponents(mask, comp, 4, cv.CV_32S);
  const c = comp.data32S;
  const area = new Float64Array(n);
  const conf = new Float64Array(n);
  const triangles = new Float64Array(n);
  const peak = new Float64Array(n);
  const [wsum, wx, wy] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  for (const i of table.faces) {
    const k = c[i];
    if (k === 0) continue;
    area[k]++;
    const w = depth[i] - coreDepth;
    wsum[k] += w;
    wx[k] += w * (i % width);
    wy[k] += w * Math.floor(i / width);
    if (depth[i] > peak[k]) peak[k] = depth[i];
    conf[k] += confidence[i];
    if (labels[i] === LABEL_TRIOMINO) triangles[k]++;
    m[i] = k + 1;
  }
  // A core's kind is the class most of its pixels have (a few edge pixels may say otherwise).
  for (let k = 1; k < n; k++) cores.push({ kind: triangles[k] * 2 > area[k] ? 'triomino' : 'domino', area: area[k], triangleVote: triangles[k] / Math.max(1, area[k]), confidence: conf[k] / (255 * Math.max(1, area[k])), peak: peak[k] / 255, centre: [wx[k] / Math.max(1e-9, wsum[k]), wy[k] / Math.max(1e-9, wsum[k])] });
  s.free(mask);
  s.free(comp);
  return { markers, cores };
}

/** Sure table: table pixels two pixels clear of anything else (the same at every core depth). */
function tableAround(s: MatScope, maps: TileMaps): TableAround {
  const { cv } = s;
  const notTable = s.mat(maps.height, maps.width, cv.CV_8U, [0]);
  const nt = notTable.data;
  let faceCount = 0;
  for (let i = 0; i < nt.length; i++)
    if (maps.labels[i] !== LABEL_TABLE) {
      nt[i] = 255;
      faceCount++;
    }
  const near = s.mat(); // not in place: in-place OpenCV.js ops leak (shared/notes/toolchain.md)
  cv.dilate(notTable, near, s.track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5))));
  const nd = near.data;
  const base = new Int32Array(nd.length);
  let openCount = 0;
  for (let i = 0; i < nd.length; i++)
    if (nd[i] === 0) base[i] = 1;
    else openCount++;
  const open = new Int32Array(openCount);
  const faces = new Int32Array(faceCount);
  for (let i = 0, o = 0, f = 0; i < nd.length; i++) {
    if (nd[i] !== 0) open[o++] = i;
    if (nt[i] !== 0) faces[f++] = i;
  }
  s.free(notTable);
  s.free(near);
  return { base, open, faces };
}

/**
 * The border of every face region as pixel-corner points, in one pass: where a face pixel meets
 * another region, the shared pixel edge; where it meets a watershed line (-1), the line's middle,
 * half a pixel further out (the line belongs half to each side). Face regions lie among the `open`
 * pixels (not sure table).
 */
function outlines(markers: Mat, n: number, open: Int32Array): Point[][] {
  const out: Point[][] = Array.from({ length: n }, () => []);
  const m = markers.data32S;
  const w = markers.cols;
  const h = markers.rows;
  const sides: [number, number, number, number, number, number][] = [
    // dx, dy, then the edge's two corners relative to (x, y)
    [-1, 0, 0, 0, 0, 1],
    [1, 0, 1, 0, 1, 1],
    [0, -1, 0, 0, 1, 0],
    [0, 1, 0, 1, 1, 1],
  ];
  for (const i of open) {
    const id = m[i] - 2;
    if (id < 0 || id >= n) continue;
    const x = i % w;
    const y = (i - x) / w;
    for (const [dx, dy, ax, ay, bx, by] of sides) {
      const nx = x + dx;
      const ny = y + dy;
      const other = nx < 0 || ny < 0 || nx >= w || ny >= h ? -2 : m[ny * w + nx];
      if (other === id + 2) continue;
      const push = other === -1 ? 0.5 : 0;
      out[id].push([x + ax + dx * push, y + ay + dy * push], [x + bx + dx * push, y + by + dy * push]);
    }
  }
  return out;
}

/** Pixels of every face region after the watershed (among the `open` pixels). */
function regionAreas(markers: Mat, n: number, open: Int32Array): Float64Array {
  const a = new Float64Array(n);
  const m = markers.data32S;
  for (const i of open) if (m[i] >= 2 && m[i] < n + 2) a[m[i] - 2]++;
  return a;
}

/**
 * The face's shape decides (a triangle keeps ~95 % of its hull in 3 corners, a rectangle exactly
 * 50 %, a domino seen obliquely a little more; ragged faces of triangles measured 0.65-0.8); in
 * between, the network's class vote. A triangle whose face runs into a neighbour's keeps as little
 * as 0.5 (the network still votes triangle), a piece of a domino's face cut off by the watershed as
 * much as 0.75 (the network votes domino). On dev scenes (seeds 500, 600, 700; 60 each, still
 * images), the vote between 0.5 and 0.75 instead of between 0.56 and 0.62: triangles matched 1,033 ->
 * 1,094 (38 more read right, the new ones harder to read), dominoes read right 2,424 -> 2,436,
 * recall 95.8 -> 97.9 %, precision 97.5 -> 98.4 % (means of the seeds), pip totals right 102 -> 107
 * of 180. (The lower bound alone: 1,095 triangles, dominoes 2,423, pip totals 104.)
 */
const DOMINO_SHARE = 0.5;
const TRIANGLE_SHARE = 0.75;
function kindOf(core: Core, share: number): TileKind {
  if (share > TRIANGLE_SHARE) return 'triomino';
  if (share < DOMINO_SHARE) return 'domino';
  return core.kind;
}

/**
 * Tiles in frame pixels from the label map of a work image, one set per core depth (all pooled:
 * segment.ts chooses among them). The image and the sure table are shared by every depth.
 */
export function tilePolygons(cv: Cv, work: WorkImage, maps: TileMaps, coreDepths: readonly number[] = [CORE_DEPTH]): TileCandidate[] {
  return withMats((s) => {
    const rgb = s.mat(work.height, work.width, cv.CV_8UC3);
    rgb.data.set(work.rgb);
    const table = tableAround(s, maps);
    const out: TileCandidate[] = [];
    for (const depth of coreDepths) {
      const { markers, cores } = markCores(s, maps, depth, table);
      cv.watershed(rgb, markers);
      out.push(...facePolygons(cores, markers, work, table.open));
      s.free(markers);
    }
    return out;
  }, cv);
}

/** One polygon per watershed region of a core. */
function facePolygons(cores: readonly Core[], markers: Mat, work: WorkImage, open: Int32Array): TileCandidate[] {
  const out: TileCandidate[] = [];
  const borders = outlines(markers, cores.length, open);
  const faceArea = regionAreas(markers, cores.length, open);
  for (let k = 0; k < cores.length; k++) {
    const core = cores[k];
    if (core.area < MIN_CORE_AREA || borders[k].length < 6) continue;
    const hull = convexHull(borders[k]);
    const kind = kindOf(core, triangleShare(hull));
    const fitted = fitPolygon(borders[k], kind === 'domino' ? 4 : 3, hull);
    if (fitted.length < 3) continue;
    const poly = fitted.map(([x, y]): Point => [x / work.scale, y / work.scale]);
    const evidence: TileEvidence = { confidence: core.confidence, peak: core.peak, fill: faceArea[k] / Math.max(1, Math.abs(screenArea(fitted))), coreShare: core.area / Math.max(1, faceArea[k]), kindShare: kind === 'triomino' ? core.triangleVote : 1 - core.triangleVote };
    out.push({ kind, ...shaped(kind, poly), score: core.confidence, evidence, core: [core.centre[0] / work.scale, core.centre[1] / work.scale] });
  }
  return out;
}
