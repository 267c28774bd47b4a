/**
 * A triangle missed inside a board: a cell every edge of which lies on a triangle read. Dev still
 * heldOutSeed(6001, 34), blue triangles on a white cloth at 30-40°: 3|0|1 missed between the
 * triangles read 0|0|1, 3|1|2 and 3|0|3; no tile was found on it, and the lattice fit
 * (board-lattice.ts) could not fill the cell: the outlines it is given, before the second look,
 * shared 6 edges among 31 triangles, too few to walk the board. After the second look (realign.ts)
 * the readings lie close enough to their cells: each triangle read is mirrored across each of its
 * edges, and a mirrored cell whose other two edges lie on triangles read too, and on which no tile
 * read lies, is cut, read and looked at again as a triangle, as every tile is (`enclosedCells`,
 * `boardHoles`). It is kept where it reads surely (HOLE_SURE) and carries at each corner the number
 * of every corner that meets it there (`agreesAtCorners`; rules.md §9: corners that meet carry the
 * same number). A board may hold a true hole, whose plain table reads as blanks (three cells of dev
 * 2061's 46th scene, on a dark cloth, read 0|0|0 at 0.79-0.82); the corners around such a cell
 * seldom all carry 0.
 *
 * Fresh dev still images (`npm run --silent eval -- --only vision --no-real --seed S --scenes 70`),
 * without -> with: seed 6001 pip totals exact 59 -> 60, recall 99.04 -> 99.12 %, precision the same;
 * 2061, 3001, 4001 and 5001 the same to the tile. Without the corners' test, 6001 read two false
 * triangles (0|0|0 in its 4th scene, 0|1|1 in its 46th) and lost two pip totals for the one gained.
 */
import { centroid, dist, meanEdge } from './reconstruct/geometry';
import { realignTiles, type Frame, type Read } from './realign';
import type { Point, TileCandidate } from './segment-types';
import type { TablePlane } from './table-plane';
import { overlapShare } from './tile-select';

/**
 * Two corners this near (a share of the side) are one point of the board. board-lattice.ts takes 0.22
 * for the tile network's outlines; the readings slid one by one lie further apart (6001's 34th: the
 * cell's corners 0.22 and 0.25 of a side from 3|0|3's).
 */
const MEET = 0.3;
/** A tile read lying on a cell by more than this share of the smaller is the cell's tile already. */
const TAKEN = 0.3;
/** A cell's reading is kept from this confidence on (end-to-end.ts PAIR_SURE). */
const HOLE_SURE = 0.9;

/** Whether `poly` has corners on both ends of the edge a-b (within MEET of `side`). */
const onEdge = (poly: readonly Point[], a: Point, b: Point, side: number): boolean => poly.some((p) => dist(p, a) < MEET * side) && poly.some((p) => dist(p, b) < MEET * side);

/**
 * The cells enclosed on all three edges by `triangles` (readings' corners, clockwise on screen) that
 * no polygon of `tiles` (every tile read) lies on: each as a triangle's corners, clockwise.
 */
export function enclosedCells(triangles: readonly (readonly Point[])[], tiles: readonly (readonly Point[])[]): Point[][] {
  const out: Point[][] = [];
  for (const t of triangles) {
    const side = meanEdge(t);
    for (let i = 0; i < 3; i++) {
      const [a, b, c] = [t[i], t[(i + 1) % 3], t[(i + 2) % 3]];
      const cell: Point[] = [b, a, [a[0] + b[0] - c[0], a[1] + b[1] - c[1]]]; // mirrored across a-b: clockwise too
      const centre = centroid(cell);
      if (out.some((o) => dist(centroid(o), centre) < MEET * side)) continue; // found from another of its neighbours
      const others: [Point, Point][] = [
        [cell[1], cell[2]],
        [cell[2], cell[0]],
      ];
      if (!others.every(([p, q]) => triangles.some((u) => u !== t && dist(centroid(u), centre) < 1.2 * side && onEdge(u, p, q, side)))) continue;
      if (tiles.some((p) => dist(centroid(p), centre) < 2 * side && overlapShare(p, cell) > TAKEN)) continue;
      out.push(cell);
    }
  }
  return out;
}

/**
 * Whether a triangle read at `polygon` as `values` carries at each corner the number of every corner
 * of `others` (triangles read) that meets it there, and meets at least one at each corner.
 */
export function agreesAtCorners(polygon: readonly Point[], values: readonly number[], others: readonly { polygon: readonly Point[]; values: readonly number[] }[]): boolean {
  const side = meanEdge(polygon);
  return polygon.every((p, k) => {
    const meeting = others.flatMap((o) => o.polygon.flatMap((q, j) => (dist(p, q) < MEET * side ? [o.values[j]] : [])));
    return meeting.length > 0 && meeting.every((v) => v === values[k]);
  });
}

/**
 * The tiles and readings with every enclosed cell of a board that no tile was found on looked at as a
 * triangle (scored as the median triangle found), and kept where it reads surely and agrees with the
 * corners around it. `read` reads a batch of candidates; `still`: a still image's moves.
 */
export function boardHoles(found: readonly TileCandidate[], reads: readonly Read[], read: (cands: TileCandidate[]) => Read[], frame: Frame, plane: TablePlane | null, still: boolean): { found: TileCandidate[]; reads: Read[] } {
  const out = { found: [...found], reads: [...reads] };
  const triangles = reads.filter((r) => r.tile.kind === 'triomino' && r.tile.polygon.length === 3).map((r) => r.tile);
  const cells = enclosedCells(
    triangles.map((t) => t.polygon),
    reads.map((r) => r.tile.polygon),
  );
  if (cells.length === 0) return out;
  const scores = found.filter((c) => c.kind === 'triomino').map((c) => c.score).sort((a, b) => a - b); // not empty: a cell lies among triangles found
  const holes: TileCandidate[] = cells.map((polygon) => ({ kind: 'triomino', polygon, score: scores[scores.length >> 1] }));
  const all = [...found, ...holes];
  const looked = realignTiles(all, [...reads, ...read(holes)], read, still, frame, plane, all.map((_, k) => k < found.length)).slice(found.length);
  looked.forEach((r, k) => {
    if (r.tile.confidence < HOLE_SURE || !agreesAtCorners(r.tile.polygon, r.tile.values, triangles)) return;
    out.found.push(holes[k]);
    out.reads.push(r);
  });
  return out;
}
