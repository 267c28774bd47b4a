/**
 * A second look at tiles (realign.ts): the variant the classifier reads most surely replaces the
 * first reading; on a live frame sure dominoes are not looked at again, on a still image every tile is.
 */
import { describe, expect, it } from 'vitest';
import { dominoHalves, orderDomino, shaped } from '../../src/vision/quad-geometry';
import { alignedVariants, dominoVariants, neighbourSize, neighbourSizeVariants, realignTiles, shapeMiss, sureness, together, triangleVariants, trueShapeVariants, type Read } from '../../src/vision/realign';
import type { Point, TileCandidate } from '../../src/vision/segment-types';
import type { TablePlane } from '../../src/vision/table-plane';
import type { ReadTile } from '../../src/vision/types';

function domino(x: number, length = 80, y = 0): TileCandidate {
  const polygon = orderDomino([[x, y], [x + length, y], [x + length, y + 40], [x, y + 40]]);
  return { kind: 'domino', polygon, halves: dominoHalves(polygon), score: 0.9 };
}

/** A fake reading whose sureness peaks when the tile's left edge sits at x = 8. */
const reading = (c: TileCandidate): Read => {
  const left = Math.min(...c.polygon.map((p) => p[0]));
  const sure = Math.max(0.1, 1 - Math.abs(left - 8) / 40);
  const tile: ReadTile = { kind: 'domino', values: [1, 2], polygon: c.polygon, halves: [{ value: 1, polygon: c.halves![0], confidence: sure }, { value: 2, polygon: c.halves![1], confidence: sure }], confidence: sure };
  return { tile, unsure: 1 - sure * sure };
};

