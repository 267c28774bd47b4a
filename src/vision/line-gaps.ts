/**
 * A tile missed in a line: two dominoes that lie on one line, end towards end, with no tile read
 * between them.
 * - A domino's width apart: in a line or a train a double lies across it (rules.md §1, §7), and a
 *   blurred double the tile network traced no face for leaves just such a gap. The gap is cut as a
 *   domino across the line, of its neighbours' size, read and looked at again as every tile is
 *   (realign.ts), and kept where it reads at GAP_SURE or more as the double whose number both halves
 *   facing it carry (the joint rule of eight of the nine games, joints.ts; Matador's joints sum to 7, and
 *   its readings are not looked at here).
 * - A domino's length apart (the second may be a crosswise double): a domino along the line whose face
 *   the network traced short or askew, and read unsure, leaves such a gap. The gap is cut as a domino
 *   along the line, of its neighbours' size, and kept where it reads at ALONG_SURE or more with each half
 *   carrying the number of the half it faces. It is looked at only where an unsure face was traced in
 *   it: bare table reads as blanks, and a gap between two blanks would read as 0|0 where no tile lies
 *   (dev live frame 38 of seed 8901, a cross at 30-40 degrees).
 * - Where the line turns: a domino past a domino's end (or a crosswise double's side), the turning
 *   domino's end at its far half, where the line comes to the first from behind. The network traces
 *   the corner tile of a turn poorly: it meets two tiles on two sides, and a face traced over the joint
 *   with the turning domino (two halves alike, read as a double) lies on a surer tile, which
 *   tile-select.ts `apart` drops later. The room is cut and kept as a domino's length along the line is,
 *   but looked at with no face traced in it: its two neighbours are matched on two sides, and dev still
 *   79 of seed 7401 showed no face there (a glare spot on a blue double-12 domino). docs/reading-log.md,
 *   "A domino missed where a line turns".
 *
 * Crosswise doubles, fresh dev scenes, 90 of each of six seeds (`npm run --silent eval -- --only vision
 * --no-real --seed S --scenes 90 [--live]`), pip totals exact, without -> with: still images four of 540
 * gained (8301's 39th, 8101's 26th, 7301's 56th, 7401's 44th), none lost; live frames one gained (8301's
 * 39th), none lost. docs/reading-log.md, "A crosswise double missed in a line" (and GAP_SURE), and "A
 * domino missed in a line" for a domino's length.
 */
import { centroid, dist, insideConvex } from './reconstruct/geometry';
import type { JointRule } from './joints';
import { dominoHalves, orderDomino } from './quad-geometry';
import { realignTiles, type Frame, type Read } from './realign';
import type { Point, TileCandidate } from './segment-types';
import type { ReadTile } from './types';
import type { TablePlane } from './table-plane';
import { apart, overlapShare } from './tile-select';

/**
 * A gap's double is kept from this confidence on. It was 0.9 at first (board-holes.ts HOLE_SURE), but a
 * gap's reading is kept only as the double whose number both halves facing it carry, which a gap
 * without a double seldom reads as: dev still 80 of seed 8501 (a double-6 line on a patterned cloth,
 * 22 px a half), whose 1|1 between 5|1 and 1|6 was traced short at one end and read 3|2 at 0.2, read 1|1
 * at 0.69 in its gap. docs/reading-log.md, "A crosswise double read in its gap at 0.6".
 */
const GAP_SURE = 0.6;
/**
 * A domino read in a domino's room along the line is kept from this confidence on (board-holes.ts
 * HOLE_SURE): it stands in the place of the unsure face traced there, and reads to match its
 * neighbours, even one misread. Dev still 37 of seed 9101 (a double-12 line on felt whose pips barely
 * show): 11|10 was read 0|0 at 0.82, and the room between it and 6|0 read 0|6 at 0.77 where 10|6 lay,
 * read right but unsure. It gives up dev live 49 of seed 8901 too, whose room reads 8|7 at 0.62 here and
 * 0.998 once domino-set.ts and domino-ends.ts have weighed it (docs/reading-log.md, "A domino missed in a line").
 */
