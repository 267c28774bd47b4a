/**
 * A domino face found longer than its neighbours, by a quarter to nearly a whole tile, read as two
 * dominoes laid end to end. Along a line of touching tiles the tile network can trace one face over a
 * tile and part of the next (black or coloured dominoes, whose joint shows little gap). The second
 * look (realign.ts) then sizes it to its neighbours about the middle of that face, which is a joint:
 * the tile read there has a half of each, and the two tiles it lies on are missed (dev still
 * heldOutSeed(2061, 25): 4|5 and 5|3 missed, 5|5 read across their joint at 0.93). Here each end of
 * such a face (the tile finder's outline, and the outline the reading settled on where that differs)
 * is taken in turn as a tile's true end; the tile there and the one after it are cut at the
 * neighbours' size and looked at as every tile is (realign.ts, wide moves); the pair whose tiles both
 * read surely, lie on no other tile found and read no blank half beyond the face (plain table reads as
 * a blank half) stands instead of the one tile, if it is not much less sure than that tile.
 *
 * End-to-end pairs on still images only (read-table.ts). Fresh dev still images (`npm run --silent
 * eval -- --only vision --no-real --seed S --scenes 70`), without -> with, scenes with the pip total
 * exact, precision / recall: seed 2061 51 -> 52, 99.10 / 97.78 -> 99.25 / 98.08 %; 2062 51 -> 53,
 * 99.73 / 98.19 -> 99.80 / 98.39 %; 5001 53 -> 54, 99.50 % both / 98.10 -> 98.17 %; 3001 and 4001 the
 * same to the tile. Before the blank-half rule 4001 read one false tile more (a pair whose second tile
 * lay on the wood beside a crosswise double, 0|4 at 0.99); the rule came from that case and from
 * 5001's 57th scene (8|0 at 0.95 on a white cloth). The 300 held-out still images read the same to the
 * tile: no pair stood there. Tried on the same seeds and not taken: a pair tile's lowest confidence
 * 0.6 with overlaps up to 0.4 (tile-select.ts MAX_OVERLAP): a false 5|5 and 4|2 on 2061 (a cross whose
 * crosswise double was read as a pair across a joint), a false 4|4 and 6|6 on 3001 (precision 99.43 ->
 * 99.36 %); one outline only (the one the reading settled on): 2062's first scene kept its missed 9|7.
 *
 * A face wider as well as longer than its neighbours (at least TWO_AREA tiles' area, WIDER as wide) is
 * also cut into two tiles of their size, each along the face or across it (`widePlaces`): a crosswise
 * double traced as one face with the tile at whose end it lies (a T or an L), or two tiles side by
 * side. Dev still heldOutSeed(5001, 31): a face over 1|4 and the crosswise 1|1 at its end, 1.6 tiles
 * long and 1.3 wide, read 4|1 at 0.26 and 1|1 missed; both read at 0.99 now. The pair is judged as an
 * end-to-end pair is; the two tiles of either kind of pair, once looked at again, may not lie on each
 * other by more than PAIR_OVERLAP (added with the wide faces, not measured on its own). Fresh dev
 * still images (as above), without -> with, scenes with the pip total exact, precision / recall: seed
 * 3001 53 both, 99.43 % both / 98.17 -> 98.24 %; 4001 54 -> 55, 99.64 % both / 98.29 -> 98.36 %; 5001
 * 55 -> 56, 99.50 -> 99.57 % / 98.17 -> 98.38 %; 2053 the same to the tile. Live frames look at wide
 * faces too, each place with a live frame's moves (`still` false), and not at long ones: dev live
 * frames (`--live`, same seeds), pip totals 3001 45 both, 4001 43 -> 44, 5001 45 -> 46, precision /
 * recall 99.07 / 97.46 -> 99.14 / 97.61 %, 99.56 / 97.44 -> 99.56 / 97.51 %, 99.43 / 97.67 -> 99.50 /
 * 97.88 %; the eval's median live frame on seed 5001 259.5 and 257.0 ms without, 261.7 ms with. Long
 * faces too (with a still image's moves): the same readings, 280-288 ms. The 300 held-out live frames
 * read exactly as without (docs/reading-log.md).
 *
 * The face's own tile, where it reads surely (PAIR_SURE), also pairs with any place read surely
 * beside it (overlapping it by at most PAIR_OVERLAP, the two covering COVER of the face; on long
 * faces and wide ones alike), judged as the places' pairs are. Made for a crosswise double traced
 * as one face with the tile it lies across, whose own tile the second look found. Dev still
 * heldOutSeed(2053, 7): 5|4 read alone at 0.992; the places' pair 5|4 + 4|4 read 0.967 and 0.995,
 * less sure than 5|4 alone by more than MARGIN, and 4|4 was missed. heldOutSeed(2117, 53): places
 * read 6|2 and 6|6 surely, but no pair of places held both. Fresh dev scenes, 70 each, without ->
 * with (the eval as above, on a lent machine's cores with `src/train/torch/gpu-evals.sh` and here):
 * still seeds 2111, 2113 and 2117 one tile more found each (recall 97.70 -> 97.77 %, 98.13 ->
 * 98.20 %, 99.37 -> 99.44 %; 2117 one pip total more, 60 -> 61), 2112, 2114 and 2116 and live 2111
 * and 2115 the same to the tile. These seeds share scenes (docs/reading-log.md, "Dev seeds that share scenes"):
 * 2111's and 2113's tile is one, 2053's 7th; two distinct tiles in 376 distinct still scenes.
 * Still seeds 2061, 3001, 4001 and 5001 (280 distinct scenes) read the same to the tile.
 *
 * Every sure reading a face may hold (the face's own tile, and the places of each way it was cut:
 * the tile finder's outline and the second look's, long and wide) now pairs with every other, where
 * the two overlap by at most PAIR_OVERLAP and cover COVER of either one's face; before, only a way's
 * own pairs of places, and the face's own tile with a place, counted. Made for faces traced across
 * joints along a line, where one cut read the one tile surely and another cut the next. Dev still heldOutSeed(6001, 67) (ivory double-6 on
 * gingham at 30-40°): a face over 5|0 and 6|5 read 5|5 across their joint at 0.995; cut from its first
 * end, the tile finder's outline read 0|5 at 0.993 (its second place lay on a neighbour's face), the
 * second look's outline 5|6 at 0.995. A face over 4|2 and the crosswise 4|4 at its end read 7|9 at
 * 0.36; cut long it read 2|4 at 0.990, cut wide 4|4 across at 0.970. Fresh dev scenes, 70 each,
 * without -> with: still seed 6001 precision / recall 99.48 / 98.46 -> 99.63 / 98.75 %, 2061 99.33 /
 * 98.22 -> 99.40 / 98.37 % and pip totals exact 54 -> 55; 3001, 4001, 5001 the same to the tile; live
 * 6001 one tile more found (recall 98.01 -> 98.09 %), live 3001 the same to the tile. Tried instead:
 * letting a place lie on a neighbour's face read below 0.9 (a face across a joint too) found fewer
 * (6001 99.55 / 98.60 %, 2061 as before), and with the pooling read exactly as the pooling alone
 * (2061, 6001): not taken. Nor LONGER 1.15 (one tile more on 3001, the rest the same).
 *
 * A double read on a face of about a tile's length (JOINT_LONGER to LONGER) may lie across the joint
 * of two tiles in a line, which meet with its value (still images; `jointPlaces`): the face moved half
 * its length back and forth is read as two tiles, judged as every pair is. Only where no tile found
 * lies beside either long side (BESIDE; a double laid crosswise, as doubles are in a line, has its
 * neighbours there) and a tile found lies a length beyond either end (the line goes on). Dev still
 * heldOutSeed(6001, 25), ivory double-6 on wood at 20-30°: 5|5 read across the joint of 6|5 and 5|3 at
 * 0.897, both missed; the moved faces read 5|6 at 0.990 and 3|5 at 0.914. Fresh dev still images, 70
 * each, without -> with: seed 6001 precision / recall 99.63 / 98.75 -> 99.70 / 98.90 %, 3001 99.43 /
 * 98.24 -> 99.50 / 98.31 % (its 47th scene: a 6|2 read off its place, a false tile and a missed one,
 * now read where it lies), pip totals exact the same (6001's 25th keeps a misread 0|2); 2061, 4001,
 * 5001 the same to the tile; the 300 held-out still images the same to the tile. Without the test
 * beside the long sides, crosswise doubles were lost (5001's 7th scene 3|3, 6001's 44th 3|3 and 0|0);
 * without the one beyond the ends, a lone 1|1 (dev 2027's 59th) became 1|4 and 7|1.
 *
 * Faces up to LONGEST 2.4 (was 1.9) of their neighbours' length, and faces that reach the frame's
 * edge (the edge makes a face shorter, never longer; realign.ts `neighbourSize` `edgeToo`), are looked
 * at as pairs too. A steep view along a line foreshortens a face of two whole tiles below splitLong's
 * 3.2 on the screen: dev still heldOutSeed(2061, 31), black double-6 at 30-40°, two faces 2.1-2.2
 * long, 2.6 times as long as wide on the screen, 4|2 and 4|3 missed. heldOutSeed(5001, 2): 0|4 and
 * 4|5 on one face touching the top edge, both missed. Fresh dev still images, 70 each, without ->
 * with: pip totals exact 2061 55 -> 56, 5001 56 -> 57, 3001 53 -> 54 (a 4|0 at the edge), 4001 and
 * 6001 the same to the tile; the 300 held-out still images one tile more found (recall 98.71 ->
 * 98.72 %), pip totals the same.
 *
 * A double across a joint leaves the rest of each tile it cut in two bare: where the line goes on past
 * either end of such a face, it goes on only past a half-tile where no tile was found (`holes`, HOLE).
 * Where it does at every end where the line goes on, the face's places count read at least as surely
 * as the double (JOINT_SURE at least), not PAIR_SURE. Made with the classifier of 2026-11-27
 * (models/classifier/card.md), less sure of such places: dev still heldOutSeed(6001, 25)'s 5|5 across
 * the joint of 6|5 and 5|3 read 0.765, the moved faces 5|6 at 0.990 and 3|5 at 0.846, both missed; both
 * read now. Fresh dev still images, 70 each, with that classifier, without -> with: pip totals exact
 * 6001 63 -> 64, precision / recall 99.63 / 98.75 -> 99.70 / 98.90 %; 2061, 3001, 4001 and 5001 the same
 * to the tile. With it, the pool of every cut's sure readings (above) decides no dev scene found: its
 * scene, 6001's 67th, reads 0|5 at 0.980 from one cut and 5|6 at 0.995 from the other, a hair less sure
 * than MARGIN lets a pair be beside the one tile 5|5 at 0.995.
 *
 * The rest of a tile a face across a joint cut in two may itself be found, as a shard half a tile
 * long: then the face's places lie on it, and a place lying on another tile found (PAIR_OVERLAP) was
 * left out. A tile found that lies mostly (REST_IN of its own area) in the half-tile past either end
 * and reads less surely than JOINT_SURE is now taken for such a rest (`restsOf`): the places may lie
 * on it, and where they are read, `apart` (tile-select.ts) leaves it out beneath the surer tile. Dev
 * still heldOutSeed(8301, 89), green double-6 on a laminate at 0-6°: 1|1 read at 0.994 across the
 * joint of 4|1 and 1|2; the moved faces read 1|4 and 2|1 at 0.994, but each lay on a shard of the rest
 * of its tile (read at 0.10 and 0.12), so both were missed, and the false 1|1 took the one from 1|0
 * above it (one-set.ts), read 0|0. A whole tile beyond the end lies in the half-tile by half its area,
 * and is not a rest. Fresh dev still images, 90 each, without -> with: 8301 pip totals exact 79 -> 80
 * (precision / recall 99.69 / 99.11 -> 99.74 / 99.22 %); 8101, 8501, 7401 and 8701 at 30-40° the same
 * to the tile.
 *
 * A live frame cuts a double across a joint only where such a rest lies past an end (or on a long face,
 * below). Cutting every double in a line that goes on gained nothing on dev or held-out live frames and
 * cost ~9-13 ms on the bench's scene (two sure doubles in a line; docs/reading-log.md, "Tried, not
 * taken: a live frame's long face read as two tiles"). A rest is rare, and where it lies the face is
 * likely across a joint: the live frame of 8301's 89th missed 4|1 and 1|2 as the still image did. Fresh
 * dev live frames (`--live`), 90 each, without -> with: 8301 pip totals exact 74 -> 75 (the 89th);
 * 8501, 7401, 8101, 7301 and 8701 the same to the tile. The bench's first live frame: realign 32.2 and
 * 34.7 ms without, 36.0 and 33.6 with, one run after the other (every double cut: 42.7).
 *
 * A pair that keeps the face's own tile (a reading of it, or a place read with its values lying on it
 * by KEEPS) adds a tile beside it, and is no longer held to MARGIN: the one tile stands either way, so
 * only the added tile's own sureness (PAIR_SURE) speaks for it. Dev still heldOutSeed(5001, 65), ivory
 * double-6 on a white cloth at 30-40 degrees: the spinner 6|6 of a cross was traced with the 6|2 below
 * it as one face, 1.5 tiles long and 1.4 wide; its own tile read 2|6 at 0.989, the places 2|6 at 0.989
 * and 6|6 (across) at 0.939, less sure than 2|6 by more than MARGIN, and the spinner was missed. And a
 * face needs only WIDER 1.1 as wide as its neighbours (1.2 before) to be cut as two side by side or
 * one across the other: dev still heldOutSeed(6001, 47) (a cross on gingham at 30-40 degrees), a 6|6
 * across the end of 6|3 traced as one face 1.40 long and 1.197 wide, the 6|6 missed. Fresh dev still
 * images, 70 each (`npm run --silent eval -- --only vision --no-real --seed S --scenes 70`), each
 * change alone: recall 5001 98.66 -> 98.73 % (the spinner) and 6001 98.90 -> 98.97 % (the 6|6), every
 * other figure of seeds 2061, 3001, 4001, 5001 and 6001 the same; the pip totals the same (each scene
 * keeps another error: a 4|4 across a 5|4's end traced 1.09 wide, a 2|1 whose face covered half of it).
 * Both together on dev live frames (`--live`, seeds 3001-6001): 5001's 2nd, black 0|4 and 4|5 at the
 * frame's top read as one 0|6, now both (pip totals 213 -> 214 of 280); held-out still images and live
 * frames the same to the tile.
 *
 * A face is measured against the neighbours that are tiles, not against every face found: read-table.ts
 * passes those its tablecloth test (`likelyTile`) keeps. Dev live 73 of seed 8701 (yellow double-6
 * dominoes on a cloth of blue and white stripes, 6-20 degrees): the crosswise 5|5 was traced and read
 * right at 0.98, but the stripes' scraps, the nearest faces found, made it wider than a tile; cut
 * across, its places read 2|2 and 1|2 at 0.98 and stood instead of it. Measured only against the
 * neighbours read at 0.5 or more instead, dev live 68 of seed 7401 lost its spinner 6|6 (cut in two
 * places each read 6|6), and a close-up on linen (dev 37 of seed 7301, halves of 96-106 px) lost two
 * tiles, as its weave's scraps read blank surely. A pair of one tile twice is no pair: a set holds each
 * tile once (one-set.ts would read one of the two otherwise). Fresh dev scenes (docs/reading-log.md, "A
 * face measured against the tiles beside it"): live 8701 pip totals 79 -> 80 of 90; every other seed, still and
 * live, the same to the tile.
 *
 * A double read on a long face (LONGER at least) adds the reading's own outline to the face's: the
 * second look sized it to the neighbours about the face's middle, which may be a joint, and it is
 * judged as any outline is (a double on a face about a tile long: moved half its length either way).
 * The cuts from a long face's ends miss two tiles whose joint lies in its middle by a fifth of a tile or
 * more. Dev still heldOutSeed(8301, 80), ivory double-6 on a flowered cloth at 6-20 degrees: 3|2 and
 * 2|4 traced as one face 1.42 tiles long; the reading 2|2 at 0.991 across their joint, the cuts from
 * the ends read one 2|2 at 0.94 and no pair; moved half a length, the reading read 2|3 and 4|2 at
 * 0.991. Fresh dev scenes (docs/reading-log.md, "A double on a long face read where its reading lies"):
 * still 8301 pip totals 81 -> 82 of 90; every other seed, still and live, the same to the tile.
 *
 * A live frame cuts such a double too (its face longer than a tile says it is no one tile), and looks
 * again at its places however surely they read (realign.ts `anyway`): cut from the reading's outline,
 * they may lie a little along the line, onto the tile beyond. The live frame of 8301's 80th read the
 * same 2|2 at 0.989; its places read 4|2 and 2|3 at 0.99, but 2|3 lay on the crosswise 3|3 beyond it by
 * more than PAIR_OVERLAP until it was looked at again. Fresh dev live frames, 90 each
 * (docs/reading-log.md, "A live frame's double on a long face read where its reading lies"), without ->
 * with: 8301 pip totals exact 78 -> 79 (the 80th), 8901 two tiles more found (its 27th); 7401, 8101,
 * 8501 and 8701 the same to the tile. It is rare (2 of 8301's 90 frames), and costs a frame that has
 * one the places' looks (87 ms once here, within this VM's noise on the whole frame). Still images read
 * as before: they look again at every tile.
 */
