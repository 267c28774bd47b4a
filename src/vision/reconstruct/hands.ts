/**
 * Hands laid open at the end of a round: the tiles that are not in the layout, grouped by the
 * side of the table they lie on, as src/synth/layouts/open-hands.ts lays them — each seat's row
 * along its table edge beyond the layout, seats clockwise seen from above in the order of play,
 * P0 nearest the viewer: 2 seats bottom, top; 3 seats bottom, left, right; 4 seats bottom, left,
 * top, right. Dominoes in a row lie upright or along the edge; triangles point a corner at the
 * middle of the table.
 *
 * The camera may stand anywhere, so the table's axes are found from the tiles (table-frame.ts).
 * In that frame a triangle's side is the one its pointing corner faces away from, a domino's the
 * side of the layout it lies farthest beyond; a domino beyond a corner (beyond two sides) joins
 * the side whose row it matches. Dominoes dropped loose on the table are left out.
 */
import type { Point } from '../types';
import { centroid, dist, screenAngle } from './geometry';
import { handText, pipsOfValues, type Piece } from './pieces';
import { tableFrame, toFrame, tileNormal, type Frame } from './table-frame';
import type { SeatHand } from './types';

/** Sides in the table frame, as screen angles of their outward normal (y down): right, bottom, left, top. */
const SIDE_ANGLES = [0, 90, 180, 270];
/** Seats' sides relative to P0's, clockwise on screen, by table size. */
const SEAT_OFFSETS: Record<number, number[]> = { 1: [0], 2: [0, 180], 3: [0, 90, 270], 4: [0, 90, 180, 270] };

interface Box {
  minU: number;
  maxU: number;
  minV: number;
  maxV: number;
}

function boxOf(points: readonly Point[]): Box {
  if (!points.length) return { minU: 0, maxU: 0, minV: 0, maxV: 0 };
  return {
    minU: Math.min(...points.map((p) => p[0])),
    maxU: Math.max(...points.map((p) => p[0])),
    minV: Math.min(...points.map((p) => p[1])),
    maxV: Math.max(...points.map((p) => p[1])),
  };
}

/** How far beyond each side (right, bottom, left, top) of the box a point lies. */
const beyond = (p: Point, b: Box): number[] => [p[0] - b.maxU, p[1] - b.maxV, b.minU - p[0], b.minV - p[1]];

/** Sides a table of `seats` uses when P0 sits at side s0 (side indices, 90° apart clockwise). */
const seatSides = (s0: number, seats: number): number[] => (SEAT_OFFSETS[seats] ?? SEAT_OFFSETS[4]).map((o) => (s0 + o / 90) % 4);

/**
 * P0's side: the one for which most first guesses fall on sides the table uses (for 3 seats the
 * empty side is opposite P0), ties to the side nearest the bottom of the picture.
 */
function viewerSide(first: readonly number[], seats: number, frame: Frame): number {
  const byBottom = [0, 1, 2, 3].sort((a, b) => gapToBottom(a, frame) - gapToBottom(b, frame));
  const score = (s0: number): number => first.filter((s) => seatSides(s0, seats).includes(s)).length;
  return byBottom.reduce((a, b) => (score(b) > score(a) ? b : a));
}

/** A first guess of each tile's side: a triangle's pointing corner, a domino's farthest overhang. */
function firstSides(pieces: readonly Piece[], ids: readonly number[], frame: Frame, at: readonly Point[], box: Box): number[] {
  return ids.map((t, i) => {
    const n = tileNormal(pieces[t], frame);
    if (n !== null) return n;
    const b = beyond(at[i], box);
    return b.indexOf(Math.max(...b));
  });
}

/** Whether a domino's long side runs along the frame's u axis. */
function alongU(p: Piece, frame: Frame): boolean {
  const [a, b] = p.halves.map((h) => toFrame(frame, h.centre));
  return Math.abs(b[0] - a[0]) >= Math.abs(b[1] - a[1]);
}

/**
 * A domino beyond two sides of the layout (past a corner) joins the side whose row it matches:
 * a row's dominoes all lie the same way (upright or along the edge), and a row lies at one
 * distance from the middle. Orientation decides where it can, the row's distance otherwise.
 */
function settleCorners(pieces: readonly Piece[], ids: readonly number[], frame: Frame, at: readonly Point[], box: Box, first: readonly number[]): number[] {
  const side = first.slice();
  const across = (i: number, s: number): number => (s % 2 === 0 ? at[i][0] : at[i][1]);
  ids.forEach((t, i) => {
    if (pieces[t].kind !== 'domino') return;
    const b = beyond(at[i], box);
    const options = [0, 1, 2, 3].filter((s) => b[s] > 0);
    if (options.length < 2) return;
    const mates = (s: number): number[] => ids.map((_u, j) => j).filter((j) => j !== i && first[j] === s && pieces[ids[j]].kind === 'domino');
    const score = (s: number): number => {
      const m = mates(s);
      if (!m.length) return -Infinity;
      const same = m.filter((j) => alongU(pieces[ids[j]], frame) === alongU(pieces[t], frame)).length / m.length;
      const line = m.map((j) => across(j, s)).sort((x, y) => x - y)[m.length >> 1];
      return 10 * Math.round(same) - Math.abs(across(i, s) - line) / pieces[t].size;
    };
    side[i] = options.reduce((x, y) => (score(y) > score(x) ? y : x));
  });
  return side;
}

