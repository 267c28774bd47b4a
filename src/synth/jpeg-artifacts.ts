/**
 * JPEG's losses without its file format: YCbCr, 2x2 chroma subsampling, 8x8 DCT, quantisation with
 * the standard tables scaled by quality (IJG formula), and back. The crops use it in place of an
 * encode/decode round trip (jpeg-js builds its Huffman tables on every call: ~1.5 ms per crop).
 */
import { CHROMA_QUANT as CHROMA, LUMA_QUANT as LUMA } from './jpeg-tables';
import type { Image } from './types';


// cos((2x + 1) u pi / 16) * c(u) / 2, the 8-point DCT-II basis.
const BASIS = new Float32Array(64);
for (let u = 0; u < 8; u++) for (let x = 0; x < 8; x++) BASIS[u * 8 + x] = (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);

function scaledTable(base: number[], quality: number): Float32Array {
  const q = Math.max(1, Math.min(100, quality));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return Float32Array.from(base, (v) => Math.max(1, Math.min(255, Math.floor((v * scale + 50) / 100))));
}

const tmp = new Float32Array(64);
const coef = new Float32Array(64);

/** Quantise one w x h plane (values 0..255) in place, block by block. */
function quantisePlane(plane: Float32Array, w: number, h: number, table: Float32Array): void {
  for (let by = 0; by < h; by += 8)
    for (let bx = 0; bx < w; bx += 8) {
      // Forward DCT: rows then columns (edge blocks repeat their last pixel, as encoders pad).
      for (let y = 0; y < 8; y++)
        for (let u = 0; u < 8; u++) {
          let s = 0;
          for (let x = 0; x < 8; x++) s += BASIS[u * 8 + x] * (plane[Math.min(h - 1, by + y) * w + Math.min(w - 1, bx + x)] - 128);
          tmp[y * 8 + u] = s;
        }
      for (let v = 0; v < 8; v++)
        for (let u = 0; u < 8; u++) {
          let s = 0;
          for (let y = 0; y < 8; y++) s += BASIS[v * 8 + y] * tmp[y * 8 + u];
          coef[v * 8 + u] = Math.round(s / table[v * 8 + u]) * table[v * 8 + u];
        }
      // Inverse DCT back into the block.
      for (let v = 0; v < 8; v++)
        for (let x = 0; x < 8; x++) {
          let s = 0;
          for (let u = 0; u < 8; u++) s += BASIS[u * 8 + x] * coef[v * 8 + u];
          tmp[v * 8 + x] = s;
        }
      for (let y = 0; y < 8 && by + y < h; y++)
        for (let x = 0; x < 8 && bx + x < w; x++) {
          let s = 0;
          for (let v = 0; v < 8; v++) s += BASIS[v * 8 + y] * tmp[v * 8 + x];
          plane[(by + y) * w + bx + x] = s + 128;
        }
    }
}

/** The image as a JPEG of this quality would bring it back. */
export function jpegArtifacts(img: Image, quality: number): Image {
  const { width: w, height: h } = img;
  const cw = Math.ceil(w / 2);
  const ch = Math.ceil(h / 2);
  const Y = new Float32Array(w * h);
  const Cb = new Float32Array(cw * ch);
  const Cr = new Float32Array(cw * ch);
  const d = img.data;
  for (let i = 0; i < w * h; i++) {
    const r = d[i * 4];
    const g = d[i * 4 + 1];
    const b = d[i * 4 + 2];
    Y[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    const c = ((i / w) >> 1) * cw + ((i % w) >> 1);
    Cb[c] += (128 - 0.168736 * r - 0.331264 * g + 0.5 * b) / 4;
    Cr[c] += (128 + 0.5 * r - 0.418688 * g - 0.081312 * b) / 4;
  }
  // Edge chroma cells that got fewer than 4 samples are rescaled.
  if (w % 2 || h % 2)
    for (let y = 0; y < ch; y++)
      for (let x = 0; x < cw; x++) {
        const n = (Math.min(2, w - 2 * x)) * (Math.min(2, h - 2 * y));
        if (n < 4) {
          Cb[y * cw + x] *= 4 / n;
          Cr[y * cw + x] *= 4 / n;
        }
      }
  quantisePlane(Y, w, h, scaledTable(LUMA, quality));
  const ct = scaledTable(CHROMA, quality);
  quantisePlane(Cb, cw, ch, ct);
  quantisePlane(Cr, cw, ch, ct);
  const out = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const c = ((i / w) >> 1) * cw + ((i % w) >> 1);
    const y = Y[i];
    const cb = Cb[c] - 128;
    const cr = Cr[c] - 128;
    out[i * 4] = y + 1.402 * cr;
    out[i * 4 + 1] = y - 0.344136 * cb - 0.714136 * cr;
    out[i * 4 + 2] = y + 1.772 * cb;
    out[i * 4 + 3] = 255;
  }
  return { width: w, height: h, data: out };
}
