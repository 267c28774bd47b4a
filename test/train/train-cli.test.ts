/**
 * `npm run train -- --first-seed F --glare SHARE,GAIN`: the CPU trainer renders its training crops from
 * crop seed F on, glossier in a share of them (src/synth/crops.ts `glare`), as the GPU run's renderers
 * do (crop-shards.ts --glare); the card says so. Seeds that reach the validation crops' (800 on), and a
 * malformed --glare, are refused before anything is rendered.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'pips-train-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const train = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/train.ts'), ...args], { cwd: root, encoding: 'utf8' });

describe('npm run train -- --first-seed / --glare', () => {
  it('trains on glossier crops from the seed given, and the card names them', () => {
    const out = join(work, 'glossy');
    const r = train(['--quick', '--no-cache', '--count', '600', '--val-count', '300', '--epochs', '1', '--first-seed', '700', '--glare', '0.5,2.5', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const card = readFileSync(join(out, 'card.md'), 'utf8');
    expect(card).toMatch(/training: 600 crops, rendered, seeds 700-700 \(2000 crops a seed; in 0\.5 of them the tiles 2\.5 times as glossy\)/);
  }, 120_000);

  it('refuses training seeds that reach the validation crops, and a malformed --glare, before rendering', () => {
    const late = train(['--quick', '--count', '6000', '--first-seed', '798', '--out', join(work, 'late')]);
    expect(late.status).toBe(2);
    expect(late.stderr).toMatch(/--first-seed 798: the training crops' seeds \(798-800 for --count 6000\) must be whole and lie in 1-799/);
    for (const bad of ['2,1', '0.5', '0.5,0', 'x,y']) {
      const r = train(['--quick', '--glare', bad, '--out', join(work, 'bad')]);
      expect(r.status, bad).toBe(2);
      expect(r.stderr).toMatch(/--glare .*: a share of the crops \(0-1\) and a gain above 0/);
    }
  });
});