/**
 * Loose tiles among the candidates (tiles dropped on the table, not laid out in a row): a domino
 * lying within the layout's box (hands lie beyond it, 30 mm or more), or turned against most of
 * the four dominoes nearest it by over LOOSE_TURN (mod 90°): a row keeps each tile within ±6° of
 * the table's axes, and perspective turns neighbours alike; a dropped tile lies at any angle.
 */
function looseOnes(pieces: readonly Piece[], ids: readonly number[], layout: readonly number[], at: readonly Point[], box: Box): Set<number> {
  const out = new Set<number>();
  const axis = (p: Piece): number => screenAngle([p.halves[1].centre[0] - p.halves[0].centre[0], p.halves[1].centre[1] - p.halves[0].centre[1]]);
  const mod90 = (a: number, b: number): number => {
    const d = (((a - b) % 90) + 90) % 90;
    return Math.min(d, 90 - d);
  };
  const dominoes = [...ids, ...layout].filter((t) => pieces[t].kind === 'domino');
  ids.forEach((t, i) => {
    const p = pieces[t];
    if (p.kind !== 'domino' || !layout.length) return;
    if (Math.max(...beyond(at[i], box)) < 0.5 * p.size) return void out.add(t);
    const near = dominoes
      .filter((u) => u !== t)
      .sort((u, v) => dist(pieces[u].centre, p.centre) - dist(pieces[v].centre, p.centre))
      .slice(0, 4);
    const turned = near.filter((u) => mod90(axis(pieces[u]), axis(p)) > LOOSE_TURN).length;
    if (near.length >= 2 && turned > near.length / 2) out.add(t);
  });
  return out;
}

/** Twice a row's jitter (open-hands.ts: ±6°). */
const LOOSE_TURN = 12;

/** The side in use whose direction is nearest the point's direction from the middle. */
function nearestSide(p: Point, sides: readonly number[]): number {
  const a = ((Math.atan2(p[1], p[0]) * 180) / Math.PI + 360) % 360;
  const gap = (s: number): number => Math.min(Math.abs(SIDE_ANGLES[s] - a), 360 - Math.abs(SIDE_ANGLES[s] - a));
  return sides.reduce((x, y) => (gap(y) < gap(x) ? y : x));
}

const gapToBottom = (s: number, frame: Frame): number => {
  const d = Math.abs((((SIDE_ANGLES[s] + frame.angle - 90) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
};

/**
 * Each seat's open hand among `ids`, around the layout `layout` (tile indices; may be empty).
 * `viewer`: the seat nearest the camera.
 */
export function groupHands(pieces: readonly Piece[], candidates: readonly number[], layout: readonly number[], seats: number, viewer = 0): SeatHand[] {
  if (candidates.length === 0) return [];
  const middle = centroid((layout.length ? layout : candidates).map((t) => pieces[t].centre));
  const frame = tableFrame(pieces, layout, candidates, middle);
  const box = boxOf(layout.flatMap((t) => pieces[t].poly.map((p) => toFrame(frame, p))));
  const loose = looseOnes(pieces, candidates, layout, candidates.map((t) => toFrame(frame, pieces[t].centre)), box);
  const ids = candidates.filter((t) => !loose.has(t));
  if (ids.length === 0) return [];
  const at = ids.map((t) => toFrame(frame, pieces[t].centre));
  const first = settleCorners(pieces, ids, frame, at, box, firstSides(pieces, ids, frame, at, box));
  const s0 = viewerSide(first, seats, frame);
  const sides = seatSides(s0, seats);
  const side = first.map((s, i) => (sides.includes(s) ? s : nearestSide(at[i], sides)));
  const bySeat = new Map<number, number[]>();
  ids.forEach((t, i) => {
    const seat = (sides.indexOf(side[i]) + viewer) % seats;
    bySeat.set(seat, [...(bySeat.get(seat) ?? []), t]);
  });
  return [...bySeat.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([seat, tiles]) => {
      const sorted = tiles.sort((p, q) => p - q);
      return { seat: `P${seat}`, tiles: sorted.map((t) => handText(pieces[t].values)), indices: sorted, pips: sorted.reduce((n, t) => n + pipsOfValues(pieces[t].values), 0) };
    });
}
