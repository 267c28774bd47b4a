/**
 * Laying dominoes one after another the way players do: touching end to end along the chain's
 * axis, doubles crosswise (centred on the axis), and a 90° turn where the chain would leave its
 * box (the table edge). Used by the line (two ends), the cross (four arms) and the trains.
 *
 * Turn geometry (the tile after the corner is never a double):
 *   ahead  — its near half sits straight ahead of the previous tile's end face, its long side
 *            against that face:          ▭▭▭▭▯   (the common corner)
 *   beside — its near end face lies against the long side of the previous tile's outer half.
 *   after a crosswise double — the double is the corner: the next tile leaves from the double's
 *            short end, so it touches the double only (two tiles meeting at a double's end face
 *            would touch it with both halves, and a reader could not tell which half joins).
 * Either way the two touching halves carry the same number, as at any joint.
 * After a turn at the box edge a chain may lay `riser` tiles and turn back (a snake, as a long
 * line does on a small table).
 */
import type { Rng } from '../../rules/random';
import { footprint } from '../tile-geometry';
import { DOMINO_HALF_MM, type PlacedTile } from '../types';
import { CONTACT_TOLERANCE_MM, insideExtent, separation, type Extent } from './geometry';

const H = DOMINO_HALF_MM;
const DEG = Math.PI / 180;

/** The open end of a chain. */
export interface ChainEnd {
  /** Middle of the open end face, mm. */
  x: number;
  y: number;
  /** Outward direction (unit). */
  dx: number;
  dy: number;
  /** Index of the tile the end belongs to (contact with it is designed), -1 for none. */
  owner: number;
  /** The tile at the end lies crosswise (a double). */
  crosswise: boolean;
  /** Tiles laid since the last turn, the turned tile included. */
  sinceTurn: number;
  /** Tiles still to lay on the riser before turning back; -1 = not on a riser. */
  riserLeft: number;
  /** Direction to turn back into after the riser. */
  backX: number;
  backY: number;
}

export interface ChainRules {
  /** The chain turns where a straight tile would leave this box. */
  box: Extent;
  /** Nothing may stick out of this one. */
  hardBox: Extent;
  /** Side to turn toward at the box edge (a vector; the perpendicular with the larger dot wins). */
  driftX: number;
  driftY: number;
  /** Tiles on a riser before the U-turn: 0 = never turn back. */
  riser: () => number;
  /** Share of turns laid "beside" instead of "ahead". */
  besideShare: number;
  /** Gap kept to tiles other than the one touched, mm. */
  clearance: number;
}

export interface Placement {
  tile: PlacedTile;
  end: ChainEnd;
}

export function startEnd(x: number, y: number, dx: number, dy: number, owner: number, crosswise: boolean): ChainEnd {
  return { x, y, dx, dy, owner, crosswise, sinceTurn: 1, riserLeft: -1, backX: 0, backY: 0 };
}

/**
 * A tile laid from point (x, y) along (dx, dy): lengthwise, or crosswise when a double. A small
 * jitter (gap 0.05-0.25 mm, ±0.4°) keeps the line from looking ruled; it stays within the contact
 * tolerance (a 0.4° turn moves a corner 24 mm off the axis by 0.17 mm: gaps stay under 0.5 mm).
 */
function layFrom(x: number, y: number, dx: number, dy: number, inner: number, outer: number, rng: Rng): { tile: PlacedTile; nx: number; ny: number } {
  const gap = 0.05 + 0.2 * rng.next();
  const wobble = (rng.next() - 0.5) * 0.8 * DEG;
  const sx = x + dx * gap;
  const sy = y + dy * gap;
  const axis = Math.atan2(dy, dx);
  if (inner === outer) {
    const tile: PlacedTile = { kind: 'domino', values: [inner, outer], x: sx + (dx * H) / 2, y: sy + (dy * H) / 2, angle: axis + Math.PI / 2 + wobble };
    return { tile, nx: sx + dx * H, ny: sy + dy * H };
  }
  const tile: PlacedTile = { kind: 'domino', values: [inner, outer], x: sx + dx * H, y: sy + dy * H, angle: axis + wobble };
  return { tile, nx: sx + 2 * dx * H, ny: sy + 2 * dy * H };
}

interface Candidate {
  kind: 'straight' | 'edge-turn' | 'u-turn';
  dx: number;
  dy: number;
  beside: boolean;
}

