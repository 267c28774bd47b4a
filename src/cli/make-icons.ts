/**
 * The app's icons (issue 7 §4, the PWA manifest): a white domino 6|6-style tile with pips on the
 * app's green, drawn pixel by pixel with 4x4 supersampling and written as PNG (fast-png), plus a
 * maskable variant with the safe-zone margin. Deterministic; run `npm run icons` after a change.
 *
 *   public/icons/icon-192.png, icon-512.png, maskable-512.png, apple-touch-icon.png (180)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { encode } from 'fast-png';

type Rgb = [number, number, number];
const GREEN: Rgb = [31, 111, 74];
const TILE: Rgb = [255, 253, 246];
const INK: Rgb = [29, 27, 22];
const GOLD: Rgb = [245, 183, 0];

/** The colour at (x, y) in a unit square, or null outside the icon (transparent corners). */
function paint(x: number, y: number, maskable: boolean): Rgb | null {
  const r = maskable ? 0 : 0.18;
  if (!inRoundRect(x, y, 0, 0, 1, 1, r)) return null;
  const s = maskable ? 0.62 : 0.8; // the tile's share of the icon: maskable keeps to the safe zone
  const w = 0.42 * s;
  const h = 0.84 * s;
  const x0 = 0.5 - w / 2;
  const y0 = 0.5 - h / 2;
  if (!inRoundRect(x, y, x0, y0, w, h, w * 0.16)) return GREEN;
  if (Math.abs(y - 0.5) < h * 0.012 && Math.abs(x - 0.5) < w * 0.38) return INK;
  const pip = w * 0.1;
  // Top half: five (corners and middle); bottom half: six, the first pip lit as in the kids' count.
  const top: [number, number][] = [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]];
  const bottom: [number, number][] = [[0.25, 0.2], [0.75, 0.2], [0.25, 0.5], [0.75, 0.5], [0.25, 0.8], [0.75, 0.8]];
  for (const [half, pips] of [[0, top], [1, bottom]] as const) {
    for (const [i, [px, py]] of pips.entries()) {
      const cx = x0 + px * w;
      const cy = y0 + (half * h) / 2 + py * (h / 2);
      if (Math.hypot(x - cx, y - cy) < pip) return half === 1 && i === 0 ? GOLD : INK;
    }
  }
  return TILE;
}

function inRoundRect(x: number, y: number, x0: number, y0: number, w: number, h: number, r: number): boolean {
  if (x < x0 || y < y0 || x > x0 + w || y > y0 + h) return false;
  const dx = Math.max(x0 + r - x, 0, x - (x0 + w - r));
  const dy = Math.max(y0 + r - y, 0, y - (y0 + h - r));
  return dx * dx + dy * dy <= r * r;
}

export function renderIcon(size: number, maskable = false): Uint8Array {
  const data = new Uint8Array(size * size * 4);
  const ss = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let j = 0; j < ss; j++) {
        for (let i = 0; i < ss; i++) {
          const c = paint((x + (i + 0.5) / ss) / size, (y + (j + 0.5) / ss) / size, maskable);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a++;
        }
      }
      const o = (y * size + x) * 4;
      if (a > 0) [data[o], data[o + 1], data[o + 2]] = [r / a, g / a, b / a].map(Math.round);
      data[o + 3] = Math.round((a / (ss * ss)) * 255);
    }
  }
  return encode({ width: size, height: size, data, channels: 4, depth: 8 });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(import.meta.dirname, '..', '..', 'public', 'icons');
  mkdirSync(dir, { recursive: true });
  const out: [string, number, boolean][] = [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['maskable-512.png', 512, true],
    ['apple-touch-icon.png', 180, true],
  ];
  for (const [name, size, maskable] of out) writeFileSync(join(dir, name), renderIcon(size, maskable));
  console.log(`wrote ${out.length} icons to ${dir}`);
}
