/**
 * Reading a table photo (spec/table-reading.md), one line per stage:
 *   find the tiles (OpenCV.js) -> put the triangles of a board on its lattice (board-lattice.ts)
 *   -> (a live camera) keep the last frame's reading of a tile that lies and looks as it did
 *   (carry-over.ts) -> cut a square crop of every half and corner of the others -> classify the
 *   crops (TF.js) -> turn class probabilities into tile values with a confidence and runner-up
 *   readings -> read finer looks' polygons where the segmenter offers them -> look again at the
 *   tiles not kept, also at the neighbours' size and (a still image) at each tile's true shape on the table's plane, fitted to
 *   the sure tiles (realign.ts, table-plane.ts) -> (a live frame) a still image's look at the few dominoes
 *   still doubtful -> (a still image) a domino face longer than its neighbours
 *   read as two tiles end to end (end-to-end.ts) -> a board's cell enclosed by sure triangles, where
 *   no tile or only an unsure triangle was read, looked at as a triangle (board-holes.ts) -> the gap two
 *   dominoes of a line leave a width apart looked at as a crosswise double, and a length apart, where an
 *   unsure face was traced, as a domino along the line (line-gaps.ts)
 *   -> leave out candidates more likely tablecloth than tile, a reading on a place a surer one was
 *   read from, and those far smaller than a tile of their kind where they lie -> the dominoes of one set (domino-set.ts) -> the halves that meet in a
 *   layout carry one number, in the games where they do (domino-ends.ts) -> the corners that meet on a
 *   board carry one number (board-corners.ts) -> no tile twice (one-set.ts).
 * A small still photo in which nothing, or nothing sure, was read is read again turned a quarter (readTable).
 * Pure: the OpenCV segmenter and the classifier are handed in, so Node, the browser and a Web
 * Worker all run the same code.
 */
import { boardCorners } from './board-corners';
import { snapBoards } from './board-lattice';
import { boardHoles } from './board-holes';
import { gapTiles } from './line-gaps';
import { carried, remember, stayed, type CarryMemory } from './carry-over';
import { classOf, CLASSES, CROP_SIZE } from './classifier-model';
import { classify, remembering, type Classifier } from './classify';
import { cornerCropMap, cutCrop, halfCropMap, turnedMap, type CropMap } from './crop-geometry';
import { oneDominoSet } from './domino-set';
import { dominoEnds } from './domino-ends';
import type { JointRule } from './joints';
import { endToEnd } from './end-to-end';
import { cutByFrame, oneOfEach, tileKey } from './one-set';
import { edgeBlur, mayBeBlurred, MEASURED_FROM, saysBlurred } from './blur';
import { applyOrientation } from './orientation';
import { Ranked } from './rank';
import { oddsFromLogs, realignTiles, sureness, type Frame, type Read, type ValuesWeight } from './realign';
import type { TileCandidate } from './segment-types';
import { centroid } from './reconstruct/geometry';
import { fitTablePlane, livePlane, type PlaneMemory } from './table-plane';
import { apart, unitOf } from './tile-select';
import type { Point, ReadTile, Rgba, TableReading } from './types';

/**
 * A still image's tiles read at least this surely give the table's plane (table-plane.ts), whose true
 * tile shapes realign.ts reads too. A live camera's reader (`Reader.plane`) keeps its plane from frame
 * to frame and fits it anew only when the frame's sure tiles no longer fit it (the fit costs 5-30 ms;
 * `livePlane`). Dev scenes read as live frames, each a new camera (`npm run --silent eval -- --only
 * vision --no-real --seed S --scenes 60 --live`), without -> with the plane, seeds 2016 / 2017: pip
 * totals exact 35 / 36 -> 40 / 39 of 60, dominoes read right 89.83 / 95.44 -> 92.01 / 98.13 %,
 * triangles 98.33 / 78.65 -> 99.05 / 79.63 %, recall 97.91 / 97.76 -> 98.44 / 98.09 %. The gain is the
 * true shapes: with sizes on the plane alone 35 / 35, with only the shape fitted to all corners 37 / 36.
 */
const PLANE_SURE = 0.9;

/**
 * A live frame's dominoes read less surely than THIRD_LOOK_BELOW after their second look, at most
 * THIRD_LOOK_MOST of them (the least sure), are looked at once more as a still image looks at every
 * tile (realign.ts `every`: wider moves, turned, and in the nearest neighbours' outlines); the other
 * tiles stand as their neighbours. docs/reading-log.md, "A live frame's doubtful domino given a still image's look":
 * triangles gained nothing from it on dev live frames, and a frame of 30 doubtful ones read three
 * times the crops. The crops it cuts as the second look cut them are not read again (a live frame's
 * classifier remembers them: classify.ts `remembering`).
 */
const THIRD_LOOK_BELOW = 0.6;
const THIRD_LOOK_MOST = 4;

/** Which tiles the third look leaves as they are (`realignTiles`' `fixed`): all but a live frame's few least sure dominoes. */
function notDoubtful(found: readonly TileCandidate[], reads: readonly Read[], carry: readonly unknown[]): boolean[] {
  const doubtful = found.flatMap((c, i) => (c.kind === 'domino' && !carry[i] && reads[i].tile.confidence < THIRD_LOOK_BELOW ? [i] : []));
  const looked = new Set(doubtful.sort((a, b) => reads[a].tile.confidence - reads[b].tile.confidence).slice(0, THIRD_LOOK_MOST));
  return reads.map((_, i) => !looked.has(i));
}

