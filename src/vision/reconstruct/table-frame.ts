/**
 * The table's own axes in the picture. Players lay lines and crosses along the table's edges
 * (turns are right angles) and lay their open hands along them: each domino's long side gives
 * an axis up to a right angle. A triangle in an open hand points a corner at the middle of the
 * table, so that corner gives its side's direction. The frame's angle is the mean of these,
 * taken modulo 90° (as 4·angle on the circle), in [-45°, 45°).
 */
import type { Point } from '../types';
import { screenAngle } from './geometry';
import type { Piece } from './pieces';

export interface Frame {
  /** Screen degrees the table's x axis is turned by in the picture (clockwise, y down). */
  angle: number;
  centre: Point;
}

const RAD = Math.PI / 180;

export function toFrame(f: Frame, p: Point): Point {
  const c = Math.cos(-f.angle * RAD);
  const s = Math.sin(-f.angle * RAD);
  const x = p[0] - f.centre[0];
  const y = p[1] - f.centre[1];
  return [c * x - s * y, s * x + c * y];
}

const dominoAxis = (p: Piece): number => {
  const [a, b] = p.halves.map((h) => h.centre);
  return screenAngle([b[0] - a[0], b[1] - a[1]]);
};

/** Direction (screen degrees) from a hand triangle's centre to the corner it points at the middle with. */
function pointingCorner(p: Piece, middle: Point): number {
  const toMiddle = screenAngle([middle[0] - p.centre[0], middle[1] - p.centre[1]]);
  const gap = (a: number): number => Math.min(Math.abs(a - toMiddle), 360 - Math.abs(a - toMiddle));
  return p.poly.map((c) => screenAngle([c[0] - p.centre[0], c[1] - p.centre[1]])).reduce((a, b) => (gap(b) < gap(a) ? b : a));
}

export function tableFrame(pieces: readonly Piece[], layout: readonly number[], hands: readonly number[], middle: Point): Frame {
  const angles: number[] = [];
  for (const t of [...layout, ...hands]) {
    const p = pieces[t];
    if (p.kind === 'domino') angles.push(dominoAxis(p));
    else if (hands.includes(t)) angles.push(pointingCorner(p, middle));
  }
  let x = 0;
  let y = 0;
  for (const a of angles) {
    x += Math.cos(4 * a * RAD);
    y += Math.sin(4 * a * RAD);
  }
  const angle = angles.length ? Math.atan2(y, x) / RAD / 4 : 0;
  return { angle, centre: middle };
}

/**
 * The side (0 right, 1 bottom, 2 left, 3 top, in the frame) a hand triangle's row lies on: the
 * side facing away from the corner it points at the middle with — the one corner lying along a
 * table axis (the other two lie 30° off one); null for a domino.
 */
export function tileNormal(p: Piece, f: Frame): number | null {
  if (p.kind !== 'triomino') return null;
  const offAxis = (a: number): number => {
    const d = (((a - f.angle) % 90) + 90) % 90;
    return Math.min(d, 90 - d);
  };
  const corners = p.poly.map((c) => screenAngle([c[0] - p.centre[0], c[1] - p.centre[1]]));
  const pointing = corners.reduce((a, b) => (offAxis(b) < offAxis(a) ? b : a));
  const outward = (pointing + 180 - f.angle + 720) % 360;
  return Math.round(outward / 90) % 4;
}