import { clipConvex } from './evaluate-detection';
import { screenArea, shaped, squareToQuad, subQuad } from './quad-geometry';
import { tileKey } from './one-set';
import { neighbourSize, realignTiles, sizeOf, type Frame, type Read } from './realign';
import type { Point, TileCandidate } from './segment-types';
import type { TablePlane } from './table-plane';
import { boxOf, overlapShare, touches } from './tile-select';

/** A domino at least this much longer than its neighbours (and at most LONGEST) may be two. */
const LONGER = 1.25;
/**
 * Longer than this, and the tile finder's own cut (tile-repair.ts `splitLong`) has its say. Two tiles
 * end to end are 2 long; splitLong cuts a face by its ratio on the screen, which a steep view along the
 * line foreshortens below its 3.2 (module note; 1.9 before).
 */
const LONGEST = 2.4;
/** Each tile of a pair must read at least this surely (its calibrated confidence). */
const PAIR_SURE = 0.9;
/**
 * A tile of a pair may lie on another tile found by at most this share of the smaller. A tile laid
 * across a neighbour's joint lies on it by about half; the pairs across a joint on dev seeds 2061
 * and 3001 lay on a neighbour by 0.29-0.34, the right pairs by up to 0.23 (2062's 13th scene).
 */
const PAIR_OVERLAP = 0.25;
/** The pair's less sure tile may be this much (log units of 1 - confidence) less sure than the one tile, counted at most SURE_CAP sure. */
const MARGIN = Math.log(2);
const SURE_CAP = -Math.log(0.01);
/** A reading of a pair that lies on the one tile by at least this share of the smaller, with its values, is that tile kept. */
const KEEPS = 0.5;
/** How sure a reading is by its calibrated confidence, in log units. */
const sure = (r: Read): number => -Math.log(Math.max(1e-6, 1 - r.tile.confidence));