describe('second look at unsure dominoes', () => {
  it('slides an unsure domino to where it reads best', () => {
    const found = [domino(0)];
    const out = realignTiles(found, found.map(reading), (cands) => cands.map(reading));
    expect(Math.min(...out[0].tile.polygon.map((p) => p[0]))).toBeCloseTo(8, 0);
    expect(out[0].tile.halves![0].confidence).toBeGreaterThan(0.95);
  });

  it("slides an unsure domino towards the middle the network put its face at, where the classifier reads every slide alike", () => {
    // A classifier that reads a crop cut a little off as surely as the true one (it learnt from slid crops).
    const flat = (c: TileCandidate): Read => {
      const tile: ReadTile = { kind: 'domino', values: [1, 2], polygon: c.polygon, halves: [{ value: 1, polygon: c.halves![0], confidence: 0.6 }, { value: 2, polygon: c.halves![1], confidence: 0.6 }], confidence: 0.6 };
      return { tile, unsure: 0.64 };
    };
    const traced = domino(0); // its outline 8 px left of the face the network found: centre (48, 20)
    const left = (cands: TileCandidate[]) => realignTiles(cands, cands.map(flat), (c) => c.map(flat));
    expect(Math.min(...left([traced])[0].tile.polygon.map((p) => p[0]))).toBeCloseTo(0, 5);
    const withCore = left([{ ...traced, core: [48, 20] }]);
    expect(Math.min(...withCore[0].tile.polygon.map((p) => p[0]))).toBeCloseTo(8, 0);
  });

  it('leaves sure dominoes alone', () => {
    const found = [domino(8)];
    let calls = 0;
    const out = realignTiles(found, found.map(reading), (cands) => {
      calls++;
      return cands.map(reading);
    });
    expect(calls).toBe(0);
    expect(out[0].tile.polygon).toEqual(found[0].polygon);
  });

  it("on a live frame looks again at a sure domino asked for anyway, with a live frame's moves, and only at that one", () => {
    // end-to-end.ts: a live frame's places of a double across a joint, cut from the reading's outline, may lie a little along the line.
    // Every look reads surely (0.995 a half); the surest lies nearest x = 3.
    const sureAt = (c: TileCandidate): Read => {
      const left = Math.min(...c.polygon.map((p) => p[0]));
      const tile: ReadTile = { kind: 'domino', values: [1, 2], polygon: c.polygon, halves: [{ value: 1, polygon: c.halves![0], confidence: 0.995 }, { value: 2, polygon: c.halves![1], confidence: 0.995 }], confidence: 0.995 };
      return { tile, unsure: 1e-6 * (1 + Math.abs(left - 3)) };
    };
    const found = [domino(0), domino(0, 80, 100)];
    const seen: number[] = [];
    const look = (anyway: boolean[]) =>
      realignTiles(found, found.map(sureAt), (cands) => {
        seen.push(cands.length);
        return cands.map(sureAt);
      }, false, undefined, null, [], anyway);
    expect(look([]).map((r) => r.tile.polygon)).toEqual(found.map((c) => c.polygon)); // sure: left alone
    expect(seen).toEqual([]);
    const out = look([true, false]);
    expect(seen).toEqual([dominoVariants(found[0]).length]);
    expect(Math.min(...out[0].tile.polygon.map((p) => p[0]))).not.toBe(0); // a surer look, nearer x = 3
    expect(out[1].tile.polygon).toEqual(found[1].polygon);
  });

  it('on a still image looks again at sure tiles too, and keeps the first reading unless a variant is surer', () => {
    // Sure readings that differ only past the third decimal: rounded, they would tie at 1.000.
    const sureAt = (c: TileCandidate): Read => {
      const r = reading(c);
      const left = Math.min(...c.polygon.map((p) => p[0]));
      return { ...r, unsure: 1e-6 * (1 + Math.abs(left - 3)) };
    };
    const found = [domino(0)];
    const seen: number[] = [];
    const out = realignTiles(found, found.map(sureAt), (cands) => {
      seen.push(cands.length);
      return cands.map(sureAt);
    }, true);
    expect(seen).toEqual([dominoVariants(found[0], true).length]);
    expect(Math.min(...out[0].tile.polygon.map((p) => p[0]))).not.toBe(0); // a surer variant, nearer x = 3
    expect(sureness(out[0])).toBeGreaterThan(sureness(sureAt(found[0])));
    const none = realignTiles(found, found.map(sureAt), (cands) => cands.map(() => ({ ...sureAt(found[0]), unsure: 1 })), true);
    expect(none[0].tile.polygon).toEqual(found[0].polygon);
  });

  it('still images get wider moves: dominoes also turned, triangles also turned and moved a corner at a time', () => {
    const d = domino(0);
    expect(dominoVariants(d, true).length).toBeGreaterThan(dominoVariants(d).length);
    const t: TileCandidate = { kind: 'triomino', polygon: [[0, 0], [40, 0], [20, 34]], score: 0.9 };
    const wide = triangleVariants(t, true);
    expect(wide.length).toBeGreaterThan(triangleVariants(t).length);
    // One variant moves exactly one corner.
    expect(wide.some((v) => v.polygon.filter((p, k) => p[0] !== t.polygon[k][0] || p[1] !== t.polygon[k][1]).length === 1)).toBe(true);
    for (const v of wide) expect(v.polygon).toHaveLength(3);
  });

  it('makes variants with halves that share the middle line', () => {
    for (const v of dominoVariants(domino(0))) expect([v.halves![0][1], v.halves![0][2]]).toEqual([v.halves![1][0], v.halves![1][3]]);
  });

  it('reads a tile larger or smaller than its neighbours also at their size, and prefers that size when readings are as sure', () => {
    // A line of dominoes 80 px long, one of them fitted 100 px long (it took in its neighbour's rim).
    const line = [domino(0), domino(90), domino(180, 100), domino(290), domino(380), domino(0, 80, 60)];
    const lengths = (c: TileCandidate) => Math.max(...c.polygon.map((p) => p[0])) - Math.min(...c.polygon.map((p) => p[0]));
    const sized = neighbourSizeVariants(line, 2);
    expect(sized.length).toBeGreaterThan(0);
    expect(sized.some((v) => Math.abs(lengths(v) - 80) < 0.5)).toBe(true);
    // One from each end too: the left end kept, and the right end kept.
    expect(sized.some((v) => Math.abs(Math.min(...v.polygon.map((p) => p[0])) - 180) < 0.5 && Math.abs(lengths(v) - 80) < 0.5)).toBe(true);
    expect(sized.some((v) => Math.abs(Math.max(...v.polygon.map((p) => p[0])) - 280) < 0.5 && Math.abs(lengths(v) - 80) < 0.5)).toBe(true);
    for (const v of sized) expect([v.halves![0][1], v.halves![0][2]]).toEqual([v.halves![1][0], v.halves![1][3]]);
    expect(neighbourSizeVariants(line, 0)).toEqual([]); // its neighbours' size already
    expect(neighbourSizeVariants(line.slice(1, 4), 1)).toEqual([]); // two neighbours: too few to say
    // A triangle twice the area of its neighbours: read at their size too.
    const tri = (x: number, f = 1): TileCandidate => ({ kind: 'triomino', polygon: [[x, 0], [x + 40 * f, 0], [x + 20 * f, 34.64 * f]], score: 0.9 });
    const tris = [tri(0), tri(50), tri(100, Math.SQRT2), tri(170), tri(220)];
    const side = (c: TileCandidate) => Math.hypot(c.polygon[1][0] - c.polygon[0][0], c.polygon[1][1] - c.polygon[0][1]);
    expect(neighbourSizeVariants(tris, 2).map(side).every((v) => Math.abs(v - 40) < 0.5)).toBe(true);
    // Every reading as sure as the others: the first look's 100 px polygon gives way to one of 80 px.
    const flat = (c: TileCandidate): Read => ({ ...reading(c), unsure: 1e-3 });
    const out = realignTiles(line, line.map(flat), (cands) => cands.map(flat), true);
    expect(lengths(out[2].tile as unknown as TileCandidate)).toBeCloseTo(80, 0);
    expect(out[0].tile.polygon).toEqual(line[0].polygon); // right-sized already: kept
  });

  it('does not size a tile the frame cuts, nor size others by it', () => {
    // A 60 px domino at the frame's left edge (cut by it) among 80 px ones, and 80 px ones sized by their neighbours.
    const row = [domino(0, 60, 50), domino(100, 80, 50), domino(190, 80, 50), domino(280, 80, 50), domino(370, 80, 50)];
    const frame = { width: 640, height: 480 };
    expect(neighbourSize(row, 0)).not.toBeNull(); // without the frame it would be grown to 80 px
    expect(neighbourSize(row, 0, frame)).toBeNull();
    expect(neighbourSize(row, 0, frame, null, true)).toEqual([80, 40]); // end-to-end.ts: how much longer than its neighbours a face the edge cuts is
    expect(neighbourSizeVariants(row, 0, true, neighbourSize(row, 0, frame))).toEqual([]);
    // Three neighbours away from the edge still size the others; with the cut one left out they are 80 px.
    expect(neighbourSize(row, 4, frame)).toEqual([80, 40]);
    const read = (c: TileCandidate): Read => ({ ...reading(c), unsure: 1e-3 });
    const out = realignTiles(row, row.map(read), (cands) => cands.map(read), true, frame);
    expect(out[0].tile.polygon).toEqual(row[0].polygon);
  });
});

