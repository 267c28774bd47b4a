import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/rules/random';
import { encode as encodePngFile } from 'fast-png';
import { decodeImage, encodeJpeg, encodePng } from '../../src/synth/encode';
import { kelvinToRgb, sampleLighting } from '../../src/synth/lighting';
import { gaussianBlur, gaussianKernel } from '../../src/synth/blur';
import { applyPost, samplePost, type PostParams } from '../../src/synth/post';
import { contactSheet } from '../../src/synth/sheet';
import { makeTableSurface, renderTableBackground, TABLE_KINDS, type TableKind } from '../../src/synth/table';
import type { Image, Lighting } from '../../src/synth/types';

const W = 320;
const H = 180;
const LIGHT: Lighting = { direction: [0.3, 0.2, 0.93], colour: [1, 1, 1], intensity: 1, ambient: 0.3, softness: 0.5 };

/**
 * Image -> table homography of a pinhole camera `distance` mm from the origin, tilted `tiltDeg`
 * from straight down (toward +y), horizontal field of view `fovDeg`. A pixel's ray is
 * d = right (u - cx) / f + down (v - cy) / f + forward; it meets z = 0 at C - (Cz / dz) d.
 */
function tiltedView(width: number, height: number, tiltDeg: number, distance: number, fovDeg: number): number[] {
  const t = (tiltDeg * Math.PI) / 180;
  const f = width / 2 / Math.tan((fovDeg * Math.PI) / 360);
  const [cx, cy] = [width / 2, height / 2];
  const down = [0, -Math.cos(t), -Math.sin(t)];
  const fwd = [0, Math.sin(t), -Math.cos(t)];
  const C = [0, -distance * fwd[1], -distance * fwd[2]];
  // d as rows of (u, v, 1) coefficients per axis.
  const d = [0, 1, 2].map((k) => [k === 0 ? 1 / f : 0, down[k] / f, fwd[k] - (k === 0 ? cx / f : 0) - (down[k] * cy) / f]);
  const X = d[2].map((dz, i) => C[0] * dz - C[2] * d[0][i]);
  const Y = d[2].map((dz, i) => C[1] * dz - C[2] * d[1][i]);
  return [...X, ...Y, ...d[2]];
}
const OBLIQUE = tiltedView(W, H, 35, 250, 65);

function render(kind: TableKind, seed: number, light = LIGHT): Float32Array {
  const rng = createRng(seed);
  const surface = makeTableSurface(kind, rng, 400, 256);
  const out = new Float32Array(W * H * 3);
  renderTableBackground(out, W, H, OBLIQUE, surface, light);
  return out;
}

const quiet = (p: PostParams): PostParams => ({ ...p, shotNoise: 0, readNoise: 0, motion: 0, sharpen: 0, vignette: 0 });

function luminance(img: Image): Float64Array {
  const y = new Float64Array(img.width * img.height);
  for (let i = 0; i < y.length; i++) y[i] = 0.2126 * img.data[4 * i] + 0.7152 * img.data[4 * i + 1] + 0.0722 * img.data[4 * i + 2];
  return y;
}

/** Mean squared difference between horizontal and vertical neighbours: high-frequency energy. */
function edgeEnergy(img: Image): number {
  const y = luminance(img);
  let e = 0;
  for (let v = 0; v < img.height - 1; v++)
    for (let u = 0; u < img.width - 1; u++) {
      const i = v * img.width + u;
      e += (y[i + 1] - y[i]) ** 2 + (y[i + img.width] - y[i]) ** 2;
    }
  return e / (img.width * img.height);
}

