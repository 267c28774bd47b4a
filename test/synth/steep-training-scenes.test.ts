/**
 * Training scenes seen by steep cameras (`segmenter-shards.ts --tilt LO,HI`, for a GPU run with more
 * steep views than the renderer's mix): the range parsed as the eval parses it, the scenes drawn at
 * that tilt under their own file names, and a bad range refused with a message.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTiltRange } from '../../src/synth/scene';
import { trainingScene } from '../../src/train/segmenter-data';
import { loadOpenCv } from '../../src/vision/opencv';

const root = join(import.meta.dirname, '..', '..');
const shards = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/train/segmenter-shards.ts'), ...args], { cwd: root, encoding: 'utf8' });

describe('steep training scenes', () => {
  it('parses LO,HI in degrees and refuses anything else', () => {
    expect(parseTiltRange('25,40')).toEqual([25, 40]);
    expect(parseTiltRange('0, 6')).toEqual([0, 6]);
    for (const bad of ['30', '40,25', '0,45', '-1,10', ',5', 'a,b', '10,20,30']) expect(() => parseTiltRange(bad), bad).toThrow(/--tilt wants LO,HI/);
  });

  it('draws the same table seen at the tilt asked for', async () => {
    const cv = await loadOpenCv();
    const mixed = trainingScene(cv, 7, 3);
    const steep = trainingScene(cv, 7, 3, [32, 38]);
    expect(steep.truth.camera.tilt_deg).toBeGreaterThanOrEqual(32);
    expect(steep.truth.camera.tilt_deg).toBeLessThanOrEqual(38);
    expect(steep.truth.tiles.map((t) => t.values)).toEqual(mixed.truth.tiles.map((t) => t.values));
    expect(steep.labels.some((l) => l !== 0)).toBe(true);
  });

  it('writes steep scenes under their own names and refuses a bad range', () => {
    const out = mkdtempSync(join(tmpdir(), 'pips-shards-'));
    const r = shards(['--seed', '7', '--count', '1', '--from', '3', '--out', out, '--tilt', '32,38']);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(out)).toEqual(['7-3-tilt32-38.bin']);
    const b = readFileSync(join(out, '7-3-tilt32-38.bin'));
    const [w, h] = [b.readUInt32LE(0), b.readUInt32LE(4)];
    expect(b.length).toBe(8 + 6 * w * h); // RGB, class, depth and contact planes
    const bad = shards(['--seed', '7', '--count', '1', '--out', out, '--tilt', '30']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--tilt wants LO,HI/);
    expect(readdirSync(out)).toEqual(['7-3-tilt32-38.bin']);
  });
});
