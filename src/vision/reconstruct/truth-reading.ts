/**
 * A rendered scene's ground truth (src/synth/truth.ts, spec/table-reading.md plus the referee
 * position) read as a perfect TableReading: every tile as it lies, confidence 1. The evaluation
 * and the tests start from it; misreadings are injected on top (misread.ts).
 */
import type { JsonObject } from '../../rules/types';
import type { Point, ReadTile, TableReading } from '../types';

export interface TruthTile {
  kind: 'domino' | 'triomino';
  values: number[];
  polygon: Point[];
  halves?: { value: number; polygon: Point[] }[];
  cut?: boolean;
  half_px?: number;
}

export interface SceneTruthLike {
  image: { width: number; height: number };
  tiles: TruthTile[];
  family: string;
  set: string;
  game?: string;
  ruleset?: string | JsonObject;
  seats?: number;
  position?: JsonObject;
}

export function truthTile(t: TruthTile): ReadTile {
  const out: ReadTile = { kind: t.kind, values: t.values.slice(), polygon: t.polygon.map((p): Point => [p[0], p[1]]), confidence: 1 };
  if (t.halves) out.halves = t.halves.map((h) => ({ value: h.value, polygon: h.polygon.map((p): Point => [p[0], p[1]]), confidence: 1 }));
  if (t.cut) out.doubt = 'cut';
  return out;
}

export const truthReading = (truth: SceneTruthLike): TableReading => ({ image: { ...truth.image }, tiles: truth.tiles.map(truthTile), ms: {} });
