/**
 * A table at rest, read from the mean of its frames. A camera over a table at rest sends the same
 * picture again and again, each frame with its own sensor noise; their mean keeps the pips and
 * loses most of the noise. The tile network still traces the tiles in one frame (read-table.ts
 * `readTable`'s `readFrom`): it learnt noisy frames, and on the mean of four it traced cloth as
 * tiles (dev 9101, 90 scenes: precision 99.73 -> 98.76 % live, 99.46 -> 98.87 % still). The
 * classifier reads every crop from the mean. docs/reading-log.md, "A table at rest read from the mean
 * of its frames".
 *
 *   const rest = [latest, ...atRestWith(latest, earlier)];
 *   readTable(latest, reader, meanFrame(rest));
 */
import type { Rgba } from './types';

/** Side of the cells whose mean grey levels are compared, in pixels. */
export const REST_CELL = 16;
/**
 * A frame shows the table at rest when no cell's mean grey level moved by more than this (0-255)
 * from the latest frame's. Sensor noise moves a 16x16 cell's mean by a fraction of a level; the
 * camera moved by half a pixel moves a cell across a tile's edge (~150 levels of contrast) by ~4.
 */
export const REST_MOVE = 3;

/** The mean grey level (ITU-R 601 luma) of each REST_CELL x REST_CELL cell; the last row and column take what is left. */
function cellMeans(f: Rgba): Float32Array {
  const cols = Math.ceil(f.width / REST_CELL);
  const rows = Math.ceil(f.height / REST_CELL);
  const sums = new Float64Array(cols * rows);
  const counts = new Uint32Array(cols * rows);
  const colOf = Int32Array.from({ length: f.width }, (_, x) => Math.floor(x / REST_CELL));
  const d = f.data;
  for (let y = 0, i = 0; y < f.height; y++) {
    const row = Math.floor(y / REST_CELL) * cols;
    for (let x = 0; x < f.width; x++, i += 4) {
      const c = row + colOf[x];
      sums[c] += 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
      counts[c]++;
    }
  }
  return Float32Array.from(sums, (s, c) => s / counts[c]);
}

const sameSize = (a: Rgba, b: Rgba): boolean => a.width === b.width && a.height === b.height;

/**
 * The frames of `earlier` that show what `latest` shows: of its size, and no cell's mean grey level
 * moved by more than REST_MOVE. A hand over the table, a tile laid, the light or the camera moved:
 * such a frame is left out.
 */
export function atRestWith(latest: Rgba, earlier: readonly Rgba[]): Rgba[] {
  const ref = cellMeans(latest);
  return earlier.filter((f) => {
    if (!sameSize(f, latest)) return false;
    const m = cellMeans(f);
    for (let c = 0; c < m.length; c++) if (Math.abs(m[c] - ref[c]) > REST_MOVE) return false;
    return true;
  });
}

/** The pixel-by-pixel mean of frames of one size (rounded; alpha opaque). */
export function meanFrame(frames: readonly Rgba[]): Rgba {
  if (frames.length === 0) throw new Error('meanFrame: no frames');
  const [first] = frames;
  if (!frames.every((f) => sameSize(f, first))) throw new Error('meanFrame: frames of different sizes');
  if (frames.length > 257) throw new Error('meanFrame: at most 257 frames');
  const sums = new Uint16Array(first.data.length); // 257 frames of 255 at most
  for (const f of frames) {
    const d = f.data;
    for (let i = 0; i < sums.length; i++) sums[i] += d[i];
  }
  const n = frames.length;
  const half = n >> 1; // rounded half up
  const out = new Uint8ClampedArray(sums.length);
  for (let i = 0; i < out.length; i += 4) {
    out[i] = ((sums[i] + half) / n) | 0;
    out[i + 1] = ((sums[i + 1] + half) / n) | 0;
    out[i + 2] = ((sums[i + 2] + half) / n) | 0;
    out[i + 3] = 255;
  }
  return { width: first.width, height: first.height, data: out };
}
