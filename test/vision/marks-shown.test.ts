/**
 * What the picture shows of each tile's pips (`npm run eval`'s `marks-not-shown`): each scene drawn again
 * without its pips or numbers, the same to the last draw of the sensor noise, and each half or corner
 * judged by the largest change its marks made to the picture.
 */
import { describe, expect, it } from 'vitest';
import { renderScene, type SceneSpec } from '../../src/synth/scene';
import { heldOutSeed } from '../../src/synth/seeds';
import { SCENE_FAMILIES } from '../../src/synth/types';
import { hiddenParts, marksShown, SHOWN_BY, type TruthTileLike } from '../../src/vision/evaluate-reading';
import type { Point, Rgba } from '../../src/vision/types';

/** A grey picture of w x h with the pixels `mark` picks set to grey `g`. */
function picture(w: number, h: number, grey: number, mark: (x: number, y: number) => number | undefined = () => undefined): Rgba {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const g = mark(x, y) ?? grey;
      data.set([g, g, g, 255], (y * w + x) * 4);
    }
  return { width: w, height: h, data };
}

const dev = (seed: number, i: number): SceneSpec => {
  const s = heldOutSeed(seed, i);
  const [width, height] = s % 4 === 3 ? [1920, 1080] : [1280, 720];
  return { width, height, family: SCENE_FAMILIES[i % SCENE_FAMILIES.length], seed: s };
};

describe('marksShown', () => {
  const half = (x0: number): Point[] => [[x0, 10], [x0 + 40, 10], [x0 + 40, 50], [x0, 50]];
  const domino: TruthTileLike = { kind: 'domino', values: [2, 3], polygon: [[10, 10], [90, 10], [90, 50], [10, 50]], halves: [{ value: 2, polygon: half(10) }, { value: 3, polygon: half(50) }], half_px: 40 };
  const bare = picture(100, 60, 230);

  it('gives each half the largest change in grey its marks made, and a half whose marks made none 0', () => {
    // A pip on the right half only, 150 grey levels darker; a faint one (6 levels) on the left.
    const image = picture(100, 60, 230, (x, y) => (Math.hypot(x - 70, y - 30) < 5 ? 80 : Math.hypot(x - 30, y - 30) < 5 ? 224 : undefined));
    const shown = marksShown(image, bare, domino);
    expect(shown[0]).toBeCloseTo(6, 5);
    expect(shown[1]).toBeCloseTo(150, 5);
    expect(hiddenParts(domino, shown)).toBe(1); // the left half's 2 is not shown
    expect(hiddenParts({ values: [0, 3] }, shown)).toBe(0); // a blank has nothing to show
    expect(hiddenParts(domino, [SHOWN_BY + 0.5, 150])).toBe(0);
  });

  it('looks only inside the tile: a change beside it is not the tile\'s', () => {
    const image = picture(100, 60, 230, (x, y) => (x < 8 || y > 52 ? 0 : undefined));
    expect(marksShown(image, bare, domino)).toEqual([0, 0]);
  });

  it('gives a triangle\'s change to the corner it lies nearest', () => {
    const tri: TruthTileLike = { kind: 'triomino', values: [1, 2, 3], polygon: [[50, 5], [90, 55], [10, 55]], half_px: 20 };
    const image = picture(100, 60, 230, (x, y) => (Math.hypot(x - 78, y - 48) < 3 ? 100 : undefined)); // near the second corner
    const shown = marksShown(image, bare, tri);
    expect(shown[0]).toBe(0);
    expect(shown[1]).toBeCloseTo(130, 5);
    expect(shown[2]).toBe(0);
  });

  it('refuses two pictures of different sizes', () => {
    expect(() => marksShown(picture(10, 10, 0), picture(10, 11, 0), domino)).toThrow(/differ in size/);
  });
});

describe('a scene drawn without its marks', () => {
  it('is the same picture, to the sensor noise, away from the tiles\' faces', () => {
    const spec: SceneSpec = { ...dev(7401, 44), width: 640, height: 360 };
    const a = renderScene({ ...spec, bare: true });
    const b = a.bare as NonNullable<typeof a.bare>;
    const faces = a.truth.tiles.map((t) => t.polygon);
    let differ = 0;
    let far = 0;
    for (let y = 0; y < a.image.height; y++)
      for (let x = 0; x < a.image.width; x++) {
        const o = (y * a.image.width + x) * 4;
        if (a.image.data[o] === b.image.data[o] && a.image.data[o + 1] === b.image.data[o + 1] && a.image.data[o + 2] === b.image.data[o + 2]) continue;
        differ++;
        // Lens blur spreads a pip by a few pixels at most: every change lies on or next to a face.
        const near = faces.some((f) => {
          const cx = f.reduce((s, p) => s + p[0], 0) / f.length;
          const cy = f.reduce((s, p) => s + p[1], 0) / f.length;
          const r = Math.max(...f.map((p) => Math.hypot(p[0] - cx, p[1] - cy)));
          return Math.hypot(x - cx, y - cy) < r + 6;
        });
        if (!near) far++;
      }
    expect(differ).toBeGreaterThan(500); // the pips
    expect(far).toBe(0);
  });

  it('shows no pip of a table whose faces the lamp burns out, and every pip of one in plain light', () => {
    // Dev scenes (never trained on, not held out): 7401's 35th, white triangles and orange dominoes under
    // a lamp whose glare burns their faces out (read as "glare" at 0.001-0.3); its 44th, ivory dominoes on a dark cloth.
    const hidden = (spec: SceneSpec) => {
      const a = renderScene({ ...spec, bare: true });
      const b = a.bare as NonNullable<typeof a.bare>;
      const tiles = a.truth.tiles.filter((t) => !t.cut);
      return { hidden: tiles.reduce((s, t) => s + hiddenParts(t, marksShown(a.image, b.image, t)), 0), parts: tiles.reduce((s, t) => s + t.values.filter((v) => v > 0).length, 0) };
    };
    const burnt = hidden(dev(7401, 35));
    expect(burnt.hidden).toBeGreaterThan(0.8 * burnt.parts);
    expect(hidden(dev(7401, 44)).hidden).toBe(0);
  });
});