describe('table surfaces', () => {
  it('renders the same bytes from the same seed', () => {
    for (const kind of TABLE_KINDS) {
      const a = render(kind, 11);
      const b = render(kind, 11);
      expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    }
  });

  it('spans dark and light tables: white cloth is bright, dark cloth is dark, over many seeds', () => {
    const lum = (kind: TableKind, seed: number): number => {
      const m = makeTableSurface(kind, createRng(seed), 400, 128).mean;
      return 0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2];
    };
    for (let seed = 1; seed <= 8; seed++) {
      expect(lum('white-tablecloth', seed)).toBeGreaterThan(0.55);
      expect(lum('dark-cloth', seed)).toBeLessThan(0.06);
      expect(lum('felt', seed)).toBeLessThan(0.25);
    }
  });

  it('gives each kind its own look: patterns are busy, felt is nearly plain, colours differ', () => {
    const contrast = (kind: TableKind, seed: number): number => {
      const s = makeTableSurface(kind, createRng(seed), 400, 128);
      const t = s.levels[0];
      let m = 0;
      let m2 = 0;
      for (let i = 0; i < t.length; i += 3) {
        const y = 0.2126 * t[i] + 0.7152 * t[i + 1] + 0.0722 * t[i + 2];
        m += y;
        m2 += y * y;
      }
      const n = t.length / 3;
      return Math.sqrt(m2 / n - (m / n) ** 2) / (m / n);
    };
    for (let seed = 1; seed <= 5; seed++) {
      expect(contrast('patterned-cloth', seed)).toBeGreaterThan(0.15);
      expect(contrast('felt', seed)).toBeLessThan(0.08);
    }
    const means = TABLE_KINDS.map((k) => makeTableSurface(k, createRng(3), 400, 128).mean);
    for (let i = 0; i < means.length; i++)
      for (let j = i + 1; j < means.length; j++) expect(Math.hypot(...means[i].map((v, c) => v - means[j][c]))).toBeGreaterThan(0.01);
  });

  it('lights the table with the key light: a warm light gives a warmer table than a cool one', () => {
    const warm = render('white-tablecloth', 4, { ...LIGHT, colour: kelvinToRgb(2700) });
    const cool = render('white-tablecloth', 4, { ...LIGHT, colour: kelvinToRgb(6500) });
    const ratio = (a: Float32Array): number => {
      let r = 0;
      let b = 0;
      for (let i = 0; i < a.length; i += 3) {
        r += a[i];
        b += a[i + 2];
      }
      return r / b;
    };
    expect(ratio(warm)).toBeGreaterThan(1.5 * ratio(cool));
  });
});

describe('lighting', () => {
  it('samples unit directions above the table, warm to cool, soft to hard', () => {
    const rng = createRng(2);
    const lights = Array.from({ length: 200 }, () => sampleLighting(rng));
    for (const l of lights) {
      expect(Math.hypot(...l.direction)).toBeCloseTo(1, 6);
      expect(l.direction[2]).toBeGreaterThan(0.3);
    }
    const redOverBlue = lights.map((l) => l.colour[0] / l.colour[2]);
    expect(Math.max(...redOverBlue)).toBeGreaterThan(3); // ~2700 K
    expect(Math.min(...redOverBlue)).toBeLessThan(1.2); // ~6500 K
    expect(Math.min(...lights.map((l) => l.softness))).toBeLessThan(0.1);
    expect(Math.max(...lights.map((l) => l.softness))).toBeGreaterThan(0.9);
  });
});