export type Segmenter = (image: Rgba) => TileCandidate[];

export interface Reader {
  segment: Segmenter;
  classifier: Classifier;
  /** A still image: every tile is looked at again, with wider moves (realign.ts `every`); a live frame only unsure ones. */
  still?: boolean;
  /** A live camera's table plane, kept from frame to frame (table-plane.ts `livePlane`); without it a live frame goes without a plane. */
  plane?: PlaneMemory;
  /** A live camera's last readings (carry-over.ts): a tile that lies and reads as in the last frame keeps its reading instead of a second look. */
  carry?: CarryMemory;
  /** Whether the dominoes' halves that meet carry one number in the game being played (joints.ts `jointsFor`); absent: 'equal'. */
  joints?: JointRule;
}

/**
 * Halves under this many pixels are smaller than any crop the classifier learnt from (src/synth/crops.ts
 * draws halves of 12-60 px): such a tile says "small" and at most 0.5. Above it the calibrated
 * confidence follows accuracy on its own (dev far-camera scenes, seeds 600 and 700, halves 10-20 px:
 * ECE 0.074 and 0.042 with this bound, 0.129 and 0.068 with 14 px).
 */
const SMALL_HALF_PX = 12;

/** A frame's reading; a small still photo read unsure (or not at all), also turned (TURN_UP_TO, TURN_BELOW). */
export function readTable(image: Rgba, reader: Reader): TableReading {
  const reading = readOnce(image, reader);
  if (!reader.still || surest(reading) >= TURN_BELOW || Math.max(image.width, image.height) > TURN_UP_TO) return reading;
  // The same photo turned a quarter, twice, three times: the turn with the surest tile wins.
  let [best, turns, turned] = [reading, 0, image];
  const ms = { ...reading.ms };
  for (let k = 1; k <= 3; k++) {
    turned = turnQuarter(turned);
    const again = readOnce(turned, reader);
    for (const [key, v] of Object.entries(again.ms)) ms[key] = Math.round(((ms[key] ?? 0) + v) * 10) / 10;
    if (surest(again) > surest(best)) [best, turns] = [again, k];
  }
  return { image: reading.image, tiles: turns ? best.tiles.map((t) => turnTileBack(t, turns, image.height, image.width)) : reading.tiles, ms };
}

const surest = (r: TableReading): number => r.tiles.reduce((a, t) => Math.max(a, t.confidence), 0);

/**
 * The tile network is not the same turned: a photo turned a quarter can show it a face it missed or
 * cut wrong. A still image of at most TURN_UP_TO pixels across (read at full size, segment.ts) whose
 * surest tile says less than TURN_BELOW (or that shows none) is read again turned a quarter clockwise,
 * twice and three times, and the turn with the surest tile is taken. Dev photos of one double-6 domino
 * (100x100 px, `renderScene` with `layout: { tileCount: 1 }`, `itemSeed(seed, i, 3559)`), read right
 * as they lie -> turned when nothing was read -> turned also when unsure (this rule): seeds 2101, 2301,
 * 2501, 2701 (halves of 15-45 px, 120 each) 111 -> 112 -> 114, 111 -> 114 -> 115, 110 -> 112 -> 113,
 * 107 -> 108 -> 111; seed 2704 (30-50 px) 111 -> 112 -> 113; the first 200 of seed 2901 on wood
 * (15-35 px) 185 -> 188 -> 188. Small frames of many tiles, turned when nothing was read -> also
 * when unsure: 30 far 640x480 cameras (seed 3701, halves 10-20 px) true / false tiles 461 / 10 ->
 * 462 / 13, read right 351 both; 30 frames of 240x240 (seed 3901, 15-30 px) 325 / 22 -> 324 / 20,
 * read right 276 both. Larger frames are tables, where nothing read is mostly an empty one (and four
 * reads of a 1280x720 still cost seconds).
 */
const TURN_UP_TO = 640;
const TURN_BELOW = 0.5;

/** The frame turned a quarter clockwise, pixel (x, y) to (height - 1 - y, x): what EXIF orientation 6 asks for. */
export const turnQuarter = (image: Rgba): Rgba => applyOrientation(image, 6);

/**
 * A tile read in the frame turned k quarters clockwise, where it lies in the frame (width x height).
 * A turn keeps clockwise order, so corners and halves keep their values.
 */
function turnTileBack(tile: ReadTile, k: number, height: number, width: number): ReadTile {
  const back = (p: Point): Point => {
    let [x, y] = p;
    // Undo one quarter at a time: in a frame turned j quarters the "height" of the one before is
    // height for even j - 1 turns, width for odd.
    for (let j = k; j >= 1; j--) {
      const h = (j - 1) % 2 === 0 ? height : width;
      [x, y] = [y, h - x];
    }
    return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
  };
  return {
    ...tile,
    polygon: tile.polygon.map(back),
    ...(tile.halves ? { halves: tile.halves.map((h) => ({ ...h, polygon: h.polygon.map(back) })) } : {}),
  };
}

