import { describe, expect, it } from 'vitest';
import { sceneTruthOnly } from '../../src/synth/scene';
import { itemSeed } from '../../src/synth/seeds';
import { sceneConditions, TILT_GROUPS, tiltGroup } from '../../src/vision/evaluate-reading';

describe('the conditions a rendered scene was seen under (the eval table by condition)', () => {
  it('groups the camera tilt at 6, 20 and 30 degrees, up to the renderer’s 40', () => {
    expect([0, 5.9, 6, 19.9, 20, 29.9, 30, 40].map(tiltGroup)).toEqual(['0-6°', '0-6°', '6-20°', '6-20°', '20-30°', '20-30°', '30-40°', '30-40°']);
    expect(TILT_GROUPS).toHaveLength(4);
  });

  it('reads set, table, looks and tilt from what the renderer wrote in the truth', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const truth = sceneTruthOnly({ width: 1280, height: 720, family: i % 2 ? 'trains' : 'triomino', seed: itemSeed(77, i, 3559) });
      const c = sceneConditions(truth);
      const render = truth.render as { table: string; look: { domino: { name: string }; triomino: { name: string } } };
      expect(c).toEqual({ tilt: tiltGroup(truth.camera.tilt_deg), set: truth.set, table: render.table, look: { domino: render.look.domino.name, triomino: render.look.triomino.name } });
      expect(TILT_GROUPS).toContain(c.tilt);
      for (const label of [c.set, c.table, c.look.domino, c.look.triomino]) expect(label).not.toBe('unknown');
      seen.add(c.tilt);
      seen.add(c.set);
    }
    // 24 scenes cover more than one tilt group and both sets asked for.
    expect([...seen].filter((s) => s.endsWith('°')).length).toBeGreaterThan(1);
    expect(seen).toContain('triomino');
  });

  it('says "unknown" for a truth written without the renderer’s look (another tool’s scene)', () => {
    expect(sceneConditions({ set: 'double-9', camera: { tilt_deg: 33 }, render: {} })).toEqual({ tilt: '30-40°', set: 'double-9', table: 'unknown', look: { domino: 'unknown', triomino: 'unknown' } });
  });
});
