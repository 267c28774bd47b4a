/**
 * Where a placed tile's corners lie on the table (mm), in the orders the ground truth needs.
 * Domino corners, counter-clockwise seen from above: half-0 end top (+v side), half-0 end bottom,
 * half-1 end bottom, half-1 end top — where u points from half 0 to half 1 and v is u turned +90°.
 */
import { DOMINO_HALF_MM, TRIOMINO_SIDE_MM, type PlacedTile, type Vec2 } from './types';

export interface DominoCorners {
  /** The whole top face: [h0-top, h0-bottom, h1-bottom, h1-top]. */
  outline: Vec2[];
  /** Each half: [outer-top, outer-bottom, mid-bottom, mid-top] for half 0, [mid-top, mid-bottom, outer-bottom, outer-top] for half 1. */
  halves: [Vec2[], Vec2[]];
}

export function dominoCorners(t: PlacedTile, half = DOMINO_HALF_MM): DominoCorners {
  const ux = Math.cos(t.angle);
  const uy = Math.sin(t.angle);
  const vx = -uy;
  const vy = ux;
  const at = (a: number, b: number): Vec2 => [t.x + a * half * ux + b * half * vx, t.y + a * half * uy + b * half * vy];
  const h0t = at(-1, 0.5);
  const h0b = at(-1, -0.5);
  const mb = at(0, -0.5);
  const mt = at(0, 0.5);
  const h1b = at(1, -0.5);
  const h1t = at(1, 0.5);
  return { outline: [h0t, h0b, h1b, h1t], halves: [[h0t, h0b, mb, mt], [mt, mb, h1b, h1t]] };
}

/** Triangle corners in value order (clockwise seen from above), corner 0 at +y when angle = 0. */
export function triominoCorners(t: PlacedTile, side = TRIOMINO_SIDE_MM): Vec2[] {
  const r = side / Math.sqrt(3);
  const out: Vec2[] = [];
  for (let k = 0; k < 3; k++) {
    const a = Math.PI / 2 + t.angle - (k * 2 * Math.PI) / 3;
    out.push([t.x + r * Math.cos(a), t.y + r * Math.sin(a)]);
  }
  return out;
}

/** The footprint outline on the table, whatever the kind. */
export const footprint = (t: PlacedTile): Vec2[] => (t.kind === 'domino' ? dominoCorners(t).outline : triominoCorners(t));