/** One way to cut a face: the tiles it may be read as (`places`), the face's outline, and how surely each place must read to count (PAIR_SURE unless said). */
interface Way {
  places: TileCandidate[];
  face: readonly Point[];
  sure?: number;
  /** Tiles found that the places may lie on: the rest of a tile the face cut in two, across a joint. */
  shards?: Set<number>;
}

/** Share of a half outside the face beyond which a blank reading of it says nothing: plain table reads as a blank half. */
const BEYOND = 0.5;
/** Whether a tile of a pair has a half read blank that lies mostly beyond the face it was cut from. */
function blankBeyond(r: Read, face: readonly Point[]): boolean {
  // a half is smaller than the face (at least 1.25 tiles), so the overlap's share is the half's
  return (r.tile.halves ?? []).some((h) => h.value === 0 && 1 - overlapShare(h.polygon, face) > BEYOND);
}

/** Whether a tile found, other than the `i`th, lies on `polygon` by more than `share` of the smaller. */
const onFound = (found: readonly TileCandidate[], i: number, polygon: readonly Point[], share: number, shards?: Set<number>): boolean =>
  found.some((o, j) => j !== i && !shards?.has(j) && touches(boxOf(o.polygon), boxOf(polygon)) && overlapShare(o.polygon, polygon) > share);

