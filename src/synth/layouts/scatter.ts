/**
 * Tiles dropped on the table face up at random places and angles, never overlapping; a share of
 * them pushed up against another loose tile until only 0.5-3 mm separate them (the hard case for
 * a reader: two tiles that nearly touch must still be read as two).
 */
import type { Rng } from '../../rules/random';
import type { PlacedTile } from '../types';
import { boundRadius, separation, type Extent } from './geometry';
import { placeFace, type TileFace } from './tile-specs';
import type { TileList, TileRole } from './result';

export interface ScatterOptions {
  /** Where tiles may be dropped (their centres). */
  region: Extent;
  /** Share of tiles laid nearly touching another one (0.5-3 mm gap). */
  nearShare: number;
  /** Gap kept to tiles of other roles (e.g. the line), mm: a loose tile must not look played. */
  keepOff: number;
  /** Gap kept to other loose tiles when not placed nearly touching, mm. */
  spacing: number;
  role: TileRole;
}

const TWO_PI = 2 * Math.PI;

/** Whether t keeps its distances: `keepOff` from tiles of another role, `near` from the rest. */
function roomFor(t: PlacedTile, list: TileList, o: ScatterOptions, near: number): boolean {
  for (let i = 0; i < list.tiles.length; i++) {
    const other = list.roles[i].role !== o.role.role;
    if (separation(t, list.tiles[i]) < (other ? o.keepOff : near)) return false;
  }
  return true;
}

/**
 * The face at angle `angle`, slid along direction `phi` from the anchor's centre until the gap
 * to the anchor is `gap` (bisection: separation grows along the ray from inside the anchor).
 */
function slideTo(face: TileFace, anchor: PlacedTile, phi: number, angle: number, gap: number): PlacedTile {
  const ux = Math.cos(phi);
  const uy = Math.sin(phi);
  const t = placeFace(face, anchor.x, anchor.y, angle);
  let lo = 0;
  let hi = boundRadius(anchor) + boundRadius(t) + gap + 1;
  for (let k = 0; k < 24; k++) {
    const mid = (lo + hi) / 2;
    t.x = anchor.x + ux * mid;
    t.y = anchor.y + uy * mid;
    if (separation(t, anchor) < gap) lo = mid;
    else hi = mid;
  }
  t.x = anchor.x + ux * hi;
  t.y = anchor.y + uy * hi;
  return t;
}

function nearlyTouching(face: TileFace, list: TileList, o: ScatterOptions, rng: Rng): PlacedTile | null {
  const mates = list.tiles.filter((_, i) => list.roles[i].role === o.role.role);
  if (mates.length === 0) return null;
  for (let attempt = 0; attempt < 12; attempt++) {
    const anchor = mates[rng.int(mates.length)];
    const gap = 0.5 + 2.5 * rng.next();
    const t = slideTo(face, anchor, rng.next() * TWO_PI, rng.next() * TWO_PI, gap);
    if (roomFor(t, list, o, 0.5)) return t;
  }
  return null;
}

function dropped(face: TileFace, list: TileList, o: ScatterOptions, rng: Rng): PlacedTile | null {
  const r = o.region;
  for (let attempt = 0; attempt < 40; attempt++) {
    // The region grows a little with each failed attempt, so a crowded table still finds room.
    const grow = attempt * 4;
    const x = r.minX - grow + (r.maxX - r.minX + 2 * grow) * rng.next();
    const y = r.minY - grow + (r.maxY - r.minY + 2 * grow) * rng.next();
    const t = placeFace(face, x, y, rng.next() * TWO_PI);
    if (roomFor(t, list, o, o.spacing)) return t;
  }
  return null;
}

/** Drops each face on the table; a face that finds no room is left out. Returns how many lie. */
export function scatterFaces(faces: readonly TileFace[], list: TileList, o: ScatterOptions, rng: Rng): number {
  let laid = 0;
  for (const face of faces) {
    const t = (rng.next() < o.nearShare ? nearlyTouching(face, list, o, rng) : null) ?? dropped(face, list, o, rng);
    if (!t) continue;
    list.add(t, o.role);
    laid++;
  }
  return laid;
}

/** A square region whose area gives `count` tiles of `tileArea` mm² the density asked for. */
export function regionFor(count: number, tileArea: number, density: number, cx = 0, cy = 0): Extent {
  const half = Math.sqrt((count * tileArea) / density) / 2;
  return { minX: cx - half, maxX: cx + half, minY: cy - half, maxY: cy + half };
}