function readOnce(image: Rgba, reader: Reader): TableReading {
  const t0 = performance.now();
  const classifier = reader.still ? reader.classifier : remembering(reader.classifier); // a live frame's crop cut twice is read once
  const traced = snapBoards(reader.segment(image)); // every tile's top face, kind and halves; a board's triangles on its lattice
  const t1 = performance.now();
  const memory = reader.still ? undefined : reader.carry;
  const cut = (c: TileCandidate) => cutCrops(image, [c]).pixels;
  const keep = memory ? carried(memory, traced, cut) : []; // a live camera: tiles that lie and look as before keep their reading
  const stay = memory ? stayed(memory, traced, keep, cut) : []; // and the last frame's tiles not traced now, where the pixels under them did not change
  const seen = [...traced, ...stay.map((m) => m.found)];
  const carry = [...keep, ...stay];
  const found = seen.map((c, i) => carry[i]?.found ?? c);
  const fresh = new Map(seen.flatMap((_, i) => (carry[i] ? [] : [i])).map((i, j) => [i, j])); // tile -> its place among those read afresh
  const crops = cutCrops(image, [...fresh.keys()].map((i) => found[i]), true); // one 32x32 crop per half / corner (a triangle's corners at four turns)
  const t2 = performance.now();
  const probs = classifyParts(classifier, crops); // class probabilities
  const t3 = performance.now();
  const first = found.map((c, i) => carry[i]?.read ?? readTile(c, probs, crops.first[fresh.get(i)!], crops.pixels)); // values, confidence, runners-up
  const t4 = performance.now();
  const surer = readFiner(image, found, first, classifier, !!reader.still); // finer looks' polygons, where surer
  const t5 = performance.now();
  const sure = surer.found.filter((_, i) => surer.reads[i].tile.confidence >= PLANE_SURE);
  const plane = reader.still ? fitTablePlane(sure, image.width, image.height) : reader.plane ? livePlane(reader.plane, sure, image.width, image.height) : null;
  const readCands = (cands: TileCandidate[]) => readAll(image, cands, classifier, !!reader.still);
  const second = realignTiles(surer.found, surer.reads, readCands, reader.still, image, plane, carry.map(Boolean)); // a second look at the others
  const reads = reader.still ? second : realignTiles(surer.found, second, readCands, true, image, plane, notDoubtful(surer.found, second, carry)); // a live frame's doubtful dominoes: a still image's look
  if (memory) remember(memory, surer.found, (i) => (surer.found[i] === found[i] ? cropsOf(crops, fresh.get(i)!, found[i]) : cutCrops(image, [surer.found[i]]).pixels), reads, carry);
  const notCloth = surer.found.map((c, j) => tileNotCloth(c, reads[j])); // once each: every face asks it of its neighbours
  const two = endToEnd(found, surer.found, reads, readCands, image, plane, !!reader.still, (j) => notCloth[j]); // a long or wide domino face read as two tiles, measured against the tiles beside it that are no tablecloth
  const whole = boardHoles(two.found, two.reads, readCands, image, plane, !!reader.still); // a triangle missed inside a board
  const gapped = gapTiles(whole.found, whole.reads, readCands, image, plane, !!reader.still, reader.joints); // a crosswise double or a domino missed in a line
  const kept = gapped.reads.filter((r, i) => tileNotCloth(gapped.found[i], r)); // no tablecloth
  const read = oneOfEach(boardCorners(dominoEnds(oneDominoSet(ofTheirSize(apart(kept))), reader.joints)), image).map((r) => (reader.still ? r.tile : asLive(r.tile))); // no place read twice; none far smaller than their kind; the dominoes of one set; the halves that meet alike; a board's meeting corners alike; no tile twice
  const blur = read.some(mayBeBlurred) ? edgeBlur(image, read.filter((t) => t.confidence >= MEASURED_FROM).map((t) => t.polygon)) : undefined; // the frame's blur, on the tiles' edges, where an unsure tile may owe it its doubt
  const tiles = read.map((t) => saysCut(saysBlurred(t, blur), image)); // why an unsure tile is unsure; a tile the frame's edge cuts
  const t6 = performance.now();
  const ms = { segment: t1 - t0, crop: t2 - t1, classify: t3 - t2, assemble: t4 - t3, fine: t5 - t4, realign: t6 - t5, total: t6 - t0 };
  for (const k of Object.keys(ms) as (keyof typeof ms)[]) ms[k] = Math.round(ms[k] * 10) / 10;
  return { image: { width: image.width, height: image.height }, tiles, ms };
}

/**
 * A tile the frame's edge cuts (one-set.ts `cutByFrame`) says so ("cut"), however sure, unless it already says why it is doubtful:
 * what lies outside the frame was not read, and the person may want to look. Its confidence stays as
 * it was: on the dev still images of one-set.ts EDGE_PX, the 151 readings of cut tiles were right 121
 * times (80 %) at a mean confidence of 0.83 (their log-loss best at a logit shift of only -0.5), and
 * 107 of the 111 read at 0.9 or more.
 */
const saysCut = (tile: ReadTile, frame: Frame): ReadTile =>
  !tile.doubt && cutByFrame(tile.polygon, frame.width, frame.height) ? { ...tile, doubt: 'cut' } : tile;

/** Every tile with finer polygons (segment.ts `fine`) read those ways too; the surest reading wins. */
function readFiner(image: Rgba, found: readonly TileCandidate[], first: readonly Read[], classifier: Classifier, turns: boolean): { found: TileCandidate[]; reads: Read[] } {
  const out = { found: [...found], reads: [...first] };
  const owners = found.flatMap((c, i) => (c.finer ?? []).map(() => i));
  if (owners.length === 0) return out;
  const cands = found.flatMap((c) => c.finer ?? []);
  const reads = readAll(image, cands, classifier, turns);
  owners.forEach((i, j) => {
    if (sureness(reads[j]) > sureness(out.reads[i])) [out.found[i], out.reads[i]] = [cands[j], reads[j]];
  });
  return out;
}