const ALONG_SURE = 0.9;
/** Two dominoes lie on one line when their axes are within ALIGN of one another (the sine of the angle between them)... */
const ALIGN = Math.sin((15 * Math.PI) / 180);
/** ...and each one's centre lies within OFF_AXIS of a width of the other's axis. */
const OFF_AXIS = 0.35;
/** A gap a crosswise double fills is from GAP_MIN to GAP_MAX of a domino's width between the facing ends... */
const GAP_MIN = 0.6;
const GAP_MAX = 1.5;
/** ...and one a domino along the line fills, from ALONG_MIN to ALONG_MAX of a domino's length. */
const ALONG_MIN = 0.8;
const ALONG_MAX = 1.35;
/**
 * A gap's double, looked at again, is kept only where it lies on no tile that stays by more than this
 * share of the smaller (end-to-end.ts APART: two tiles side by side). Dev live 80 of seed 8101, a
 * double-6 cross: the arms 6|2 and 6|3 were traced reaching into the 6|6 spinner that lies along their
 * line, so a gap of under 1.5 widths was left between them; read across their line, it lay on the arm
 * 6|4 by 0.38 and would have stood in the spinner's place.
 */
const APART = 0.15;
/** A tile read lying on a gap's place by more than this share of the smaller is the gap's tile already (board-holes.ts TAKEN). */
const TAKEN = 0.3;
/**
 * A domino read less surely than this neither bounds a gap nor keeps one taken: where the gap reads
 * surely as its double, that reading stands in its place (board-holes.ts UNSURE). A gap's bounds need
 * be no surer: its double is kept only where it carries the number of both halves facing it.
 */
const UNSURE = 0.5;

/** A domino's centre, its axis (a unit vector from half 0's end to half 1's), length and width, from its ordered polygon. */
interface Axis {
  centre: Point;
  along: Point;
  length: number;
  width: number;
}

function axisOf(poly: readonly Point[]): Axis {
  const [p0, p1, p2, p3] = poly;
  const end0: Point = [(p0[0] + p3[0]) / 2, (p0[1] + p3[1]) / 2];
  const end1: Point = [(p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2];
  const length = Math.max(1e-9, dist(end0, end1));
  return { centre: centroid(poly), along: [(end1[0] - end0[0]) / length, (end1[1] - end0[1]) / length], length, width: (dist(p0, p3) + dist(p1, p2)) / 2 };
}

const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1];
const cross = (a: Point, b: Point): number => a[0] * b[1] - a[1] * b[0];
/**
 * Whether a tile is a domino lying along a line of direction `u`: in a gap of a width or so between
 * two dominoes of that line it is no tile (it would need twice the room), and does not keep the gap
 * taken (dev still heldOutSeed(8101, 26): a face traced from the 2|5 before the gap to the 5|6 after
 * it, read 4|4, lay where 5|5 lay across the line).
 */
const alongLine = (p: readonly Point[], u: Point): boolean => p.length === 4 && Math.abs(cross(axisOf(p).along, u)) <= ALIGN;

/** A domino's place centred at `centre`, its long side along `l` and its short side along `w` (unit vectors), ordered as the spec orders a domino. */
function placeOf(centre: Point, l: Point, w: Point, length: number, width: number): Point[] {
  const [hl, hw] = [length / 2, width / 2];
  return orderDomino([
    [centre[0] - l[0] * hl - w[0] * hw, centre[1] - l[1] * hl - w[1] * hw],
    [centre[0] + l[0] * hl - w[0] * hw, centre[1] + l[1] * hl - w[1] * hw],
    [centre[0] + l[0] * hl + w[0] * hw, centre[1] + l[1] * hl + w[1] * hw],
    [centre[0] - l[0] * hl + w[0] * hw, centre[1] - l[1] * hl + w[1] * hw],
  ]);
}

/** A gap between two dominoes on one line: where the tile missed would lie, and which half of each faces it. */
export interface Gap {
  /** The missed tile's place, ordered as the spec orders a domino, and its halves. */
  polygon: Point[];
  halves: [Point[], Point[]];
  /** The line's direction (a unit vector). */
  line: Point;
  /** Whether the place is a crosswise double's (a width between the ends) or a domino's along the line (a length). */
  across: boolean;
  /** Whether the line turns at the place: the second domino lies across the line, its end at the place's far half. */
  turn: boolean;
  /** [tile index, its half that faces the gap] for both dominoes. */
  facing: [[number, number], [number, number]];
  /** The dominoes facing the gap that lie across the line: crosswise doubles, either half facing it. */
  doubles: number[];
}

