import { describe, expect, it } from 'vitest';
import { gapTiles, lineGaps } from '../../src/vision/line-gaps';
import { dominoHalves } from '../../src/vision/quad-geometry';
import type { Read } from '../../src/vision/realign';
import { centroid, dist } from '../../src/vision/reconstruct/geometry';
import type { Point, TileCandidate } from '../../src/vision/segment-types';

/** A domino of halves 30 x 30 px lying along x from `x0` (half 0 there) at height `y`, corners as the spec orders them. */
const along = (x0: number, y = 100): Point[] => [
  [x0, y - 15],
  [x0 + 60, y - 15],
  [x0 + 60, y + 15],
  [x0, y + 15],
];
/** The same tile turned half a turn: half 0 at the right-hand end. */
const reversed = (x0: number, y = 100): Point[] => {
  const [a, b, c, d] = along(x0, y);
  return [c, d, a, b];
};
/** A domino across the line (a crosswise double) centred at x = cx, from y0 (half 0 there) to y0 + 60: centred at (cx, 100) unless y0 is given. */
const across = (cx: number, y0 = 70): Point[] => [
  [cx + 15, y0],
  [cx + 15, y0 + 60],
  [cx - 15, y0 + 60],
  [cx - 15, y0],
];
/** A polygon turned `deg` degrees about `about` (the point (100, 100) unless given). */
const turned = (poly: readonly Point[], deg: number, [ax, ay]: Point = [100, 100]): Point[] => {
  const [c, s] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
  return poly.map(([x, y]): Point => [ax + (x - ax) * c - (y - ay) * s, ay + (x - ax) * s + (y - ay) * c]);
};

