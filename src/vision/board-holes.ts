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
 * the corners that meet it there make likelier than not, each weighed by how surely it was read
 * (`agreesAtCorners`; rules.md §9: corners that meet carry the same number). A board may hold a true
 * hole, whose plain table reads as blanks (three cells of dev 2061's 46th scene, on a dark cloth, read
 * 0|0|0 at 0.79-0.82); the corners around such a cell seldom all carry 0.
 *
 * Fresh dev still images (`npm run --silent eval -- --only vision --no-real --seed S --scenes 70`),
 * without -> with: seed 6001 pip totals exact 59 -> 60, recall 99.04 -> 99.12 %, precision the same;
 * 2061, 3001, 4001 and 5001 the same to the tile. Without the corners' test, 6001 read two false
 * triangles (0|0|0 in its 4th scene, 0|1|1 in its 46th) and lost two pip totals for the one gained.
 *
 * A triangle read unsurely (below UNSURE) does not take its cell: the cells are found among the sure
 * triangles, and where one reads surely and agrees at its corners it stands in the place of every
 * unsure triangle lying on it. Dev still 2061's 46th: the tile network traced 4|2|3, read it 2|1|1 at
 * 0.12 and the tablecloth filter dropped it, so the cell was missed; its 34th: 5|5|3 read at 0.30 half
 * a cell off its place, a false tile and a missed one. Fresh dev still images (as above), without ->
 * with: seed 2061 pip totals exact 56 -> 57 of 70, precision / recall 99.25 / 98.30 -> 99.40 / 98.52 %;
 * 3001, 4001, 5001 and 6001 the same to the tile. Live frames (`--live`): 4001 precision / recall
 * 99.49 / 97.80 -> 99.57 / 97.87 % (its 5|3|5 read in its place, not off it), 3001, 5001 and 6001 the
 * same to the tile. UNSURE 0.9 instead: 2061's 46th missed 4|2|3 again, as triangles read at 0.5-0.9
 * around it no longer enclosed the cell (2061 56, 3001 the same; stopped there).
 *
 * A domino read unsurely is no surer of its place than a triangle: the tile network can trace a board's
 * cell as a quad. Dev still 52 of seed 8101 (wood, 30-40°, 25 px a half): 0|3|0 traced as a domino,
 * read 3|3 at 0.07, which took the cell and was dropped later (it is no tile in the reading), so the
 * triangle was missed; 8901's 64th (white cloth, 30-40°, 20 px): 3|3|4, an unsure domino on its cell
 * too (nothing else changed with this rule). So a tile of either kind read below UNSURE neither takes a
 * cell nor stays on a cell kept. Fresh dev still images (`npm run --silent eval -- --only vision
 * --no-real --seed S --scenes 90`): recall 98.33 -> 98.39 % on 8101 and 98.99 -> 99.05 % on 8901 (those
 * two triangles found; 8901's 64th keeps a false triangle beside the cell, so its pip total stays
 * wrong), pip totals the same; 7401 and 9101 the same to the tile; live frames (`--live`) of 7401, 8101
 * and 9101 the same to the tile.
 */
import { pointOdds } from './board-corners';
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
/**
 * A tile read less surely than this neither encloses a cell nor keeps one taken: where the cell it
 * lies on reads surely and agrees at the corners, that reading stands in its place. Dev 2061's 46th:
 * 2|1|1 at 0.12 lay on the cell of 4|2|3; its 34th: 5|5|3 at 0.30 half a cell off its place; 8101's
 * 52nd: a domino 3|3 at 0.07 on the cell of 0|3|0. At 0.9 the unsure triangles around 2061's 46th
 * cell no longer enclosed it (module note).
 */
const UNSURE = 0.5;

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

/** A triangle read: its corners, their numbers and, where known, each number's probabilities (realign.ts `Read`). */
export interface CornersRead {
  polygon: readonly Point[];
  values: readonly number[];
  parts?: readonly (readonly number[])[];
}

/**
 * Whether a triangle read at `polygon` as `values` carries at each corner the number the corners of
 * `others` (triangles read) that meet it there make likelier than not, and meets at least one at each
 * corner. The corners that meet are weighed as board-corners.ts weighs them (`pointOdds`), each by its
 * own number's probabilities (one read without them as sure of its number): a corner read unsurely
 * against two read surely does not keep the cell out. Dev still 46 of seed 2061: 3|3|0's corner read
 * 0 (the tile 0|3|0 at 0.59) where 3|4|3 and 3|2|3 carry 3 kept out the cell of 4|2|3, read 2|3|4 at
 * 0.997; with the cell read, board-corners.ts reads 3|3|0 right. Two corners read surely against each
 * other leave the point's number even, and the cell out.
 */
export function agreesAtCorners(polygon: readonly Point[], values: readonly number[], others: readonly CornersRead[]): boolean {
  const side = meanEdge(polygon);
  const sure = (v: number): number[] => Array.from({ length: 6 }, (_, u) => (u === v ? 1 : 0));
  return polygon.every((p, k) => {
    const meeting = others.flatMap((o) => o.polygon.flatMap((q, j) => (dist(p, q) < MEET * side ? [o.parts?.[j] ?? sure(o.values[j])] : [])));
    return meeting.length > 0 && pointOdds(meeting)[values[k]] > 0.5;
  });
}

/**
 * The tiles and readings with every cell that sure triangles enclose and no sure tile was found on
 * looked at as a triangle (scored as the median triangle found), and kept where it reads surely and
 * agrees with the sure corners around it, in the place of the unsure tiles lying on it. `read`
 * reads a batch of candidates; `still`: a still image's moves.
 */
export function boardHoles(found: readonly TileCandidate[], reads: readonly Read[], read: (cands: TileCandidate[]) => Read[], frame: Frame, plane: TablePlane | null, still: boolean): { found: TileCandidate[]; reads: Read[] } {
  const unsure = reads.map((r) => r.tile.confidence < UNSURE);
  const sure = reads.filter((_, i) => !unsure[i]).map((r) => r.tile);
  const triangles = reads.filter((r, i) => !unsure[i] && r.tile.kind === 'triomino' && r.tile.polygon.length === 3).map((r) => ({ ...r.tile, parts: r.parts })); // with their corners' probabilities
  const cells = enclosedCells(
    triangles.map((t) => t.polygon),
    sure.map((t) => t.polygon),
  );
  if (cells.length === 0) return { found: [...found], reads: [...reads] };
  const scores = found.filter((c) => c.kind === 'triomino').map((c) => c.score).sort((a, b) => a - b); // not empty: a cell lies among triangles found
  const holes: TileCandidate[] = cells.map((polygon) => ({ kind: 'triomino', polygon, score: scores[scores.length >> 1] }));
  const all = [...found, ...holes];
  const looked = realignTiles(all, [...reads, ...read(holes)], read, still, frame, plane, all.map((_, k) => k < found.length)).slice(found.length);
  const gone = new Set<number>(); // unsure tiles on a cell kept
  const added: { c: TileCandidate; r: Read }[] = [];
  looked.forEach((r, k) => {
    if (r.tile.confidence < HOLE_SURE || !agreesAtCorners(r.tile.polygon, r.tile.values, triangles)) return;
    reads.forEach((o, i) => {
      if (unsure[i] && overlapShare(o.tile.polygon, cells[k]) > TAKEN) gone.add(i);
    });
    added.push({ c: holes[k], r });
  });
  const keep = (_: unknown, i: number) => !gone.has(i);
  return { found: [...found.filter(keep), ...added.map((a) => a.c)], reads: [...reads.filter(keep), ...added.map((a) => a.r)] };
}