/** A tile found that lies by more than this share of its own area in the half-tile past an end of a face across a joint, read less surely than JOINT_SURE, is the rest of a tile the face cut in two. */
const REST_IN = 0.5;
/** The tiles found (other than the `i`th) that are the rest of a tile a face across a joint cut in two (REST_IN), in either of its `holes`. */
export function restsOf(found: readonly TileCandidate[], reads: readonly Read[], i: number, holes: readonly Point[][]): Set<number> {
  const rests = new Set<number>();
  found.forEach((o, j) => {
    if (j !== i && reads[j].tile.confidence < JOINT_SURE && holes.some((h) => touches(boxOf(o.polygon), boxOf(h)) && inFaceArea(o.polygon, h) > REST_IN * area(o.polygon))) rests.add(j);
  });
  return rests;
}

/** A polygon's area, and its area within a face. */
const area = (p: readonly Point[]): number => Math.abs(screenArea(p));
const inFaceArea = (p: readonly Point[], face: readonly Point[]): number => area(clipConvex(p, face));

/** Whether two tiles together cover at least COVER of a face. */
const covers = (a: Read, b: Read, face: readonly Point[]): boolean => inFaceArea(a.tile.polygon, face) + inFaceArea(b.tile.polygon, face) >= COVER * area(face);

