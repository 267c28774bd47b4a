/** Seeds of the i-th item of a dataset: independent streams from one dataset seed. */
export function itemSeed(datasetSeed: number, index: number, salt = 0): number {
  let h = (datasetSeed ^ 0x9e3779b9) >>> 0;
  for (const v of [index, salt]) {
    h = Math.imul(h ^ v, 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
  }
  return h;
}

/**
 * itemSeed mixes the dataset seed and the index only after XOR-ing them, so itemSeed(a, i) equals
 * itemSeed(b, j) whenever a ^ i === b ^ j: dataset seeds are not independent streams. The tile
 * network's training scenes (dataset seeds 140-199, up to 900 each: keys a ^ i below 1,024) held 200
 * of the 300 scenes that `npm run eval` rendered from seed 1001 (keys 1001 ^ j, 512-1,023), the same
 * scene to the pixel wherever the family matched too. Evaluation scenes are therefore drawn with this
 * salt, which no dataset of training or development uses: a scene of another stream.
 */
export const HELD_OUT_SALT = 0x4e1d;

/** Seed of the i-th held-out evaluation scene of `datasetSeed` (never a training or dev scene's seed). */
export const heldOutSeed = (datasetSeed: number, index: number): number => itemSeed(datasetSeed, index, HELD_OUT_SALT);
