/**
 * `npm run analyze` as a person runs it: readings as JSON Lines in the order given, a missing file
 * reported without losing the others, a phone photo stored sideways read as it is seen, and
 * `--overlay` pictures with the tiles outlined where the reading puts them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeImage, encodeJpeg } from '../../src/synth/encode';
import { applyOrientation } from '../../src/vision/orientation';
import type { TableReading } from '../../src/vision/types';

const root = join(import.meta.dirname, '..', '..');
const scenes = join(root, 'datasets', 'fixtures', 'scenes');
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/analyze.ts'), ...args], { cwd: root, encoding: 'utf8' });

/** A JPEG with an EXIF block saying how to turn it (APP1 right after the start marker; one IFD entry, big-endian). */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]; // "Exif\0\0"
  const app1 = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  return new Uint8Array([...jpeg.slice(0, 2), ...app1, ...jpeg.slice(2)]);
}

describe('npm run analyze', () => {
  it('reads every image in order, reports a missing one on stderr with exit 2, and outlines the tiles of each (EXIF turns applied)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pips-analyze-'));
    // Scene 1 as a phone stores a picture taken sideways: the pixels turned, EXIF orientation 6 to turn them back.
    const seen = decodeImage(new Uint8Array(readFileSync(join(scenes, 'scene-00001.jpg'))));
    const sideways = join(dir, 'sideways.jpg');
    writeFileSync(sideways, withOrientation(encodeJpeg(applyOrientation(seen, 8), 92), 6));
    const overlays = join(dir, 'overlays');
    // A second picture named like the first, from another folder: its overlay must not replace the first's.
    const again = join(dir, 'again');
    mkdirSync(again);
    copyFileSync(join(scenes, 'scene-00004.jpg'), join(again, 'scene-00000.jpg'));
    const r = run(['--json', '--overlay', overlays, join(scenes, 'scene-00000.jpg'), join(dir, 'missing.jpg'), sideways, join(again, 'scene-00000.jpg')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('missing.jpg: no such file');
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as TableReading);
    expect(lines).toHaveLength(3);
    expect(readdirSync(overlays).sort()).toEqual(['scene-00000-2.overlay.png', 'scene-00000.overlay.png', 'sideways.overlay.png']);
    // In the order given: the hand of 17 tiles, the line of 23, the triangles' 37 (a tile more or less is the reader's business, not the command's).
    lines.forEach((l, k) => expect(Math.abs(l.tiles.length - [17, 23, 37][k])).toBeLessThanOrEqual(1));
    const [, turned] = lines;
    expect(turned.image).toEqual({ width: 1280, height: 720 });

    const overlay = decodeImage(new Uint8Array(readFileSync(join(overlays, 'sideways.overlay.png'))));
    expect([overlay.width, overlay.height]).toEqual([1280, 720]);
    expect(readFileSync(join(overlays, 'scene-00000.overlay.png')).length).toBeGreaterThan(0);
    // Every sure tile's edges are drawn in green where the reading puts them, on the picture as seen.
    const pixel = (img: typeof overlay, [x, y]: number[]) => Array.from(img.data.slice((Math.round(y) * img.width + Math.round(x)) * 4, (Math.round(y) * img.width + Math.round(x)) * 4 + 3));
    let green = 0;
    let sure = 0;
    for (const t of turned.tiles.filter((x) => x.confidence >= 0.9)) {
      const [a, b] = t.polygon;
      const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      sure++;
      if (pixel(overlay, mid).join() === '0,200,60') green++;
    }
    expect(sure).toBeGreaterThan(15);
    expect(green).toBe(sure);
    // Away from the outlines the picture is the photo's, the right way up.
    const corner = pixel(overlay, [5, 5]);
    pixel(seen, [5, 5]).forEach((v, k) => expect(Math.abs(corner[k] - v)).toBeLessThan(24));
  }, 180_000);

  it('refuses an overlay folder it cannot make, before reading anything', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pips-analyze-'));
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const r = run(['--overlay', join(file, 'inside'), join(scenes, 'scene-00000.jpg')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--overlay .*cannot make that folder/);
    expect(r.stdout).toBe('');
  });

  it('refuses a game it does not know, naming the games, before reading anything', () => {
    const r = run(['--game', 'poker', join(scenes, 'scene-00000.jpg')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--game poker: no such game; one of .*matador/);
    expect(r.stdout).toBe('');
  });
});