/** A domino at these corners with the face's score and evidence (no core: a pair's tiles are not the face's middle). */
const tileOf = (c: TileCandidate, corners: readonly Point[]): TileCandidate => ({ kind: 'domino', ...shaped('domino', corners), score: c.score, evidence: c.evidence });

/** A domino outline's length and width on the table (realign.ts `sizeOf`), or null. */
const ownSize = (f: TileCandidate, plane?: TablePlane | null): number[] | null => (f.kind === 'domino' && f.polygon.length === 4 ? sizeOf(f, plane) : null);

/** The two pairs a long face may be: from its first end on, and from its far end back; `a`: a tile's length in the face's. */
export function pairsOf(c: TileCandidate, a: number, b: number): [TileCandidate, TileCandidate][] {
  const m = squareToQuad(c.polygon);
  const v0 = 0.5 - b / 2;
  const v1 = 0.5 + b / 2;
  const tile = (u0: number, u1: number): TileCandidate => tileOf(c, subQuad(m, u0, u1, v0, v1));
  return [
    [tile(0, a), tile(a, 2 * a)],
    [tile(1 - a, 1), tile(1 - 2 * a, 1 - a)],
  ];
}

/**
 * A face at least this many tiles' areas, and at least WIDER as wide as a tile, may be two tiles side
 * by side or one across the other's end. WIDER was 1.2 until 2026-11-28 (module note: a T at 30-40
 * degrees traced 1.197 as wide).
 */
