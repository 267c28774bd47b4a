/**
 * A live camera over a table sends nearly the same frame ten times a second; between two frames a
 * tile or two is laid, or a hand passes. So a live frame need not go through the tile network whole:
 * only the region that holds the tiles found in the frame before, and the parts of the frame that
 * changed since the last whole look, with a margin wider than the network's reach. Inside that
 * region the network's maps are the whole frame's (segment.ts `segmentRegion`), so the same tiles
 * are found, for the share of the time the region is of the frame.
 *
 * What changed: the frame's grey levels averaged over cells of CELL px, against the last whole look;
 * a cell whose mean moved by more than CHANGE levels changed (sensor noise moves a cell's mean by a
 * fraction of a level; a tile laid on it, tens). The whole frame is read again when there is no
 * earlier look at this frame size, every FULL_EVERY frames, when more than FULL_CHANGED of the cells
 * changed (the camera moved, the light changed), and when the region would cover more than
 * FULL_REGION of the frame (little to gain). A frame in which nothing changed and no tile was found
 * before reads as empty, without the network.
 *
 *   const segment = createLiveSegmenter({ cv, net });   // one per camera
 *   for (const frame of frames) readTable(frame, { segment, classifier, plane });
 */
import { withMats } from './opencv';
import type { RgbaImage, TileCandidate } from './segment-types';
import { segment, segmentRegion, type SegmentDeps, type Segmentation, type WorkBox } from './segment';

/** Cell side in frame pixels. */
export const CELL = 16;
/** A cell changed when its mean grey level moved by more than this (0-255). */
export const CHANGE = 12;
/** The whole frame is looked at again at least every this many frames (about a second at 10 a second). */
export const FULL_EVERY = 10;
/** More than this share of the cells changed: the whole frame again. */
export const FULL_CHANGED = 0.3;
/** A region larger than this share of the frame: the whole frame instead. */
export const FULL_REGION = 0.6;
/** Margin around the tiles and the changed cells, in work pixels: more than the network's reach (~38), so the maps inside are the whole frame's. */
export const MARGIN = 48;

/** How a live frame was looked at. */
export type LiveLook = { kind: 'whole'; why: 'first' | 'periodic' | 'changed' | 'region' } | { kind: 'region'; share: number } | { kind: 'unchanged' };

export interface RegionMemory {
  /** The last whole look's cell means, and the frame size they belong to. */
  ref?: { width: number; height: number; cols: number; rows: number; means: Uint8Array };
  /**
   * Work pixels (at `scale`, the last whole look's) around every tile found since the last whole
   * look, null if none: the region never shrinks between whole looks, so a tile missed in one frame
   * is still looked for in the next.
   */
  box: WorkBox | null;
  scale: number;
  /** Frames since the last whole look. */
  sinceWhole: number;
  /** How the latest frame was looked at (for the bench and tests). */
  last?: LiveLook;
}

export const regionMemory = (): RegionMemory => ({ box: null, scale: 0, sinceWhole: 0 });

/** The segmenter for a live camera: the frame's changed and tiled region only, where it can (see above). */
export function createLiveSegmenter(deps: SegmentDeps, memory: RegionMemory = regionMemory()): (image: RgbaImage) => TileCandidate[] {
  return (image) => segmentLive(image, deps, memory).tiles;
}

export function segmentLive(image: RgbaImage, deps: SegmentDeps, memory: RegionMemory): Segmentation {
  const means = cellMeans(deps, image);
  const ref = memory.ref;
  const whole = (why: Extract<LiveLook, { kind: 'whole' }>['why']): Segmentation => {
    const s = segment(image, deps);
    Object.assign(memory, { ref: means, box: tilesBox(s.tiles, s.scale, null), scale: s.scale, sinceWhole: 0, last: { kind: 'whole', why } });
    return s;
  };
  if (!ref || ref.width !== image.width || ref.height !== image.height) return whole('first');
  if (memory.sinceWhole + 1 >= FULL_EVERY) return whole('periodic');
  const changed = changedCells(ref.means, means.means, CHANGE);
  if (changed.length > FULL_CHANGED * changed.total) return whole('changed');
  const scale = memory.scale;
  const boxes: WorkBox[] = [
    ...(memory.box ? [memory.box] : []),
    ...changed.map((i): WorkBox => {
      const [cx, cy] = [i % means.cols, Math.floor(i / means.cols)];
      return [cx * CELL * scale, cy * CELL * scale, Math.min(image.width, (cx + 1) * CELL) * scale, Math.min(image.height, (cy + 1) * CELL) * scale];
    }),
  ];
  memory.sinceWhole++;
  if (!boxes.length) {
    memory.last = { kind: 'unchanged' };
    return { tiles: [], scale, ms: { work: 0, net: 0, polygons: 0, total: 0 } };
  }
  const box: WorkBox = [
    Math.min(...boxes.map((b) => b[0])) - MARGIN,
    Math.min(...boxes.map((b) => b[1])) - MARGIN,
    Math.max(...boxes.map((b) => b[2])) + MARGIN,
    Math.max(...boxes.map((b) => b[3])) + MARGIN,
  ];
  const [ww, wh] = [Math.round(image.width * scale), Math.round(image.height * scale)];
  const share = ((Math.min(ww, box[2]) - Math.max(0, box[0])) * (Math.min(wh, box[3]) - Math.max(0, box[1]))) / (ww * wh);
  if (share > FULL_REGION) return whole('region');
  const s = segmentRegion(image, deps, scale, box);
  Object.assign(memory, { box: tilesBox(s.tiles, scale, memory.box), last: { kind: 'region', share } });
  return s;
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
