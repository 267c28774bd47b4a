/**
 * Contact sheets a person can look at: scene thumbnails with the ground-truth outlines drawn on
 * top (green dominoes, blue triangles, red where cut by the border), and grids of crops.
 */
import type { Scene } from './scene';
import { contactSheet } from './sheet';
import type { Image, Vec2 } from './types';

/** Nearest-neighbour downscale (thumbnails only). */
function downscale(img: Image, width: number): Image {
  const height = Math.round((img.height * width) / img.width);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.floor(((x + 0.5) * img.width) / width);
      const sy = Math.floor(((y + 0.5) * img.height) / height);
      const s = (sy * img.width + sx) * 4;
      const d = (y * width + x) * 4;
      data[d] = img.data[s];
      data[d + 1] = img.data[s + 1];
      data[d + 2] = img.data[s + 2];
      data[d + 3] = 255;
    }
  return { width, height, data };
}

function line(img: Image, a: Vec2, b: Vec2, rgb: [number, number, number]): void {
  const n = Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]))) + 1;
  for (let k = 0; k <= n; k++) {
    const x = Math.round(a[0] + ((b[0] - a[0]) * k) / n);
    const y = Math.round(a[1] + ((b[1] - a[1]) * k) / n);
    if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
    const o = (y * img.width + x) * 4;
    img.data[o] = rgb[0];
    img.data[o + 1] = rgb[1];
    img.data[o + 2] = rgb[2];
  }
}

export function sceneSheet(scenes: Scene[], thumbWidth = 480): Image {
  const thumbs = scenes.map((s) => {
    const t = downscale(s.image, thumbWidth);
    const k = thumbWidth / s.image.width;
    for (const tile of s.truth.tiles) {
      const colour: [number, number, number] = tile.cut ? [255, 40, 40] : tile.kind === 'domino' ? [40, 255, 80] : [60, 140, 255];
      const poly = tile.polygon.map(([x, y]): Vec2 => [x * k, y * k]);
      poly.forEach((p, i) => line(t, p, poly[(i + 1) % poly.length], colour));
      if (tile.halves) {
        const h = tile.halves[0].polygon.map(([x, y]): Vec2 => [x * k, y * k]);
        line(t, h[1], h[2], colour); // the divider
      }
    }
    return t;
  });
  const labels = scenes.map((s) => `${s.truth.family} ${s.truth.tiles.length}`);
  return contactSheet(thumbs, Math.min(4, Math.max(1, thumbs.length)), thumbWidth, labels);
}

export function cropSheet(batch: { pixels: Uint8Array; labels: { value: number }[] }, size: number, max = 400): Image {
  const n = Math.min(max, batch.labels.length);
  const cells: Image[] = [];
  for (let i = 0; i < n; i++) {
    const data = new Uint8ClampedArray(size * size * 4);
    for (let p = 0; p < size * size; p++) {
      data[p * 4] = batch.pixels[(i * size * size + p) * 3];
      data[p * 4 + 1] = batch.pixels[(i * size * size + p) * 3 + 1];
      data[p * 4 + 2] = batch.pixels[(i * size * size + p) * 3 + 2];
      data[p * 4 + 3] = 255;
    }
    cells.push({ width: size, height: size, data });
  }
  return contactSheet(cells, 20, size * 2, batch.labels.slice(0, n).map((l) => String(l.value)));
}