const TWO_AREA = 1.5;
const WIDER = 1.1;
/** Two tiles of a pair on a wide face overlap each other by at most this share of a tile, and cover at least COVER of the face; each lies at least INSIDE within it. */
const APART = 0.15;
const COVER = 0.6;
const INSIDE = 0.6;

/**
 * The places a face wider and longer than a tile may hold two tiles of its neighbours' size: each
 * tile along the face or across it (a crosswise double at its neighbour's end, two tiles side by side),
 * at either end of the face or its middle, either way; the pairs of them that lie apart and together
 * cover the face (indices into `places`, which holds only the places some pair holds). `a`, `b`: a
 * tile's length and width in the face's length; `av`, `bv`: in its width.
 */
export function widePlaces(c: TileCandidate, a: number, b: number, av: number, bv: number): { places: TileCandidate[]; pairs: [number, number][] } {
  const m = squareToQuad(c.polygon);
  const at = (w: number): number[] => (w >= 1 ? [(1 - w) / 2] : [0, (1 - w) / 2, 1 - w]);
  const places: TileCandidate[] = [];
  const place = (u0: number, u1: number, v0: number, v1: number) => places.push(tileOf(c, subQuad(m, u0, u1, v0, v1)));
  for (const u0 of at(a)) for (const v0 of at(bv)) place(u0, u0 + a, v0, v0 + bv); // along the face
  for (const u0 of at(b)) for (const v0 of at(av)) place(u0, u0 + b, v0, v0 + av); // across it
  const faceArea = Math.max(1e-9, area(c.polygon));
  const inFace = places.map((p) => inFaceArea(p.polygon, c.polygon));
  const within = places.map((p, k) => inFace[k] / Math.max(1e-9, area(p.polygon)) >= INSIDE);
  const pairs: [number, number][] = [];
  for (let p = 0; p < places.length; p++)
    for (let q = p + 1; q < places.length; q++) {
      if (!within[p] || !within[q]) continue;
      const between = overlapShare(places[p].polygon, places[q].polygon);
      if (between <= APART && (inFace[p] + inFace[q]) / faceArea >= COVER) pairs.push([p, q]);
    }
  // only the places some pair holds are read
  const used = [...new Set(pairs.flat())].sort((x, y) => x - y);
  const index = new Map(used.map((p, k) => [p, k]));
  return { places: used.map((p) => places[p]), pairs: pairs.map(([p, q]): [number, number] => [index.get(p) as number, index.get(q) as number]) };
}

