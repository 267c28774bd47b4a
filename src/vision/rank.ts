/**
 * Readings ranked by probability without an object per reading: a domino's 169 pairs of values and a
 * triangle's 156 tiles and turns are ranked for every look at a tile (read-table.ts), thousands of
 * times a still image.
 */

/**
 * Indices ordered by their values, largest first, equal values in index order: the order that
 * `Array.prototype.sort` (stable) gives with the comparator `(x, y) => y - x`, the same to the index,
 * found by a merge sort on typed arrays instead of a comparator called ~1,000 times.
 */
export function rankDescending(values: Float64Array): Int32Array {
  const n = values.length;
  let from = new Int32Array(n);
  let to = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let o = lo;
      // The right run's value goes first only where the comparator says so: y - x > 0.
      while (i < mid && j < hi) to[o++] = values[from[j]] - values[from[i]] > 0 ? from[j++] : from[i++];
      while (i < mid) to[o++] = from[i++];
      while (j < hi) to[o++] = from[j++];
    }
    const t = from;
    from = to;
    to = t;
  }
  return from;
}

/** Probabilities (`odds`, by reading) ranked most likely first. */
export class Ranked {
  readonly order: Int32Array;

  constructor(readonly odds: Float64Array) {
    this.order = rankDescending(odds);
  }

  get length(): number {
    return this.order.length;
  }

  /** The reading of rank k (an index into `odds`). */
  index(k: number): number {
    return this.order[k];
  }

  /** The probability of rank k. */
  at(k: number): number {
    return this.odds[this.order[k]];
  }

  /** The probabilities of rank k and after, added most likely first (from 0). */
  from(k: number): number {
    let sum = 0;
    for (let j = k; j < this.order.length; j++) sum += this.odds[this.order[j]];
    return sum;
  }

  /** The first `count` ranks other than `skip`, most likely first. */
  others(skip: number, count: number): number[] {
    const out: number[] = [];
    for (let j = 0; j < this.order.length && out.length < count; j++) if (j !== skip) out.push(j);
    return out;
  }
}
