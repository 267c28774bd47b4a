/**
 * A live camera sends nearly the same frame ten times a second, and a tile that lies where it lay
 * looks as it did. Its second look (realign.ts: up to 30 looks at an unsure tile, most of a frame's
 * time on a table of unsure tiles) would find again what it found a frame before. So a tile of this
 * frame keeps the reading of the last frame's tile when
 * - it lies where that tile lay: the same kind, every corner within SAME_PLACE of a half of where it
 *   was, its corners perhaps named from another one (the outlines traced in two frames of one table
 *   move: up to 0.7 of a half between two JPEG encodings of one picture, dev scenes); or, once every
 *   tile that lies where a tile lay has taken its own, on the face that tile lay on (`sameFace`: the
 *   same kind, the two outlines sharing SAME_FACE of their union), and then it keeps that tile's outline
 *   too. The tile network traces a face a little differently from frame to frame, most of all a face it
 *   is unsure of: in the bench's table of 28 dominoes, 3 to 6 of each later frame's outlines had a
 *   corner more than SAME_PLACE of a half from where it lay while sharing 0.63-0.83 of their union with
 *   it, on pixels that had not changed, and each was read afresh with a second look (a 5|5 read at
 *   0.99 in one frame was first read 3|5 at 0.11 in the next). Fresh dev steady frames (command below), seeds
 *   7401 / 8901 / 8101 / 8501: pip totals exact 77 / 73 / 74 / 78 -> 77 / 75 / 73 / 77 of 90 (302 of 360
 *   both), recall 98.02 / 98.36 / 97.90 / 98.93 -> 98.13 / 98.46 / 97.95 / 98.88 %, the eval's median
 *   frame 388 / 384 -> 322 / 338 ms (7401 and 8901, run side by side); at SAME_FACE 0.6, 7401 and 8901
 *   79 / 72 and a false 6|4 at 0.97. docs/reading-log.md, "A live tile traced off its place keeps its
 *   reading";
 * - the pixels under that tile's outline are the ones it was read from: in each half's or corner's
 *   crop (the classifier's 32x32), at most MOVED_PIXELS moved by more than MOVED_LEVELS in a channel;
 * - that reading was made at most CARRY_UP_TO frames before.
 * Fresh sensor noise (sigma 3 and 6 grey levels, the same JPEG quality; 1,295 crops of 24 dev scenes)
 * moved at most 2 and 21 pixels of a crop by more than 32 levels, 99 % of crops 0 and 4; a pip painted
 * into a crop (a disc of a fifth of it in the crop's most distant colour) moved 3 or more in 99 % of
 * crops, 12 or more in 95 %. A hand over a tile, or a tile laid, taken or turned, moves far more, and
 * the tile is read afresh. The memory holds the last frame's tiles only. A tile the tile network does
 * not trace in a frame stays, with its reading, where no tile was traced on it and the pixels under
 * it are the ones it was read from (`stayed`): a noisy frame does not make a tile blink out of the
 * reading. Fresh dev steady frames (`npm run --silent eval -- --only vision --no-real --errors --steady
 * --seed S --scenes 90`; seeds 7401, 8901, 8101, 8501): pip totals exact 76 / 71 / 74 / 78 -> 77 / 73 /
 * 74 / 78 of 90, recall 97.85 / 98.04 / 97.69 / 98.93 -> 98.02 / 98.36 / 97.90 / 98.93 %; one false
 * tile of a first frame stayed (precision 99.36 -> 99.30 % on 8901). docs/reading-log.md, "A tile the
 * tile network missed in a live frame stays where nothing changed".
 *
 *   const reader = { segment, classifier, plane: planeMemory(), carry: carryMemory() };  // one per camera
 */
import type { Read } from './realign';
import type { Point, TileCandidate } from './segment-types';
import { polygonIoU } from './evaluate-detection';
import { boxOf, MAX_OVERLAP, overlapShare, touches, unitOf } from './tile-select';

/** How far (in halves of the tile) each corner may lie from where it lay. */
export const SAME_PLACE = 0.5;
/** ...or the two outlines share this much of their union (IoU): a domino's outline slid a quarter of a half along shares 0.78, half a half 0.6. */
export const SAME_FACE = 0.7;
/** A crop pixel moved when a channel moved by more than this many levels (0-255)... */
export const MOVED_LEVELS = 32;
/** ...and a part changed when more than this many of its crop's pixels moved. */
export const MOVED_PIXELS = 4;
/** A reading is made afresh after this many frames kept (about a second at 10 frames a second). */
export const CARRY_UP_TO = 10;

/** A tile as it was read: its outline, the crops it was read from, its reading, and for how many frames it has been kept. */
export interface Remembered {
  found: TileCandidate;
  /** The crops of its halves or corners (RGB, one after the other) cut at `found` when it was read. */
  crops: Uint8Array;
  read: Read;
  kept: number;
}

export interface CarryMemory {
  tiles: Remembered[];
}