/**
 * The gaps between two of these dominoes (ordered polygons) on one line, where a tile was missed:
 * - two dominoes along the line, their facing ends GAP_MIN-GAP_MAX of a width apart: a crosswise
 *   double's place; each centre lies within OFF_AXIS of a width of the other's axis;
 * - a domino along the line and another domino along it or across it (a crosswise double), their
 *   facing sides ALONG_MIN-ALONG_MAX of a length apart: a domino's place along the line. Over that room
 *   an axis traced a few degrees askew lies far off the other's centre: the other lies within ALIGN of
 *   one's axis (either one's).
 * - where the line turns: a domino's place past a domino's end along its axis (or past a crosswise
 *   double's long side, across its axis), one domino's length ALONG_MIN-ALONG_MAX from there to the far
 *   side of a domino lying across the line whose end meets the place's far half (its near end within
 *   OFF_AXIS of a width of the place's side); only where the line comes to the first tile from behind
 *   (a tile lies against its far end; against a crosswise double's far side, a domino along the line
 *   whose axis passes within OFF_AXIS of a width of the double's middle).
 * Any of `tiles` (the tiles read) lying on a gap's place by more than TAKEN leaves it out, unless it is
 * a domino along the line in a crosswise double's gap (`alongLine`).
 */
export function lineGaps(dominoes: readonly { polygon: readonly Point[]; index: number }[], tiles: readonly (readonly Point[])[]): Gap[] {
  const axes = dominoes.map((d) => axisOf(d.polygon));
  const gaps: Gap[] = [];
  for (let a = 0; a < dominoes.length; a++)
    for (let b = 0; b < dominoes.length; b++) {
      const [A, B] = [axes[a], axes[b]];
      const aligned = Math.abs(cross(A.along, B.along)) <= ALIGN;
      if (b === a || (aligned && b < a)) continue; // two dominoes along one line are a pair once
      const d: Point = [B.centre[0] - A.centre[0], B.centre[1] - A.centre[1]];
      const width = (A.width + B.width) / 2;
      const length = (A.length + B.length) / 2;
      const t = dot(A.along, d); // how far B lies along A's axis
      const gap = Math.abs(t) - A.length / 2 - (aligned ? B.length : B.width) / 2;
      const [offA, offB] = [Math.abs(cross(A.along, d)), Math.abs(cross(B.along, d))];
      const across = aligned && gap >= GAP_MIN * width && gap <= GAP_MAX * width && Math.max(offA, offB) <= OFF_AXIS * width;
      const along = gap >= ALONG_MIN * length && gap <= ALONG_MAX * length && (aligned ? Math.min(offA, offB) : offA) <= ALIGN * Math.hypot(d[0], d[1]);
      if (!across && !along) continue;
      const s = Math.sign(t);
      const mid = A.length / 2 + gap / 2;
      const centre: Point = [A.centre[0] + s * mid * A.along[0], A.centre[1] + s * mid * A.along[1]];
      const u = A.along;
      const v: Point = [-u[1], u[0]];
      // A crosswise double's long side runs across the line (v), a domino along it's along it (u).
      const polygon = across ? placeOf(centre, v, u, length, width) : placeOf(centre, u, v, length, width);
      const halves = dominoHalves(polygon);
      if (tiles.some((p) => !(across && alongLine(p, u)) && dist(centroid(p), centre) < 2 * A.length && overlapShare(p, polygon) > TAKEN)) continue;
      // A's half 1 faces B where B lies ahead of A along A's axis; B's half 0 faces A where A lies behind B along B's.
      gaps.push({ polygon, halves, line: u, across, turn: false, facing: [[dominoes[a].index, s > 0 ? 1 : 0], [dominoes[b].index, dot(B.along, d) > 0 ? 0 : 1]], doubles: aligned ? [] : [dominoes[b].index] });
    }
  for (let a = 0; a < dominoes.length; a++)
    for (let b = 0; b < dominoes.length; b++) {
      if (b === a) continue;
      const [A, B] = [axes[a], axes[b]];
      const d: Point = [B.centre[0] - A.centre[0], B.centre[1] - A.centre[1]];
      const width = (A.width + B.width) / 2;
      const length = (A.length + B.length) / 2;
      // The line leaves A from an end, along its axis, or, A a crosswise double, from a long side, across it; B lies across the line.
      const ways: [Point, number, boolean][] = [[A.along, A.length / 2, false], [[-A.along[1], A.along[0]], A.width / 2, true]];
      for (const [u, reach, fromSide] of ways) {
        if (Math.abs(dot(u, B.along)) > ALIGN) continue;
        const [t, off] = [dot(u, d), cross(u, d)];
        const room = Math.abs(t) + B.width / 2 - reach; // from A's end (or side) to B's far side along the line
        if (room < ALONG_MIN * length || room > ALONG_MAX * length || Math.abs(Math.abs(off) - B.length / 2 - width / 2) > OFF_AXIS * width) continue;
        const s = Math.sign(t);
        const back: Point = [A.centre[0] - s * (reach + width / 4) * u[0], A.centre[1] - s * (reach + width / 4) * u[1]];
        // The line comes to A from behind: a tile lies against its far end, or against a crosswise double's far side a domino along the line, its axis through the double's middle.
        const throughMiddle = ({ centre: c, along }: Axis): boolean => Math.abs(cross(along, [A.centre[0] - c[0], A.centre[1] - c[1]])) <= OFF_AXIS * width;
        const behind = (p: readonly Point[]): boolean => insideConvex(back, p) && (!fromSide || (alongLine(p, u) && throughMiddle(axisOf(p))));
        if (!tiles.some(behind)) continue;
        const centre: Point = [A.centre[0] + s * (reach + room / 2) * u[0], A.centre[1] + s * (reach + room / 2) * u[1]];
        const polygon = placeOf(centre, u, [-u[1], u[0]], length, width);
        if (tiles.some((p) => dist(centroid(p), centre) < 2 * A.length && overlapShare(p, polygon) > TAKEN)) continue;
        // B's end towards the line faces the tile's far half: B's half 0 where the line lies behind B along B's axis.
        gaps.push({ polygon, halves: dominoHalves(polygon), line: u, across: false, turn: true, facing: [[dominoes[a].index, fromSide ? 0 : s > 0 ? 1 : 0], [dominoes[b].index, off * cross(u, B.along) > 0 ? 0 : 1]], doubles: fromSide ? [dominoes[a].index] : [] });
      }
    }
  return gaps;
}