/** A double read on a face from this many to LONGER tiles long may lie across the joint of two tiles that meet with its value. */
const JOINT_LONGER = 0.8;
/**
 * A tile found lying by more than this share on a strip one face wide beside either long side of such
 * a face: the double lies crosswise between neighbours; on the face moved a length along itself: the
 * line goes on there.
 */
const BESIDE = 0.2;
/** The half-tile past an end of such a face is bare where no tile found lies on it by more than this share. */
const HOLE = 0.2;
/** A place of a face across a joint (bare past its ends) counts read at least as surely as the double, and at least this surely. */
const JOINT_SURE = 0.5;

/**
 * The places a face read as a double may be if it lies across a joint (the face moved half its length
 * back and forth along its long sides), the strips beside its long sides (moved a width either way),
 * the face moved a whole length either way (where the line goes on), and the half-tile just past
 * either end (`holes`: across a joint, the rest of a tile the face cut in two, where no tile is found).
 */
export function jointPlaces(f: TileCandidate): { places: TileCandidate[]; beside: Point[][]; beyond: Point[][]; holes: Point[][] } {
  const [p0, p1, p2, p3] = f.polygon;
  const along: Point = [(p1[0] - p0[0] + p2[0] - p3[0]) / 4, (p1[1] - p0[1] + p2[1] - p3[1]) / 4];
  const across: Point = [(p3[0] - p0[0] + p2[0] - p1[0]) / 2, (p3[1] - p0[1] + p2[1] - p1[1]) / 2];
  const moved = (d: Point, k: number): Point[] => f.polygon.map(([x, y]): Point => [x + k * d[0], y + k * d[1]]);
  const [back, ahead] = [moved(along, -1), moved(along, 1)];
  // the half of each moved face that lies past the face's end
  const holes = [[back[0], p0, p3, back[3]], [p1, ahead[1], ahead[2], p2]];
  return { places: [tileOf(f, back), tileOf(f, ahead)], beside: [moved(across, -1), moved(across, 1)], beyond: [moved(along, -2), moved(along, 2)], holes };
}

/**
 * The tiles and readings with every long or wide domino face read as two where a pair reads surely
 * (module note); `still`: a still image (long faces too, and a still image's moves), else a live frame.
 * `read` reads a batch of candidates; `found` and `reads` are the second look's (realign.ts). A face is
 * measured against its nearest neighbours that `isTile` (by index into `found`) takes for tiles
 * (read-table.ts: those `likelyTile` keeps), and a pair is never one tile twice.
 */
