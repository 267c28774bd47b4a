/**
 * Misreadings injected into a perfect reading, for the evaluation: one half (or corner) of one
 * tile read as another value, with the classifier's alternatives as a real one would give them —
 * the true reading second-best (the first alternative) for the misread tile; every other tile
 * read right, with two wrong alternatives of small probability.
 *
 * Probabilities: a misread tile is read with confidence 0.45-0.9 and its true reading gets 55-90%
 * of the rest; a tile read right has confidence 0.9-0.999 and its alternatives share 30-80% of
 * the rest. A wrong value is one pip off half the time (5 read as 6), any other value otherwise.
 */
import type { Rng } from '../../rules/random';
import type { ReadTile, TableReading } from '../types';

const between = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng.next();

/** A value other than v in 0..max: one off half the time. */
export function wrongValue(v: number, max: number, rng: Rng): number {
  if (rng.next() < 0.5) {
    const near = [v - 1, v + 1].filter((x) => x >= 0 && x <= max);
    return near[rng.int(near.length)];
  }
  const others = [...Array(max + 1).keys()].filter((x) => x !== v);
  return others[rng.int(others.length)];
}

function withValues(t: ReadTile, values: number[]): ReadTile {
  const out: ReadTile = { ...t, values: values.slice() };
  if (t.halves) out.halves = t.halves.map((h, k) => ({ ...h, value: values[k] }));
  return out;
}

/** A wrong reading of tile t: part k changed. */
function changedPart(t: ReadTile, max: number, rng: Rng, k = rng.int(t.values.length)): number[] {
  const v = t.values.slice();
  v[k] = wrongValue(v[k], max, rng);
  return v;
}

/** Every tile read right, with the classifier's small alternatives. */
export function withAlternatives(r: TableReading, max: number, rng: Rng): TableReading {
  return {
    ...r,
    tiles: r.tiles.map((t) => {
      const c = between(rng, 0.9, 0.999);
      const rest = (1 - c) * between(rng, 0.3, 0.8);
      const a = between(rng, 0.55, 0.9);
      return { ...t, confidence: c, alternatives: [{ values: changedPart(t, max, rng), confidence: rest * a }, { values: changedPart(t, max, rng), confidence: rest * (1 - a) }] };
    }),
  };
}

export interface Misreading {
  reading: TableReading;
  tile: number;
  part: number;
  /** The values as they truly are (the right fix). */
  truth: number[];
}

/**
 * Tile `tile` misread at part `part`; the true reading is its first alternative. `blind`: the
 * classifier is as sure of the misread tile as of the others (confidence 0.9-0.999, the truth
 * getting 30-80% of the rest), so only the rules single it out.
 */
export function misread(r: TableReading, tile: number, part: number, max: number, rng: Rng, blind = false): Misreading {
  const t = r.tiles[tile];
  const truth = t.values.slice();
  const wrong = changedPart(t, max, rng, part);
  const c = blind ? between(rng, 0.9, 0.999) : between(rng, 0.45, 0.9);
  const second = (1 - c) * (blind ? between(rng, 0.3, 0.8) : between(rng, 0.55, 0.9));
  const tiles = r.tiles.slice();
  tiles[tile] = {
    ...withValues(t, wrong),
    confidence: c,
    alternatives: [
      { values: truth, confidence: second },
      { values: changedPart(t, max, rng), confidence: (1 - c - second) * 0.7 },
    ],
  };
  return { reading: { ...r, tiles }, tile, part, truth };
}
