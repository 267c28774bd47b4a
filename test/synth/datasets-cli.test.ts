/** `npm run datasets` as a person runs it: files appear, and the same arguments give the same bytes. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/datasets.ts'), ...args], { cwd: root, encoding: 'utf8' });

function sameFiles(a: string, b: string): boolean {
  const names = readdirSync(a).sort();
  expect(readdirSync(b).sort()).toEqual(names);
  return names.every((n) => readFileSync(join(a, n)).equals(readFileSync(join(b, n))));
}

describe('npm run datasets', () => {
  it('writes byte-identical scenes, truth and sheet for the same arguments', () => {
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'pips-scenes-')));
    for (const d of dirs) expect(run(['--kind', 'scenes', '--count', '2', '--seed', '9', '--size', '640x360', '--out', d, '--sheet']).status).toBe(0);
    expect(readdirSync(dirs[0]).sort()).toEqual(['scene-00000.jpg', 'scene-00000.json', 'scene-00001.jpg', 'scene-00001.json', 'sheet.png']);
    expect(sameFiles(dirs[0], dirs[1])).toBe(true);
    const truth = JSON.parse(readFileSync(join(dirs[0], 'scene-00001.json'), 'utf8'));
    expect(truth.image).toEqual({ width: 640, height: 360 });
    expect(truth.family).toBe('line');
  });

  it('writes byte-identical crops for the same arguments, with one label per crop', () => {
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'pips-crops-')));
    for (const d of dirs) expect(run(['--kind', 'crops', '--count', '60', '--seed', '4', '--out', d]).status).toBe(0);
    expect(sameFiles(dirs[0], dirs[1])).toBe(true);
    const meta = JSON.parse(readFileSync(join(dirs[0], 'crops.json'), 'utf8'));
    expect(meta.labels).toHaveLength(60);
    expect(readFileSync(join(dirs[0], 'crops.u8')).length).toBe(60 * 32 * 32 * 3);
  });

  it('refuses bad arguments with a message and exit 2', () => {
    const r = run(['--kind', 'pictures', '--count', '2', '--out', '/tmp/x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--kind must be crops or scenes/);
    expect(run(['--kind', 'scenes', '--count', 'many', '--out', '/tmp/x']).status).toBe(2);
  });
});