/** Crops, classification and readings of a batch of candidates. */
function readAll(image: Rgba, found: readonly TileCandidate[], classifier: Classifier, turns: boolean): Read[] {
  const crops = cutCrops(image, found, turns);
  const probs = classifyParts(classifier, crops);
  return found.map((c, i) => readTile(c, probs, crops.first[i], crops.pixels));
}

/** The crops of the i-th candidate's parts, copied out of a batch. */
function cropsOf(crops: { pixels: Uint8Array; first: number[] }, i: number, c: TileCandidate): Uint8Array {
  const per = CROP_SIZE * CROP_SIZE * 3;
  return crops.pixels.slice(crops.first[i] * per, (crops.first[i] + (c.kind === 'domino' ? 2 : 3)) * per);
}

/**
 * The class probabilities of every crop of these candidates (cutCrops, in order), count x 19; a
 * triangle's corners cut turned too (`turns`: a still image's, a live frame's at its first reading) are
 * read at all four quarter turns, their logits averaged (the geometric mean of the probabilities,
 * renormalised). The classifier learnt every crop at a random quarter turn (src/synth/crops.ts), and a
 * corner's numeral, a few pixels tall, reads a little differently at each. A domino's halves are read
 * once: their turns did no better (classify.ts). Fresh dev still images
 * (`npm run --silent eval -- --only vision --no-real --seed S --scenes 70`), once -> four turns, scenes
 * with the pip total exact / triangles read right: seed 2053 52 -> 53 / 83.00 -> 84.80 %, 2055 46 -> 48
 * / 88.16 -> 90.08 %, 2056 45 -> 46 / 95.37 -> 97.47 %; dominoes the same; the median frame 1.6 -> 1.8 s
 * (2055). Live frames were read once: they have a time to keep (150 ms), and on seed 2053 (`--live`)
 * triangles went 82.51 -> 85.47 % but pip totals 48 -> 47 (the table at rest is read again as a still
 * image, src/app/table/close-look.ts). Since 2026-11-29 a live frame's first reading of its tiles reads the
 * corners at four turns too (its second looks read them once): fresh dev live frames, 90 each, pip
 * totals exact 8501 76 -> 77 (the 10th: a dotted black 1|1|1 with a grey centre mark, read 1|1|3 at
 * 0.988 once) and 8101 72 -> 73, 8301, 7401, 7301 and 8701 the same; the held-out live frames'
 * triangles 91.57 -> 91.68 %, pip totals the same; the bench's live tables' later frames ~15 ms more
 * (docs/reading-log.md, "A live frame's triangle corners at four turns"). Its second looks at four
 * turns too: 8301 +1, 8501 +1 and -1, recall down on both: not taken.
 */
function classifyParts(classifier: Classifier, crops: Crops): Float32Array {
  const { probs } = classify(classifier, crops.pixels, crops.count + crops.turned.length * 3, CROP_SIZE);
  const n = CLASSES.length;
  crops.turned.forEach((k, j) => {
    const rows = [k, ...[0, 1, 2].map((q) => crops.count + j * 3 + q)];
    const logs = Array.from({ length: n }, (_, c) => rows.reduce((a, r) => a + Math.log(Math.max(probs[r * n + c], 1e-30)), 0) / rows.length);
    probs.set(oddsFromLogs(logs), k * n);
  });
  return probs.subarray(0, crops.count * n);
}

/** One crop per half / corner (`first`: each candidate's first), then, with `turns`, each corner's crop at three more quarter turns (`turned`: their corners). */
interface Crops {
  pixels: Uint8Array;
  count: number;
  first: number[];
  turned: number[];
}

function cutCrops(image: Rgba, found: readonly TileCandidate[], turns = false): Crops {
  const first: number[] = [];
  const turned: number[] = [];
  const maps: CropMap[] = [];
  for (const c of found) {
    first.push(maps.length);
    for (let p = 0; p < (c.kind === 'domino' ? 2 : 3); p++) {
      if (turns && c.kind === 'triomino') turned.push(maps.length);
      maps.push(c.kind === 'domino' ? halfCropMap((c.halves as Point[][])[p], CROP_SIZE) : cornerCropMap(c.polygon, p, CROP_SIZE));
    }
  }
  const count = maps.length;
  for (const k of turned) for (let q = 1; q <= 3; q++) maps.push(turnedMap(maps[k], CROP_SIZE, q));
  const per = CROP_SIZE * CROP_SIZE * 3;
  const pixels = new Uint8Array(maps.length * per);
  maps.forEach((map, k) => cutCrop(image.data, image.width, image.height, map, CROP_SIZE, pixels, k * per));
  return { pixels, count, first, turned };
}

const HALF_CLASSES = CLASSES.map((_, i) => i).filter((i) => classOf(i).kind === 'half');
const CORNER_CLASSES = CLASSES.map((_, i) => i).filter((i) => classOf(i).kind === 'corner');

/** Probabilities of the values 0..n of one crop, renormalised within its kind. */
function valueProbs(probs: Float32Array, crop: number, classes: readonly number[]): number[] {
  const row = crop * CLASSES.length;
  const p = classes.map((c) => probs[row + c]);
  const sum = p.reduce((a, b) => a + b, 0) || 1;
  return p.map((x) => x / sum);
}