describe('camera post-processing and files', () => {
  const linear = render('patterned-cloth', 7);

  it('is deterministic down to the JPEG bytes', () => {
    const once = (): Uint8Array => {
      const rng = createRng(99);
      const p = samplePost(rng, LIGHT);
      return encodeJpeg(applyPost(linear, W, H, p, rng), p.jpegQuality);
    };
    expect(Buffer.from(once()).equals(Buffer.from(once()))).toBe(true);
  });

  it('blurs: a larger sigma leaves less high-frequency energy', () => {
    const base = quiet(samplePost(createRng(1)));
    const energy = [0, 0.8, 2].map((sigma) => edgeEnergy(applyPost(linear, W, H, { ...base, blurSigma: sigma }, createRng(1))));
    expect(energy[1]).toBeLessThan(0.7 * energy[0]);
    expect(energy[2]).toBeLessThan(0.7 * energy[1]);
  });

  it('blurs exactly as a direct convolution with the Gaussian kernel (edges clamped)', () => {
    const [w, h] = [23, 17];
    const rng = createRng(8);
    const src = Float32Array.from({ length: w * h * 3 }, () => rng.next());
    for (const sigma of [0.7, 1.2, 2]) {
      const dst = new Float32Array(src.length);
      gaussianBlur(src, dst, w, h, sigma);
      const k = gaussianKernel(sigma);
      const r = k.length - 1;
      const at = (x: number, y: number, c: number): number => src[(Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))) * 3 + c];
      for (const [x, y, c] of [[0, 0, 0], [5, 9, 1], [22, 16, 2], [11, 3, 0]]) {
        let sum = 0;
        for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) sum += k[Math.abs(dx)] * k[Math.abs(dy)] * at(x + dx, y + dy, c);
        expect(dst[(y * w + x) * 3 + c]).toBeCloseTo(sum, 5);
      }
    }
  });

  it('adds sensor noise that grows with the noise settings', () => {
    const flat = new Float32Array(W * H * 3).fill(0.2);
    const base = { ...quiet(samplePost(createRng(1))), blurSigma: 0 };
    const noisy = edgeEnergy(applyPost(flat, W, H, { ...base, shotNoise: 0.004, readNoise: 0.008 }, createRng(1)));
    expect(edgeEnergy(applyPost(flat, W, H, base, createRng(1)))).toBeLessThan(0.5);
    expect(noisy).toBeGreaterThan(4);
  });

  it('darkens the corners with vignetting', () => {
    const flat = new Float32Array(W * H * 3).fill(0.2);
    const base = { ...quiet(samplePost(createRng(1))), blurSigma: 0, meter: 0, exposure: 1, contrast: 0, gamma: 1 };
    const img = applyPost(flat, W, H, { ...base, vignette: 0.4 }, createRng(1));
    const y = luminance(img);
    expect(y[0]).toBeLessThan(0.85 * y[(H / 2) * W + W / 2]);
  });

  it('round-trips through JPEG with small error and through PNG exactly', () => {
    const rng = createRng(3);
    const img = applyPost(linear, W, H, quiet(samplePost(rng)), rng);
    const psnr = (bytes: Uint8Array): number => {
      const jpeg = decodeImage(bytes);
      expect([jpeg.width, jpeg.height]).toEqual([W, H]);
      let se = 0;
      for (let i = 0; i < img.data.length; i += 4) for (let c = 0; c < 3; c++) se += (img.data[i + c] - jpeg.data[i + c]) ** 2;
      return 10 * Math.log10((255 * 255) / (se / (W * H * 3)));
    };
    expect(psnr(encodeJpeg(img, 90))).toBeGreaterThan(33); // 4:2:0 halves the chroma resolution
    expect(psnr(encodeJpeg(img, 90, { chroma: '444' }))).toBeGreaterThan(38);
    expect(psnr(encodeJpeg(img, 90, { encoder: 'jpeg-js' }))).toBeGreaterThan(38);
    expect(psnr(encodeJpeg(img, 30))).toBeLessThan(psnr(encodeJpeg(img, 90)));
    const png = decodeImage(encodePng(img));
    expect(Buffer.from(png.data).equals(Buffer.from(img.data))).toBe(true);
  });

  it('encodes odd sizes (edge blocks padded) and a flat grey exactly enough', () => {
    const grey: Image = { width: 37, height: 23, data: new Uint8ClampedArray(37 * 23 * 4).fill(128) };
    const back = decodeImage(encodeJpeg(grey, 75));
    expect([back.width, back.height]).toEqual([37, 23]);
    for (let i = 0; i < back.data.length; i += 4) expect(Math.abs(back.data[i] - 128)).toBeLessThanOrEqual(1);
  });

  it('decodes grey PNGs of 1, 2 and 4 bits a pixel (rows padded to a byte) to 0-255', () => {
    const [W2, H2] = [11, 3]; // 11 pixels do not fill the last byte of a row at any of the depths
    const value = (x: number, y: number, max: number) => (x + 2 * y) % (max + 1);
    for (const depth of [1, 2, 4] as const) {
      const max = (1 << depth) - 1;
      const stride = Math.ceil((W2 * depth) / 8);
      const packed = new Uint8Array(stride * H2);
      for (let y = 0; y < H2; y++)
        for (let x = 0; x < W2; x++) packed[y * stride + ((x * depth) >> 3)] |= value(x, y, max) << (8 - depth - ((x * depth) & 7));
      const back = decodeImage(encodePngFile({ width: W2, height: H2, data: packed, channels: 1, depth }));
      for (let y = 0; y < H2; y++)
        for (let x = 0; x < W2; x++) {
          const o = (y * W2 + x) * 4;
          const grey = Math.round((value(x, y, max) * 255) / max);
          expect([...back.data.slice(o, o + 4)]).toEqual([grey, grey, grey, 255]);
        }
    }
  });

  it('rejects bytes that are neither JPEG nor PNG', () => {
    expect(() => decodeImage(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toThrow(/JPEG or PNG/);
  });
});

describe('contact sheet', () => {
  it('lays images on a grid of square cells, labelled', () => {
    const tile = (w: number, h: number, v: number): Image => ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4).fill(v) });
    const images = [tile(64, 32, 200), tile(20, 20, 100), tile(300, 100, 50), tile(10, 40, 250), tile(50, 50, 0)];
    const sheet = contactSheet(images, 3, 100, ['A-1', 'B|2', 'C', 'D', 'E']);
    expect([sheet.width, sheet.height]).toEqual([300, 200]);
    // The label box is black with white glyph pixels; the image fills the cell's middle.
    const at = (x: number, y: number): number => sheet.data[(y * sheet.width + x) * 4];
    expect(at(2, 2)).toBe(0);
    expect(at(50, 50)).toBe(200);
    expect(at(150, 50)).toBe(100);
    let white = 0;
    for (let y = 2; y < 16; y++) for (let x = 2; x < 30; x++) if (at(x, y) === 255) white++;
    expect(white).toBeGreaterThan(10);
  });
});