export const carryMemory = (): CarryMemory => ({ tiles: [] });

/**
 * For each candidate of this frame, the last frame's tile whose reading it keeps, or undefined.
 * `cut`: the crops of a candidate's parts in this frame, as the classifier's crops are cut.
 */
export function carried(memory: CarryMemory, found: readonly TileCandidate[], cut: (c: TileCandidate) => Uint8Array): (Remembered | undefined)[] {
  const taken = new Set<Remembered>();
  const keep = (c: TileCandidate, lies: (was: TileCandidate, c: TileCandidate) => boolean): Remembered | undefined => {
    const hit = memory.tiles.find((m) => !taken.has(m) && m.kept < CARRY_UP_TO && lies(m.found, c) && showsAsRead(m, cut));
    if (hit) taken.add(hit);
    return hit;
  };
  const placed = found.map((c) => keep(c, samePlace));
  return found.map((c, i) => placed[i] ?? keep(c, sameFace)); // then a face traced off where it lay
}

/**
 * The last frame's tiles that no candidate of this frame lies on (by more than MAX_OVERLAP of the
 * smaller, tile-select.ts) and whose pixels are the ones they were read from (`sameCrops`), read at
 * most CARRY_UP_TO frames before: tiles the tile network missed in this frame where nothing on the
 * table changed. They stay, with their readings, as a tile found keeps its reading. `kept`: the tiles
 * this frame's candidates keep (`carried`), which are not among them.
 */
export function stayed(memory: CarryMemory, found: readonly TileCandidate[], kept: readonly (Remembered | undefined)[], cut: (c: TileCandidate) => Uint8Array): Remembered[] {
  const taken = new Set(kept);
  return memory.tiles.filter((m) => {
    if (taken.has(m) || m.kept >= CARRY_UP_TO) return false;
    const b = boxOf(m.found.polygon);
    if (found.some((c) => touches(boxOf(c.polygon), b) && overlapShare(c.polygon, m.found.polygon) > MAX_OVERLAP)) return false;
    return showsAsRead(m, cut);
  });
}

/** Whether the pixels under a remembered tile's outline in this frame (`cut`) are the ones it was read from. */
const showsAsRead = (m: Remembered, cut: (c: TileCandidate) => Uint8Array): boolean => sameCrops(m.crops, cut(m.found), m.found.kind === 'domino' ? 2 : 3);

/**
 * The memory after this frame: each candidate with the reading it was given — a kept one as it was
 * read (its outline and crops then, one frame older), the others with their crops and reading now.
 */
export function remember(memory: CarryMemory, found: readonly TileCandidate[], crops: (i: number) => Uint8Array, reads: readonly Read[], kept: readonly (Remembered | undefined)[]): void {
  memory.tiles = found.map((c, i): Remembered => {
    const k = kept[i];
    return k ? { ...k, kept: k.kept + 1 } : { found: c, crops: crops(i), read: reads[i], kept: 0 };
  });
}

/**
 * Whether a candidate lies where a remembered tile lay: the same kind, each corner within SAME_PLACE
 * of a half of one of its corners, in order — a domino's corners perhaps turned by two (traced from its
 * other end), a triangle's by one.
 */
export function samePlace(was: TileCandidate, c: TileCandidate): boolean {
  const n = c.polygon.length;
  if (was.kind !== c.kind || was.polygon.length !== n) return false;
  const near = SAME_PLACE * unitOf(c);
  for (let turn = 0; turn < n; turn += c.kind === 'domino' ? 2 : 1) if (was.polygon.every((p, k) => dist(p, c.polygon[(k + turn) % n]) <= near)) return true;
  return false;
}

/** Whether crops of `parts` equal parts show the same pixels: in none more than MOVED_PIXELS moved by more than MOVED_LEVELS. */
export function sameCrops(was: Uint8Array, now: Uint8Array, parts: number): boolean {
  if (was.length !== now.length) return false;
  const per = was.length / parts;
  for (let p = 0; p < parts; p++) {
    let moved = 0;
    for (let o = p * per; o < (p + 1) * per; o += 3) {
      if (Math.abs(was[o] - now[o]) > MOVED_LEVELS || Math.abs(was[o + 1] - now[o + 1]) > MOVED_LEVELS || Math.abs(was[o + 2] - now[o + 2]) > MOVED_LEVELS) moved++;
      if (moved > MOVED_PIXELS) return false;
    }
  }
  return true;
}

/**
 * Whether a candidate is a remembered tile traced off its place: the same kind, the two outlines
 * sharing SAME_FACE of their union (IoU). Between two frames of one table the tile network can move
 * an outline's corners by more than SAME_PLACE of a half, most on tiles it traces unsurely.
 */
export function sameFace(was: TileCandidate, c: TileCandidate): boolean {
  return was.kind === c.kind && touches(boxOf(was.polygon), boxOf(c.polygon)) && polygonIoU(was.polygon, c.polygon) >= SAME_FACE;
}

const dist = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
