/**
 * What the person changed in what the camera saw (issue 6 §3): a tile's values set, a false tile
 * removed, a missed tile added. Edits are data applied over the camera's reading, never written
 * into it, so each one can be undone and the camera's own reading stays visible for comparison.
 */
import type { Point, ReadTile, TableReading } from '../../vision/types';

/** A tile is named by its index in the camera's reading, or "add-k" for the k-th tile the person added. */
export type TileKey = number | string;

export type Edit =
  | { type: 'set'; tile: TileKey; values: number[] }
  | { type: 'remove'; tile: TileKey }
  | { type: 'add'; kind: 'domino' | 'triomino'; at: Point; size: number; values: number[] };

/** A tile as shown: the reading's tile with the person's changes, and where it came from. */
export interface ShownTile extends ReadTile {
  /** Index in the camera's reading, or null for a tile the person added. */
  source: number | null;
  /** What edits call this tile. */
  key: TileKey;
  /** True once the person has set or confirmed it. */
  confirmed: boolean;
}

/** The reading after the edits, in the table-reading format (confirmed tiles at confidence 1). */
export function applyEdits(base: TableReading, edits: readonly Edit[]): { reading: TableReading; shown: ShownTile[] } {
  const shown = new Map<TileKey, ShownTile>(base.tiles.map((t, i) => [i, { ...t, source: i, key: i, confirmed: false }]));
  let added = 0;
  for (const e of edits) {
    if (e.type === 'add') {
      const key = `add-${added++}`;
      shown.set(key, { ...addedTile(e), key });
    } else if (e.type === 'remove') shown.delete(e.tile);
    else {
      const t = shown.get(e.tile);
      if (t) shown.set(e.tile, withValues(t, e.values));
    }
  }
  const kept = [...shown.values()];
  const tiles = kept.map(({ source: _s, confirmed: _c, key: _k, ...t }) => t);
  return { reading: { ...base, tiles }, shown: kept };
}

function withValues(t: ShownTile, values: number[]): ShownTile {
  const halves = t.halves?.map((h, i) => ({ ...h, value: values[i], confidence: 1 }));
  return { ...t, values: [...values], halves, confidence: 1, alternatives: undefined, doubt: undefined, confirmed: true };
}

/** A tile the camera missed, placed where the person tapped, upright, `size` = its short side in pixels. */
function addedTile(e: Extract<Edit, { type: 'add' }>): Omit<ShownTile, 'key'> {
  const [x, y] = e.at;
  const s = e.size;
  if (e.kind === 'triomino') {
    const h = (s * Math.sqrt(3)) / 2;
    const polygon: Point[] = [
      [x, y - (2 * h) / 3],
      [x + s / 2, y + h / 3],
      [x - s / 2, y + h / 3],
    ];
    return { kind: 'triomino', values: [...e.values], polygon, confidence: 1, source: null, confirmed: true };
  }
  const polygon: Point[] = [
    [x - s, y - s / 2],
    [x + s, y - s / 2],
    [x + s, y + s / 2],
    [x - s, y + s / 2],
  ];
  const halves = [0, 1].map((i) => ({
    value: e.values[i],
    confidence: 1,
    polygon: [
      [x - s + i * s, y - s / 2],
      [x + i * s, y - s / 2],
      [x + i * s, y + s / 2],
      [x - s + i * s, y + s / 2],
    ] as Point[],
  }));
  return { kind: 'domino', values: [...e.values], polygon, halves, confidence: 1, source: null, confirmed: true };
}

/** Below this the tile asks for a look before it counts (calibrated: a confidence is a probability). */
export const LOOK_AT = 0.9;

export type Band = 'sure' | 'unsure' | 'doubtful';
export const bandOf = (confidence: number): Band => (confidence >= LOOK_AT ? 'sure' : confidence >= 0.6 ? 'unsure' : 'doubtful');

/** Typical short side of the tiles seen, for sizing an added tile like its neighbours. */
export function typicalSize(tiles: readonly ReadTile[], image: { width: number }): number {
  const sides = tiles
    .filter((t) => t.kind === 'domino')
    .map((t) => Math.min(dist(t.polygon[0], t.polygon[1]), dist(t.polygon[1], t.polygon[2])))
    .sort((a, b) => a - b);
  return sides.length ? sides[sides.length >> 1] : image.width / 25;
}

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