const side = (a: Point, b: Point): number => Math.hypot(b[0] - a[0], b[1] - a[1]);

const logit = (p: number): number => {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
};
/**
 * A live frame's confidences, rescaled: read from the best looks together (realign.ts) and in the
 * table's true shapes (a live camera's kept plane), live readings came out right more often than the
 * still images' calibration said (dev live frames, seeds 2016-2019, 60 each: said 0.66, right 81 %).
 * A logistic fit on the calibrated logit (the confidences as the eval sees them, "small" tiles
 * left out): fitted on three seeds, the fourth's ECE 0.0151 -> 0.0092, 0.0123 -> 0.0130, 0.0263 ->
 * 0.0132, 0.0296 -> 0.0128 and log-loss 0.0586 -> 0.0534, 0.0773 -> 0.0772, 0.1090 -> 0.0998, 0.0717 ->
 * 0.0570. Fitted on all four: these.
 */
const LIVE_RESCALE = { slope: 1.065, bias: 0.851 };
const rescaled = (c: number): number => round3(1 / (1 + Math.exp(-(LIVE_RESCALE.slope * logit(c) + LIVE_RESCALE.bias))));
/** A live frame's tile with its confidences rescaled (LIVE_RESCALE); a "small" tile keeps its cap. */
export function asLive(tile: ReadTile): ReadTile {
  if (tile.doubt === 'small') return tile;
  return { ...tile, confidence: rescaled(tile.confidence), ...(tile.alternatives ? { alternatives: tile.alternatives.map((a) => ({ ...a, confidence: rescaled(a.confidence) })) } : {}) };
}

/**
 * The probability a reading is right, from the segmenter's tile score, the classifier's probability
 * of the reading (after realign.ts) and the kind: logistic, fitted on the 2,944 matched tiles of 150
 * rendered dev scenes (seeds 500, 600, 700; 94.8 % read right) with the networks of models/ (the
 * classifier trained on crops cut from slid polygons). Fitted on two of the three seeds, it scored
 * the third's tiles with ECE 0.019-0.033 (the fit made for the previous classifier: 0.025-0.052).
 *
 * `blankClipped` (2026-11-23): the tile's clipped share (clippedShare) times the share of its parts read
 * 0. A face burnt out by glare reads as blanks: on dev still images (seeds 500, 600, 700; 3,632 matched
 * tiles, tile network "i") those with blankClipped >= 0.3 were read right 32 % of the time at a mean
 * confidence of 0.84. Its weight and a new bias were fitted with the other terms held (L2 0.3): fitted
 * on two seeds, the third's log-loss went 0.097 -> 0.094, 0.164 -> 0.137, 0.124 -> 0.100 (live frames of
 * seed 600: 0.215 -> 0.192), ECE 0.024 -> 0.019, 0.020 -> 0.014, 0.005 -> 0.011 (live 0.026 -> 0.021).
 *
 * Rescaled 2026-11-23 for one-set.ts (a tile read as another tile's reading is read again): with the
 * errors that stage removes, the rest were read right more often than they said (dev still images,
 * seeds 500, 600, 700: ECE 0.019, underconfident). Every weight times 1.165 and the bias + 0.485 (a
 * logistic fit on the calibrated logit, 3,646 matched tiles): fitted on two seeds, the third's ECE
 * 0.023 -> 0.008, 0.015 -> 0.008, 0.019 -> 0.010, log-loss 0.078 -> 0.068, 0.098 -> 0.094, 0.078 -> 0.071.
 */
const CALIBRATION = { score: 0.44, reading: 0.649, triangle: 0.016, blankClipped: -9.132, bias: -2.099 };
export function calibratedConfidence(score: number, reading: number, kind: 'domino' | 'triomino', blankClipped = 0): number {
  const z = CALIBRATION.score * logit(score) + CALIBRATION.reading * logit(reading) + (kind === 'triomino' ? CALIBRATION.triangle : 0) + CALIBRATION.blankClipped * blankClipped + CALIBRATION.bias;
  return 1 / (1 + Math.exp(-z));
}

/**
 * Whether a candidate is at least as likely a tile as not (rather than a patch of tablecloth, a
 * shadow or parts of two tiles), from the segmenter's tile score and the classifier's probability of
 * its reading (a tile reads as one; a cloth pattern seldom does): logistic odds fitted on the 4,745
 * candidates of 230 rendered dev scenes (seeds 500, 600, 700, and far cameras with 10-20 px halves of
 * seeds 600 and 700; 582 of them no tile). Fitted on four of those five sets and applied to the fifth,
 * it left out 56 of the usual scenes' 165 false tiles and none of their 2,944 tiles; on far cameras
 * 347 of 417 false tiles and 179 of 1,219 tiles, 157 of which were read wrong.
 */
const IS_TILE = { score: 1.173, reading: 0.355, bias: -1.612 };
export function likelyTile(score: number, reading: number): boolean {
  return IS_TILE.score * logit(score) + IS_TILE.reading * logit(reading) + IS_TILE.bias >= 0;
}

/** Whether a candidate and its reading are likelier a tile than tablecloth (`likelyTile`), by the look best for being a tile. */
const tileNotCloth = (c: TileCandidate, r: Read): boolean => likelyTile(c.score, 1 - (r.tileUnsure ?? r.unsure));

/**
 * A reading is left out when its face is less than this share of the size a tile of its kind has
 * there: all tiles of a set are one size, and the camera's perspective changes it smoothly across
 * the table (`expectedUnit`). What is far smaller is a patch of table: a white stripe of a striped
 * cloth read as a blank domino. Measured on fresh dev scenes: see `ofTheirSize`.
 */
