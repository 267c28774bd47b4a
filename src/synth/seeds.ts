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
