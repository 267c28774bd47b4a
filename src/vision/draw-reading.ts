/**
 * A reading drawn on the picture it came from: every tile's outline and a domino's divider, in a
 * colour the caller chooses per tile (the CLI colours them by confidence, as the app does). For
 * looking at what the camera saw outside the app (`npm run analyze -- --overlay DIR`); coordinates
 * are those of the reading, i.e. of the image with its EXIF orientation applied.
 */
import type { Point, ReadTile, Rgba, TableReading } from './types';

export type Colour = readonly [number, number, number];

/** A copy of `image` with each tile of `reading` outlined in `colourOf(tile)`; lines ~1/400 of the short side thick. */
export function drawReading(image: Rgba, reading: TableReading, colourOf: (t: ReadTile) => Colour): Rgba {
  if (reading.image.width !== image.width || reading.image.height !== image.height)
    throw new Error(`the reading is of a ${reading.image.width}x${reading.image.height} image, not ${image.width}x${image.height}`);
  const out: Rgba = { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
  const r = Math.max(0, Math.round(Math.min(image.width, image.height) / 800)); // pen radius
  for (const t of reading.tiles) {
    const c = colourOf(t);
    const lines: [Point, Point][] = t.polygon.map((p, k) => [p, t.polygon[(k + 1) % t.polygon.length]]);
    // A domino's divider: the edge its two halves share (half 0's second side).
    if (t.halves?.length === 2) lines.push([t.halves[0].polygon[1], t.halves[0].polygon[2]]);
    for (const [a, b] of lines) line(out, a, b, r, c);
  }
  return out;
}

function line(img: Rgba, a: Point, b: Point, r: number, c: Colour): void {
  const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) * 2));
  for (let s = 0; s <= steps; s++) {
    const x = Math.round(a[0] + ((b[0] - a[0]) * s) / steps);
    const y = Math.round(a[1] + ((b[1] - a[1]) * s) / steps);
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const px = x + dx;
        const py = y + dy;
        if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
        const o = (py * img.width + px) * 4;
        img.data[o] = c[0];
        img.data[o + 1] = c[1];
        img.data[o + 2] = c[2];
        img.data[o + 3] = 255;
      }
  }
}
