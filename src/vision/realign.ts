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
 * A live frame looks again at unsure tiles, with those variants (half of them for a domino), and reads
 * a sure domino (every half at least REREAD_BELOW) again in its true shapes on the table's plane
 * (`trueShapeVariants`, the only looks it gets) when its outline is more than SURE_SHAPE_OFF off a
 * rectangle there (`shapeMiss`); one whose outline lies off its face's middle (SURE_OFF_CORE) gets the
 * looks of an unsure one. The classifier reads a slid or skewed crop as surely as a true one:
 * dev live frames of seed 6001, 4|12 of 47 px read 4|11 with both halves at 1.000, 12|1 of 57 px read
 * 1|9 (0.997 and 1.000), and such readings were never looked at again. Fresh dev live frames (70
 * each, `npm run --silent eval -- --only vision --no-real --live --seed S --scenes 70`), pip totals
 * exact, before -> after: 3001 45 -> 49, 4001 44 -> 49, 5001 46 -> 49, 6001 50 -> 55; precision the
 * same or up (99.14 / 99.56 / 99.50 / 99.26 -> 99.14 / 99.56 / 99.43 / 99.33 %). Held-out live frames
 * (300, measured after the choice): 71.67 -> 76.67 %, dominoes of 35 px and more 99.25 -> 99.80 %.
 * Measured and not taken: every sure domino given all the live looks (the same pip totals but 4001's
 * 48; a 28-tile frame's second look 26 -> 212 ms), or only the slides along it (no gain), or only its
 * neighbours' size (none), or only the fit to all four corners (3001 / 4001 / 5001 47 / 46 / 48);
 * SURE_SHAPE_OFF 0.2 (49 / 48 / 48 / 54). Cost (`npm run --silent bench:vision`, the 28-tile 1280x720
 * frame, a table's first frame): 161 -> 218 ms, the second look 26 -> 84 ms; the frames after it,
 * where tiles keep their readings (carry-over.ts), 95 -> 101 ms. Since 2026-11-27 such a domino is
 * read first in its fit to all four corners alone, and in the other four fits only where that look
 * does not read it as it was, surely (`confirms`): on the bench's first frames 13-21 dominoes are off
 * a rectangle and one at most is read further, so the second look takes 82 -> 39-41 ms and the frame
 * 218 -> 173 ms (the same VM, one run after the other); fresh dev live frames read the same pip
 * totals (3001 / 4001 / 5001 / 6001: 49 / 49 / 49 / 55; one scene already wrong read otherwise), and
 * the held-out live frames the same to the tile. A
 * still image (`every`) looks again at every tile, also turned and with wider moves, and compares
 * readings by their unrounded probability (a confidence rounded to 1.000 ties with every other): on
 * dev scenes (seeds 500 and 700, 60 each, with the finer looks) dominoes read right 93.8 -> 94.8 %,
 * triangles 88.2 -> 89.3 %, scenes with the pip total right 54 -> 60 of 120, for ~0.4 s more a
 * 1280x720 frame. (Other polygons of the same tile from other core depths as candidates too:
 * dominoes 93.5 %; asking the winner to beat the first reading by a margin: 94.6 %; halves split at
 * a detected divider line: no change.)
 *
 * Tiles of one set are one size: a tile whose polygon is larger or smaller than its neighbours' is
 * also read at their size, and every reading pays for a polygon of another size than theirs
 * (`neighbourSizeVariants`, SIZE_WEIGHT). Dev scenes (60 each; dominoes / triangles read right, scenes
 * without an error): still, seeds 500 + 600: 1,691 / 632 / 70 -> 1,698 / 637 / 74; seed 700: 756 / 381
 * / 37 -> 760 / 380 / 39; live, seed 600: 804 / 286 / 22 -> 812 / 292 / 23, recall 97.4 -> 97.8 %.
 * Close-ups lost with it (halves 100-200 px, seeds 650 and 700, pip totals exactly right: 55 -> 50
 * and 54 -> 52 of 60): a handful of tiles, many cut by the frame's edge. A tile that reaches the edge
 * is now neither sized nor counted as a neighbour (EDGE_PX): 55 and 54 again. (Trusting the neighbours
 * only where their own sizes agree within 10 % won back 2 of the 5 and cost seed 500 a little: not
 * taken.)
 *
 * Every reading also pays for a centre away from the middle the tile network put the face at (the
 * core the outline was traced from, CORE_WEIGHT): along a line of touching tiles a slid crop reads
 * as surely as the true one.
 *
 * On a still image a domino is also read in the outline of each of its two nearest domino neighbours,
 * moved to its centre, and that turned a quarter (`alignedVariants`): dominoes lie along or across
 * their neighbours, and a double at a cross or a train's junction can be traced turned well off them.
 * Such a look pays TURN_WEIGHT for each radian it lies turned from the traced outline, and a tile's
 * best looks are read together only with those that lie its way (`alike`, ALIKE_DEG): looks turned
 * another way read other halves. Dev still heldOutSeed(3001, 8): the spinner 6|6 of a cross, traced
 * 40 degrees off, read 3|3 at 0.47; a lent outline read 6|6 at 0.99, and read together with two looks
 * the traced way, 3|3 at 0.35. Now 6|6 at 0.99. Fresh dev still images (70 each; `npm run --silent
 * eval -- --only vision --no-real --seed S --scenes 70`), without -> with, pip totals exact: 2061 56
 * -> 55, 3001 54 -> 55, 4001 55 -> 57, 5001 57 both, 6001 57 -> 58 (every tile right 53 -> 52, 53 ->
 * 54, 54 -> 56, 54 -> 55, 57 -> 58); doubles read at half their width (6|6 as 3|3, 4|4 as 1|2) read
 * right. Lost: 2061's 67th scene (a 0|0 read where 3|0 and 0|1 meet at a turn, now surer than the
 * pair by a hair: end-to-end.ts MARGIN), 6001's 69th (a 3|3 of 22 px read 2|2 at 0.40), and precision in scenes read wrong either
 * way (2061's burnt-out dark cloths, 3001's red tiles on red blur): precision / recall 2061 99.40 /
 * 98.52 -> 99.25 / 98.22 %, 3001 99.57 -> 99.43 % / 98.38 % both, 4001 99.64 % both / 98.36 -> 98.44 %,
 * 5001 99.57 / 98.52 -> 99.64 / 98.80 %, 6001 99.70 / 98.90 -> 99.78 / 99.04 %. Only a domino at least
 * LENT_AREA of its neighbour's area is lent its outline: a patch of a striped cloth was made a tile's
 * size and kept (read-table.test.ts); the rule read the dev seeds as before but 6001's 69th. Tried on
 * live frames too (their unsure dominoes): dev live pip totals 6001 50 -> 51, 3001 45 -> 46, 4001 44
 * -> 45, 5001 46 -> 48, but 4001's precision 99.56 -> 99.27 % with confident false doubles in hands
 * (5|5 at 0.99 over a 12|9): not taken. Since 2026-11-28 a live frame's few dominoes still read below
 * 0.6 after their second look get a still image's whole look (read-table.ts THIRD_LOOK_BELOW).
 */
import { screenArea, shaped, squareToQuad, subQuad } from './quad-geometry';
import { centroid, dist } from './reconstruct/geometry';
import type { Point, TileCandidate } from './segment-types';
import { tileKey } from './one-set';
import { idealTile, onPlane, type TablePlane } from './table-plane';
import { unitOf } from './tile-select';
import type { ReadTile } from './types';

/** A domino is looked at again when one of its halves is read with less than this probability. */
export const REREAD_BELOW = 0.99;
/** A domino read surely: every half at least REREAD_BELOW. */
const sureDomino = (c: TileCandidate, r: Read): boolean => c.kind === 'domino' && (r.tile.halves ?? []).every((h) => h.confidence >= REREAD_BELOW);
/**
 * A live frame's domino read surely is looked at again all the same, with the looks of an unsure one,
 * when its outline's centre lies more than this many halves from the middle the tile network put its
 * face at (`offCore`): an outline slid along a line of touching tiles, whose crops take in a row of
 * the next tile's pips. Dev live 85 of seed 8101 (purple double-9 dominoes on wood, 48 px a half): 4|9
 * traced a quarter of a half towards the tile above, 0.151 halves off its core, read 12|4 at 0.998 (its
 * 9 and the next tile's row of three). The other sure dominoes misread on fresh dev live frames and read
 * right with the closer look lay 0.18-0.20 off; sure dominoes read right lie up to 0.3 off in some frames,
 * so a lower bound costs time: on the bench's frame, 0.1 took the second look from 34 to 71-80 ms and
 * read no dev frame better. Docs/reading-log.md, "A live frame's sure domino off its face's middle".
 */
const SURE_OFF_CORE = 0.15;
/** A live frame's domino read surely and traced where its face is (`SURE_OFF_CORE`). */
const sureHere = (c: TileCandidate, r: Read): boolean => sureDomino(c, r) && !(c.core && offCore(c, c.core) > SURE_OFF_CORE);
/**
 * A live frame's sure domino is read again in its true shapes (`trueShapeVariants`) when its outline
 * is further than this from a rectangle on the table's plane (`shapeMiss`: the |log| ratios of its
 * opposite sides, summed).
 */
const SURE_SHAPE_OFF = 0.1;
/**
 * A triangle is looked at again when its (calibrated) confidence is below this: 0.9 under the
 * calibration before 2026-11-23, whose bias read-table.ts then raised by 0.24 (0.92 keeps about the
 * same tiles; those that say "glare" now fall below it too); 0.965 since the calibration was rescaled
 * for one-set.ts (the same tiles as 0.92 before).
 */
export const REREAD_TRIANGLE_BELOW = 0.965;

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
  const out = moves.map(([u0, u1, v0, v1]) => dominoFrom(c, subQuad(m, u0, u1, v0, v1)));
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

/** A tile is resized to its neighbours' size when it differs by more than this share (in length). */
const SIZE_OFF = 0.05;
/**
 * A live frame reads unsure tiles again (and sure dominoes off a rectangle, in their true shapes only:
 * SURE_SHAPE_OFF), and at their neighbours' size only those off by more than this. Dev live frames (seed 600, 60; precision / recall, dominoes / triangles read right,
 * scenes without an error; median ms a frame of 8 bench scenes, `npm run bench:vision`): no size
 * variants 98.6 / 97.4 %, 804 / 286, 22, ~175 ms; off by 5 %: 99.3 / 97.9 %, 815 / 293, 24, 206 ms;
 * off by 12 %: 99.2 / 97.8 %, 812 / 292, 23, 190 ms; only the centred variant, off by 5 %: 808 / 290, 22.
 */
const LIVE_SIZE_OFF = 0.12;
/** The neighbours whose median size a tile is given: the nearest found tiles of its kind, at most this many. */
const SIZE_NEIGHBOURS = 8;
/** Fewer neighbours of its kind than this, and a tile's size is not compared. */
const SIZE_NEIGHBOURS_MIN = 3;

const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A polygon on the table's plane where there is one (null if a corner lies beyond its horizon), else as the image shows it. */
function seenFlat(polygon: readonly Point[], plane?: TablePlane | null): readonly Point[] | null {
  return plane ? onPlane(plane, polygon) : polygon;
}

/**
 * A tile's size: a domino's length and width (its polygon's side pairs averaged), a triangle's side
 * (from its area); on the table's plane where there is one (table-plane.ts), where a domino seen
 * lengthwise and one seen crosswise are one size, as they are not in a steep view's image. Null if a
 * corner lies beyond the plane's horizon. Dev still images with the true shapes read too (dominoes /
 * triangles read right, true / false tiles, pip totals right), image sizes -> plane sizes: seed 2009
 * (40 scenes) 492 / 196, 750 / 8, 26 -> 493 / 196, 751 / 9, 27; seed 2011 at 20-40 degrees (24) 294 /
 * 184, 484 / 9, 15 -> 295 / 185, 486 / 5, 15; seed 2012 at 30-40 degrees (30) 330 / 195, 573 / 6, 15
 * -> 329 / 194, 573 / 6, 16; seed 2014 (60 scenes) 763 / 466, 1,271 / 21, 36 -> 766 / 466, 1,271 / 20,
 * 38. Held-out (docs/reading-log.md): pip totals 76.33 -> 76.67 %, tiles read right a little fewer.
 */
export function sizeOf(c: TileCandidate, plane?: TablePlane | null): number[] | null {
  const p = seenFlat(c.polygon, plane);
  if (!p) return null;
  if (c.kind === 'domino') return [(dist(p[0], p[1]) + dist(p[3], p[2])) / 2, (dist(p[0], p[3]) + dist(p[1], p[2])) / 2];
  return [Math.sqrt((4 * Math.abs(screenArea(p))) / Math.sqrt(3))];
}

/** The frame's size: a tile that reaches its edge may be cut by it, and its polygon says nothing of its size. */
export interface Frame {
  width: number;
  height: number;
}
/**
 * A tile with a corner within this many pixels of the frame's edge is not compared, nor counted as a
 * neighbour. Dev close-ups (halves 100-200 px, seeds 650 and 700; pip totals exactly right of 60):
 * before the size variants 55 and 54, with them 50 and 52, with them and this rule 55 and 54; dev
 * still images (seeds 500 and 600) as with the size variants alone.
 */
const EDGE_PX = 2;
const atEdge = (c: TileCandidate, f: Frame): boolean => c.polygon.some(([x, y]) => x < EDGE_PX || y < EDGE_PX || x > f.width - 1 - EDGE_PX || y > f.height - 1 - EDGE_PX);

/** The other tiles found of the `i`th's kind that pass `keep` (given each one's index), nearest its centre first. */
function nearestOfKind(found: readonly TileCandidate[], i: number, keep: (o: TileCandidate, j: number) => boolean): { o: TileCandidate; d: number }[] {
  const here = centroid(found[i].polygon);
  return found
    .map((o, j) => ({ o, j, d: dist(here, centroid(o.polygon)) }))
    .filter(({ o, j }) => j !== i && o.kind === found[i].kind && keep(o, j))
    .sort((a, b) => a.d - b.d);
}

/**
 * The size a tile should have: the median of its nearest found neighbours of the same kind (the tiles
 * of one set are all one size, and a camera's perspective changes it only slowly across the table);
 * null with fewer than SIZE_NEIGHBOURS_MIN of them, or for a tile that reaches the frame's edge
 * (EDGE_PX) unless `edgeToo` (end-to-end.ts: a face the edge cuts is shorter, not longer). `counts`:
 * which of the found (by index) may be neighbours (end-to-end.ts: those the tablecloth test keeps).
 */
export function neighbourSize(found: readonly TileCandidate[], i: number, frame?: Frame, plane?: TablePlane | null, edgeToo = false, counts: (j: number) => boolean = () => true): number[] | null {
  const c = found[i];
  if ((frame && !edgeToo && atEdge(c, frame)) || !sizeOf(c, plane)) return null;
  const near = nearestOfKind(found, i, (o, j) => !(frame && atEdge(o, frame)) && counts(j));
  // The nearest that have a size (on the plane: no corner beyond its horizon), each measured once.
  const sizes: number[][] = [];
  for (const { o } of near) {
    if (sizes.length === SIZE_NEIGHBOURS) break;
    const size = sizeOf(o, plane);
    if (size) sizes.push(size);
  }
  if (sizes.length < SIZE_NEIGHBOURS_MIN) return null;
  return sizes[0].map((_, k) => median(sizes.map((v) => v[k])));
}

/**
 * What a reading's sureness (log units) gives up for each log unit its polygon's size is off its
 * neighbours' (a domino's length and width counted apart): 20 % too long costs 1.5. Dev still images
 * (seeds 500 and 600, 60 each; dominoes / triangles read right, scenes without an error): without
 * the size variants 1,691 / 632 / 70; with them, weight 0: 1,691 / 638 / 70, 4: 1,698 / 637 / 73,
 * 8: 1,698 / 637 / 74, 16: 1,695 / 637 / 74.
 */
const SIZE_WEIGHT = 8;

/**
 * What a domino look's sureness (log units) gives up for each log unit its polygon is off a
 * rectangle's shape: its opposite sides unequal (on the table's plane where there is one, so a steep
 * view's true trapezoid costs nothing). The tile network's outline can miss one corner by a fifth of a
 * half; every slide and stretch of that outline keeps the lopsided end, whose crop cuts off a column of
 * pips, and the classifier reads a 12 cut so as an 11 as surely as a whole one (dev seed 3001, a green
 * 12|6 read 6|11 at 0.992, one side 70 px and the other 57: 0.20 log units). Dev still images
 * (`npm run --silent eval -- --only vision --no-real --seed S --scenes 70`; scenes with the pip total
 * exact, dominoes read right), weight 0 -> 32: seed 3001 48 -> 53, 96.82 -> 97.72 %; 4001 52 -> 54,
 * 95.37 -> 96.19 %; 5001 54 -> 55, 98.33 -> 98.82 %; 2053 53 -> 52, 97.84 -> 98.27 %. Weight 8 / 16 /
 * 64 on seed 3001: 47 / 50 / 53. The same cost on a triangle's unequal sides: seed 2053 triangles read
 * right 85.05 -> 84.98 %, not taken; with it, SIZE_WEIGHT 16: seeds 3001 / 4001 / 5001 / 2053 -1 / 0 /
 * -2 / +1, not taken. Live frames (`--live`, seeds 3001 / 4001 / 5001): 43 -> 45, 43 and 45 both.
 */
const SHAPE_WEIGHT = 32;

/** How far a domino's polygon is from a rectangle: the |log| ratios of its opposite sides, on the plane where there is one (0 for a triangle, or a corner beyond the plane's horizon). */
export function shapeMiss(c: TileCandidate, plane?: TablePlane | null): number {
  const p = c.kind === 'domino' ? seenFlat(c.polygon, plane) : null;
  if (!p) return 0;
  const ratio = (a: number, b: number) => Math.abs(Math.log(Math.max(1e-9, a) / Math.max(1e-9, b)));
  return ratio(dist(p[0], p[1]), dist(p[3], p[2])) + ratio(dist(p[0], p[3]), dist(p[1], p[2]));
}

/** How far a polygon's size is from its neighbours' (sum of |log| ratios). */
function sizeMiss(c: TileCandidate, want: number[] | null, plane?: TablePlane | null): number {
  const own = want && sizeOf(c, plane);
  return own && want ? own.reduce((a, v, k) => a + Math.abs(Math.log(v / want[k])), 0) : 0;
}

/**
 * A polygon that came out larger or smaller than its neighbours (one that took in a neighbour's rim,
 * or lost a corner) read at their size too: about its centre and, where the fit ran past one end,
 * from each end (a domino; also only its length, only its width) or corner (a triangle). `wide`: a
 * still image (off by more than SIZE_OFF), else a live frame (LIVE_SIZE_OFF).
 */
export function neighbourSizeVariants(found: readonly TileCandidate[], i: number, wide = true, size = neighbourSize(found, i), plane?: TablePlane | null): TileCandidate[] {
  const c = found[i];
  const own = sizeOf(c, plane);
  if (!size || !own) return [];
  const want = own.map((v, k) => size[k] / v);
  if (want.every((f) => Math.abs(f - 1) <= (wide ? SIZE_OFF : LIVE_SIZE_OFF))) return [];
  if (c.kind === 'domino') {
    const [a, b] = want.map((f) => Math.min(1.4, Math.max(0.7, f)));
    const m = squareToQuad(c.polygon);
    const box = (u0: number, u1: number, v0: number, v1: number) => dominoFrom(c, subQuad(m, u0, u1, v0, v1));
    const v0 = 0.5 - b / 2;
    const v1 = 0.5 + b / 2;
    const centre = box(0.5 - a / 2, 0.5 + a / 2, v0, v1);
    return [centre, box(0, a, v0, v1), box(1 - a, 1, v0, v1), box(0.5 - a / 2, 0.5 + a / 2, 0, 1), box(0, 1, v0, v1)];
  }
  const f = Math.min(1.4, Math.max(0.7, want[0]));
  const p = c.polygon;
  const about = (o: Point) => ({ ...c, polygon: p.map(([x, y]): Point => [o[0] + (x - o[0]) * f, o[1] + (y - o[1]) * f]) });
  return [about(centroid(p)), ...p.map(about)];
}

/**
 * The tile's true shape on the table's plane (table-plane.ts) fitted to its outline: a rectangle twice
 * as long as wide, a triangle equilateral, seen in the table's perspective; fitted to all its corners,
 * and to all but each one in turn (the tile network's faces are blobby: a corner cut off, or drawn
 * along a groove that a steep view foreshortens). Dev still images (`itemSeed(seed, i)`, family i mod
 * 6; docs/reading-log.md "Tiles in the table's perspective"), dominoes / triangles read right
 * and scenes with the pip total right, without -> with these variants: seed 2009 (40 scenes, every
 * family and tilt) 487 / 196, 24 -> 492 / 196, 26 (true / false tiles 749 / 8 -> 750 / 8); seed 2011
 * at 20-40 degrees (24) 291 / 184, 14 -> 294 / 184, 15 (483 / 9 -> 484 / 9); seed 2012 at 30-40 degrees
 * (30) 326 / 186, 13 -> 330 / 195, 15 (573 / 5 -> 573 / 6); seed 2014 (60) 750 / 464, 35 -> 763 / 466,
 * 36 (1,269 / 21 -> 1,271 / 21). The fit to all corners alone: 488 / 196,
 * 25; 292 / 184, 14; 327 / 193, 13. (The shape at the size of the set's tiles on the plane too: 3 more
 * false tiles and 2 more missed; not taken.)
 */
export function trueShapeVariants(c: TileCandidate, plane: TablePlane): TileCandidate[] {
  const out: TileCandidate[] = [];
  for (const leaveOut of [undefined, ...c.polygon.map((_, k) => k)]) {
    const ideal = idealTile(plane, c.kind, c.polygon, leaveOut);
    if (ideal) out.push({ ...c, ...ideal });
  }
  return out;
}

/** How many of a domino's nearest domino neighbours lend it their outline (`alignedVariants`). */
const ALIGNED_NEIGHBOURS = 2;
/** A neighbour lends its outline only to a domino at least this share of its area on the screen. */
const LENT_AREA = 0.7;
/**
 * Nor to a domino more than 1 / LENDER_AREA times its area: a tile is not read in the outline of a
 * patch of cloth less than half its size (dev close-up 37 of seed 7301: dominoes of 105 px a half
 * beside a woven cloth's patches of 18 px, lent their outlines, read 12|12 at 1.00 in them). A spinner
 * traced turned is up to 1.5 times its neighbours' area, and is read in their outlines (dev still 11 of
 * seed 8701 at 30-40 degrees). Docs/reading-log.md, "A close-up's large tiles on a woven cloth".
 */
const LENDER_AREA = 0.25;

/**
 * Dominoes lie along or across their neighbours: a domino also looked at in the outline of each of its
 * nearest domino neighbours, moved to its centre, and that turned a quarter about it (on the table's
 * plane where there is one, so the turned outline is foreshortened as the table is).
 */
export function alignedVariants(found: readonly TileCandidate[], i: number, plane?: TablePlane | null): TileCandidate[] {
  const c = found[i];
  if (c.kind !== 'domino') return [];
  const here = centroid(c.polygon);
  const near = nearestOfKind(found, i, (o) => o.polygon.length === 4).slice(0, ALIGNED_NEIGHBOURS);
  const at = plane ? plane.toPlane(here) : here;
  if (!at) return [];
  const out: TileCandidate[] = [];
  const own = Math.abs(screenArea(c.polygon));
  for (const { o } of near) {
    const theirs = Math.abs(screenArea(o.polygon));
    if (own < LENT_AREA * theirs || theirs < LENDER_AREA * own) continue; // a patch of cloth far smaller than a tile is not made one, nor a tile read in one
    const corners = plane ? o.polygon.map((p) => plane.toPlane(p)) : o.polygon;
    if (corners.some((p) => p === null)) continue;
    const q = corners as Point[];
    const mid = centroid(q);
    for (const quarter of [false, true]) {
      const moved = q.map(([x, y]): Point => {
        const [dx, dy] = quarter ? [-(y - mid[1]), x - mid[0]] : [x - mid[0], y - mid[1]];
        return [at[0] + dx, at[1] + dy];
      });
      if (!plane) out.push(dominoFrom(c, moved));
      else {
        const ideal = idealTile(plane, 'domino', moved.map((p) => plane.toImage(p))); // the neighbour's outline in its true shape
        if (ideal) out.push({ ...c, ...ideal });
      }
    }
  }
  return out;
}

/** How likely a tile's values (its halves or corners, in the look's order) are before it is looked at, up to a common factor. */
export type ValuesWeight = (values: readonly number[]) => number;

/** A tile's reading and how unsure the classifier is of it: 1 - its probability, unrounded. */
export interface Read {
  tile: ReadTile;
  unsure: number;
  /** The same look read as each of its most likely tiles, most likely first (this reading first): one-set.ts chooses among them. */
  choices?: () => Read[];
  /** Each half's or corner's value probabilities, in the tile's order. */
  parts?: number[][];
  /** The same look read from other value probabilities (parts in this look's order). */
  as?: (parts: number[][]) => Read;
  /** The look read again with each reading's values weighed by how likely they were before looking (domino-set.ts, board-corners.ts). */
  weighed?: (weight: ValuesWeight) => Read;
  /** Where the reading was made from several looks (`together`, `realignTiles`): how unsure the look best for being a tile was (before any shape's cost), which says whether it is a tile. */
  tileUnsure?: number;
}

/** Probabilities from log-likelihoods, every outcome alike before looking. */
export function oddsFromLogs(logs: readonly number[]): number[] {
  const top = Math.max(...logs);
  const e = logs.map((l) => Math.exp(l - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** A weight on each part's value alone (`byPart[k][v]`; a part without one counts 1): board-corners.ts, domino-ends.ts. */
export const partWeight =
  (byPart: readonly (readonly number[] | null)[]): ValuesWeight =>
  (values) =>
    values.reduce((s, v, k) => s * (byPart[k]?.[v] ?? 1), 1);

/** `r` read again with its values weighed (`Read.weighed`); whether it is a tile is still judged by its own look (`tileUnsure`). */
export function reweighed(r: Read, weight: ValuesWeight): Read {
  const again = (r.weighed as (w: ValuesWeight) => Read)(weight);
  return r.tileUnsure === undefined ? again : { ...again, tileUnsure: r.tileUnsure };
}

/** How sure the classifier is of a reading, in log units (higher: surer; no ceiling at 1.000). */
export const sureness = (r: Read): number => -Math.log(Math.max(1e-30, r.unsure));

/**
 * A tile looked at again is read from its this many best looks together (`together`), not from the best
 * alone: one look's crop can be surely wrong where the next looks' disagree. Dev still images (60 scenes
 * each, seeds 2016 / 2017 / 2018; scenes with the pip total right, dominoes / triangles read right):
 * the best look alone 41 / 43 / 46, 93.31 / 98.27 / 95.74 %, 98.81 / 79.26 / 90.93 %; the best 3
 * together 45 / 42 / 47, 93.72 / 98.13 / 96.00 %, 99.29 / 79.49 / 91.41 %. The best 5: 45 / 42 / 45; the
 * best look counted twice among 3: 43 / 43 / 46; all looks: 41 on seed 2016; the mean of probabilities
 * instead of their geometric mean: 41 on seed 2016. Live frames (the same scenes, seeds 2016 / 2017):
 * 33 / 37 -> 35 / 36, dominoes 89.27 / 94.91 -> 89.83 / 95.44 %, triangles 98.09 / 78.42 -> 98.33 /
 * 78.65 %. Its reading's probability also decides whether a candidate is a tile (read-table.ts
 * `likelyTile`), which lost tiles (seed 2017: recall 98.34 -> 98.01 %); the best look's alone decides
 * that now, as before.
 */
const TOGETHER = 3;

/**
 * The readings, with every unsure tile (`every`: every tile, with the wide variants; on a live frame,
 * also a sure domino whose outline is off a rectangle on the plane, SURE_SHAPE_OFF) read from its
 * best-read looks (`together`), the best being the surest once each reading pays for how far its
 * polygon's size is off the neighbours' (SIZE_WEIGHT) and, for its values, how far its shape is off a
 * rectangle (SHAPE_WEIGHT); whether it is a tile is judged by the look best before that shape's cost,
 * as before it (a look chosen for its shape can be a less sure one: dev seeds 3001 / 4001 / 5001 lost
 * 2, 1 and 2 true tiles when it judged). `read` reads a batch of candidates. `plane`: the
 * table's plane (table-plane.ts; a still image's, or a live camera's kept from frame to frame): each
 * tile is also read in its true shapes (`trueShapeVariants`), and sizes are compared on the plane.
 * `fixed`: tiles whose readings stand (a live camera's kept ones, carry-over.ts), looked at only as neighbours.
 * `anyway`: tiles looked at however surely read (a live frame's places of a double across a joint, end-to-end.ts).
 * A still image's dominoes are also read in their neighbours' outlines (`alignedVariants`, TURN_WEIGHT),
 * and read together only with looks that lie their way (`alike`).
 */
export function realignTiles(found: readonly TileCandidate[], reads: readonly Read[], read: (cands: TileCandidate[]) => Read[], every = false, frame?: Frame, plane?: TablePlane | null, fixed: readonly boolean[] = [], anyway: readonly boolean[] = []): Read[] {
  const sure = found.map((c, i) => !every && !anyway[i] && sureHere(c, reads[i])); // a live frame's domino read surely, where its face is
  const looked = found
    .map((_, i) => i)
    .filter((i) => !fixed[i])
    .filter((i) => every || anyway[i] || (found[i].kind === 'domino' ? !sure[i] || (!!plane && shapeMiss(found[i], plane) > SURE_SHAPE_OFF) : reads[i].tile.confidence < REREAD_TRIANGLE_BELOW));
  if (looked.length === 0) return [...reads];
  const sizes = looked.map((i) => neighbourSize(found, i, frame, plane));
  const aligned = looked.map((i) => (every ? alignedVariants(found, i, plane) : []));
  // A sure domino whose outline is no rectangle on the table is read in its true shapes only, and first
  // in the fit to all its corners alone: where that reads it as it was, surely, the other fits are not cut.
  const shapedOnly = looked.map((i) => !!plane && sure[i]);
  const lists = looked.map((i, j) =>
    shapedOnly[j]
      ? trueShapeVariants(found[i], plane as TablePlane)
      : [...(found[i].kind === 'domino' ? dominoVariants(found[i], every) : triangleVariants(found[i], every)), ...neighbourSizeVariants(found, i, every, sizes[j], plane), ...(plane ? trueShapeVariants(found[i], plane) : []), ...aligned[j]],
  );
  const got = readEach(lists.map((l, j) => (shapedOnly[j] ? l.slice(0, 1) : l)), read);
  const confirmed = looked.map((i, j) => shapedOnly[j] && got[j].length > 0 && confirms(lists[j][0], got[j][0], reads[i]));
  const rest = readEach(lists.map((l, j) => (shapedOnly[j] && !confirmed[j] ? l.slice(1) : [])), read);
  const out = [...reads];
  looked.forEach((i, j) => {
    const core = found[i].core;
    // A look's worth for being a tile (its own sureness, sized and centred as its neighbours) and, less its shape's cost, for its reading.
    const lent = new Set<TileCandidate>(aligned[j]);
    const worth = (r: Read, c: TileCandidate) => sureness(r) - SIZE_WEIGHT * sizeMiss(c, sizes[j], plane) - (core ? CORE_WEIGHT * offCore(c, core) ** 2 : 0) - (lent.has(c) ? TURN_WEIGHT * turnOff(c, found[i]) : 0);
    const seen = [...got[j], ...rest[j]];
    const looks = [{ r: out[i], c: found[i] }, ...seen.map((r, v) => ({ r, c: lists[j][v] }))].map((l) => {
      const w = worth(l.r, l.c);
      return { ...l, w, shaped: w - SHAPE_WEIGHT * shapeMiss(l.c, plane) };
    });
    const tile = looks.reduce((a, b) => (b.w > a.w ? b : a));
    looks.sort((a, b) => b.shaped - a.shaped);
    out[i] = { ...together(alike(looks).slice(0, TOGETHER)), tileUnsure: tile.r.unsure };
  });
  return out;
}

/** Each list of looks read, in one batch for them all. */
function readEach(lists: readonly TileCandidate[][], read: (cands: TileCandidate[]) => Read[]): Read[][] {
  const all = lists.flat();
  const reads = all.length > 0 ? read(all) : [];
  let k = 0;
  return lists.map((l) => reads.slice(k, (k += l.length)));
}

/** Whether a sure domino's look (`look`, read as `r`) reads it as it was read (`was`), either way round, and surely. */
const confirms = (look: TileCandidate, r: Read, was: Read): boolean => sureDomino(look, r) && tileKey('domino', r.tile.values) === tileKey('domino', was.tile.values);

/**
 * What a look gives up (log units) for the square of its centre's distance, in halves, from the
 * middle the tile network put the face at (`TileCandidate.core`, tile-polygons.ts). The classifier
 * learnt from crops cut from slid outlines, so it reads an outline shifted along touching tiles as
 * surely as the true one (black dominoes in a line, dev seed 2020: 12|6 read 11|6 at 0.994; that one
 * stays misread), while the network's depth map puts the faces' middles where they are: off by 0.25
 * of a half costs 1. Fresh dev scenes
 * (`npm run --silent eval -- --only vision --no-real --seed S --scenes 60 [--live]`), weight 0 -> 16
 * (precision, dominoes / triangles read right, scenes with every tile right, pip totals exact): still
 * seed 2022 98.99 -> 99.24 %, 95.77 / 95.95 -> 96.04 / 95.72 %, 44 -> 46, 47 -> 47; still seed 2020
 * 99.75 -> 99.83 %, 98.06 / 92.09 -> 98.06 / 92.55 %, 49 -> 49, 51 -> 52; live seed 2016 99.39 % both,
 * 92.01 / 99.05 -> 92.43 / 98.81 %, 40 -> 41, 41 -> 42. Weight 4 on seed 2022: 99.16 %, 45, 47; 32 on
 * seeds 2022 / 2020: as 16 within a tile or two (recall +0.08 / -0.09 points).
 */
const CORE_WEIGHT = 16;
/** How far a look's centre is from the core the tile was traced from, in halves. */
function offCore(c: TileCandidate, core: Point): number {
  const [x, y] = centroid(c.polygon);
  return Math.hypot(x - core[0], y - core[1]) / Math.max(1e-6, unitOf(c));
}

/** What a look in a neighbour's outline gives up (log units) per radian it lies turned from the tile's own outline. */
const TURN_WEIGHT = 6;
/** The angle (radians, 0 .. pi/2) between two dominoes' long ways. */
function turnOff(a: TileCandidate, b: TileCandidate): number {
  const d = (((wayOf(a) - wayOf(b)) % Math.PI) + Math.PI) % Math.PI;
  return Math.min(d, Math.PI - d);
}
/** A domino's long way: the angle from its first half's centre to its second's. */
function wayOf(c: TileCandidate): number {
  const [a, b] = partPoints(c);
  return a && b ? Math.atan2(b[1] - a[1], b[0] - a[0]) : 0;
}

/** A domino look joins the best in `together` only if it lies this close to the best's way (degrees): a look turned a quarter reads other halves. */
const ALIKE_DEG = 20;

/** The looks (best first) without the domino looks that lie another way than the best one. */
function alike<L extends { c: TileCandidate }>(looks: readonly L[]): L[] {
  if (looks.length === 0 || looks[0].c.kind !== 'domino') return [...looks];
  return looks.filter((l) => turnOff(l.c, looks[0].c) <= (ALIKE_DEG * Math.PI) / 180);
}

/** Where each part of a look lies: a domino half's centre, a triangle's corner. */
const partPoints = (c: TileCandidate): Point[] => (c.kind === 'domino' ? (c.halves ?? []).map((h) => centroid(h)) : c.polygon);

/**
 * The best look read from its own and the next looks' value probabilities (geometric mean, each look's
 * parts matched to the best's by where they lie); whether it is a tile at all is still judged by the
 * best look's own sureness (`tileUnsure`).
 */
export function together(looks: readonly { r: Read; c: TileCandidate }[]): Read {
  const best = looks[0];
  const joined = looks.filter((l) => l.r.parts);
  if (!best.r.as || !best.r.parts || joined.length < 2) return best.r;
  const at = partPoints(best.c);
  const n = at.length;
  const logSum = best.r.parts.map((p) => p.map(() => 0));
  for (const look of joined) {
    const parts = look.r.parts as number[][];
    const pts = partPoints(look.c);
    // the turn of the look's parts (a domino's halves swapped or not, a triangle's corners turned) nearest the best's
    let shift = 0;
    let nearest = Infinity;
    for (let s = 0; s < n; s++) {
      const d = at.reduce((a, q, m) => a + dist(q, pts[(m + s) % n]), 0);
      if (d < nearest) [nearest, shift] = [d, s];
    }
    logSum.forEach((row, m) => row.forEach((_, v) => (row[v] += Math.log(Math.max(1e-12, parts[(m + shift) % n][v])))));
  }
  const probs = logSum.map((row) => {
    const e = row.map((x) => Math.exp(x / joined.length));
    const total = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / total);
  });
  return { ...best.r.as(probs), tileUnsure: best.r.unsure };
}
