/**
 * A live camera over a table sends nearly the same frame ten times a second; between two frames a
 * tile or two is laid, or a hand passes. The tile network is most of a frame's time, and it need not
 * see the whole frame: inside a box grown by more than the network's reach (~38 work pixels) its maps
 * are the whole frame's (segment.ts `regionAt`), so the same tiles are found for the share of the
 * time the box is of the frame.
 * - A first look at a table (the first frame of its size, a frame in which the camera moved or the
 *   light changed, and every FULL_EVERY frames) probes the frame at half the scale first, a quarter
 *   of the pixels, with the face probe (probe-net.ts, models/probe), and looks only where the probe
 *   saw faces (`probeRegion`), or at the whole frame.
 * - The frames after it are looked at only around the tiles found since, and where they changed:
 *   the frame's grey levels averaged over cells of CELL px against the first look's, a cell whose
 *   mean moved by more than CHANGE levels changed (sensor noise moves a cell's mean by a fraction of
 *   a level; a tile laid on it, tens). More than FULL_CHANGED of the cells changed: a first look
 *   again. A box of more than FULL_REGION of the frame: the whole frame (too little to gain). A frame in
 *   which nothing changed and no tile was found before reads as empty, without the network. A hole
 *   (a face seen and no tile taken for it, segment.ts inHoles) whose closer look showed no tile is
 *   not looked at again until a first look, or until a cell it touches changes.
 *
 *   const segment = createLiveSegmenter({ cv, net, probe });   // one per camera
 *   for (const frame of frames) readTable(frame, { segment, classifier, plane });
 */
import { withMats } from './opencv';
import type { Point, RgbaImage, TileCandidate } from './segment-types';
import { grownBox, REGION_MARGIN, segment, type SegmentDeps, type Segmentation, type WorkBox } from './segment';
import type { ProbeNet } from './probe-net';
import { boxOf, type Box, touches } from './tile-select';
import { toWorkImage } from './work-image';

/** Cell side in frame pixels. */
export const CELL = 16;
/** A cell changed when its mean grey level moved by more than this (0-255). */
export const CHANGE = 12;
/** A first look again at least every this many frames (about a second at 10 a second). */
export const FULL_EVERY = 10;
/** More than this share of the cells changed: a first look again. */
export const FULL_CHANGED = 0.3;
/**
 * A region larger than this share of the frame: the whole frame instead. The tile network's time
 * follows its input's pixels, so a box saves in proportion to what it leaves out. Only a box of nearly
 * the whole frame leaves too little to be worth it. It was 0.6, set without a measurement: tables of
 * 0.6-0.9 of the frame (3 of the bench's 8, with boxes of 0.70-0.76) were read whole, and one of them
 * on every later frame as well. At 0.9, the fresh dev live frames (seeds 7401, 8101, 8301, 8501, 8701
 * and 8901; 90 each) took 431 of their first looks through a box instead of 337, and read every tile as
 * before. docs/reading-log.md, "A live table of up to 0.9 of the frame looked at through its box".
 */
export const FULL_REGION = 0.9;
/** Margin around the tiles and the changed cells, in work pixels (segment.ts). */
export const MARGIN = REGION_MARGIN;

/**
 * How a live frame was looked at: a first look at a table (the frame not seen before, the camera
 * moved, or every FULL_EVERY frames) — through the region its probe found faces in, or whole; a
 * region of a table seen before; or not at all.
 */
export type LiveLook =
  | { kind: 'first'; why: 'new' | 'periodic' | 'changed' | 'region'; share: number }
  | { kind: 'region'; share: number }
  | { kind: 'unchanged' };

export interface RegionMemory {
  /** The last first look's cell means, and the frame size they belong to. */
  ref?: CellMeans;
  /**
   * Work pixels (at `scale`, the last first look's) around every tile found since the last first
   * look, null if none: the region never shrinks between first looks, so a tile missed in one frame
   * is still looked for in the next.
   */
  box: WorkBox | null;
  scale: number;
  /** Frames since the last first look. */
  sinceFirst: number;
  /**
   * Holes (segment.ts inHoles: a face the network saw surely and no tile was taken for) whose closer
   * look found no tile since the last first look, in frame pixels: not looked at again while the
   * cells under them stay as they were at the first look.
   */
  barren: Point[][];
  /** How the latest frame was looked at (for the bench, the eval and tests). */
  last?: LiveLook;
}

export const regionMemory = (): RegionMemory => ({ ref: undefined, box: null, scale: 0, sinceFirst: 0, barren: [], last: undefined });

/** A live camera's segmenter's models: the tile network, and the face probe a first look runs first. */
export type LiveDeps = SegmentDeps & { probe: ProbeNet };

/** The segmenter for a live camera: each frame looked at only where it holds tiles or changed (see above). */
export function createLiveSegmenter(deps: LiveDeps, memory: RegionMemory = regionMemory()): (image: RgbaImage) => TileCandidate[] {
  return (image) => segmentLive(image, deps, memory).tiles;
}

