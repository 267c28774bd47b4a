/**
 * Image files: JPEG (our baseline encoder with webcam-like 4:2:0 chroma, or jpeg-js at 4:4:4;
 * neither writes timestamps, so the same image gives the same bytes), PNG (fast-png), and
 * decoding either back to RGBA for tests and tools.
 */
import { convertIndexedToRgb, decode as decodePngFile, encode as encodePngFile } from 'fast-png';
import jpeg from 'jpeg-js';
import { encodeBaselineJpeg, type ChromaSampling } from './jpeg-encoder';
import type { Image } from './types';

export interface JpegOptions {
  /**
   * 'fast' (default): jpeg-encoder.ts, 25 ms for 1280x720 at q85 with 4:2:0, as a webcam's MJPEG.
   * 'jpeg-js': the jpeg-js package, 4:4:4 only, ~50 ms.
   */
  encoder?: 'fast' | 'jpeg-js';
  /** Chroma subsampling of the fast encoder (default '420'). */
  chroma?: ChromaSampling;
}

export function encodeJpeg(img: Image, quality: number, options: JpegOptions = {}): Uint8Array {
  const q = Math.max(1, Math.min(100, Math.round(quality)));
  if (options.encoder !== 'jpeg-js') return encodeBaselineJpeg(img, q, options.chroma ?? '420');
  const { data } = jpeg.encode({ width: img.width, height: img.height, data: img.data }, q);
  // jpeg-js returns a Node Buffer (a Uint8Array) in Node and a Uint8Array in the browser.
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export function encodePng(img: Image): Uint8Array {
  return encodePngFile({ width: img.width, height: img.height, data: img.data, channels: 4, depth: 8 });
}

const isPng = (b: Uint8Array): boolean => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array): boolean => b.length > 3 && b[0] === 0xff && b[1] === 0xd8;

/** Decodes a JPEG or PNG file to 8-bit RGBA; throws on anything else. */
export function decodeImage(bytes: Uint8Array): Image {
  if (isJpeg(bytes)) {
    const d = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
    return { width: d.width, height: d.height, data: new Uint8ClampedArray(d.data.buffer, d.data.byteOffset, d.data.byteLength) };
  }
  if (isPng(bytes)) return pngToRgba(decodePngFile(bytes));
  throw new Error('not a JPEG or PNG image');
}

/** Any PNG (grey of 1-16 bits, grey+alpha, RGB, RGBA of 8 or 16 bits, palette) to 8-bit RGBA. */
function pngToRgba(p: ReturnType<typeof decodePngFile>): Image {
  const { width, height } = p;
  const palette = p.palette !== undefined;
  const src = palette ? convertIndexedToRgb(p) : p.depth < 8 ? unpackGrey(p.data, width, height, p.depth) : p.data;
  const ch = palette ? p.palette![0].length : p.channels;
  const shift = !palette && p.depth === 16 ? 8 : 0;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const o = i * 4;
    const s = i * ch;
    const grey = ch < 3;
    out[o] = src[s] >> shift;
    out[o + 1] = (grey ? src[s] : src[s + 1]) >> shift;
    out[o + 2] = (grey ? src[s] : src[s + 2]) >> shift;
    out[o + 3] = ch === 2 || ch === 4 ? src[s + ch - 1] >> shift : 255;
  }
  return { width, height, data: out };
}

/** Grey of 1, 2 or 4 bits a pixel, packed from the high bits, each row starting on a byte: one byte a pixel, 0-255. */
function unpackGrey(packed: ArrayLike<number>, width: number, height: number, depth: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const stride = Math.ceil((width * depth) / 8);
  const max = (1 << depth) - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const v = (packed[y * stride + (bit >> 3)] >> (8 - depth - (bit & 7))) & max;
      out[y * width + x] = Math.round((v * 255) / max);
    }
  return out;
}
