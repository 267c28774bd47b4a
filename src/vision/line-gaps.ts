/**
 * A crosswise double missed in a line: two dominoes that lie on one line, end towards end, a
 * domino's width apart, with no tile read between them. In a line or a train a double lies across
 * it (rules.md §1, §7), and a blurred double the tile network traced no face for leaves just such a
 * gap. The gap is cut as a domino across the line, of its neighbours' size, read and looked at again
 * as every tile is (realign.ts), and kept where it reads at GAP_SURE or more as the double whose number
 * both halves facing it carry (the joint rule of eight of the nine games, joints.ts; Matador's joints sum
 * to 7, and its readings are not looked at here).
 *
 * Fresh dev scenes, 90 of each of six seeds (`npm run --silent eval -- --only vision --no-real --seed S
 * --scenes 90 [--live]`), pip totals exact, without -> with: still images four of 540 gained (8301's
 * 39th, 8101's 26th, 7301's 56th, 7401's 44th), none lost; live frames one gained (8301's 39th), none
 * lost. docs/reading-log.md, "A crosswise double missed in a line" (and GAP_SURE).
 */
import { centroid, dist } from './reconstruct/geometry';
import type { JointRule } from './joints';
import { dominoHalves, orderDomino } from './quad-geometry';
import { realignTiles, type Frame, type Read } from './realign';
import type { Point, TileCandidate } from './segment-types';
import type { TablePlane } from './table-plane';
import { overlapShare } from './tile-select';

/**
 * A gap's double is kept from this confidence on. It was 0.9 at first (board-holes.ts HOLE_SURE), but a
 * gap's reading is kept only as the double whose number both halves facing it carry, which a gap
 * without a double seldom reads as: dev still 80 of seed 8501 (a double-6 line on a patterned cloth,
 * 22 px a half), whose 1|1 between 5|1 and 1|6 was traced short at one end and read 3|2 at 0.2, read 1|1
 * at 0.69 in its gap. docs/reading-log.md, "A crosswise double read in its gap at 0.6".
 */
const GAP_SURE = 0.6;
/** Two dominoes lie on one line when their axes are within ALIGN of one another (the sine of the angle between them)... */
const ALIGN = Math.sin((15 * Math.PI) / 180);
/** ...and each one's centre lies within OFF_AXIS of a width of the other's axis. */
const OFF_AXIS = 0.35;
/** A gap a crosswise double fills is from GAP_MIN to GAP_MAX of a domino's width between the facing ends. */
const GAP_MIN = 0.6;
const GAP_MAX = 1.5;
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

/** A gap between two dominoes on one line: where a crosswise double would lie, and which half of each faces it. */
export interface Gap {
  /** The double's place across the line, ordered as the spec orders a domino, and its halves. */
  polygon: Point[];
  halves: [Point[], Point[]];
  /** The line's direction (a unit vector). */
  line: Point;
  /** [tile index, its half that faces the gap] for both dominoes. */
  facing: [[number, number], [number, number]];
}

/**
 * The gaps a crosswise double fills between two of these dominoes (ordered polygons) that lie on one
 * line, their facing ends GAP_MIN-GAP_MAX of a width apart; any of `tiles` (the tiles read) lying on a
 * gap's place by more than TAKEN leaves it out, unless it is a domino along the line (`alongLine`).
 */
