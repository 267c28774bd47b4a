/**
 * A set holds every tile once (rules.md: every game is played with one double-6, double-9 or
 * double-12 set, or one set of triangles), so two tiles on the table never carry the same values.
 * When readings name a tile twice, the surest reading (its calibrated confidence, which counts how
 * likely the candidate is a tile at all) keeps it and the others take their most likely reading still
 * free (`Read.choices`), surest first; a tile moved off its first reading says "taken".
 *
 * Dev still images (seeds 500 and 600, 60 scenes each; 2,463 matched tiles): 53 times two tiles were
 * read as one tile, and every time one of them was read wrong, in 47 the less sure one; the rendered
 * truth never holds a tile twice (0 of 240 dev scenes). With this rule: tiles read right 2,335 ->
 * 2,341, scenes with the pip total right 78 -> 81 of 120; live frames (seed 600) 1,104 -> 1,113 and
 * 24 -> 24; close-ups unchanged (seed 650) or +1 (seed 700). Choosing the readings together instead (an optimal
 * assignment over the classifier's probabilities, with or without the chance that a candidate is no
 * tile) did no better on the dev scenes and moved true tiles on a gingham cloth whose squares read
 * as surely as tiles: the classifier's runner-up probabilities are too small to weigh (readings moved
 * were right 22 % of the time at a mean probability of 0.03).
 */
import type { Frame, Read } from './realign';

/** A tile's name in its set: a domino's values in either order, a triangle's corners up to turning it. */
export function tileKey(kind: 'domino' | 'triomino', values: readonly number[]): string {
  if (kind === 'domino') return `${Math.min(values[0], values[1])}|${Math.max(values[0], values[1])}`;
  const turns = [0, 1, 2].map((k) => [0, 1, 2].map((j) => values[(j + k) % 3]).join('-'));
  return `T${turns.sort()[0]}`;
}

const keyOf = (r: Read): string => tileKey(r.tile.kind, r.tile.values);

/**
 * A tile's outline this near the picture's edge (px), or past it, reaches the edge: the tile network
 * traces the visible part of a tile the edge cuts and stops 3-4 px inside the frame. Dev still images
 * (seeds 2061, 3001, 4001, 5001, 6001, 70 each): of the 168 readings within 4 px of the edge, 151 lay
 * on tiles the edge cuts and 17 on whole tiles touching it; 5 readings of cut tiles lay further in.
 */
const EDGE_PX = 4;

/** Whether a tile's outline reaches the picture's edge (EDGE_PX): part of the tile may lie outside the frame. */
export const cutByFrame = (polygon: readonly (readonly number[])[], width: number, height: number): boolean =>
  polygon.some(([x, y]) => x < EDGE_PX || y < EDGE_PX || x > width - EDGE_PX || y > height - EDGE_PX);

/**
 * Whether two corners of a tile's outline lie on one edge of the frame (within EDGE_PX): the outline
 * was traced along the frame's edge, where the picture stops, and the tile goes on beyond it.
 */
export function alongFrame(polygon: readonly (readonly number[])[], width: number, height: number): boolean {
  const two = (on: (p: readonly number[]) => boolean) => polygon.filter(on).length >= 2;
  return two(([x]) => x < EDGE_PX) || two(([, y]) => y < EDGE_PX) || two(([x]) => x > width - EDGE_PX) || two(([, y]) => y > height - EDGE_PX);
}

/**
 * The readings with no tile named twice, where the tiles' choices allow it; tiles that name no tile
 * another names keep their readings untouched. Given the `frame`, a tile traced along its edge
 * (`alongFrame`) gives way to every other tile, however sure: the part it was read from stops where
 * the picture stops, and a corner or half read there may be none of the tile's. Dev still
 * heldOutSeed(2061, 10): a 2|2|1 cut by the top edge, its outline two corners on the edge, read 2|0|2
 * surer than the whole 2|0|2 beside it (0|2|2 turned, read so at 0.79), which was read 3|2|2 instead.
 * Fresh dev still images (`npm run --silent eval -- --only vision --no-real --seed S --scenes 70`,
 * seeds 2061, 3001, 4001, 5001, 6001), pip totals exact 299 -> 300 of 350 (that scene), every other
 * scene the same; dev live frames (`--live`, 3001-6001) the same to the tile. Every tile reaching the
 * edge giving way (`cutByFrame`) read that scene right too, but lost a live frame
 * (4001's 22nd), where a cut triangle whose outline reached past the edge had been read right and
 * surely, and the whole one beside it wrong.
 */
export function oneOfEach(reads: readonly Read[], frame?: Frame): Read[] {
  const count = new Map<string, number>();
  for (const r of reads) count.set(keyOf(r), (count.get(keyOf(r)) ?? 0) + 1);
  if ([...count.values()].every((n) => n === 1)) return [...reads];
  const out = [...reads];
  const holder = new Map<string, number>();
  const along = reads.map((r) => (frame ? alongFrame(r.tile.polygon, frame.width, frame.height) : false));
  const order = out.map((_, i) => i).sort((a, b) => Number(along[a]) - Number(along[b]) || reads[b].tile.confidence - reads[a].tile.confidence || a - b);
  for (const i of order) {
    if (holder.has(keyOf(reads[i]))) out[i] = (reads[i].choices?.() ?? []).find((c) => !holder.has(keyOf(c))) ?? reads[i];
    if (!holder.has(keyOf(out[i]))) holder.set(keyOf(out[i]), i);
  }
  // A tile that kept a reading another tile also had is less sure of it: at most one of them is it.
  out.forEach((r, i) => {
    const k = holder.get(keyOf(reads[i]));
    if (r !== reads[i] && k !== undefined && k !== i) out[k] = { ...out[k], tile: { ...out[k].tile, confidence: oneOfTwo(out[k].tile.confidence, reads[i].tile.confidence) } };
  });
  return out;
}

/**
 * The probability that a tile read as X with confidence `a` is X, when another tile was read as X too
 * with confidence `b` and at most one of them can be: a(1 - b) / (1 - ab). Dev scenes (seeds 500 and
 * 600; tiles that kept a reading another tile had): still, 40 of 63 right at a mean confidence of 0.73
 * before and 0.54 after; live frames of seed 600, 26 of 54 right, 0.62 before and 0.51 after.
 */
export const oneOfTwo = (a: number, b: number): number => (a * b >= 1 ? 0.5 : Math.round(((a * (1 - b)) / (1 - a * b)) * 1000) / 1000);