const SMALLER = 0.6;
/** At least this many confident tiles of a kind to fit their size across the frame; from 3, their median. */
const FIT_MIN = 6;
/** A confident tile this far off the first fit (log of its size over the fit's) is left out of the second. */
const FIT_OFF = 0.25;

/**
 * The half size a tile of this kind has at each point of the frame, from the confident readings
 * (>= 0.5) of that kind. A flat table seen by a camera gives each tile a size inversely proportional to
 * its depth, and 1/depth is an affine function of the image point: so size = a + b x + c y, fitted by
 * least squares (the slopes held a little towards 0, so a line of tiles says nothing across it), then
 * again without the tiles more than FIT_OFF off it (a confident false tile does not pull the fit).
 * Below FIT_MIN tiles the median; below 3 nothing is known.
 */
export function expectedUnit(tiles: readonly { centre: Point; unit: number }[]): ((p: Point) => number) | undefined {
  if (tiles.length < 3) return undefined;
  if (tiles.length < FIT_MIN) {
    const units = tiles.map((t) => t.unit).sort((a, b) => a - b);
    const median = units[units.length >> 1];
    return () => median;
  }
  const first = planeFit(tiles);
  const kept = tiles.filter((t) => Math.abs(Math.log(t.unit / Math.max(1e-6, first(t.centre)))) <= FIT_OFF);
  return kept.length >= FIT_MIN ? planeFit(kept) : first;
}

/** Least squares size = a + b x + c y (x, y in thousands of pixels about their mean), slopes with a ridge of 0.01 a tile. */
function planeFit(tiles: readonly { centre: Point; unit: number }[]): (p: Point) => number {
  const n = tiles.length;
  const mx = tiles.reduce((s, t) => s + t.centre[0], 0) / n / 1000;
  const my = tiles.reduce((s, t) => s + t.centre[1], 0) / n / 1000;
  const ridge = 0.01 * n;
  let [sxx, sxy, syy, su, sxu, syu] = [ridge, 0, ridge, 0, 0, 0];
  for (const { centre, unit } of tiles) {
    const x = centre[0] / 1000 - mx;
    const y = centre[1] / 1000 - my;
    [sxx, sxy, syy] = [sxx + x * x, sxy + x * y, syy + y * y];
    [su, sxu, syu] = [su + unit, sxu + x * unit, syu + y * unit];
  }
  const det = sxx * syy - sxy * sxy; // the centred columns are orthogonal to the constant one
  const b = (sxu * syy - syu * sxy) / det;
  const c = (syu * sxx - sxu * sxy) / det;
  const a = su / n;
  return ([x, y]) => a + b * (x / 1000 - mx) + c * (y / 1000 - my);
}

/**
 * A reading at least this sure measures the size of its kind (`expectedUnit`), unless PATTERN or more
 * readings name its tile: a set holds each tile once, so many faces read alike are a pattern of the
 * table (the white squares of a gingham cloth read as blanks), whose size is not a tile's.
 */
const SURE_TILE = 0.5;
const PATTERN = 3;

/**
 * A domino that PATTERN or more readings name is left out when its face is less than this share of
 * the size a domino has where it lies (not SMALLER): at most one of them is the tile, and a set's
 * dominoes are one size. Dev still 73 of seed 8701 (double-6 dominoes of 33-42 px a half beside a
 * cloth of white stripes): eleven stretches of stripe, read as blanks among 36 readings that named
 * 0|0, were 0.61-0.68 of the dominoes' size there; every domino found, 0.94-1.04. Triangles keep
 * SMALLER: at a steep camera's far end, small triangles misread alike came to 0.73-0.79 of the size
 * the near ones set (dev live 52 of seed 8501). Docs/reading-log.md, "A pattern's faces read as one
 * domino, two thirds of a domino's size".
 */
const PATTERN_SMALLER = 0.8;

/**
 * Readings without those whose face is far smaller than a tile of their kind where they lie
 * (`expectedUnit`, SMALLER; a domino named by a pattern's many readings, PATTERN_SMALLER). Fresh dev
 * still images (`itemSeed(seed, i, 3559)`, 2026-11-23): seed 2002, 60 scenes: false tiles 16 -> 7 (the
 * nine of a striped cloth, test/vision/read-table.test.ts), no tile lost (as live frames: 19 -> 11, no
 * tile lost); seed 2001 with every camera tilted 30-40 degrees, 40 scenes: false tiles 14 -> 13, no
 * tile lost. The tiles found in seed 2002 and in seed 2003's scenes 30-59 at 30-40 degrees were at
 * least 0.70 of their expected size (0.60 of the frame's median, which a steep camera's far tiles would
 * fall below); the false tiles left out 0.36-0.59.
 *
 * With only one or two measuring readings of a kind (the start of a game), a reading that does not
 * measure is left out when it is far smaller than each of them. Fresh dev frames of 1-4 scattered
 * dominoes (640x480, halves 10-40 px, cameras 0-40 degrees, `itemSeed(4301, i, 3559)`, 100 frames):
 * false tiles 101 -> 62, 39 of them on one gingham table (-> 2, test/vision/read-table.test.ts), no
 * tile lost. Dense dev stills (seed 2002, 60 scenes, 1280x720): false tiles 29 -> 12, no tile lost;
 * seed 2003 at 30-40 degrees: 240 -> 240 (226 on one gingham table whose tiles are all missed, so
 * nothing measures), no tile lost. Held-out and real photos: the same to the tile.
 */