export function lineGaps(dominoes: readonly { polygon: readonly Point[]; index: number }[], tiles: readonly (readonly Point[])[]): Gap[] {
  const axes = dominoes.map((d) => axisOf(d.polygon));
  const gaps: Gap[] = [];
  for (let a = 0; a < dominoes.length; a++)
    for (let b = a + 1; b < dominoes.length; b++) {
      const [A, B] = [axes[a], axes[b]];
      if (Math.abs(cross(A.along, B.along)) > ALIGN) continue;
      const d: Point = [B.centre[0] - A.centre[0], B.centre[1] - A.centre[1]];
      const width = (A.width + B.width) / 2;
      if (Math.abs(cross(A.along, d)) > OFF_AXIS * width || Math.abs(cross(B.along, d)) > OFF_AXIS * width) continue;
      const t = dot(A.along, d); // how far B lies along A's axis
      const gap = Math.abs(t) - (A.length + B.length) / 2;
      if (gap < GAP_MIN * width || gap > GAP_MAX * width) continue;
      const s = Math.sign(t);
      const mid = A.length / 2 + gap / 2;
      const centre: Point = [A.centre[0] + s * mid * A.along[0], A.centre[1] + s * mid * A.along[1]];
      const u = A.along;
      const v: Point = [-u[1], u[0]];
      const [hl, hw] = [(A.length + B.length) / 4, width / 2];
      const corners: Point[] = [
        [centre[0] - v[0] * hl - u[0] * hw, centre[1] - v[1] * hl - u[1] * hw],
        [centre[0] + v[0] * hl - u[0] * hw, centre[1] + v[1] * hl - u[1] * hw],
        [centre[0] + v[0] * hl + u[0] * hw, centre[1] + v[1] * hl + u[1] * hw],
        [centre[0] - v[0] * hl + u[0] * hw, centre[1] - v[1] * hl + u[1] * hw],
      ];
      const polygon = orderDomino(corners);
      const halves = dominoHalves(polygon);
      if (tiles.some((p) => !alongLine(p, u) && dist(centroid(p), centre) < 2 * A.length && overlapShare(p, polygon) > TAKEN)) continue;
      // A's half 1 faces B where B lies ahead of A along A's axis; B's half 0 faces A where A lies behind B along B's.
      gaps.push({ polygon, halves, line: u, facing: [[dominoes[a].index, s > 0 ? 1 : 0], [dominoes[b].index, dot(B.along, d) > 0 ? 0 : 1]] });
    }
  return gaps;
}

/**
 * The tiles and readings with every gap in a line (`lineGaps`) looked at as a crosswise double
 * (scored as the median domino found), and kept where it reads at GAP_SURE or more as a double whose
 * number both halves facing it carry and lies on no tile that stays (APART), in the place of the unsure
 * dominoes and the dominoes along the line lying on it. `read` reads a batch of candidates; `still`: a still
 * image's moves; `rule`: the game's joint rule (nothing is looked at where the halves that meet need
 * not be alike).
 */
export function gapDoubles(found: readonly TileCandidate[], reads: readonly Read[], read: (cands: TileCandidate[]) => Read[], frame: Frame, plane: TablePlane | null, still: boolean, rule: JointRule = 'equal'): { found: TileCandidate[]; reads: Read[] } {
  const same = { found: [...found], reads: [...reads] };
  if (rule !== 'equal') return same;
  const unsure = reads.map((r) => r.tile.kind === 'domino' && r.tile.confidence < UNSURE);
  const bounds = reads.flatMap((r, index) => (r.tile.kind === 'domino' && r.tile.polygon.length === 4 && r.tile.confidence >= UNSURE ? [{ polygon: r.tile.polygon, index }] : []));
  const gaps = lineGaps(
    bounds,
    reads.filter((_, i) => !unsure[i]).map((r) => r.tile.polygon),
  );
  if (gaps.length === 0) return same;
  const scores = found.filter((c) => c.kind === 'domino').map((c) => c.score).sort((a, b) => a - b); // not empty: a gap lies between dominoes found
  const places: TileCandidate[] = gaps.map((g) => ({ kind: 'domino', polygon: g.polygon, halves: g.halves, score: scores[scores.length >> 1] }));
  const all = [...found, ...places];
  const looked = realignTiles(all, [...reads, ...read(places)], read, still, frame, plane, all.map((_, k) => k < found.length)).slice(found.length);
  const gone = new Set<number>();
  const added: { c: TileCandidate; r: Read }[] = [];
  looked.forEach((r, k) => {
    const [v, w] = r.tile.values;
    if (r.tile.confidence < GAP_SURE || v !== w || !gaps[k].facing.every(([i, h]) => reads[i].tile.values[h] === v)) return;
    const its = reads.flatMap((o, i) => ((unsure[i] || alongLine(o.tile.polygon, gaps[k].line)) && overlapShare(o.tile.polygon, gaps[k].polygon) > TAKEN ? [i] : [])); // the readings it stands in the place of
    const others = [...reads.filter((_, i) => !its.includes(i)).map((o) => o.tile.polygon), ...added.map((a) => a.r.tile.polygon)];
    if (others.some((p) => overlapShare(p, r.tile.polygon) > APART)) return; // it lies on a tile that stays, or on a gap read already
    for (const i of its) gone.add(i);
    added.push({ c: places[k], r });
  });
  const keep = (_: unknown, i: number) => !gone.has(i);
  return { found: [...found.filter(keep), ...added.map((a) => a.c)], reads: [...reads.filter(keep), ...added.map((a) => a.r)] };
}
