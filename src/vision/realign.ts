/**
 * Second look at tiles. The tile network's faces are blobby, and a crop that is off by a fifth of a
 * half often reads wrong: on 60 rendered training scenes (seeds 500, 600), 99 % of matched dominoes
 * whose polygon overlaps the truth with IoU >= 0.9 were read right, 38 % of those at IoU 0.7-0.8. So
 * a tile's polygon is slid and stretched a little (a domino along and across itself, in its own
 * perspective; a triangle towards or away from each corner, shrunk or grown), every variant is read,
 * and the one the classifier reads most surely wins. Measured on those scenes: matched dominoes read
 * right 66 % -> 84 %, triangles 50 % -> 61 % (with 8 domino variants instead of 16: 82 %; with 5:
 * 80 %). Cost: ~40 ms a 1280x720 frame of classifier time (~4 unsure tiles x 16-32 crops).
 *
 * A live frame looks again only at unsure tiles, with those variants (half of them for a domino). A
 * still image (`every`) looks again at every tile, also turned and with wider moves, and compares
 * readings by their unrounded probability (a confidence rounded to 1.000 ties with every other): on
 * dev scenes (seeds 500 and 700, 60 each, with the finer looks) dominoes read right 93.8 -> 94.8 %,
 * triangles 88.2 -> 89.3 %, scenes with the pip total right 54 -> 60 of 120, for ~0.4 s more a
 * 1280x720 frame. (Other polygons of the same tile from other core depths as candidates too:
 * dominoes 93.5 %; asking the winner to beat the first reading by a margin: 94.6 %; halves split at
 * a detected divider line: no change.)
 */
import { mapPoint, shaped, squareToQuad } from './quad-geometry';
import { centroid } from './reconstruct/geometry';
import type { Point, TileCandidate } from './segment-types';
import type { ReadTile } from './types';

/** A domino is looked at again when one of its halves is read with less than this probability. */
export const REREAD_BELOW = 0.99;
/**
 * A triangle is looked at again when its (calibrated) confidence is below this: 0.9 under the
 * calibration before 2026-11-23, whose bias read-table.ts then raised by 0.24 (0.92 keeps about the
 * same tiles; those that say "glare" now fall below it too).
 */
export const REREAD_TRIANGLE_BELOW = 0.92;

/**
 * Variants as [u0, u1, v0, v1] in the tile's own square coordinates (u along it, 1 = the tile's
 * length, two halves; v across it, 1 = its width): slid by 0.1-0.4 of a half, ends moved out or in.
 */
const VARIANTS: readonly [number, number, number, number][] = [
  [-0.05, 0.95, 0, 1], [0.05, 1.05, 0, 1], [-0.1, 0.9, 0, 1], [0.1, 1.1, 0, 1], [-0.2, 0.8, 0, 1], [0.2, 1.2, 0, 1],
  [-0.075, 1.075, 0, 1], [0.075, 0.925, 0, 1], [-0.15, 1, 0, 1], [0.15, 1, 0, 1], [0, 1.15, 0, 1], [0, 0.85, 0, 1],
  [0, 1, -0.15, 0.85], [0, 1, 0.15, 1.15], [0, 1, -0.1, 1.1], [0, 1, 0.1, 0.9],
];

/**
 * A live frame's moves: the slides along the tile and the tile grown or shrunk across it, half the
 * crops. On dev scenes (seeds 500 and 700, 60 each, live reading) dominoes read right 92.5 -> 92.2 %
 * (both seeds), scenes with the pip total right 48 -> 48 of 120; a 1280x720 frame of 28 tiles where
 * 20 dominoes are unsure looks again in 59 ms instead of 126.
 */
const LIVE_VARIANTS: readonly [number, number, number, number][] = [...VARIANTS.slice(0, 6), [0, 1, -0.1, 1.1], [0, 1, 0.1, 0.9]];

/** Wider moves for a still image: slid along and across at once, grown or shrunk both ways. */
const WIDE_VARIANTS: readonly [number, number, number, number][] = [
  [-0.1, 0.9, -0.1, 0.9], [-0.1, 0.9, 0.1, 1.1], [0.1, 1.1, -0.1, 0.9], [0.1, 1.1, 0.1, 1.1],
  [-0.05, 1.05, -0.05, 1.05], [0.05, 0.95, 0.05, 0.95], [-0.1, 1.1, -0.1, 1.1], [0.1, 0.9, 0.1, 0.9],
];
/** Turns about the centre for a still image, in degrees (domino; triangle). */
const DOMINO_TURNS = [-6, -3, 3, 6];
const TRIANGLE_TURNS = [-12, -6, 6, 12];