describe("a domino read in its neighbours' outline", () => {
  const centre = (p: readonly Point[]): Point => [p.reduce((a, q) => a + q[0], 0) / p.length, p.reduce((a, q) => a + q[1], 0) / p.length];
  /** Degrees from the x axis of a domino's long way (from its first half's centre to its second's), 0 .. 180. */
  const way = (c: { halves?: Point[][] }): number => {
    const [a, b] = c.halves!.map(centre);
    return ((((Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI) % 180) + 180) % 180;
  };
  /** The 80 x 40 domino centred at (cx, cy), turned `deg` degrees. */
  const turnedDomino = (cx: number, cy: number, deg: number): TileCandidate => {
    const t = (deg * Math.PI) / 180;
    const polygon = orderDomino(([[-40, -20], [40, -20], [40, 20], [-40, 20]] as Point[]).map(([x, y]): Point => [cx + x * Math.cos(t) - y * Math.sin(t), cy + x * Math.sin(t) + y * Math.cos(t)]));
    return { kind: 'domino', polygon, halves: dominoHalves(polygon), score: 0.9 };
  };
  // A double at a cross whose outline the tile network traced 40 degrees off, between two neighbours lying along the x axis.
  const row = [domino(60, 80, 80), domino(260, 80, 80), turnedDomino(200, 100, 40)];

  it("lends a domino each nearest neighbour's outline, moved to its centre, and that turned a quarter", () => {
    const lent = alignedVariants(row, 2);
    expect(lent).toHaveLength(4);
    for (const v of lent) {
      expect(centre(v.polygon)[0]).toBeCloseTo(200, 6);
      expect(centre(v.polygon)[1]).toBeCloseTo(100, 6);
    }
    expect(lent.map((v) => Math.round(way(v)) % 180).sort((a, b) => a - b)).toEqual([0, 0, 90, 90]);
    expect(alignedVariants([domino(0), { ...row[2], kind: 'triomino' }], 1)).toEqual([]);
    // A patch of cloth half a tile's size is not lent a tile's outline (read-table.ts leaves such patches out).
    expect(alignedVariants([...row.slice(0, 2), domino(180, 40, 80)], 2)).toEqual([]);
    // Nor is a domino read in the outline of a patch far smaller than it (dev close-up 37 of seed 7301:
    // dominoes of 105 px a half lent the outlines of the weave's patches of 18 px read 12|12 at 1.00 there).
    const patch = (x: number, y: number): TileCandidate => {
      const polygon = orderDomino([[x, y], [x + 20, y], [x + 20, y + 10], [x, y + 10]]);
      return { kind: 'domino', polygon, halves: dominoHalves(polygon), score: 0.9 };
    };
    expect(alignedVariants([patch(150, 40), patch(230, 150), row[2]], 2)).toEqual([]);
    expect(alignedVariants([patch(150, 40), row[0], row[2]], 2)).toHaveLength(2); // the tile beside it still lends its own
    // A spinner traced turned, its outline 1.5 times its neighbours' area, is read in their outlines.
    const wide = turnedDomino(200, 100, 40);
    const spinner = { ...wide, polygon: wide.polygon.map(([x, y]): Point => [200 + (x - 200) * 1.22, 100 + (y - 100) * 1.22]) };
    expect(alignedVariants([...row.slice(0, 2), spinner], 2)).toHaveLength(4);
  });

  it('reads a still image\'s domino in the way its neighbours lie where that reads far surer, from looks that lie that way only', () => {
    const half = (value: number, p: number, never?: number): number[] => Array.from({ length: 7 }, (_, v) => (v === value ? p : v === never ? 1e-6 : (1 - p - (never === undefined ? 0 : 1e-6)) / (never === undefined ? 6 : 5)));
    const decode = (c: TileCandidate, parts: number[][]): Read => {
      const values = parts.map((row) => row.indexOf(Math.max(...row)));
      const conf = parts.map((row, j) => row[values[j]]);
      const tile: ReadTile = { kind: 'domino', values, polygon: c.polygon, halves: values.map((value, j) => ({ value, polygon: c.halves![j], confidence: conf[j] })), confidence: conf[0] * conf[1] };
      return { tile, unsure: 1 - conf[0] * conf[1], parts, as: (p) => decode(c, p) };
    };
    // Along the x axis the double reads 6|6 all but certainly; a look lying another way reads 3|3 at 0.9 (and never 6).
    const read = (c: TileCandidate): Read => {
      const w = way(c);
      return Math.min(w, 180 - w) < 3 ? decode(c, [half(6, 0.9999), half(6, 0.9999)]) : decode(c, [half(3, 0.9, 6), half(3, 0.9, 6)]);
    };
    const out = realignTiles(row, row.map(read), (cands) => cands.map(read), true);
    expect(out[2].tile.values).toEqual([6, 6]);
    expect(out[2].tile.confidence).toBeGreaterThan(0.99); // not read together with the looks that lie 40 degrees off
    const w = way({ halves: out[2].tile.halves!.map((h) => h.polygon) });
    expect(Math.min(w, 180 - w)).toBeLessThan(3);
    // A live frame does not lend outlines: its looks stay near the traced one.
    expect(realignTiles(row, row.map(read), (cands) => cands.map(read), false)[2].tile.values).toEqual([3, 3]);
  });
});

describe('a domino read in its true shape', () => {
  /** A camera straight above the table: the plane is the image. */
  const above: TablePlane = { tiltDeg: 0, toPlane: (p) => p, toImage: (q) => q };
  const rect = domino(0); // 80 x 40
  /** The outline with one corner 13 px short along the tile: its end cuts a column of pips off one half. */
  const lopsided: TileCandidate = { ...rect, ...shaped('domino', rect.polygon.map(([x, y]): Point => (x > 40 && y > 20 ? [x - 13, y] : [x, y]))) };

  it('measures how far an outline is from a rectangle', () => {
    expect(shapeMiss(rect)).toBeCloseTo(0, 6);
    expect(shapeMiss(rect, above)).toBeCloseTo(0, 6);
    expect(shapeMiss(lopsided)).toBeGreaterThan(0.15);
    expect(shapeMiss({ kind: 'triomino', polygon: [[0, 0], [50, 0], [10, 30]], score: 1 })).toBe(0);
    expect(Number.isFinite(shapeMiss({ kind: 'domino', polygon: [[0, 0], [0, 0], [80, 40], [0, 40]], score: 1 }))).toBe(true); // a corner drawn twice: no NaN to sort by
  });

  it('reads the rectangle where a lopsided look reads a little surer, and judges the tile by the surest look', () => {
    // A classifier that reads a half with a column of pips cut off (12 as 11) surer than the whole one.
    const reader = (c: TileCandidate): Read => {
      const cut = shapeMiss(c, above) > 0.1;
      const sure = cut ? 0.995 : 0.95;
      const values = cut ? [11, 6] : [12, 6];
      const tile: ReadTile = { kind: 'domino', values, polygon: c.polygon, halves: [0, 1].map((k) => ({ value: values[k], polygon: c.halves![k], confidence: sure })), confidence: sure };
      return { tile, unsure: 1 - sure };
    };
    const [out] = realignTiles([lopsided], [reader(lopsided)], (cands) => cands.map(reader), true, undefined, above);
    expect(out.tile.values).toEqual([12, 6]);
    expect(shapeMiss({ kind: 'domino', polygon: out.tile.polygon, score: 1 }, above)).toBeLessThan(0.05);
    expect(out.tileUnsure).toBeCloseTo(0.005, 6);
  });

  it("on a live frame reads a sure domino off a rectangle first in its fit to all corners, and in its other fits only where that reads it otherwise", () => {
    // A classifier that reads the lopsided outline surely as 11|6 (a column of 12's pips cut off) and every look near a rectangle as 12|6.
    const reader = (c: TileCandidate): Read => {
      const values = shapeMiss(c, above) > 0.1 ? [11, 6] : [12, 6];
      const tile: ReadTile = { kind: 'domino', values, polygon: c.polygon, halves: [0, 1].map((k) => ({ value: values[k], polygon: c.halves![k], confidence: 0.999 })), confidence: 0.999 };
      return { tile, unsure: 0.001 };
    };
    const live = (first: Read) => {
      const batches: number[] = [];
      const [out] = realignTiles([lopsided], [first], (cands) => (batches.push(cands.length), cands.map(reader)), false, undefined, above);
      return { out, batches };
    };
    const fits = trueShapeVariants(lopsided, above).length;
    expect(fits).toBe(5); // all four corners, and all but each one
    // Read 11|6 surely: the fit to all corners reads 12|6, so the other fits are read too, and the rectangle wins.
    const misread = live(reader(lopsided));
    expect(misread.batches).toEqual([1, fits - 1]);
    expect(misread.out.tile.values).toEqual([12, 6]);
    // Read 12|6 surely (as the rectangle reads it): one look confirms it, and the others are not cut.
    const right = live({ ...reader(lopsided), tile: { ...reader(lopsided).tile, values: [12, 6] } });
    expect(right.batches).toEqual([1]);
    expect(right.out.tile.values).toEqual([12, 6]);
  });
});

describe('reading a tile from its best looks together', () => {
  /** A look that reads each half's values with these probabilities (halves in the look's own order), decoded as the most likely value of each. */
  const look = (c: TileCandidate, parts: number[][]): { r: Read; c: TileCandidate } => {
    const decode = (p: number[][]): Read => {
      const values = p.map((row) => row.indexOf(Math.max(...row)));
      const conf = p.map((row, j) => row[values[j]]);
      const tile: ReadTile = { kind: 'domino', values, polygon: c.polygon, halves: values.map((value, j) => ({ value, polygon: c.halves![j], confidence: conf[j] })), confidence: conf[0] * conf[1] };
      return { tile, unsure: 1 - conf[0] * conf[1], parts: p, as: decode };
    };
    return { r: decode(parts), c };
  };
  /** Probabilities of the values 0..6 with `p` on `value` and the rest shared out. */
  const half = (value: number, p: number): number[] => Array.from({ length: 7 }, (_, v) => (v === value ? p : (1 - p) / 6));

  it('reads the value the next looks agree on where the surest look alone is wrong, and judges the tile by the surest look', () => {
    const tile = domino(0);
    const best = look(tile, [half(5, 0.9), half(2, 0.99)]);
    const next = [look(domino(2), [half(3, 0.8), half(2, 0.95)]), look(domino(-2), [half(3, 0.75), half(2, 0.97)])];
    const out = together([best, ...next]);
    expect(out.tile.values).toEqual([3, 2]);
    expect(out.tile.polygon).toEqual(tile.polygon); // where the surest look saw it
    expect(out.tileUnsure).toBe(best.r.unsure);
    expect(out.unsure).toBeGreaterThan(best.r.unsure); // the looks disagree: less sure than the best one alone
    // Alone, the surest look keeps its own reading.
    expect(together([best]).tile.values).toEqual([5, 2]);
  });

  it("matches each look's halves to the surest look's by where they lie, whatever order the look lists them in", () => {
    const tile = domino(0);
    const turned = domino(1);
    // The same tile with its corners listed from the other end: its first half is the surest look's second.
    const polygon = [turned.polygon[2], turned.polygon[3], turned.polygon[0], turned.polygon[1]];
    const other: TileCandidate = { ...turned, polygon, halves: dominoHalves(polygon) };
    expect(other.halves![0][0][0]).toBeGreaterThan(tile.halves![0][0][0] + 40);
    const out = together([look(tile, [half(5, 0.6), half(2, 0.99)]), look(other, [half(2, 0.99), half(3, 0.9)]), look(other, [half(2, 0.99), half(3, 0.9)])]);
    expect(out.tile.values).toEqual([3, 2]);
  });
});
