/**
 * `npm run eval -- --true-outlines`: the rendered scenes read from their tiles' true outlines, so what
 * the reading loses on its own can be told from what finding the tiles loses. `--live`: read as the
 * live camera reads frames; `--steady`: as the app reads a table that stays as it is. `--errors`: what
 * went wrong, scene by scene and photo by photo.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeJpeg } from '../../src/synth/encode';
import { renderScene } from '../../src/synth/scene';
import { itemSeed } from '../../src/synth/seeds';

const root = join(import.meta.dirname, '..', '..');
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/eval.ts'), ...args], { cwd: root, encoding: 'utf8' });
const figure = (out: string, name: string): string => (out.match(new RegExp(`^${name}: (.*)$`, 'm')) ?? [])[1] ?? '';

describe('npm run eval -- --true-outlines / --live / --steady / --errors', () => {
  it('reads every tile where the scene has it: each outline handed in is read, and none is added', () => {
    const r = run(['--only', 'vision', '--no-real', '--seed', '2001', '--scenes', '2', '--true-outlines']);
    expect(r.status, r.stderr).toBe(0);
    expect(figure(r.stdout, 'outlines')).toMatch(/^true/);
    expect(figure(r.stdout, 'detection-precision')).toBe('100.00%');
    expect(figure(r.stdout, 'detection-recall')).toBe('100.00%');
    expect(parseFloat(figure(r.stdout, 'domino-accuracy'))).toBeGreaterThan(90);
    // Two scene figures: the pip total read right, and (stricter) every tile read right.
    const [total, every] = ['scenes-pip-total-exact', 'scenes-every-tile-right'].map((k) => parseFloat(figure(r.stdout, k)));
    expect(every).toBeGreaterThanOrEqual(0);
    expect(total).toBeGreaterThanOrEqual(every);
    // What the pictures show of the pips: these two scenes' lamps burn no face out, so every scene shows every pip.
    expect(figure(r.stdout, 'marks-not-shown')).toMatch(/^0 of [1-9]\d* halves and corners with pips, in 0 scenes \(no pixel changed by more than 10 grey levels\)$/);
    expect(figure(r.stdout, 'scenes-pip-total-exact-where-shown')).toBe(`${figure(r.stdout, 'scenes-pip-total-exact')} (of 2 scenes that show every pip)`);
  });

  it('--live reads the scenes as the live camera reads frames, and says so; --errors lists the scenes whose pip total is wrong', () => {
    const r = run(['--only', 'vision', '--no-real', '--seed', '2001', '--scenes', '2', '--live', '--errors']);
    expect(r.status, r.stderr).toBe(0);
    expect(figure(r.stdout, 'read-as')).toBe('live frames');
    // As many scenes listed as the pip-total figure leaves wrong, each with what went wrong in it.
    const wrong = Number(figure(r.stdout, 'scenes with the pip total wrong'));
    expect(wrong).toBe(Math.round(2 * (1 - parseFloat(figure(r.stdout, 'scenes-pip-total-exact')) / 100)));
    const listed = r.stdout.split('scenes with the pip total wrong')[1].split('\n').slice(1).filter(Boolean);
    expect(listed.filter((l) => l.startsWith('scene ')).length).toBe(wrong);
    for (const l of listed) expect(l).toMatch(/^scene \d+ .*: pip total read \d+, truth \d+( \(\d+ halves or corners with pips not shown\))?$|^ {2}(missed|false|misread) (domino|triomino) /);
    // One camera's reader: each scene, a new table, is noticed as one and looked at afresh.
    expect(figure(r.stdout, 'live-looks')).toMatch(/^first 2 .*region 0/);
    expect(parseFloat(figure(r.stdout, 'detection-recall'))).toBeGreaterThan(90);
    expect(figure(run(['--only', 'vision', '--no-real', '--seed', '2001', '--scenes', '1']).stdout, 'read-as')).toBe('still images');
  });

  it('--errors lists each photo not read right, with what it holds and what was read', () => {
    // Two copies of one rendered photo of a domino (rendered: the real photos are for the figures only),
    // the second labelled as another tile.
    const dir = mkdtempSync(join(tmpdir(), 'pips-photos-'));
    try {
      const scene = renderScene({ width: 200, height: 200, family: 'hand', seed: itemSeed(860, 97), halfPx: [40, 45], layout: { set: 'double-6', tileCount: 1 } });
      const truth = [...scene.truth.tiles[0].values].sort((a, b) => a - b).join('-');
      const other = truth === '0-0' ? '1-1' : '0-0';
      for (const f of ['right.jpg', 'wrong.jpg']) writeFileSync(join(dir, f), encodeJpeg(scene.image, scene.jpegQuality));
      writeFileSync(join(dir, 'labels.csv'), `file,tile\nright.jpg,${truth}\nwrong.jpg,${other}\n`);
      const r = run(['--only', 'vision', '--scenes', '0', '--real', dir, '--errors']);
      expect(r.status, r.stderr).toBe(0);
      expect(figure(r.stdout, 'real-photos-tile-accuracy')).toBe('50.00%');
      expect(r.stdout.split('photos not read right:\n')[1].trim()).toBe(`wrong.jpg: ${other} read ${truth}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--steady reads each scene as the second frame of a camera over it, and says so', () => {
    const r = run(['--only', 'vision', '--no-real', '--seed', '2001', '--scenes', '2', '--steady']);
    expect(r.status, r.stderr).toBe(0);
    expect(figure(r.stdout, 'read-as')).toBe('live frames, each the second of its table');
    // Each second frame seen through the box around the first's tiles, unless that box covers most of the frame.
    expect(figure(r.stdout, 'live-looks')).toMatch(/\), region [12], unchanged 0$/);
    expect(parseFloat(figure(r.stdout, 'detection-recall'))).toBeGreaterThan(90);
  });
});