/**
 * Whether a tile read in a gap carries the numbers of the halves facing it (a crosswise double facing
 * it must be one: both its halves alike): a crosswise double in the gap, both halves' number; a domino
 * along the line, on each half, the number of the half it faces.
 */
function carriesFacing(tile: ReadTile, gap: Gap, reads: readonly Read[]): boolean {
  const [v, w] = tile.values;
  const facing = gap.facing.map(([i, h]) => reads[i].tile.values[h]);
  if (gap.doubles.some((i) => reads[i].tile.values[0] !== reads[i].tile.values[1])) return false;
  if (gap.across) return v === w && facing.every((f) => f === v);
  // The tile's half 0 faces the first domino where that domino lies behind it along its own axis.
  const first = centroid(reads[gap.facing[0][0]].tile.polygon);
  const { centre, along } = axisOf(tile.polygon);
  const towards = dot(along, [first[0] - centre[0], first[1] - centre[1]]) < 0 ? [v, w] : [w, v];
  return towards[0] === facing[0] && towards[1] === facing[1];
}

/**
 * The tiles and readings with every gap in a line (`lineGaps`; a domino's length along the line only
 * where an unsure face lies in it) looked at as the tile missed there (scored as the median domino found), and kept
 * where it reads at GAP_SURE (a domino's length: ALONG_SURE) or more carrying the numbers of the halves facing it (`carriesFacing`) and
 * lies on no tile that stays (APART), in the place of the unsure dominoes lying on it (and, across the
 * line, of the dominoes along it). A tile lying on a surer one by more than tile-select.ts `apart` allows
 * is read as unsure: `apart` drops it, so it neither bounds a gap nor fills one. `read` reads a batch of candidates; `still`: a still
 * image's moves; `rule`: the game's joint rule (nothing is looked at where the halves that meet need
 * not be alike).
 *
 * Each place is read once first. A still image then looks again at every place; a live frame only at
 * those whose first reading already carries the numbers of the halves facing them, as a kept tile must.
 * Each place looked at again costs ~18 outlines (36 crops); the bench's table read one or two places a
 * first frame, none kept, ~24 of its ~90 ms after the tile network on this session's VM. On the 630 dev
 * live frames of seeds 7401, 8101, 8301, 8501, 8701, 8901 and 9101 (90 each) the 21 places kept had all
 * been first read as they were kept, and 122 of the 181 places were no longer looked at again
 * (docs/reading-log.md, "A live frame's gap looked at again only where its first reading carries what it must").
 */