function candidates(e: ChainEnd, r: ChainRules, isDouble: boolean, straight: PlacedTile, rng: Rng): Candidate[] {
  const go: Candidate = { kind: 'straight', dx: e.dx, dy: e.dy, beside: false };
  if (isDouble) return [go]; // a double never sits on a corner: it goes on crosswise, the turn comes after
  const beside = !e.crosswise && rng.next() < r.besideShare;
  if (e.riserLeft === 0) return [{ kind: 'u-turn', dx: e.backX, dy: e.backY, beside }, go];
  if (!leavesAhead(straight, e.dx, e.dy, r.box)) return [go];
  // Perpendiculars: toward the drift side first, else toward the box centre.
  let nx = -e.dy;
  let ny = e.dx;
  const drift = nx * r.driftX + ny * r.driftY;
  const cx = (r.box.minX + r.box.maxX) / 2 - e.x;
  const cy = (r.box.minY + r.box.maxY) / 2 - e.y;
  if (drift < -0.1 || (Math.abs(drift) <= 0.1 && nx * cx + ny * cy < 0)) {
    nx = -nx;
    ny = -ny;
  }
  // Only that way: turning the other way would lay the chain back along itself.
  return [{ kind: 'edge-turn', dx: nx, dy: ny, beside }];
}

/**
 * Whether the tile sticks out of the box on the side the chain is heading for: a chain turns
 * at the table edge ahead of it, not because an earlier leg already runs outside the box.
 */
function leavesAhead(t: PlacedTile, dx: number, dy: number, b: Extent): boolean {
  for (const [x, y] of footprint(t)) {
    if ((dx > 0.3 && x > b.maxX) || (dx < -0.3 && x < b.minX)) return true;
    if ((dy > 0.3 && y > b.maxY) || (dy < -0.3 && y < b.minY)) return true;
  }
  return false;
}

/** The tile and new end for one candidate move of the chain end. */
function lay(e: ChainEnd, c: Candidate, inner: number, outer: number, r: ChainRules, rng: Rng): Placement {
  let sx = e.x;
  let sy = e.y;
  if (c.kind !== 'straight' && e.crosswise) {
    // After a crosswise double the corner is the double itself: P − d·H/2 + d'·H (see the header).
    sx += (-e.dx * H) / 2 + c.dx * H;
    sy += (-e.dy * H) / 2 + c.dy * H;
  } else if (c.kind !== 'straight') {
    // ahead: P + d·H/2 − d'·H/2;  beside: P − d·H/2 + d'·H/2 (see the header).
    const s = c.beside ? -1 : 1;
    sx += s * ((e.dx * H) / 2 - (c.dx * H) / 2);
    sy += s * ((e.dy * H) / 2 - (c.dy * H) / 2);
  }
  const { tile, nx, ny } = layFrom(sx, sy, c.dx, c.dy, inner, outer, rng);
  const end: ChainEnd = {
    x: nx,
    y: ny,
    dx: c.dx,
    dy: c.dy,
    owner: -1,
    crosswise: inner === outer,
    sinceTurn: c.kind === 'straight' ? e.sinceTurn + 1 : 1,
    riserLeft: -1,
    backX: e.backX,
    backY: e.backY,
  };
  if (c.kind === 'straight' && e.riserLeft > 0) end.riserLeft = e.riserLeft - 1;
  if (c.kind === 'straight' && e.riserLeft === 0) end.riserLeft = 0; // the U-turn waits for a non-double
  // An edge turn made while on a riser is the turn back itself; otherwise a riser begins.
  if (c.kind === 'edge-turn' && e.riserLeft < 0) {
    const n = r.riser();
    if (n > 0) {
      end.riserLeft = n - 1;
      end.backX = -e.dx;
      end.backY = -e.dy;
    }
  }
  return { tile, end };
}

/** Whether a tile may lie there: inside the hard box, touching only `owner`, clear of the rest. */
function fits(tile: PlacedTile, owner: number, placed: readonly PlacedTile[], r: ChainRules): boolean {
  if (!insideExtent(tile, r.hardBox)) return false;
  for (let i = 0; i < placed.length; i++) {
    const gap = separation(tile, placed[i]);
    if (i === owner ? gap < -CONTACT_TOLERANCE_MM : gap < r.clearance) return false;
  }
  return true;
}

/**
 * Where the tile `inner|outer` goes at this end (inner touches the end), or null when no
 * placement fits the table. Nothing is changed: the caller commits the placement.
 */
export function extendChain(e: ChainEnd, inner: number, outer: number, placed: readonly PlacedTile[], r: ChainRules, rng: Rng): Placement | null {
  const straight = layFrom(e.x, e.y, e.dx, e.dy, inner, outer, rng).tile;
  for (const c of candidates(e, r, inner === outer, straight, rng)) {
    const p = lay(e, c, inner, outer, r, rng);
    if (fits(p.tile, e.owner, placed, r)) return p;
  }
  return null;
}

/** Commits a placement: the new end belongs to the tile just added at index `index`. */
export function endAfter(p: Placement, index: number): ChainEnd {
  p.end.owner = index;
  return p.end;
}

/** A box of half-sizes (hx, hy) around (cx, cy), and the same grown by `grow`. */
export function boxAround(cx: number, cy: number, hx: number, hy: number): Extent {
  return { minX: cx - hx, maxX: cx + hx, minY: cy - hy, maxY: cy + hy };
}

export function grownBox(b: Extent, grow: number): Extent {
  return { minX: b.minX - grow, maxX: b.maxX + grow, minY: b.minY - grow, maxY: b.maxY + grow };
}
