/**
 * Contact sheets for `--sheet`: many images on one grid, each fitted into a square cell (box
 * filtered when shrunk, nearest-neighbour when enlarged so small crops stay crisp), with an
 * optional label in a built-in 3x5 pixel font drawn at 2x.
 */
import type { Image } from './types';

/** Glyph rows top to bottom, one octal digit per row (4 = left pixel, 1 = right pixel). */
const FONT: Record<string, string> = {
  '0': '75557', '1': '26227', '2': '71747', '3': '71317', '4': '55711', '5': '74717', '6': '74757', '7': '71122',
  '8': '75757', '9': '75717', A: '25755', B: '65656', C: '34443', D: '65556', E: '74647', F: '74644', G: '34553',
  H: '55755', I: '72227', J: '11152', K: '55655', L: '44447', M: '57755', N: '75555', O: '25552', P: '65644',
  Q: '25563', R: '65655', S: '34216', T: '72222', U: '55557', V: '55552', W: '55775', X: '55255', Y: '55222',
  Z: '71247', '-': '00700', '|': '22222', '.': '00002', ':': '02020', '/': '11244', _: '00007', ' ': '00000',
};

const BACKGROUND = 24;
const GAP = 2;
const SCALE = 2;

export function contactSheet(images: Image[], columns: number, cell: number, labels?: string[]): Image {
  const rows = Math.max(1, Math.ceil(images.length / columns));
  const width = columns * cell;
  const height = rows * cell;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = BACKGROUND;
    data[i + 1] = BACKGROUND;
    data[i + 2] = BACKGROUND;
    data[i + 3] = 255;
  }
  const sheet: Image = { width, height, data };
  images.forEach((img, k) => {
    const x0 = (k % columns) * cell;
    const y0 = Math.floor(k / columns) * cell;
    drawFitted(sheet, img, x0 + GAP, y0 + GAP, cell - 2 * GAP);
    const label = labels?.[k];
    if (label) drawLabel(sheet, label, x0 + GAP, y0 + GAP);
  });
  return sheet;
}

/** Draws `img` scaled to fit a box x box square at (x0, y0), centred. */
function drawFitted(dst: Image, img: Image, x0: number, y0: number, box: number): void {
  const s = Math.max(img.width, img.height) / box; // source pixels per sheet pixel
  const w = Math.max(1, Math.round(img.width / s));
  const h = Math.max(1, Math.round(img.height / s));
  const ox = x0 + ((box - w) >> 1);
  const oy = y0 + ((box - h) >> 1);
  for (let y = 0; y < h; y++) {
    const sy0 = Math.min(img.height - 1, Math.floor(y * s));
    const sy1 = Math.max(sy0 + 1, Math.min(img.height, Math.floor((y + 1) * s)));
    for (let x = 0; x < w; x++) {
      const sx0 = Math.min(img.width - 1, Math.floor(x * s));
      const sx1 = Math.max(sx0 + 1, Math.min(img.width, Math.floor((x + 1) * s)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0; sx < sx1; sx++) {
          const i = (sy * img.width + sx) * 4;
          r += img.data[i];
          g += img.data[i + 1];
          b += img.data[i + 2];
        }
      }
      const n = (sy1 - sy0) * (sx1 - sx0);
      const o = ((oy + y) * dst.width + ox + x) * 4;
      dst.data[o] = r / n;
      dst.data[o + 1] = g / n;
      dst.data[o + 2] = b / n;
    }
  }
}

/** White text on a black box; unknown characters are drawn as blanks, lower case as upper. */
export function drawLabel(dst: Image, text: string, x0: number, y0: number): void {
  const chars = text.toUpperCase().split('');
  const advance = 4 * SCALE;
  const boxW = Math.min(dst.width - x0, chars.length * advance + SCALE * 2);
  const boxH = Math.min(dst.height - y0, 7 * SCALE);
  fillRect(dst, x0, y0, boxW, boxH, 0);
  chars.forEach((ch, k) => {
    const glyph = FONT[ch] ?? FONT[' '];
    for (let row = 0; row < 5; row++) {
      const bits = glyph.charCodeAt(row) - 48;
      for (let col = 0; col < 3; col++) {
        if (bits & (4 >> col)) fillRect(dst, x0 + SCALE * 2 + k * advance + col * SCALE, y0 + SCALE + row * SCALE, SCALE, SCALE, 255);
      }
    }
  });
}

function fillRect(dst: Image, x0: number, y0: number, w: number, h: number, v: number): void {
  for (let y = Math.max(0, y0); y < Math.min(dst.height, y0 + h); y++) {
    for (let x = Math.max(0, x0); x < Math.min(dst.width, x0 + w); x++) {
      const o = (y * dst.width + x) * 4;
      dst.data[o] = v;
      dst.data[o + 1] = v;
      dst.data[o + 2] = v;
    }
  }
}
