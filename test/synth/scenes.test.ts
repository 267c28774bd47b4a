/**
 * Every scene family renders, with ground truth a person could check against the picture:
 * polygons inside the image (or flagged cut), halves inside their tile, each tile of the set at
 * most once, and the laid-out families' positions accepted by the referee. Same seed, same bytes.
 */
import { describe, expect, it } from 'vitest';
import { referee } from '../../src/rules/referee';
import { encodeJpeg } from '../../src/synth/encode';
import { renderScene, sceneTruthOnly } from '../../src/synth/scene';
import { SCENE_FAMILIES, type Vec2 } from '../../src/synth/types';

const insideImage = (p: Vec2, w: number, h: number) => p[0] >= -0.05 && p[1] >= -0.05 && p[0] <= w + 0.05 && p[1] <= h + 0.05;

/** Point in convex polygon, with a tolerance in pixels. */
function inConvex(p: Vec2, poly: Vec2[], tol = 0.3): boolean {
  let sign = 0;
  for (let k = 0; k < poly.length; k++) {
    const [x0, y0] = poly[k];
    const [x1, y1] = poly[(k + 1) % poly.length];
    const len = Math.hypot(x1 - x0, y1 - y0);
    const d = ((x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)) / len;
    if (Math.abs(d) <= tol) continue;
    const s = Math.sign(d);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

describe('synthetic scenes', () => {
  for (const family of SCENE_FAMILIES) {
    it(`${family}: ground truth is consistent with itself and the rules`, () => {
      for (let seed = 1; seed <= 3; seed++) {
        const { image, truth } = renderScene({ width: 640, height: 360, family, seed: seed * 7919 + family.length });
        expect(image.data.length).toBe(640 * 360 * 4);
        expect(truth.family).toBe(family);
        const seen = new Set<string>();
        for (const t of truth.tiles) {
          if (!t.cut) for (const p of t.polygon) expect(insideImage(p, 640, 360)).toBe(true);
          for (const h of t.halves ?? []) for (const p of h.polygon) expect(inConvex(p, t.polygon)).toBe(true);
          expect(t.values.length).toBe(t.kind === 'domino' ? 2 : 3);
          const key = `${t.kind}:${[...t.values].sort((a, b) => a - b).join('-')}`;
          if (family !== 'mixed') {
            expect(seen.has(key)).toBe(false);
            seen.add(key);
          }
        }
        if (truth.position) {
          const q = { game: truth.game, ruleset: truth.ruleset ?? 'default', set: truth.set, seats: truth.seats, position: truth.position, ask: 'legal-moves' };
          expect(() => referee(q)).not.toThrow();
        }
      }
    });
  }

  it('the same seed gives byte-identical pictures and truth', () => {
    const a = renderScene({ width: 320, height: 180, family: 'line', seed: 42 });
    const b = renderScene({ width: 320, height: 180, family: 'line', seed: 42 });
    expect(Buffer.from(encodeJpeg(a.image, 85)).equals(Buffer.from(encodeJpeg(b.image, 85)))).toBe(true);
    expect(JSON.stringify(a.truth)).toBe(JSON.stringify(b.truth));
    const c = renderScene({ width: 320, height: 180, family: 'line', seed: 43 });
    expect(Buffer.from(a.image.data).equals(Buffer.from(c.image.data))).toBe(false);
  });

  it('a tilt range gives a camera tilted within it and the same scene otherwise (eval --tilt)', () => {
    const tilts: number[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const spec = { width: 640, height: 360, family: 'cross' as const, seed: seed * 104729 };
      const free = sceneTruthOnly(spec);
      const steep = sceneTruthOnly({ ...spec, tiltDeg: [30, 40] });
      expect(steep.camera.tilt_deg).toBeGreaterThanOrEqual(30);
      expect(steep.camera.tilt_deg).toBeLessThanOrEqual(40);
      tilts.push(steep.camera.tilt_deg);
      // Layout, set, look, table and yaw are drawn as without the range: the camera's tilt (and so
      // where the tiles fall in the picture) differs.
      expect(steep.set).toBe(free.set);
      expect(steep.camera.yaw_deg).toBe(free.camera.yaw_deg);
      expect(JSON.stringify(steep.render)).toBe(JSON.stringify(free.render));
      expect(steep.position).toBeDefined();
      expect(JSON.stringify(steep.position)).toBe(JSON.stringify(free.position));
    }
    // Spread across the range, not pinned to one end.
    expect(Math.max(...tilts) - Math.min(...tilts)).toBeGreaterThan(5);
    const flat = sceneTruthOnly({ width: 640, height: 360, family: 'line', seed: 5, tiltDeg: [0, 0] });
    expect(flat.camera.tilt_deg).toBe(0);
  });

  it("a still camera's later frames are the same table with fresh sensor noise (eval --steady, bench)", () => {
    const spec = { width: 320, height: 180, family: 'line' as const, seed: 42 };
    const one = renderScene(spec);
    const three = renderScene({ ...spec, laterFrames: 2 });
    expect(one.later).toEqual([]);
    expect(Buffer.from(three.image.data).equals(Buffer.from(one.image.data))).toBe(true); // the first frame as without them
    expect(three.later).toHaveLength(2);
    const meanDiff = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;
    for (const frame of three.later) {
      expect(frame.width).toBe(320);
      const d = meanDiff(frame.data, one.image.data);
      expect(d).toBeGreaterThan(0.05); // not the same picture...
      expect(d).toBeLessThan(6); // ...but only noise apart
    }
    expect(Buffer.from(three.later[0].data).equals(Buffer.from(three.later[1].data))).toBe(false);
    const other = renderScene({ ...spec, seed: 43 });
    expect(meanDiff(other.image.data, one.image.data)).toBeGreaterThan(6); // another table is far more apart
  });
});