export function endToEnd(faces: readonly TileCandidate[], found: readonly TileCandidate[], reads: readonly Read[], read: (cands: TileCandidate[]) => Read[], frame: Frame, plane?: TablePlane | null, still = true, isTile: (j: number) => boolean = () => true): { found: TileCandidate[]; reads: Read[] } {
  const out = { found: [...found], reads: [...reads] };
  const twofold: { i: number; ways: Way[]; long: boolean }[] = [];
  found.forEach((c, i) => {
    if (c.kind !== 'domino') return;
    const size = neighbourSize(found, i, frame, plane, true, isTile); // a face at the frame's edge too: cut by it, it is shorter, not longer
    if (!size) return;
    const sized = (f: TileCandidate) => ({ f, own: ownSize(f, plane) });
    const outlines = [faces[i], ...(faces[i] === c ? [] : [c])].map(sized);
    const [x, y] = reads[i].tile.values;
    // a double read on a long face: the reading's own outline, sized to the neighbours about the face's middle, may lie across a joint
    const longFace = x === y && outlines.some(({ own }) => own !== null && own[0] >= LONGER * size[0]);
    if (longFace) outlines.push(sized(tileOf(c, reads[i].tile.polygon)));
    const ways = outlines.flatMap(({ f, own }): Way[] => {
      if (!own) return [];
      const longer = own[0] / size[0];
      const of: Way[] = [];
      if (still && longer >= LONGER && longer <= LONGEST) {
        of.push({ places: pairsOf(f, size[0] / own[0], Math.min(1.4, Math.max(0.7, size[1] / own[1]))).flat(), face: f.polygon });
      }
      if (x === y && longer >= JOINT_LONGER && longer < LONGER) {
        const { places, beside, beyond, holes } = jointPlaces(f);
        const lies = (b: Point[]) => onFound(found, i, b, BESIDE);
        const shards = restsOf(found, reads, i, holes); // the rest of a tile the face cut in two, found on its own, is no other tile
        // a live frame, whose time is short, cuts only a double with such a rest past an end, or on a face longer than a tile
        if ((still || longFace || shards.size > 0) && !beside.some(lies) && beyond.some(lies)) {
          // not crosswise between neighbours; in a line that goes on. Where, at each end where it goes on, it
          // goes on only past a bare half-tile, the face lies across a joint: its places need only read as surely as the double
          const bare = beyond.every((b, e) => !lies(b) || !onFound(found, i, holes[e], HOLE));
          of.push({ places, face: f.polygon, ...(bare ? { sure: Math.min(PAIR_SURE, Math.max(JOINT_SURE, reads[i].tile.confidence)) } : {}), ...(shards.size > 0 ? { shards } : {}) });
        }
      }
      if (own[1] >= WIDER * size[1] && own[0] * own[1] >= TWO_AREA * size[0] * size[1]) of.push({ places: widePlaces(f, size[0] / own[0], size[1] / own[0], size[0] / own[1], size[1] / own[1]).places, face: f.polygon });
      return of.filter((w) => w.places.length > 0);
    });
    if (ways.length > 0) twofold.push({ i, ways, long: longFace });
  });
  if (twofold.length === 0) return out;
  const cands = twofold.flatMap((t) => t.ways.flatMap((w) => w.places));
  const all = [...found, ...cands];
  const fixed = all.map((_, k) => k < found.length);
  // a live frame looks again at the places of a double on a long face however surely they read: cut from the reading's outline, they may lie a little along the line (module note)
  const anyway = [...found.map(() => false), ...twofold.flatMap((t) => t.ways.flatMap((w) => w.places.map(() => t.long)))];
  const looked = realignTiles(all, [...reads, ...read(cands)], read, still, frame, plane, fixed, anyway).slice(found.length);
  let k = 0;
  for (const { i, ways } of twofold) {
    const onOther = (r: Read, way: Way) => onFound(found, i, r.tile.polygon, PAIR_OVERLAP, way.shards);
    // every sure reading the face may hold, each with the outline it was cut from: the face's own tile, and the places of every way
    const pool: { r: Read; face: readonly Point[] }[] = reads[i].tile.confidence >= PAIR_SURE ? [{ r: reads[i], face: faces[i].polygon }] : [];
    for (const way of ways) {
      const seen = looked.slice(k, k + way.places.length);
      k += way.places.length;
      pool.push(...seen.filter((r) => r.tile.confidence >= (way.sure ?? PAIR_SURE) && !onOther(r, way) && !blankBeyond(r, way.face)).map((r) => ({ r, face: way.face })));
    }
    // a pair not much less sure than the one tile, or one that keeps the one tile (and adds a tile beside it)
    const need = Math.min(sure(reads[i]), SURE_CAP) - MARGIN;
    const own = tileKey('domino', reads[i].tile.values);
    const keeping = new Set(pool.filter(({ r }) => r === reads[i] || (tileKey('domino', r.tile.values) === own && overlapShare(r.tile.polygon, reads[i].tile.polygon) >= KEEPS)));
    let best: { reads: Read[]; worth: number } | null = null;
    for (const [p, a] of pool.entries())
      for (const b of pool.slice(p + 1)) {
        if (overlapShare(a.r.tile.polygon, b.r.tile.polygon) > PAIR_OVERLAP || !(covers(a.r, b.r, a.face) || covers(a.r, b.r, b.face))) continue;
        if (tileKey('domino', a.r.tile.values) === tileKey('domino', b.r.tile.values)) continue; // one tile twice: a set holds each tile once
        const worth = Math.min(sure(a.r), sure(b.r));
        if (worth < need && !keeping.has(a) && !keeping.has(b)) continue;
        if (!best || worth > best.worth) best = { reads: [a.r, b.r], worth };
      }
    if (!best) continue;
    const [a, b] = best.reads.map((r) => (r === reads[i] ? found[i] : tileOf(found[i], r.tile.polygon)));
    out.found[i] = a;
    out.reads[i] = best.reads[0];
    out.found.push(b);
    out.reads.push(best.reads[1]);
  }
  return out;
}
