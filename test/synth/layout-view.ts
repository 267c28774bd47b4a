/**
 * A top-down debug picture of layouts (not the renderer): each domino half and each triangle
 * corner region filled with a colour per value and its number written in, laid tiles outlined
 * black, open hands blue, loose tiles grey. Chains are drawn as a red thread through the tiles.
 *
 *   npx tsx test/synth/layout-view.ts line 1 2 3      -> /tmp/layout-line-1.png ...
 */
import { writeFileSync } from 'node:fs';
import { encode } from 'fast-png';
import { createRng } from '../../src/rules/random';
import { generateLayout, type LayoutResult } from '../../src/synth/layouts';
import { dominoCorners, triominoCorners } from '../../src/synth/tile-geometry';
import type { SceneFamily, Vec2 } from '../../src/synth/types';

const PALETTE: [number, number, number][] = [
  [240, 240, 240], [230, 80, 80], [80, 170, 80], [80, 110, 230], [230, 200, 60], [200, 90, 200], [70, 200, 210],
  [240, 150, 60], [150, 110, 70], [160, 160, 160], [120, 200, 120], [200, 130, 160], [110, 110, 190],
];
// 3 x 5 digits, rows top to bottom, bit 2 = left column.
const FONT = [
  [7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7], [5, 5, 7, 1, 1],
  [7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1], [7, 5, 7, 5, 7], [7, 5, 7, 1, 7],
];

class Canvas {
  data: Uint8Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.data = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) this.data.set([40, 90, 60, 255], i * 4);
  }
  set(x: number, y: number, c: readonly number[]): void {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    this.data.set([c[0], c[1], c[2], 255], (y * this.w + x) * 4);
  }
  fillPoly(p: Vec2[], c: readonly number[]): void {
    const xs = p.map((q) => q[0]);
    const ys = p.map((q) => q[1]);
    for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++)
      for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x++) if (inside([x + 0.5, y + 0.5], p)) this.set(x, y, c);
  }
  line(a: Vec2, b: Vec2, c: readonly number[]): void {
    const n = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1])) + 1;
    for (let i = 0; i <= n; i++) this.set(Math.round(a[0] + ((b[0] - a[0]) * i) / n), Math.round(a[1] + ((b[1] - a[1]) * i) / n), c);
  }
  outline(p: Vec2[], c: readonly number[]): void {
    p.forEach((q, i) => this.line(q, p[(i + 1) % p.length], c));
  }
  text(s: string, cx: number, cy: number, k: number): void {
    const w = s.length * 4 * k - k;
    s.split('').forEach((ch, i) =>
      FONT[Number(ch)].forEach((row, r) => {
        for (let col = 0; col < 3; col++)
          if ((row >> (2 - col)) & 1)
            for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) this.set(Math.round(cx - w / 2 + (i * 4 + col) * k + dx), Math.round(cy - 2.5 * k + r * k + dy), [0, 0, 0]);
      }),
    );
  }
}

function inside(p: Vec2, poly: Vec2[]): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i];
    const [x1, y1] = poly[(i + 1) % poly.length];
    const s = Math.sign((x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0));
    if (s === 0) continue;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

const mid = (a: Vec2, b: Vec2): Vec2 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

export function drawLayout(layout: LayoutResult, file: string, size = 1400): void {
  const e = layout.extentMm;
  const scale = Math.min(size / (e.maxX - e.minX + 60), size / (e.maxY - e.minY + 60));
  const w = Math.ceil((e.maxX - e.minX + 60) * scale);
  const h = Math.ceil((e.maxY - e.minY + 60) * scale);
  const px = ([x, y]: Vec2): Vec2 => [(x - e.minX + 30) * scale, (e.maxY + 30 - y) * scale];
  const cv = new Canvas(w, h);
  const k = Math.max(1, Math.round(scale * 1.6));
  layout.tiles.forEach((t, i) => {
    const role = layout.roles[i].role;
    const edge = role === 'laid' ? [0, 0, 0] : role === 'hand' ? [0, 0, 255] : [120, 120, 120];
    if (t.kind === 'domino') {
      const c = dominoCorners(t);
      c.halves.forEach((half, j) => {
        const p = half.map(px);
        cv.fillPoly(p, PALETTE[t.values[j]]);
        const m = mid(mid(p[0], p[2]), mid(p[1], p[3]));
        cv.text(String(t.values[j]), m[0], m[1], k);
      });
      cv.outline(c.outline.map(px), edge);
      cv.line(px(c.halves[0][2]), px(c.halves[0][3]), edge);
    } else {
      const c = triominoCorners(t).map(px);
      const g: Vec2 = [(c[0][0] + c[1][0] + c[2][0]) / 3, (c[0][1] + c[1][1] + c[2][1]) / 3];
      c.forEach((q, j) => {
        cv.fillPoly([q, mid(q, c[(j + 1) % 3]), g, mid(q, c[(j + 2) % 3])], PALETTE[t.values[j]]);
        const at = mid(q, g);
        cv.text(String(t.values[j]), at[0], at[1], k);
      });
      cv.outline(c, edge);
    }
  });
  for (const chain of layout.chains)
    for (let i = 1; i < chain.tiles.length; i++) {
      const a = layout.tiles[chain.tiles[i - 1]];
      const b = layout.tiles[chain.tiles[i]];
      cv.line(px([a.x, a.y]), px([b.x, b.y]), [255, 0, 0]);
    }
  writeFileSync(file, encode({ width: w, height: h, data: cv.data, channels: 4 }));
}

if (process.argv[1]?.endsWith('layout-view.ts')) {
  const family = process.argv[2] as SceneFamily;
  for (const seed of process.argv.slice(3).map(Number)) {
    const layout = generateLayout(family, createRng(seed));
    const file = `/tmp/layout-${family}-${seed}.png`;
    drawLayout(layout, file);
    console.log(file, layout.tiles.length, 'tiles', layout.game ?? '', layout.seats ?? '', JSON.stringify(layout.position ?? {}).slice(0, 200));
  }
}
