import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/rules/random';
import { digitDistance, digitGrids } from '../../src/synth/digits';
import { PIP_LAYOUTS, pipLayout, pipRadius } from '../../src/synth/pips';
import { DOMINO_STYLE_NAMES, sampleDominoStyle, sampleTriominoStyle } from '../../src/synth/styles';
import { renderDominoTexture, textureToImage } from '../../src/synth/tile-texture';
import { renderTriominoTexture } from '../../src/synth/triomino-texture';
import type { DominoStyle, Lighting, TileTexture, TriominoStyle } from '../../src/synth/types';

const lightFrom = (azimuthDeg: number, elevationDeg: number, softness = 0.3): Lighting => {
  const a = (azimuthDeg * Math.PI) / 180;
  const e = (elevationDeg * Math.PI) / 180;
  return { direction: [Math.cos(e) * Math.cos(a), Math.cos(e) * Math.sin(a), Math.sin(e)], colour: [1, 1, 1], intensity: 0.9, ambient: 0.3, softness };
};

const lum = (t: TileTexture, i: number): number => 0.2126 * t.rgb[i * 3] + 0.7152 * t.rgb[i * 3 + 1] + 0.0722 * t.rgb[i * 3 + 2];

/** Centroids of 4-connected blobs (>= 3 texels) of texels where `pick` holds, inside a box. */
function blobs(t: TileTexture, box: [number, number, number, number], pick: (i: number) => boolean): [number, number][] {
  const [x0, y0, x1, y1] = box;
  const seen = new Uint8Array(t.width * t.height);
  const found: [number, number][] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const start = y * t.width + x;
      if (seen[start] || !pick(start)) continue;
      const stack = [start];
      seen[start] = 1;
      let n = 0;
      let sx = 0;
      let sy = 0;
      while (stack.length) {
        const i = stack.pop()!;
        const px = i % t.width;
        const py = (i - px) / t.width;
        n++;
        sx += px;
        sy += py;
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const qx = px + dx;
          const qy = py + dy;
          if (qx < x0 || qy < y0 || qx >= x1 || qy >= y1) continue;
          const j = qy * t.width + qx;
          if (!seen[j] && pick(j)) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
      if (n >= 3) found.push([sx / n + 0.5, sy / n + 0.5]);
    }
  }
  return found;
}

/** Dark blobs in each half, away from the bevel and the divider. */
function pipsPerHalf(t: TileTexture, h: number): [number, number] {
  const all = Array.from({ length: t.width * t.height }, (_, i) => lum(t, i)).sort((a, b) => a - b);
  const body = all[all.length >> 1]; // the median texel is body: pips cover under a third
  const dark = (i: number): boolean => t.alpha[i] > 0.5 && lum(t, i) < 0.4 * body;
  const m = Math.ceil(0.07 * h) + 1;
  return [blobs(t, [m, m, h - 3, h - m], dark).length, blobs(t, [h + 3, m, 2 * h - m, h - m], dark).length];
}

function ivory(seed: number): DominoStyle {
  // Matte, painted divider, no rivet: only the pips are dark inside the halves.
  return { ...sampleDominoStyle(createRng(seed), 'double-12', 'ivory'), gloss: 0, divider: 'painted', rivet: false };
}

describe('pip layouts', () => {
  it('have as many pips as the value, inside the half and apart', () => {
    for (let v = 0; v <= 12; v++) {
      for (const turned of [false, true]) {
        const pips = pipLayout(v, turned);
        expect(pips).toHaveLength(v);
        const r = pipRadius(v);
        for (const [x, y] of pips) {
          expect(Math.min(x, y, 1 - x, 1 - y)).toBeGreaterThan(r + 0.02);
        }
        for (let i = 0; i < v; i++) for (let j = i + 1; j < v; j++) expect(Math.hypot(pips[i][0] - pips[j][0], pips[i][1] - pips[j][1])).toBeGreaterThan(2 * r + 0.05);
      }
    }
    expect(PIP_LAYOUTS).toHaveLength(13);
  });
});