export function ofTheirSize<R extends { tile: Pick<ReadTile, 'kind' | 'polygon' | 'confidence' | 'values'> }>(reads: readonly R[]): R[] {
  const sized = reads.map((r) => ({ centre: centroid(r.tile.polygon), unit: unitOf(r.tile) }));
  const keys = reads.map((r) => tileKey(r.tile.kind, r.tile.values));
  const named = new Map<string, number>();
  for (const k of keys) named.set(k, (named.get(k) ?? 0) + 1);
  const measures = reads.map((r, i) => r.tile.confidence >= SURE_TILE && (named.get(keys[i]) as number) < PATTERN);
  const measured = (['domino', 'triomino'] as const).map((kind) => [kind, sized.filter((_, i) => reads[i].tile.kind === kind && measures[i])] as const);
  const expected = new Map(measured.map(([kind, m]) => [kind, expectedUnit(m)]));
  const least = new Map(measured.flatMap(([kind, m]) => (m.length ? [[kind, Math.min(...m.map((t) => t.unit))] as const] : [])));
  return reads.filter((r, i) => {
    const size = expected.get(r.tile.kind)?.(sized[i].centre) ?? (measures[i] ? undefined : least.get(r.tile.kind));
    const share = r.tile.kind === 'domino' && (named.get(keys[i]) as number) >= PATTERN ? PATTERN_SMALLER : SMALLER;
    return size === undefined || size <= 0 || sized[i].unit >= share * size;
  });
}

function readTile(c: TileCandidate, probs: Float32Array, first: number, crops: Uint8Array): Read {
  const clipped = clippedShare(crops, first, c.kind === 'domino' ? 2 : 3);
  return c.kind === 'domino' ? readDomino(c, probs, first, clipped) : readTriomino(c, probs, first, clipped);
}

/**
 * The share of a tile's crop pixels that are clipped white (every channel >= 250): where the camera's
 * highlights burn out, pips and numbers printed in a light colour are gone, and a blank half reads 0.
 */
export function clippedShare(crops: Uint8Array, first: number, parts: number): number {
  const per = CROP_SIZE * CROP_SIZE * 3;
  let clipped = 0;
  for (let o = first * per, end = (first + parts) * per; o < end; o += 3) if (crops[o] >= 250 && crops[o + 1] >= 250 && crops[o + 2] >= 250) clipped++;
  return clipped / (parts * CROP_SIZE * CROP_SIZE);
}

/** The clipped share, counted for the parts read as blanks (0): how much a reading may owe to glare. */
const blankClipped = (clipped: number, values: readonly number[]): number => (clipped * values.filter((v) => v === 0).length) / values.length;

/** From this much blankClipped on a tile says "glare" (dev still images: 32 % of those read right). */
const GLARE = 0.3;

/** A reading's confidence and, when it is low for a known reason, why: "small" (capped at 0.5) or "glare". */
function judged(score: number, reading: number, kind: 'domino' | 'triomino', glare: number, halfPx: number): { confidence: number; doubt?: string } {
  const confidence = calibratedConfidence(score, reading, kind, glare);
  if (halfPx < SMALL_HALF_PX) return { confidence: Math.min(confidence, 0.5), doubt: 'small' };
  return glare >= GLARE ? { confidence, doubt: 'glare' } : { confidence };
}

/** 1 - p, summed from the other values' probabilities (no cancellation when p is near 1). */
const rest = (p: readonly number[], k: number): number => p.reduce((a, x, j) => (j === k ? a : a + x), 0);

function readDomino(c: TileCandidate, probs: Float32Array, first: number, clipped: number): Read {
  return dominoFromParts(c, [valueProbs(probs, first, HALF_CLASSES), valueProbs(probs, first + 1, HALF_CLASSES)], clipped);
}

/**
 * `weight`: how likely each pair of values is before the tile is looked at (domino-set.ts: the set the
 * other tiles show), times the classifier's probabilities; without it every pair is alike.
 */
export function dominoFromParts(c: TileCandidate, p: number[][], clipped: number, weight?: ValuesWeight): Read {
  // Every pair of values, most likely first: the best is the reading, the next ones are offered.
  const n1 = p[1].length;
  const odds = new Float64Array(p[0].length * n1);
  for (let a = 0, i = 0; a < p[0].length; a++) for (let b = 0; b < n1; b++, i++) odds[i] = p[0][a] * p[1][b] * (weight ? weight([a, b]) : 1);
  if (weight) {
    let sum = 0;
    for (const x of odds) sum += x;
    if (sum > 0) for (let i = 0; i < odds.length; i++) odds[i] /= sum;
  }
  const pairs = new Ranked(odds);
  const read = dominoReading(c, p, pairs, clipped, 0, weight !== undefined);
  read.parts = p;
  read.as = (q) => dominoFromParts(c, q, clipped, weight);
  read.weighed = (w) => dominoFromParts(c, p, clipped, weight ? (v) => weight(v) * w(v) : w);
  read.choices = () => [read, ...Array.from({ length: Math.min(CHOICES, pairs.length) - 1 }, (_, j) => dominoReading(c, p, pairs, clipped, j + 1, weight !== undefined))];
  return read;
}

/** The readings one-set.ts may choose from when a tile's own is another tile's: the most likely this many. */
const CHOICES = 6;