function turned(p: readonly Point[], degrees: number): Point[] {
  const [cx, cy] = centroid(p);
  const cos = Math.cos((degrees * Math.PI) / 180);
  const sin = Math.sin((degrees * Math.PI) / 180);
  return p.map(([x, y]): Point => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]);
}

const dominoFrom = (c: TileCandidate, corners: Point[]): TileCandidate => ({ ...c, ...shaped('domino', corners) });

/** `wide`: also the wider moves and the turns (a still image). */
export function dominoVariants(c: TileCandidate, wide = false): TileCandidate[] {
  const m = squareToQuad(c.polygon);
  const moves = wide ? [...WIDE_VARIANTS, ...VARIANTS] : LIVE_VARIANTS;
  const out = moves.map(([u0, u1, v0, v1]) => dominoFrom(c, [mapPoint(m, u0, v0), mapPoint(m, u1, v0), mapPoint(m, u1, v1), mapPoint(m, u0, v1)]));
  return wide ? [...DOMINO_TURNS.map((d) => dominoFrom(c, turned(c.polygon, d))), ...out] : out;
}

/** Triangle variants: shrunk or grown about the centre, slid towards each corner or away from it. */
const TRIANGLE_VARIANTS: readonly [number, number, number][] = [
  [0.9, 0, 0], [1.1, 0, 0], [0.95, 0, 0], [1.05, 0, 0],
  [1, 0.06, 0], [1, -0.06, 0], [1, 0.06, 1], [1, -0.06, 1], [1, 0.06, 2], [1, -0.06, 2],
];
/** Wider moves for a still image: twice as far. */
const WIDE_TRIANGLE_VARIANTS: readonly [number, number, number][] = [
  [0.8, 0, 0], [1.2, 0, 0], [1, 0.12, 0], [1, -0.12, 0], [1, 0.12, 1], [1, -0.12, 1], [1, 0.12, 2], [1, -0.12, 2],
];
/** A still image also moves one corner at a time, towards the centre or away from it. */
const CORNER_MOVES = [0.85, 1.15];

/** `wide`: also the wider moves, the turns and single corners moved (a still image). */
export function triangleVariants(c: TileCandidate, wide = false): TileCandidate[] {
  const p = c.polygon;
  const [cx, cy] = centroid(p);
  const moves = wide ? [...WIDE_TRIANGLE_VARIANTS, ...TRIANGLE_VARIANTS] : TRIANGLE_VARIANTS;
  const out = moves.map(([scale, slide, corner]) => {
    const dx = (p[corner][0] - cx) * slide;
    const dy = (p[corner][1] - cy) * slide;
    return { ...c, polygon: p.map(([x, y]): Point => [cx + (x - cx) * scale + dx, cy + (y - cy) * scale + dy]) };
  });
  if (!wide) return out;
  const turns = TRIANGLE_TURNS.map((d) => ({ ...c, polygon: turned(p, d) }));
  const corners = [0, 1, 2].flatMap((k) => CORNER_MOVES.map((f) => ({ ...c, polygon: p.map(([x, y], j): Point => (j === k ? [cx + (x - cx) * f, cy + (y - cy) * f] : [x, y])) })));
  return [...turns, ...corners, ...out];
}

/** A tile's reading and how unsure the classifier is of it: 1 - its probability, unrounded. */
export interface Read {
  tile: ReadTile;
  unsure: number;
}

/** How sure the classifier is of a reading, in log units (higher: surer; no ceiling at 1.000). */
export const sureness = (r: Read): number => -Math.log(Math.max(1e-30, r.unsure));

/**
 * The readings, with every unsure tile (`every`: every tile, with the wide variants) replaced by its
 * best-read variant, if surer. `read` reads a batch of candidates.
 */
export function realignTiles(found: readonly TileCandidate[], reads: readonly Read[], read: (cands: TileCandidate[]) => Read[], every = false): Read[] {
  const unsure = found
    .map((_, i) => i)
    .filter((i) => every || (found[i].kind === 'domino' ? (reads[i].tile.halves ?? []).some((h) => h.confidence < REREAD_BELOW) : reads[i].tile.confidence < REREAD_TRIANGLE_BELOW));
  if (unsure.length === 0) return [...reads];
  const lists = unsure.map((i) => (found[i].kind === 'domino' ? dominoVariants(found[i], every) : triangleVariants(found[i], every)));
  const again = read(lists.flat());
  const out = [...reads];
  let k = 0;
  unsure.forEach((i, j) => {
    for (const r of again.slice(k, k + lists[j].length)) if (sureness(r) > sureness(out[i])) out[i] = r;
    k += lists[j].length;
  });
  return out;
}
