/**
 * Dominoes laid in a layout meet half to half, and in eight of the nine games the halves that meet
 * carry the same number (rules.md §1, §2, §4-§8: a tile is played on an end that shows its number; a
 * crosswise double offers its number along its long side). So the halves that meet read one another:
 * a half whose pips the crop shows doubtfully is read with the number of the half it meets. Values
 * are not forced: each half is weighed by what the *other* tile's half shows, with room for a tile
 * laid wrongly or two tiles that only lie close (`MISJOINED`), so a half read surely as 6 beside a 3
 * stays 6 and the referee flags the joint (reconstruct/, `END_MISMATCH`). In Matador the halves that
 * meet sum to 7 (rules.md §3, and a matador joins any end): there they are read alone (joints.ts `jointsFor`).
 *
 * Which halves meet comes from the outlines alone, as the position is built from them
 * (reconstruct/contacts.ts `dominoContacts`: an edge of one half along an opposite edge of the other,
 * long side to long side excepted). Only groups of at least LAYOUT_MIN touching dominoes count: two
 * tiles pushed together may be two tiles of a hand.
 *
 * The model (no constant fitted to any scene): a half's number u is weighed, before its own crop is
 * looked at, by Π over the halves it meets of ((1 - MISJOINED) p(u) + MISJOINED / 13), p being that
 * half's value probabilities from its own crop (the classifier learnt from every value alike, so they
 * are likelihoods up to a factor; a tile is not its own evidence). The weight multiplies the one the
 * tile already carries (domino-set.ts: the set the other dominoes show).
 *
 * Fresh dev still images (`npm run --silent eval -- --only vision --no-real --seed S --scenes 70`),
 * without -> with, scenes with the pip total exact / dominoes read right: seed 2061 56 -> 56 / 95.90 ->
 * 96.01 %, 3001 55 -> 55 / 97.92 -> 98.51 %, 4001 57 -> 59 / 96.30 -> 96.51 %, 5001 57 -> 58 / 98.83 ->
 * 99.03 %, 6001 58 -> 59 / 97.97 -> 98.08 %; detection and triangles the same to the tile. MISJOINED
 * 0.1 instead: the same pip totals, two halves fewer mended (2061, 5001); 0.005: one pip total more
 * (3001), dominoes within a half of these. 0.02 is kept: the room for a tile laid wrongly or two
 * that only lie close is the assumption, and the difference is one scene of 350.
 */
import { components, dominoContacts } from './reconstruct/contacts';
import { pieceOf } from './reconstruct/pieces';
import type { JointRule } from './joints';
import { partWeight, reweighed, type Read } from './realign';

/** The share of meeting halves taken to differ (a tile laid wrongly, or two tiles that only lie close): an assumption, not a fit. */
export const MISJOINED = 0.02;
/** A group of touching dominoes at least this large is a layout (a pair may be two hand tiles pushed together). */
export const LAYOUT_MIN = 3;

/** A domino half's values: 0-12. */
const VALUES = 13;

/** The readings with every domino of a layout weighed by the halves its halves meet (`rule` 'equal'); all else passed through. */
export function dominoEnds(reads: readonly Read[], rule: JointRule = 'equal'): Read[] {
  if (rule === 'none') return [...reads];
  const usable = (t: number): boolean => reads[t].tile.kind === 'domino' && !!(reads[t].parts && reads[t].weighed);
  const pieces = reads.map((r, i) => pieceOf(r.tile, i));
  const ids = pieces.filter((p) => p.kind === 'domino' && p.halves.length === 2).map((p) => p.index);
  const graph = dominoContacts(pieces, ids);
  const layout = new Set(
    components(ids, (t) => graph.neighbours(t))
      .filter((g) => g.length >= LAYOUT_MIN)
      .flat(),
  );
  const weights = new Map<number, (number[] | null)[]>();
  const meets = (t: number, h: number, other: readonly number[]): void => {
    const w = weights.get(t) ?? [null, null];
    w[h] = Array.from({ length: VALUES }, (_, v) => (w[h]?.[v] ?? 1) * ((1 - MISJOINED) * (other[v] ?? 0) + MISJOINED / VALUES));
    weights.set(t, w);
  };
  for (const c of graph.contacts) {
    if (!layout.has(c.a) || !layout.has(c.b) || !usable(c.a) || !usable(c.b)) continue;
    meets(c.a, c.ha, (reads[c.b].parts as number[][])[c.hb]);
    meets(c.b, c.hb, (reads[c.a].parts as number[][])[c.ha]);
  }
  return reads.map((r, t) => {
    const w = weights.get(t);
    return w ? reweighed(r, partWeight(w)) : r;
  });
}
