/**
 * The dominoes on a table come from one set (rules.md: every game is played with one double-6,
 * double-9 or double-12 set), and the other dominoes tell which: on a table of twenty tiles that show
 * nothing above 6, a half the classifier reads as 8 (and only a little less as 6) is a 6. Values are not
 * forced: each pair of values is weighed by how likely it is on the set the *other* dominoes show
 * (`setWeight`, which leaves room for a tile of another box), so a half read surely as 8 stays 8.
 *
 * The model (no constant fitted to any scene): a set up to n holds (n+1)(n+2)/2 tiles, one of each, so
 * a domino lies as the ordered pair (a, b) with probability 1/((n+1)(n+2)), a double (a, a) twice that
 * (one tile, both ways round the same); the classifier's half probabilities are likelihoods up to a
 * factor (it learnt from every value alike), so a domino seen with half probabilities p0, p1 is that
 * likely on set n: (Σ_{a,b≤n} p0(a) p1(b) + Σ_{a≤n} p0(a) p1(a)) / ((n+1)(n+2)). Measured on dev
 * scenes against every ordered pair alike (1/(n+1)²): 3 dominoes and 1 pip total more of 420 scenes,
 * none fewer. The three sets are alike before any tile is seen. A tile is
 * read again only where the others make one set this sure (`SURE_SET`): one tile alone, or a few
 * low ones, leave the readings as the classifier made them.
 */
import { oddsFromLogs, reweighed, type Read, type ValuesWeight } from './realign';

/** The highest value of each domino set (double-6, double-9, double-12). */
export const SET_MAXIMA = [6, 9, 12] as const;

/** A tile is read on the set the others show once they make it this likely. */
export const SURE_SET = 0.99;

/** Log-likelihood of a domino's half probabilities on the set up to `n`, up to a term the sets share. */
export function onSet(parts: readonly (readonly number[])[], n: number): number {
  const within = parts.map((p) => p.reduce((s, x, v) => (v <= n ? s + x : s), 0));
  let same = 0; // a double: one tile of the set, as likely as both orders of any other pair
  for (let v = 0; v <= n; v++) same += (parts[0][v] ?? 0) * (parts[1][v] ?? 0);
  return Math.log(Math.max(1e-300, within[0] * within[1] + same)) - Math.log((n + 1) * (n + 2));
}

/**
 * The share of a table's dominoes taken to be of some other box (a double-12 set's tiles alike): an assumption,
 * not a fit. It keeps a half the classifier reads surely as 8 (at 1 - 1e-4 against 6) an 8 on a table
 * of double-6 tiles, where the position's checks then flag it, instead of turning it into a 6 unseen.
 */
export const OTHER_BOX = 0.01;

/** How likely each pair of values is before looking, with each set as likely as `odds` says. */
export function setWeight(odds: readonly number[]): ValuesWeight {
  return ([a, b]) => {
    const d = a === b ? 2 : 1;
    return SET_MAXIMA.reduce((w, n, i) => (a <= n && b <= n ? w + (d * (1 - OTHER_BOX) * odds[i]) / ((n + 1) * (n + 2)) : w), (d * OTHER_BOX) / (13 * 14));
  };
}

/**
 * The readings with every domino weighed by the set the other dominoes show, where they show one
 * surely; triangles, and dominoes read without half probabilities, are passed through.
 */
export function oneDominoSet(reads: readonly Read[]): Read[] {
  const lik = reads.map((r) => (r.tile.kind === 'domino' && r.parts && r.weighed ? SET_MAXIMA.map((n) => onSet(r.parts as number[][], n)) : null));
  const total = SET_MAXIMA.map((_, i) => lik.reduce((s, l) => s + (l ? l[i] : 0), 0));
  return reads.map((r, t) => {
    const own = lik[t];
    if (!own) return r;
    const odds = oddsFromLogs(total.map((s, i) => s - own[i])); // each set's odds from the others' word only: a tile is not its own evidence
    if (Math.max(...odds) < SURE_SET) return r;
    return reweighed(r, setWeight(odds));
  });
}
