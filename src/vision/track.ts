/**
 * Following a game from the camera: wait until the table is still, find what changed since the
 * last confirmed position, and turn it into moves the referee judges.
 *
 * Still: the last WINDOW frames are compared tile by tile (same place, same values). The table
 * is still when one frame agrees with all but one of the others — so one frame with a hand over
 * the table, a tile missed or a pip misread changes nothing, and the agreed frame is the reading
 * used. A hand over the table makes tiles vanish and appear in several frames at once: no frame
 * finds enough agreement and the tracker waits ("unsteady").
 *
 *   const t = new TableTracker({game: 'domino', set: 'double-6', seats: 4}, confirmedPosition);
 *   for (const reading of frames) { const e = t.push(reading); if (e.kind === 'move') ... }
 */
import type { JsonObject } from '../rules/types';
import { reconstruct } from './reconstruct';
import { centroid, dist, meanEdge } from './reconstruct/geometry';
import { findMoves, judgeMoves, type Judged } from './reconstruct/moves';
import type { Reconstruction, Setup } from './reconstruct/types';
import type { Point, ReadTile, TableReading } from './types';

/** Frames compared; one of them may disagree. At 10 readings a second, half a second of stillness. */
export const WINDOW = 5;
/** Two readings of one tile lie within a third of a half's side of each other (a still table: 1-2 px). */
const SAME_PLACE = 0.33;

export type TrackEvent =
  | { kind: 'unsteady' }
  | { kind: 'steady' }
  | {
      kind: 'move';
      moves: Judged[];
      reconstruction: Reconstruction;
      position: JsonObject;
      /** Other readings of the same change the referee also accepts (ask the person which). */
      alternatives: Judged[][];
    }
  | { kind: 'changed'; problem: string; reconstruction: Reconstruction };

const sizeOf = (t: ReadTile): number => meanEdge(t.polygon) / (t.kind === 'domino' ? 1.5 : 2);

/** Values of tile t at the places of tile u's parts (halves or corners): u's own order. */
function valuesAt(t: ReadTile, u: ReadTile): number[] {
  const parts = (x: ReadTile): Point[] => (x.kind === 'domino' && x.halves ? x.halves.map((h) => centroid(h.polygon)) : x.polygon);
  const pt = parts(t);
  return parts(u).map((p) => {
    let best = 0;
    for (let k = 1; k < pt.length; k++) if (dist(pt[k], p) < dist(pt[best], p)) best = k;
    return t.kind === 'domino' && t.halves ? t.halves[best].value : t.values[best];
  });
}

/** Whether two readings show the same tiles at the same places with the same values. */
export function sameTable(a: TableReading, b: TableReading): boolean {
  if (a.tiles.length !== b.tiles.length) return false;
  const used = new Set<number>();
  for (const t of a.tiles) {
    const c = centroid(t.polygon);
    const j = b.tiles.findIndex((u, k) => !used.has(k) && u.kind === t.kind && dist(centroid(u.polygon), c) < SAME_PLACE * sizeOf(t));
    if (j < 0) return false;
    used.add(j);
    const u = b.tiles[j];
    const own = u.kind === 'domino' && u.halves ? u.halves.map((h) => h.value) : u.values;
    if (valuesAt(t, u).some((v, k) => v !== own[k])) return false;
  }
  return true;
}

/** The reading of a still table among the frames, or null while it moves. */
export function stillReading(frames: readonly TableReading[]): TableReading | null {
  if (frames.length < WINDOW) return null;
  const last = frames.slice(-WINDOW);
  for (let i = last.length - 1; i >= 0; i--) {
    const agree = last.filter((o, j) => j !== i && sameTable(last[i], o)).length;
    if (agree >= WINDOW - 2) return last[i];
  }
  return null;
}

export class TableTracker {
  private frames: TableReading[] = [];
  private lastStill: TableReading | null = null;

  constructor(
    private readonly setup: Setup,
    private confirmed: JsonObject,
    private readonly options: { autoConfirm?: boolean } = {},
  ) {}

  /** The position the tracker compares new readings with. */
  get position(): JsonObject {
    return this.confirmed;
  }

  /** The person confirmed (or corrected) the table: compare from here on. */
  confirm(position: JsonObject): void {
    this.confirmed = position;
  }

  push(reading: TableReading): TrackEvent {
    this.frames = [...this.frames.slice(-(WINDOW - 1)), reading];
    const still = stillReading(this.frames);
    if (!still) return { kind: 'unsteady' };
    if (this.lastStill && sameTable(still, this.lastStill)) return { kind: 'steady' };
    this.lastStill = still;
    const rec = reconstruct(still, { ...this.setup, previous: this.confirmed });
    const found = findMoves(this.confirmed, rec.position, this.setup.game);
    if (found.problem) return { kind: 'changed', problem: found.problem, reconstruction: rec };
    if (found.moves.length === 0) return { kind: 'steady' };
    // A reading the referee refuses may have another reading (moves.ts): the first all-legal one is taken.
    const tries = [found.moves, ...(found.alternatives ?? [])].map((m) => judgeMoves(this.question(), this.confirmed, m));
    const legal = tries.filter((t) => t.judged.every((j) => j.verdict.legal === true));
    const { judged, position } = legal[0] ?? tries[0];
    if (this.options.autoConfirm && legal.length) this.confirmed = position;
    return { kind: 'move', moves: judged, reconstruction: rec, position, alternatives: legal.slice(1).map((t) => t.judged) };
  }

  private question(): JsonObject {
    const q: JsonObject = { game: this.setup.game, set: this.setup.set, seats: this.setup.seats };
    if (this.setup.ruleset !== undefined) q.ruleset = this.setup.ruleset;
    return q;
  }
}