describe('a tile missed in a line', () => {
  it('finds the gap of a width between two dominoes end to end, across the line, and which half of each faces it', () => {
    const line = [along(0), along(90)]; // 0-60, a gap of 30 px, 90-150
    const gaps = lineGaps(
      line.map((polygon, index) => ({ polygon, index })),
      line,
    );
    expect(gaps).toHaveLength(1);
    const [x, y] = centroid(gaps[0].polygon);
    expect(x).toBeCloseTo(75, 0);
    expect(y).toBeCloseTo(100, 0);
    const ys = gaps[0].polygon.map((p) => p[1]);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(60, 0); // a domino's length across the line
    expect(gaps[0].facing).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('knows which half faces the gap whichever way each tile lies, and at any turn of the line', () => {
    const line = [reversed(0), reversed(90)].map((p) => turned(p, 35));
    const gaps = lineGaps(
      line.map((polygon, index) => ({ polygon, index })),
      line,
    );
    expect(gaps).toHaveLength(1);
    expect(gaps[0].facing).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  it('finds no gap between tiles that touch, lie a tile apart, side by side or off one line', () => {
    const none = [
      [along(0), along(60)], // touching
      [along(0), along(150)], // more room than a domino's, less than two
      [along(0), along(210)], // two dominoes' room
      [along(0), along(0, 130)], // side by side
      [along(0), along(90, 125)], // ends a width apart but off the line
      [along(0), turned(along(90), 40)], // the line turns
    ];
    for (const line of none)
      expect(
        lineGaps(
          line.map((polygon, index) => ({ polygon, index })),
          line,
        ),
      ).toHaveLength(0);
  });

  it("finds a domino's room along the line between two dominoes, or a domino and a crosswise double, and which half of each faces it", () => {
    const line = [along(0), reversed(125)]; // 0-60, a gap of 65 px, 125-185 turned
    const gaps = lineGaps(
      line.map((polygon, index) => ({ polygon, index })),
      line,
    );
    expect(gaps).toHaveLength(1);
    expect(centroid(gaps[0].polygon)[0]).toBeCloseTo(92.5, 0);
    const xs = gaps[0].polygon.map((p) => p[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(60, 0); // a domino's length along the line
    expect(gaps[0].across).toBe(false);
    expect(gaps[0].facing).toEqual([
      [0, 1],
      [1, 1],
    ]);
    const crosswise = [along(0), across(140)]; // the double's near side at 125
    const [gap] = lineGaps(
      crosswise.map((polygon, index) => ({ polygon, index })),
      crosswise,
    );
    expect(centroid(gap.polygon)[0]).toBeCloseTo(92.5, 0);
    expect(gap.doubles).toEqual([1]);
  });

  it("finds a domino's room where one tile's axis was traced a few degrees askew, but not a neighbouring line's", () => {
    // One domino's axis traced 10 degrees off the line: the other's centre lies 18 degrees off that axis, but on its own.
    const askew = [turned(along(0), 10, [30, 100]), along(128.7, 81.9)];
    expect(lineGaps(askew.map((polygon, index) => ({ polygon, index })), askew)).toHaveLength(1);
    const beside = [along(0), along(125, 135)]; // the next line, a width over
    expect(lineGaps(beside.map((polygon, index) => ({ polygon, index })), beside)).toHaveLength(0);
  });

  it("finds a domino's room where the line turns: past a domino's end or a crosswise double's side, the turning domino's end at its far half", () => {
    const turn = [along(-60), along(0), across(105, 115)]; // the room 60-120 along y = 100; the turning domino's half 0 at its far half's side
    const gaps = lineGaps(
      turn.map((polygon, index) => ({ polygon, index })),
      turn,
    );
    expect(gaps).toHaveLength(1);
    expect(centroid(gaps[0].polygon)[0]).toBeCloseTo(90, 0);
    expect(centroid(gaps[0].polygon)[1]).toBeCloseTo(100, 0);
    expect(gaps[0].turn).toBe(true);
    expect(gaps[0].facing).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(gaps[0].doubles).toEqual([]);
    const fromDouble = [along(-60), across(15), across(75, 115)]; // the room 30-90 past the double's side
    const gap = lineGaps(
      fromDouble.map((polygon, index) => ({ polygon, index })),
      fromDouble,
    ).find((g) => Math.abs(centroid(g.polygon)[0] - 60) < 1 && Math.abs(centroid(g.polygon)[1] - 100) < 1);
    expect(gap?.doubles).toEqual([1]);
    expect(gap?.facing[1]).toEqual([2, 0]);
    for (const off of [
      [along(0), across(105, 115)], // no tile before the turn: no line
      [along(-60), along(0), across(105, 135)], // the turning domino a width off the room
      [along(-60), along(0), across(135, 115)], // a room longer than a domino
      [along(-60), along(0), turned(across(105, 115), 30, [105, 145])], // not across the line
      [turned(along(-60), 30, [15, 100]), across(15), across(75, 115)], // a domino against the double's far side, 30 degrees off the line
      [along(-60, 112), across(15), across(75, 115)], // a domino against it whose axis misses the double's middle
    ])
      expect(lineGaps(off.map((polygon, index) => ({ polygon, index })), off).filter((g) => g.turn)).toHaveLength(0);
  });

  it('leaves a gap a crosswise tile was read in, but not one a domino along the line lies in (it would need twice the room)', () => {
    const line = [along(0), along(90)];
    const bounds = line.map((polygon, index) => ({ polygon, index }));
    expect(lineGaps(bounds, [...line, across(75)])).toHaveLength(0);
    expect(lineGaps(bounds, [...line, along(45)])).toHaveLength(1);
  });
});

/** A domino read as `values` at `confidence` (each half read surely: a live frame does not look at it again). */
const readAs = (polygon: Point[], values: [number, number], confidence = 0.99): Read => ({
  tile: { kind: 'domino', values, polygon, confidence, halves: dominoHalves(polygon).map((h, k) => ({ value: values[k], polygon: h, confidence: 1 })) },
  unsure: 1 - confidence,
});
const candidate = (polygon: Point[]): TileCandidate => ({ kind: 'domino', polygon, halves: dominoHalves(polygon), score: 0.9 });
const frame = { width: 200, height: 200, data: new Uint8Array(200 * 200 * 4) };

describe('a gap read as the tile missed there', () => {
  const line = [along(0), along(90)];
  /** The readings after the gap was looked at: the line 2|5, 5|6 (and `more`), the gap read by `gapRead`. */
  const after = (gapRead: (place: TileCandidate) => Read, ends: [number, number][] = [[2, 5], [5, 6]], more: Read[] = [], rule?: 'equal' | 'none') => {
    const reads = [...line.map((p, k) => readAs(p, ends[k])), ...more];
    return gapTiles(reads.map((r) => candidate(r.tile.polygon)), reads, (cands) => cands.map(gapRead), frame, null, false, rule).reads.map((r) => r.tile.values.join('|'));
  };

  it('keeps a double read at 0.6 or more that the halves facing it carry, in the place of an unsure reading there', () => {
    expect(after((c) => readAs(c.polygon, [5, 5], 0.95))).toEqual(['2|5', '5|6', '5|5']);
    expect(after((c) => readAs(c.polygon, [5, 5], 0.65))).toEqual(['2|5', '5|6', '5|5']);
    expect(after((c) => readAs(c.polygon, [5, 5], 0.95), undefined, [readAs(along(45), [4, 4], 0.3)])).toEqual(['2|5', '5|6', '5|5']);
  });

  it('keeps none read under 0.6, no double, or not the number both halves facing it carry, nor in a game whose joints need not match', () => {
    expect(after((c) => readAs(c.polygon, [5, 5], 0.55))).toEqual(['2|5', '5|6']);
    expect(after((c) => readAs(c.polygon, [5, 3], 0.95))).toEqual(['2|5', '5|6']);
    expect(after((c) => readAs(c.polygon, [5, 5], 0.95), [[2, 5], [4, 6]])).toEqual(['2|5', '4|6']);
    expect(after((c) => readAs(c.polygon, [5, 5], 0.95), undefined, [], 'none')).toEqual(['2|5', '5|6']);
  });

  /** A face traced short in a domino's room along the line, read unsure: where a tile was missed, the network saw a face. */
  const face: Point[] = [
    [70, 85],
    [115, 85],
    [115, 115],
    [70, 115],
  ];
  /**
   * The readings after the room between `room`'s dominoes (read `ends`, and the traced face `traced`) was read as `values` at `confidence`
   * (half 0 as the place's polygon orders it; `turnedRead`: the other way; `nearFirst`: half 0 the half nearer this point).
   */
  const inRoom = (room: Point[][], ends: [number, number][], values: [number, number], { turnedRead = false, confidence = 0.9, traced = [readAs(face, [4, 4], 0.3)], nearFirst = undefined as Point | undefined } = {}) => {
    const reads = [...room.map((p, k) => readAs(p, ends[k])), ...traced];
    const away = (c: TileCandidate) => !!nearFirst && dist(c.polygon[0], nearFirst) + dist(c.polygon[3], nearFirst) > dist(c.polygon[1], nearFirst) + dist(c.polygon[2], nearFirst); // half 0 lies at corners 0 and 3
    const gapRead = (c: TileCandidate) => readAs(turnedRead || away(c) ? [c.polygon[2], c.polygon[3], c.polygon[0], c.polygon[1]] : c.polygon, values, confidence);
    return gapTiles(reads.map((r) => candidate(r.tile.polygon)), reads, (cands) => cands.map(gapRead), frame, null, false).reads.map((r) => r.tile.values.join('|'));
  };
  const room = [along(0), along(125)];

  it("keeps a domino read in a domino's room along the line where each half carries the number of the half it faces, either way round, in the traced face's place", () => {
    expect(inRoom(room, [[2, 5], [3, 6]], [5, 3])).toEqual(['2|5', '3|6', '5|3']);
    expect(inRoom(room, [[2, 5], [3, 6]], [3, 5], { turnedRead: true })).toEqual(['2|5', '3|6', '3|5']);
    expect(inRoom(room, [[2, 5], [3, 6]], [3, 5])).toEqual(['2|5', '3|6', '4|4']); // each half the other's number
    expect(inRoom(room, [[2, 5], [3, 6]], [5, 4])).toEqual(['2|5', '3|6', '4|4']);
    expect(inRoom(room, [[2, 5], [3, 6]], [5, 3], { confidence: 0.85 })).toEqual(['2|5', '3|6', '4|4']);
  });

  it('reads no domino in a room where no face was traced: bare table reads as blanks', () => {
    expect(inRoom(room, [[2, 0], [0, 6]], [0, 0], { traced: [] })).toEqual(['2|0', '0|6']);
  });

  it('keeps a domino read between a domino and a crosswise double only where that double is one', () => {
    const crosswise = [along(0), across(140)];
    expect(inRoom(crosswise, [[2, 5], [3, 3]], [5, 3])).toEqual(['2|5', '3|3', '5|3']);
    expect(inRoom(crosswise, [[2, 5], [3, 4]], [5, 3])).toEqual(['2|5', '3|4', '4|4']);
    expect(inRoom(crosswise, [[2, 5], [3, 4]], [5, 4])).toEqual(['2|5', '3|4', '4|4']);
  });

  it('keeps a domino read where the line turns, each half carrying the number it faces, with no face traced there, past a crosswise double only where it is one', () => {
    const turn = [along(-60), along(0), across(105, 115)];
    const nearFirst: Point = [0, 100]; // each room read 5 at the end facing the tile it leaves
    expect(inRoom(turn, [[1, 2], [2, 5], [3, 6]], [5, 3], { traced: [], nearFirst })).toEqual(['1|2', '2|5', '3|6', '5|3']);
    expect(inRoom(turn, [[1, 2], [2, 5], [3, 6]], [5, 6], { traced: [], nearFirst })).toEqual(['1|2', '2|5', '3|6']);
    const fromDouble = [along(-60), across(15), across(75, 115)];
    expect(inRoom(fromDouble, [[1, 5], [5, 5], [3, 6]], [5, 3], { traced: [], nearFirst })).toEqual(['1|5', '5|5', '3|6', '5|3']);
    expect(inRoom(fromDouble, [[1, 5], [5, 4], [3, 6]], [5, 3], { traced: [], nearFirst })).toEqual(['1|5', '5|4', '3|6']);
  });

  it('takes a tile lying on a surer one for no tile: it neither fills the room nor stays beside the domino read there', () => {
    const turn = [along(-60), along(0), across(105, 115)];
    const straddling = readAs(across(105, 90), [4, 4], 0.83); // a face traced over the joint, on the turning domino by 0.58
    expect(inRoom(turn, [[1, 2], [2, 5], [3, 6]], [5, 3], { traced: [straddling], nearFirst: [0, 100] })).toEqual(['1|2', '2|5', '3|6', '5|3']);
  });

  it('keeps none that lies on a tile that stays', () => {
    const slid = (c: TileCandidate) => readAs(c.polygon.map(([x, y]): Point => [x + 20, y]), [5, 5], 0.95); // a third onto 5|6
    expect(after(slid)).toEqual(['2|5', '5|6']);
  });

  it('looks again, in a live frame, only at a place first read as what it must carry; in a still image, at every place', () => {
    /** Candidates read, and the readings after, where every look at the gap reads it `values` with each half at 0.8 (unsure: looked at again). */
    const looks = (values: [number, number], still: boolean) => {
      let read = 0;
      const reads = [readAs(line[0], [2, 5]), readAs(line[1], [5, 6])];
      const unsure = (c: TileCandidate): Read => {
        const r = readAs(c.polygon, values, 0.8);
        return { ...r, tile: { ...r.tile, halves: r.tile.halves?.map((h) => ({ ...h, confidence: 0.8 })) } };
      };
      const out = gapTiles(reads.map((r) => candidate(r.tile.polygon)), reads, (cands) => ((read += cands.length), cands.map(unsure)), frame, null, still);
      return { read, values: out.reads.map((r) => r.tile.values.join('|')) };
    };
    expect(looks([3, 3], false)).toEqual({ read: 1, values: ['2|5', '5|6'] }); // 3|3: no double the 5s facing it carry
    expect(looks([5, 5], false).read).toBeGreaterThan(1);
    expect(looks([5, 5], false).values).toEqual(['2|5', '5|6', '5|5']);
    expect(looks([3, 3], true).read).toBeGreaterThan(1);
  });
});
