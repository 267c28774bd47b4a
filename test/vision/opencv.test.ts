import { beforeAll, describe, expect, it } from 'vitest';
import { liveMats, loadOpenCv, MatScope, openCv, withMats, type Cv } from '../../src/vision/opencv';

let cv: Cv;
beforeAll(async () => {
  cv = await loadOpenCv();
});

describe('OpenCV.js loading and Mat hygiene', () => {
  it('loads once and hands out the same module, which can be awaited safely', async () => {
    expect(await loadOpenCv()).toBe(cv);
    expect(openCv()).toBe(cv);
    expect((cv as unknown as { then?: unknown }).then).toBeUndefined();
  });

  it('counts Mats made by constructors, methods and vectors until they are deleted', () => {
    const start = liveMats();
    const a = new cv.Mat(4, 4, cv.CV_8UC1);
    const b = a.clone();
    const v = new cv.MatVector();
    v.push_back(a);
    const c = v.get(0);
    expect(liveMats()).toBe(start + 3);
    for (const m of [a, b, c, v]) m.delete();
    expect(liveMats()).toBe(start);
  });

  it('deletes everything a scope made, even when the stage throws', () => {
    const start = liveMats();
    expect(() =>
      withMats((s) => {
        s.mat(8, 8, cv.CV_8UC1, [0]);
        s.track(s.mat(2, 2, cv.CV_32F).clone());
        throw new Error('stage failed');
      }),
    ).toThrow('stage failed');
    expect(liveMats()).toBe(start);
  });

  it('lets a Mat outlive its scope when released', () => {
    const start = liveMats();
    const scope = new MatScope(cv);
    const kept = scope.release(scope.mat(3, 3, cv.CV_8UC1));
    scope.dispose();
    expect(liveMats()).toBe(start + 1);
    kept.delete();
    expect(liveMats()).toBe(start);
  });
});