describe('domino texture', () => {
  it('shows as many dark pips in each half as its value, 0..12, under varied light', () => {
    for (let v = 0; v <= 12; v++) {
      for (const [seed, az, el] of [[1, 30, 60], [2, 200, 45], [3, 120, 80]]) {
        const tex = renderDominoTexture([v, 12 - v], ivory(seed), lightFrom(az, el), 48, createRng(seed * 100 + v));
        expect(pipsPerHalf(tex, 48), `value ${v}, seed ${seed}`).toEqual([v, 12 - v]);
      }
    }
  });

  it('puts half 0 on the left: [1, 6] has its single pip left of the divider', () => {
    const tex = renderDominoTexture([1, 6], ivory(4), lightFrom(90, 70), 40, createRng(4));
    expect(pipsPerHalf(tex, 40)).toEqual([1, 6]);
  });

  it('draws bright pips on a black set and coloured ones on a Mexican-Train set', () => {
    const black = { ...sampleDominoStyle(createRng(5), 'double-6', 'black'), gloss: 0 };
    const tex = renderDominoTexture([1, 0], black, lightFrom(0, 60), 48, createRng(5));
    const pip = lum(tex, 24 * 96 + 24); // the 1's pip, centre of half 0
    const body = lum(tex, 24 * 96 + 72); // the blank half
    expect(pip).toBeGreaterThan(body * 5);
    const mexican = sampleDominoStyle(createRng(6), 'double-12', 'mexican');
    const colours = mexican.pip.slice(1).map((c) => c.map((x) => x.toFixed(2)).join());
    expect(new Set(colours).size).toBe(12);
  });

  it('is deterministic: the same seed gives the same floats, another seed another glare', () => {
    const style = sampleDominoStyle(createRng(7), 'double-9', 'ivory');
    const a = renderDominoTexture([3, 9], style, lightFrom(40, 50), 32, createRng(11));
    const b = renderDominoTexture([3, 9], style, lightFrom(40, 50), 32, createRng(11));
    const c = renderDominoTexture([3, 9], { ...style, gloss: 0.9 }, lightFrom(40, 50), 32, createRng(12));
    expect(Buffer.from(a.rgb.buffer).equals(Buffer.from(b.rgb.buffer))).toBe(true);
    expect(Buffer.from(a.alpha.buffer).equals(Buffer.from(b.alpha.buffer))).toBe(true);
    expect(Buffer.from(a.rgb.buffer).equals(Buffer.from(c.rgb.buffer))).toBe(false);
  });

  it('is 2h x h, opaque inside and transparent beyond its rounded corners', () => {
    const style = { ...sampleDominoStyle(createRng(8), 'double-6'), cornerRadius: 0.18 };
    const tex = renderDominoTexture([2, 5], style, lightFrom(10, 40), 48, createRng(8));
    expect([tex.width, tex.height]).toEqual([96, 48]);
    for (const [x, y] of [[0, 0], [95, 0], [0, 47], [95, 47], [1, 1]]) expect(tex.alpha[y * 96 + x]).toBe(0);
    for (const [x, y] of [[48, 24], [5, 24], [90, 24], [48, 1], [48, 46]]) expect(tex.alpha[y * 96 + x]).toBe(1);
  });

  it('gives every style a visibly different body', () => {
    const bodies = DOMINO_STYLE_NAMES.map((name) => sampleDominoStyle(createRng(9), 'double-12', name).body);
    const key = bodies.map((b) => b.map((x) => x.toFixed(2)).join());
    expect(new Set(key).size).toBe(DOMINO_STYLE_NAMES.length);
    for (const name of DOMINO_STYLE_NAMES) expect(sampleDominoStyle(createRng(1), 'double-6', name).name).toBe(name);
  });
});

