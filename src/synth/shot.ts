/**
 * Where the camera stands for a scene: straight down or tilted up to 40 degrees, any yaw, at a
 * height that gives tile halves from about 20 to 90 pixels, aimed at the layout. Large layouts
 * seen close up are cut by the image border, as on a real table; mostly the camera backs off.
 */
import type { Rng } from '../rules/random';
import { makeCamera, type Camera } from './camera';
import { DOMINO_HALF_MM, type Vec2 } from './types';

export interface Extent {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export interface ShotChoice {
  camera: Camera;
  /** The half size the camera was set up for, at the target, px. */
  halfPx: number;
}

const DEG = Math.PI / 180;

/**
 * `tiltRange` (degrees): a camera tilted within it, for measuring one kind of view (eval --tilt); the
 * generator is drawn as without it up to here, so the layout, look, light and table stay the same
 * (what is drawn after the tiles, such as the camera's blur, may differ: tiles of another size use it).
 */
export function chooseShot(rng: Rng, width: number, height: number, extent: Extent, halfPxRange: [number, number] = [20, 90], tiltRange?: [number, number]): ShotChoice {
  // 35% of webcams look (almost) straight down; the rest are tilted up to 40 degrees.
  const straight = rng.next() < 0.35;
  const u = rng.next();
  const tilt = tiltRange ? (tiltRange[0] + u * (tiltRange[1] - tiltRange[0])) * DEG : straight ? u * 6 * DEG : (6 + u * 34) * DEG;
  const yaw = rng.next() * 2 * Math.PI;
  const fov = (55 + rng.next() * 23) * DEG;
  const focal = width / 2 / Math.tan(fov / 2);
  const [lo, hi] = halfPxRange;
  let halfPx = lo * Math.pow(hi / lo, rng.next());
  // Distance along the view axis that makes a half `halfPx` wide at the target.
  let distance = (focal * DOMINO_HALF_MM) / halfPx;
  const cx = (extent.minX + extent.maxX) / 2;
  const cy = (extent.minY + extent.maxY) / 2;
  const radius = Math.hypot(extent.maxX - extent.minX, extent.maxY - extent.minY) / 2 + DOMINO_HALF_MM;
  // The layout fits when its radius is within the short half-side of the view (tilt shrinks it).
  const fitDistance = (radius * focal) / (Math.min(width, height) / 2) / Math.max(0.6, Math.cos(tilt));
  // Half of the close-ups back off until most of the layout is in view (a person frames the game);
  // the other half stay close, and the layout runs off the image (cut tiles, flagged in the truth).
  if (distance < fitDistance && rng.next() < 0.5) {
    distance = Math.min(fitDistance, (focal * DOMINO_HALF_MM) / lo);
    halfPx = (focal * DOMINO_HALF_MM) / distance;
  }
  const jitter = (0.15 * distance * Math.min(width, height)) / focal;
  const target: Vec2 = [cx + (rng.next() - 0.5) * jitter, cy + (rng.next() - 0.5) * jitter];
  const principal: Vec2 = [(rng.next() - 0.5) * 0.02 * width, (rng.next() - 0.5) * 0.02 * height];
  return { camera: makeCamera({ width, height, fov, tilt, yaw, target, distance, principal }), halfPx };
}

/**
 * A small camera window centred on a table point, for crops: the point appears in the middle of
 * a `span` x halfPx square window, seen straight down or tilted up to 40 degrees.
 */
export function chooseWindowCamera(rng: Rng, focus: Vec2, halfPx: number, span: number): Camera {
  const tilt = rng.next() < 0.35 ? rng.next() * 6 * DEG : (6 + rng.next() * 34) * DEG;
  const yaw = rng.next() * 2 * Math.PI;
  const fov = (55 + rng.next() * 23) * DEG;
  const focal = 1280 / 2 / Math.tan(fov / 2); // a 1280-wide webcam's focal length
  const distance = (focal * DOMINO_HALF_MM) / halfPx;
  const side = Math.max(16, Math.ceil(span * halfPx));
  // The window is a crop of a 1280-wide sensor: same focal length, principal point at its centre.
  return makeCamera({ width: side, height: side, fov: 2 * Math.atan(side / 2 / focal), tilt, yaw, target: focus, distance });
}
