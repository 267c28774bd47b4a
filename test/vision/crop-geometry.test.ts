/**
 * Cutting a crop (crop-geometry.ts): every byte is the bilinear sample of the image at the crop
 * map's point, rounded to the nearest byte, with the nearest edge pixel repeated outside the image.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cornerCropMap, cutCrop, halfCropMap, turnedMap, type CropMap, type Point } from '../../src/vision/crop-geometry';

const W = 40;
const H = 30;
const SIZE = 8;
const image = Uint8ClampedArray.from({ length: W * H * 4 }, (_, i) => (i * 2654435761) >>> 24);

/** The sample written out plainly: clamp, four neighbours, bilinear weights, Math.round. */
function sample(x: number, y: number, ch: number): number {
  const fx = Math.min(W - 1, Math.max(0, x - 0.5));
  const fy = Math.min(H - 1, Math.max(0, y - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(W - 1, x0 + 1);
  const y1 = Math.min(H - 1, y0 + 1);
  const at = (px: number, py: number) => image[(py * W + px) * 4 + ch];
  const ax = fx - x0;
  const ay = fy - y0;
  return Math.round((at(x0, y0) * (1 - ax) + at(x1, y0) * ax) * (1 - ay) + (at(x0, y1) * (1 - ax) + at(x1, y1) * ax) * ay);
}

describe('cutting a crop', () => {
  it('rounds every bilinear sample to the nearest byte, also off the image and on half-pixel points', () => {
    // Points on a half-pixel grid put many samples exactly halfway between two bytes.
    const coord = fc.integer({ min: -20, max: 100 }).map((v) => v / 2);
    const quad = fc.tuple(...Array.from({ length: 4 }, () => fc.tuple(coord, coord)));
    fc.assert(
      fc.property(quad, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (q, k, turns) => {
        const corners = q as Point[];
        const map = turnedMap(k === 3 ? halfCropMap(corners, SIZE) : cornerCropMap(corners.slice(0, 3), k, SIZE), SIZE, turns);
        const out = new Uint8Array(SIZE * SIZE * 3);
        cutCrop(image, W, H, map, SIZE, out);
        const p: Point = [0, 0];
        for (let y = 0; y < SIZE; y++)
          for (let x = 0; x < SIZE; x++) {
            map(x + 0.5, y + 0.5, p);
            for (let ch = 0; ch < 3; ch++) expect(out[(y * SIZE + x) * 3 + ch]).toBe(sample(p[0], p[1], ch));
          }
      }),
    );
  });

  it("takes every pixel centre from a map's grid exactly as from the map called pixel by pixel", () => {
    const coord = fc.double({ min: -50, max: 150, noNaN: true });
    const quad = fc.tuple(...Array.from({ length: 4 }, () => fc.tuple(coord, coord)));
    fc.assert(
      fc.property(quad, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.constantFrom(SIZE, 12, 32), (q, k, turns, again, size) => {
        const corners = q as Point[];
        const once = turnedMap(k === 3 ? halfCropMap(corners, size) : cornerCropMap(corners.slice(0, 3), k, size), size, turns);
        const map = again ? turnedMap(once, size, again) : once; // turned twice too
        const plain: CropMap = (x, y, out) => map(x + 0, y + 0, out); // the same map without a grid
        expect(map.grid).toBeDefined(); // also a map turned twice
        for (const n of [size, 5]) {
          const grid = new Float64Array(2 * n * n);
          map.grid?.(n, grid);
          const p: Point = [0, 0];
          for (let y = 0, o = 0; y < n; y++)
            for (let x = 0; x < n; x++, o += 2) {
              map(x + 0.5, y + 0.5, p);
              expect([grid[o], grid[o + 1]]).toEqual(p);
            }
        }
        const [a, b] = [new Uint8Array(size * size * 3 + 5), new Uint8Array(size * size * 3 + 5)];
        cutCrop(image, W, H, map, size, a, 5);
        cutCrop(image, W, H, plain, size, b, 5);
        expect(a).toEqual(b);
      }),
    );
  });
});