export function segmentLive(image: RgbaImage, deps: LiveDeps, memory: RegionMemory): Segmentation {
  const means = cellMeans(deps, image);
  const ref = memory.ref;
  const first = (why: Extract<LiveLook, { kind: 'first' }>['why']): Segmentation => {
    // A table known to cover most of the frame is looked at whole, without a probe.
    const s = segment(image, why === 'region' ? deps : { ...deps, region: (img, scale) => probeRegion(img, deps, scale) });
    const share = s.box ? boxShare(s.box, image, s.scale) : 1;
    Object.assign(memory, { ref: means, box: tilesBox(s.tiles, s.scale, null), scale: s.scale, sinceFirst: 0, barren: s.barren ?? [], last: { kind: 'first', why, share } });
    return s;
  };
  if (!ref || !(memory.scale > 0) || ref.width !== image.width || ref.height !== image.height) return first('new');
  if (memory.sinceFirst + 1 >= FULL_EVERY) return first('periodic');
  const changed = changedCells(ref.means, means.means, CHANGE);
  if (changed.length > FULL_CHANGED * changed.total) return first('changed');
  const scale = memory.scale;
  // The changed cells, in frame pixels.
  const cells = changed.map((i): Box => {
    const [cx, cy] = [i % means.cols, Math.floor(i / means.cols)];
    return [cx * CELL, cy * CELL, Math.min(image.width, (cx + 1) * CELL), Math.min(image.height, (cy + 1) * CELL)];
  });
  const boxes: WorkBox[] = [...(memory.box ? [memory.box] : []), ...cells.map((c): WorkBox => [c[0] * scale, c[1] * scale, c[2] * scale, c[3] * scale])];
  memory.sinceFirst++;
  if (!boxes.length) {
    memory.last = { kind: 'unchanged' };
    return { tiles: [], scale, ms: { work: 0, net: 0, polygons: 0, total: 0 } };
  }
  const box = grownBox(union(boxes), MARGIN);
  const share = boxShare(box, image, scale);
  if (share > FULL_REGION) return first('region');
  // A hole that showed no tile is looked at again only where the frame changed under it.
  const barren = memory.barren.filter((h) => {
    const b = boxOf(h);
    return !cells.some((c) => touches(c, b));
  });
  const s = segment(image, { ...deps, scale, region: () => box, barren });
  Object.assign(memory, { box: tilesBox(s.tiles, scale, memory.box), barren: [...barren, ...(s.barren ?? [])], last: { kind: 'region', share } });
  return s;
}

/**
 * Where a first look need look: the cells the face probe (probe-net.ts) fires on in the frame at half
 * the look's scale (a quarter of its pixels), grown by MARGIN; undefined (the whole frame) when it
 * fires nowhere or the box would cover more than FULL_REGION of the frame. At half the scale a tile
 * is still a face where it is too small to be traced. Before the face probe, the tile network itself
 * did this (every pixel it called a face), in ~7x the time: on fresh dev scenes (seeds 2022, 2031
 * with halves of 15-30 px, 2032 at 30-40° of tilt, 2061, 3001-6001; 530 scenes) the face probe's
 * boxes left the same pip totals; 2 sets lost a small far tile on a patterned cloth (models/probe/card.md).
 */
export function probeRegion(image: RgbaImage, { cv, probe }: LiveDeps, scale: number): WorkBox | undefined {
  const work = toWorkImage(cv, image, scale / 2);
  const c = probe.cells(work);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < c.rows; y++)
    for (let x = 0; x < c.cols; x++) {
      if (!c.fired[y * c.cols + x]) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x * c.cell), Math.min(y0, y * c.cell), Math.max(x1, (x + 1) * c.cell), Math.max(y1, (y + 1) * c.cell)];
    }
  if (x1 < 0) return undefined;
  const k = scale / work.scale;
  const out = grownBox([x0 * k, y0 * k, Math.min(work.width, x1) * k, Math.min(work.height, y1) * k], MARGIN);
  return boxShare(out, image, scale) > FULL_REGION ? undefined : out;
}

const union = (boxes: readonly WorkBox[]): WorkBox => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/** The share of the frame's work image (at `scale`) a box covers. */
function boxShare(box: WorkBox, image: RgbaImage, scale: number): number {
  const [w, h] = [Math.round(image.width * scale), Math.round(image.height * scale)];
  return (Math.max(0, Math.min(w, box[2]) - Math.max(0, box[0])) * Math.max(0, Math.min(h, box[3]) - Math.max(0, box[1]))) / (w * h);
}

/** The work-pixel box around these tiles and `box`, or null if neither has any. */
function tilesBox(tiles: readonly TileCandidate[], scale: number, box: WorkBox | null): WorkBox | null {
  let out = box;
  for (const t of tiles)
    for (const [x, y] of t.polygon) {
      const [u, v] = [x * scale, y * scale];
      out = out ? [Math.min(out[0], u), Math.min(out[1], v), Math.max(out[2], u), Math.max(out[3], v)] : [u, v, u, v];
    }
  return out;
}

interface CellMeans {
  width: number;
  height: number;
  cols: number;
  rows: number;
  means: Uint8Array;
}

/** The frame's grey level averaged over CELL x CELL cells (the last row and column take what is left). */
function cellMeans({ cv }: SegmentDeps, image: RgbaImage): CellMeans {
  const cols = Math.ceil(image.width / CELL);
  const rows = Math.ceil(image.height / CELL);
  return withMats((s) => {
    const rgba = s.mat(image.height, image.width, cv.CV_8UC4);
    rgba.data.set(image.data);
    const grey = s.mat();
    cv.cvtColor(rgba, grey, cv.COLOR_RGBA2GRAY);
    const small = s.mat();
    cv.resize(grey, small, new cv.Size(cols, rows), 0, 0, cv.INTER_AREA);
    return { width: image.width, height: image.height, cols, rows, means: new Uint8Array(small.data) };
  }, cv);
}

/** The indices of the cells whose means moved by more than `change`, and how many cells there are. */
function changedCells(before: Uint8Array, now: Uint8Array, change: number): number[] & { total: number } {
  const out: number[] = [];
  for (let i = 0; i < now.length; i++) if (Math.abs(now[i] - before[i]) > change) out.push(i);
  return Object.assign(out, { total: now.length });
}
