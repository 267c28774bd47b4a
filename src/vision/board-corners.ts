/**
 * Triangles laid on a board meet corner to corner, and every corner that meets another carries the
 * same number (rules.md §9: "every corner that meets any placed corner (edge or point contact) must
 * carry the same number"). So the corners around a point read one another: on a board a corner's
 * numeral is a few pixels tall, but the five others at its point show the same number. Values are
 * not forced: each corner is weighed by what the *other* corners at its point show, with room for a
 * tile laid wrongly (`MISLAID`), so a corner read surely as 2 among 4s stays 2 and the referee flags
 * the play.
 *
 * Which corners meet comes from the polygons alone: two triangles sharing an edge (board-lattice.ts
 * `boardEdges`, the edges a board's walk takes) put their two pairs of corners on the same points, and
 * the points close through the chain of edges around them (a hexagon's six corners, a bridge's point
 * contact). Hand tiles laid in a row meet at one corner at most and share no edge, so they read alone.
 * An edge is shared from further beside a close one: a triangle whose outline was read a little off
 * its neighbours' still reads with them (docs/reading-log.md, "The corners that meet, from the board's
 * edges").
 *
 * The model (no constant fitted to any scene): a point carries a number V, any of 0-5 alike before
 * looking; a corner there shows V, or where its tile was laid wrongly (share `MISLAID`) any number
 * alike. The classifier's corner probabilities are likelihoods up to a factor (it learnt from every
 * value alike), so the others at the point make V that likely: Π_o ((1 - MISLAID) p_o(V) + MISLAID/6),
 * and a corner's number u is weighed (1 - MISLAID) P(V = u) + MISLAID/6 before its own crop is looked at.
 */
import { boardEdges, type TriangleShape } from './board-lattice';
import { oddsFromLogs, partWeight, reweighed, type Read } from './realign';
import { centroid, meanEdge } from './reconstruct/geometry';

/** The share of meeting corners taken to differ (a tile laid against the rules): an assumption, not a fit. */
export const MISLAID = 0.01;

/** A triangle's corners' values: 0-5. */
const VALUES = 6;

/**
 * The corners that meet, as groups of `tile * 3 + corner` (indices into `reads`; triangles only):
 * the corners of every edge two triangles share, joined through the edges around each point.
 */
export function meetingCorners(reads: readonly Read[]): number[][] {
  const ids = reads.flatMap((r, i) => (r.tile.kind === 'triomino' && r.tile.polygon.length === 3 ? [i] : []));
  const shapes = new Map<number, TriangleShape>(ids.map((i) => [i, { poly: reads[i].tile.polygon, centre: centroid(reads[i].tile.polygon), size: meanEdge(reads[i].tile.polygon) }]));
  const edges = boardEdges(shapes, ids);
  const parent = new Map<number, number>();
  const root = (x: number): number => {
    let r = x;
    while (parent.has(r)) r = parent.get(r) as number;
    return r;
  };
  for (const [t, around] of edges)
    for (const [u, { pairs }] of around)
      for (const [i, j] of pairs) {
        const [a, b] = [root(t * 3 + i), root(u * 3 + j)];
        if (a !== b) parent.set(a, b);
      }
  const groups = new Map<number, number[]>();
  for (const t of ids)
    for (let k = 0; k < 3; k++) {
      const key = root(t * 3 + k);
      if (!groups.has(key)) groups.set(key, []);
      (groups.get(key) as number[]).push(t * 3 + k);
    }
  return [...groups.values()].filter((g) => g.length > 1);
}

/** How likely each number is at a point, from the corners there (probabilities over 0-5 each). */
export function pointOdds(corners: readonly (readonly number[])[]): number[] {
  return oddsFromLogs(Array.from({ length: VALUES }, (_, v) => corners.reduce((s, p) => s + Math.log((1 - MISLAID) * p[v] + MISLAID / VALUES), 0)));
}

/** A corner's number weighed by the point's odds before its own crop is looked at. */
export const cornerWeight = (odds: readonly number[]): number[] => odds.map((q) => (1 - MISLAID) * q + MISLAID / VALUES);

/**
 * The readings with every triangle on a board weighed by what the other corners at each of its
 * corners' points show; dominoes, lone triangles and triangles read without corner probabilities
 * are passed through.
 */
export function boardCorners(reads: readonly Read[]): Read[] {
  const usable = (t: number): boolean => !!(reads[t].parts && reads[t].weighed);
  const weights = new Map<number, (number[] | null)[]>();
  for (const group of meetingCorners(reads))
    for (const at of group) {
      const t = Math.floor(at / 3);
      if (!usable(t)) continue;
      const others = group.filter((o) => Math.floor(o / 3) !== t && usable(Math.floor(o / 3))); // a tile is not its own evidence
      if (!others.length) continue;
      const odds = pointOdds(others.map((o) => (reads[Math.floor(o / 3)].parts as number[][])[o % 3]));
      const w = weights.get(t) ?? [null, null, null];
      w[at % 3] = cornerWeight(odds);
      weights.set(t, w);
    }
  return reads.map((r, t) => {
    const w = weights.get(t);
    if (!w) return r;
    return reweighed(r, partWeight(w));
  });
}