/**
 * The probability of the k-th most likely reading once the ones before it are known to be other tiles'
 * (one-set.ts): its share of the probability left. (Dev still images, seeds 500 and 600: tiles moved
 * so were read right 22 % of the time; their own probability gave them a mean confidence of 0.03.)
 */
function free(ranked: Ranked, k: number, total = 1): number {
  if (k === 0) return ranked.at(0) / total;
  const left = ranked.from(k);
  return left > 0 ? ranked.at(k) / left : 0;
}

/** A domino read as its k-th most likely pair of values (k > 0: the ones before are other tiles', one-set.ts). */
function dominoReading(c: TileCandidate, p: number[][], pairs: Ranked, clipped: number, k: number, weighed = false): Read {
  const n1 = p[1].length;
  const valuesOf = (j: number): number[] => [Math.floor(pairs.index(j) / n1), pairs.index(j) % n1];
  const best = { values: valuesOf(k), confidence: pairs.at(k) };
  const halves = c.halves as Point[][];
  const halfPx = (side(halves[0][0], halves[0][1]) + side(halves[0][1], halves[0][2])) / 2;
  const { confidence, doubt } = judged(c.score, free(pairs, k), 'domino', blankClipped(clipped, best.values), halfPx);
  const tile: ReadTile = {
    kind: 'domino',
    values: best.values,
    polygon: c.polygon.map(round),
    halves: halves.map((h, j) => ({ value: best.values[j], polygon: h.map(round), confidence: round3(p[j][best.values[j]]) })),
    confidence: round3(confidence),
    alternatives: pairs.others(k, 3).map((j) => {
      const values = valuesOf(j);
      return { values, confidence: round3(calibratedConfidence(c.score, pairs.at(j), 'domino', blankClipped(clipped, values))) };
    }),
  };
  if (k > 0) return { tile: { ...tile, doubt: doubt ?? 'taken' }, unsure: 1 - best.confidence };
  if (doubt) tile.doubt = doubt;
  if (weighed) return { tile, unsure: pairs.from(1) }; // the pairs' probabilities are no longer the halves' products
  const [q0, q1] = [rest(p[0], best.values[0]), rest(p[1], best.values[1])];
  return { tile, unsure: q0 + q1 - q0 * q1 };
}

/** The 56 real tiles in every rotation, as clockwise corner values (never a mirror image). */
const TRIANGLE_READINGS: number[][] = (() => {
  const out: number[][] = [];
  for (let a = 0; a <= 5; a++)
    for (let b = a; b <= 5; b++)
      for (let cc = b; cc <= 5; cc++) {
        const seen = new Set<string>();
        for (const r of [[a, b, cc], [b, cc, a], [cc, a, b]]) {
          const key = r.join();
          if (!seen.has(key)) {
            seen.add(key);
            out.push(r);
          }
        }
      }
  return out;
})();

function readTriomino(c: TileCandidate, probs: Float32Array, first: number, clipped: number): Read {
  return triominoFromParts(c, [0, 1, 2].map((k) => valueProbs(probs, first + k, CORNER_CLASSES)), clipped);
}

/** `weight`: how likely each real tile and turn is before looking (board-corners.ts), as for a domino. */
export function triominoFromParts(c: TileCandidate, p: number[][], clipped: number, weight?: ValuesWeight): Read {
  // Only real tiles can lie on the table: the reading is the most likely real tile and turn.
  const odds = Float64Array.from(TRIANGLE_READINGS, (v) => p[0][v[0]] * p[1][v[1]] * p[2][v[2]] * (weight ? weight(v) : 1));
  let total = 0;
  for (const x of odds) total += x;
  total ||= 1;
  const scored = new Ranked(odds);
  const read = triominoReading(c, scored, total, clipped, 0);
  read.parts = p;
  read.as = (q) => triominoFromParts(c, q, clipped, weight);
  read.weighed = (w) => triominoFromParts(c, p, clipped, w);
  read.choices = () => [read, ...Array.from({ length: Math.min(CHOICES, scored.length) - 1 }, (_, j) => triominoReading(c, scored, total, clipped, j + 1))];
  return read;
}

/** A triangle read as its k-th most likely real tile and turn (k > 0: the ones before are other tiles', one-set.ts). */
function triominoReading(c: TileCandidate, scored: Ranked, total: number, clipped: number, k: number): Read {
  const best = { values: TRIANGLE_READINGS[scored.index(k)], confidence: scored.at(k) };
  const halfPx = side(c.polygon[0], c.polygon[1]) / 2;
  const { confidence, doubt } = judged(c.score, free(scored, k, total), 'triomino', blankClipped(clipped, best.values), halfPx);
  const tile: ReadTile = {
    kind: 'triomino',
    values: best.values,
    polygon: c.polygon.map(round),
    confidence: round3(confidence),
    alternatives: scored.others(k, 3).map((j) => {
      const values = TRIANGLE_READINGS[scored.index(j)];
      return { values, confidence: round3(calibratedConfidence(c.score, scored.at(j) / total, 'triomino', blankClipped(clipped, values))) };
    }),
  };
  if (k > 0) return { tile: { ...tile, doubt: doubt ?? 'taken' }, unsure: 1 - best.confidence / total };
  if (doubt) tile.doubt = doubt;
  return { tile, unsure: scored.from(1) / total };
}

const round = (p: Point): Point => [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];
const round3 = (x: number): number => Math.round(x * 1000) / 1000;
