/**
 * A fake-camera video for Chromium (`--use-file-for-fake-video-capture=FILE.y4m`): YUV4MPEG2,
 * 4:2:0, BT.601 studio range (what Chromium's capture path assumes for I420; ffmpeg's default),
 * written in TS from RGBA frames so CI needs no ffmpeg. Chromium plays the file at its frame rate
 * and loops it.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

export interface RgbaFrame {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** One frame as I420 planes: Y (w x h), then U and V (w/2 x h/2, 2x2 averages). */
export function toI420(f: RgbaFrame): Uint8Array {
  const { width: w, height: h, data } = f;
  const cw = w >> 1;
  const ch = h >> 1;
  const out = new Uint8Array(w * h + 2 * cw * ch);
  for (let i = 0; i < w * h; i++) {
    const r = data[i * 4];
    const g = data[i * 4 + 1];
    const b = data[i * 4 + 2];
    out[i] = Math.round(16 + 0.2568 * r + 0.5041 * g + 0.0979 * b);
  }
  const u0 = w * h;
  const v0 = u0 + cw * ch;
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const i = ((2 * y + dy) * w + 2 * x + dx) * 4;
        r += data[i];
        g += data[i + 1];
        b += data[i + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      out[u0 + y * cw + x] = Math.round(128 - 0.1482 * r - 0.291 * g + 0.4392 * b);
      out[v0 + y * cw + x] = Math.round(128 + 0.4392 * r - 0.3678 * g - 0.0714 * b);
    }
  return out;
}

/** Writes `frames`, each shown for `repeat` video frames at `fps`, to `file`. All frames must share one even size. */
export function writeY4m(file: string, frames: RgbaFrame[], { fps = 1, repeat = 2 } = {}): void {
  if (frames.length === 0) throw new Error('writeY4m: no frames');
  const { width, height } = frames[0];
  if (width % 2 || height % 2) throw new Error(`writeY4m: 4:2:0 needs an even size, not ${width}x${height}`);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    for (const f of frames) {
      if (f.width !== width || f.height !== height) throw new Error('writeY4m: frames differ in size');
      const planes = toI420(f);
      for (let k = 0; k < repeat; k++) {
        writeSync(fd, 'FRAME\n');
        writeSync(fd, planes);
      }
    }
  } finally {
    closeSync(fd);
  }
}
