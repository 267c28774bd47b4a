/**
 * Hands laid open: each seat's tiles face up in a row along its table edge, outside what is
 * already on the table. Seats sit clockwise seen from above, in the order of play, starting with
 * P0 nearest the viewer: 2 seats bottom, top; 3 seats bottom, left, right; 4 seats bottom, left,
 * top, right. A row's dominoes point at their owner (upright) or lie along the edge (flat);
 * triangular tiles point their corner 0 at the middle of the table.
 */
import type { Rng } from '../../rules/random';
import { DOMINO_HALF_MM, TRIOMINO_SIDE_MM, type PlacedTile } from '../types';
import { layoutExtent, separation } from './geometry';
import type { TileList } from './result';
import { faceOf, placeFace, turnFace, type TileFace } from './tile-specs';

const H = DOMINO_HALF_MM;
const S = TRIOMINO_SIDE_MM;
const DEG = Math.PI / 180;

type Side = 'bottom' | 'left' | 'top' | 'right';
const SIDES: Record<number, Side[]> = {
  1: ['bottom'],
  2: ['bottom', 'top'],
  3: ['bottom', 'left', 'right'],
  4: ['bottom', 'left', 'top', 'right'],
};
/** Outward normal of each table edge. */
const NORMAL: Record<Side, [number, number]> = { bottom: [0, -1], left: [-1, 0], top: [0, 1], right: [1, 0] };

export function seatSide(seat: number, seats: number): Side {
  return (SIDES[seats] ?? SIDES[4])[seat % 4];
}

/** Faces of the tiles each hand holds, from referee JSON `hands` (counts of hidden tiles are skipped). */
export function handFaces(hands: unknown, rng: Rng): { seat: string; faces: TileFace[] }[] {
  if (!hands || typeof hands !== 'object') return [];
  return Object.entries(hands as Record<string, unknown>).map(([seat, v]) => ({
    seat,
    faces: Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '?').map((x) => turnFace(faceOf(x), rng)) : [],
  }));
}

interface Row {
  ox: number;
  oy: number;
  tx: number;
  ty: number;
  upright: boolean;
}

/** The tile at slot position `along` of the row, `out` mm beyond the row's base line. */
function rowTile(face: TileFace, row: Row, bx: number, by: number, along: number, jitter: number, rng: Rng): PlacedTile {
  const j = (k: number): number => (rng.next() - 0.5) * 2 * k * jitter;
  const outward = Math.atan2(row.oy, row.ox);
  let depth: number;
  let angle: number;
  if (face.kind === 'triomino') {
    depth = S / Math.sqrt(3); // corner 0 toward the table's middle, the far edge on the base line
    angle = outward + Math.PI - Math.PI / 2;
  } else if (row.upright) {
    depth = H;
    angle = outward + (rng.int(2) ? Math.PI : 0);
  } else {
    depth = H / 2;
    angle = Math.atan2(row.ty, row.tx) + (rng.int(2) ? Math.PI : 0);
  }
  const a = along + j(3);
  const d = depth + j(4);
  return placeFace(face, bx + row.tx * a + row.ox * d, by + row.ty * a + row.oy * d, angle + j(6 * DEG));
}

function pitchOf(face: TileFace, upright: boolean): number {
  if (face.kind === 'triomino') return S + 8;
  return upright ? H + 8 : 2 * H + 8;
}

function clear(t: PlacedTile, list: TileList, keepOff: number): boolean {
  for (let i = 0; i < list.tiles.length; i++) {
    const gap = list.roles[i].role === 'hand' ? 1.5 : keepOff;
    if (separation(t, list.tiles[i]) < gap) return false;
  }
  return true;
}

/** Tiles in one row before a second row starts further out (a player's reach: about 40 cm). */
function perRow(face: TileFace, upright: boolean): number {
  if (face.kind === 'triomino') return 7;
  return upright ? 10 : 6;
}

/** How deep one row is along the table's normal, mm, and the gap to the next row. */
function rowDepth(face: TileFace, upright: boolean): number {
  const d = face.kind === 'triomino' ? (S * Math.sqrt(3)) / 2 : upright ? 2 * H : H;
  return d + 8;
}

/** Lays one row of faces centred on the seat's axis, `base` mm out from the table's middle. */
function layRow(faces: TileFace[], seat: string, row: Row, centre: [number, number], base: number, list: TileList, rng: Rng, keepOff: number): void {
  const pitches = faces.map((f) => pitchOf(f, row.upright));
  let along = -pitches.reduce((a, b) => a + b, 0) / 2 + (rng.next() - 0.5) * 60;
  for (let i = 0; i < faces.length; i++) {
    let out = base;
    for (let attempt = 0; attempt < 12; attempt++) {
      if (attempt > 0 && attempt % 4 === 0) out += 12; // crowded here: this tile lies a little further out
      const t = rowTile(faces[i], row, centre[0] + row.ox * out, centre[1] + row.oy * out, along + pitches[i] / 2, 1 - (attempt % 4) / 4, rng);
      if (clear(t, list, keepOff)) {
        list.add(t, { role: 'hand', seat });
        break;
      }
    }
    along += pitches[i];
  }
}

/**
 * Lays each seat's faces in rows beyond the current tiles, `keepOff` mm or more from any tile
 * that is not in a hand (so an open hand never looks joined to the layout). A long hand (a
 * triangular hand after draws) takes a second row behind the first.
 */
export function layOpenHands(hands: { seat: string; faces: TileFace[] }[], seats: number, list: TileList, rng: Rng, keepOff = 30): void {
  const e = layoutExtent(list.tiles);
  const centre: [number, number] = [(e.minX + e.maxX) / 2, (e.minY + e.maxY) / 2];
  for (const { seat, faces } of hands) {
    if (faces.length === 0) continue;
    const [ox, oy] = NORMAL[seatSide(Number(seat.slice(1)), seats)];
    const row: Row = { ox, oy, tx: -oy, ty: ox, upright: rng.next() < 0.6 };
    // Base line: just beyond the layout's edge on this side.
    const reach = ox !== 0 ? (e.maxX - e.minX) / 2 : (e.maxY - e.minY) / 2;
    const base = reach + keepOff + 30 * rng.next();
    const n = perRow(faces[0], row.upright);
    for (let r = 0; r * n < faces.length; r++)
      layRow(faces.slice(r * n, (r + 1) * n), seat, row, centre, base + r * rowDepth(faces[0], row.upright), list, rng, keepOff);
  }
}