export function gapTiles(found: readonly TileCandidate[], reads: readonly Read[], read: (cands: TileCandidate[]) => Read[], frame: Frame, plane: TablePlane | null, still: boolean, rule: JointRule = 'equal'): { found: TileCandidate[]; reads: Read[] } {
  const same = { found: [...found], reads: [...reads] };
  if (rule !== 'equal') return same;
  const stays = new Set(apart(reads)); // a tile lying on a surer one goes
  const unsure = reads.map((r) => (r.tile.kind === 'domino' && r.tile.confidence < UNSURE) || !stays.has(r));
  const bounds = reads.flatMap((r, index) => (r.tile.kind === 'domino' && r.tile.polygon.length === 4 && !unsure[index] ? [{ polygon: r.tile.polygon, index }] : []));
  const traced = reads.filter((_, i) => unsure[i]).map((r) => r.tile.polygon);
  const gaps = lineGaps(
    bounds,
    reads.filter((_, i) => !unsure[i]).map((r) => r.tile.polygon),
  ).filter((g) => g.across || g.turn || traced.some((p) => overlapShare(p, g.polygon) > TAKEN)); // a domino's room: only where a face was traced in it (bare table reads as blanks)
  if (gaps.length === 0) return same;
  const scores = found.filter((c) => c.kind === 'domino').map((c) => c.score).sort((a, b) => a - b); // not empty: a gap lies between dominoes found
  const cut: TileCandidate[] = gaps.map((g) => ({ kind: 'domino', polygon: g.polygon, halves: g.halves, score: scores[scores.length >> 1] }));
  const first = read(cut);
  // A live frame looks again only at the places whose first reading already carries what they must (below).
  const worth = gaps.flatMap((g, k) => (still || carriesFacing(first[k].tile, g, reads) ? [k] : []));
  if (worth.length === 0) return same;
  const rooms = worth.map((k) => gaps[k]);
  const places = worth.map((k) => cut[k]);
  const all = [...found, ...places];
  const looked = realignTiles(all, [...reads, ...worth.map((k) => first[k])], read, still, frame, plane, all.map((_, k) => k < found.length)).slice(found.length);
  const gone = new Set<number>();
  const added: { c: TileCandidate; r: Read }[] = [];
  looked.forEach((r, k) => {
    if (r.tile.confidence < (rooms[k].across ? GAP_SURE : ALONG_SURE) || !carriesFacing(r.tile, rooms[k], reads)) return;
    const its = reads.flatMap((o, i) => ((unsure[i] || (rooms[k].across && alongLine(o.tile.polygon, rooms[k].line))) && overlapShare(o.tile.polygon, rooms[k].polygon) > TAKEN ? [i] : [])); // the readings it stands in the place of
    const others = [...reads.filter((_, i) => !its.includes(i)).map((o) => o.tile.polygon), ...added.map((a) => a.r.tile.polygon)];
    if (others.some((p) => overlapShare(p, r.tile.polygon) > APART)) return; // it lies on a tile that stays, or on a gap read already
    for (const i of its) gone.add(i);
    added.push({ c: places[k], r });
  });
  const keep = (_: unknown, i: number) => !gone.has(i);
  return { found: [...found.filter(keep), ...added.map((a) => a.c)], reads: [...reads.filter(keep), ...added.map((a) => a.r)] };
}