describe('triangular tile texture', () => {
  const side = 96;
  const tall = Math.ceil((side * Math.sqrt(3)) / 2);
  const corners: [number, number][] = [[side / 2, 0], [side, (side * Math.sqrt(3)) / 2], [0, (side * Math.sqrt(3)) / 2]];
  const centroid: [number, number] = [side / 2, (side * Math.sqrt(3)) / 3];
  const style = (name: 'numbers' | 'dotted'): TriominoStyle => ({ ...sampleTriominoStyle(createRng(3), name), body: [0.8, 0.78, 0.7], ink: [0.02, 0.02, 0.02], gloss: 0 });
  const render = (v: [number, number, number], name: 'numbers' | 'dotted', seed = 1): TileTexture =>
    renderTriominoTexture(v, style(name), lightFrom(60, 60), side, createRng(seed));
  /** Texel indices nearer to corner k than to the others, and inside the face. */
  const region = (t: TileTexture, k: number): number[] => {
    const out: number[] = [];
    for (let y = 0; y < t.height; y++) {
      for (let x = 0; x < t.width; x++) {
        const d = corners.map(([cx, cy]) => Math.hypot(x + 0.5 - cx, y + 0.5 - cy));
        if (t.alpha[y * t.width + x] === 1 && d[k] < d[(k + 1) % 3] && d[k] < d[(k + 2) % 3]) out.push(y * t.width + x);
      }
    }
    return out;
  };
  const same = (a: TileTexture, b: TileTexture, idx: number[]): boolean => idx.every((i) => a.rgb[i * 3] === b.rgb[i * 3]);

  it('is a side x ceil(side * sqrt3 / 2) box, transparent outside the triangle', () => {
    const t = render([0, 1, 2], 'numbers');
    expect([t.width, t.height]).toEqual([side, tall]);
    for (let y = 0; y < t.height; y++) {
      for (let x = 0; x < t.width; x++) {
        const outside = Math.abs(x + 0.5 - side / 2) - (y + 0.5) / Math.sqrt(3) > 1 || y + 0.5 > tall;
        if (outside) expect(t.alpha[y * t.width + x]).toBe(0);
      }
    }
    expect(t.alpha[Math.round(centroid[1]) * side + side / 2]).toBe(1);
  });

  it('prints each value in its own corner: changing one value changes only that corner', () => {
    const base = render([1, 2, 3], 'numbers');
    const changed = render([1, 2, 5], 'numbers');
    expect(same(base, changed, region(base, 0))).toBe(true);
    expect(same(base, changed, region(base, 1))).toBe(true);
    expect(same(base, changed, region(base, 2))).toBe(false);
  });

  it('keeps chirality: [0, 1, 2] and [0, 2, 1] look different', () => {
    const a = render([0, 1, 2], 'numbers');
    const b = render([0, 2, 1], 'numbers');
    expect(same(a, b, region(a, 0))).toBe(true);
    expect(same(a, b, region(a, 1))).toBe(false);
    expect(same(a, b, region(a, 2))).toBe(false);
  });

  it('dotted: each corner carries as many dots as its value, clockwise from the apex', () => {
    for (const v of [[0, 1, 2], [3, 4, 5], [5, 2, 1], [4, 4, 4]] as [number, number, number][]) {
      const t = render(v, 'dotted', v[0]);
      const dark = (i: number): boolean => t.alpha[i] === 1 && lum(t, i) < 0.2;
      const counts = [0, 0, 0];
      for (const [x, y] of blobs(t, [0, 0, t.width, t.height], dark)) {
        const d = corners.map(([cx, cy]) => Math.hypot(x - cx, y - cy));
        counts[d.indexOf(Math.min(...d))]++;
      }
      expect(counts, v.join('-')).toEqual(v);
    }
  });

  it('draws numerals 0..5 as six different glyphs', () => {
    const grids = digitGrids();
    const inked = grids.map((g) => {
      let bits = '';
      for (let y = -0.45; y <= 0.45; y += 0.1) for (let x = -0.25; x <= 0.25; x += 0.1) bits += digitDistance(g, x, y) < 0.075 ? '1' : '0';
      return bits;
    });
    expect(new Set(inked).size).toBe(6);
  });

  it('is deterministic, and textureToImage makes an opaque sRGB picture', () => {
    const a = render([2, 3, 4], 'numbers', 9);
    const b = render([2, 3, 4], 'numbers', 9);
    expect(Buffer.from(a.rgb.buffer).equals(Buffer.from(b.rgb.buffer))).toBe(true);
    const img = textureToImage(a, [0, 0, 0]);
    expect(img.data[3]).toBe(255);
    expect(img.data[0]).toBe(0); // the top-left texel is outside: pure background
    const c = (Math.round(centroid[1]) * side + side / 2) * 4;
    expect(img.data[c]).toBeGreaterThan(180); // the light body at the centre
  });
});
