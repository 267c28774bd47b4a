/**
 * A pinhole camera over the table: straight down or tilted up to 40 degrees, turned (yaw) any way,
 * at a height that gives tile halves of a chosen size. Planes parallel to the table (the table at
 * z = 0, tile tops at z = thickness) map to the image by homographies, so flat tiles are drawn in
 * true perspective.
 *
 * Camera frame: x right, y down, z forward (into the scene). Top-down with yaw 0: image right is
 * table +x and image up is table +y (away from the viewer).
 */
import { apply, invert, multiply, type Mat3 } from './homography';
import type { Vec2, Vec3 } from './types';

export interface Camera {
  width: number;
  height: number;
  focal: number;
  cx: number;
  cy: number;
  /** World -> camera rotation rows: right, down, forward. */
  right: Vec3;
  down: Vec3;
  forward: Vec3;
  position: Vec3;
  /** Tilt from straight down, radians, and yaw, for the ground truth. */
  tilt: number;
  yaw: number;
}

export interface CameraSpec {
  width: number;
  height: number;
  /** Horizontal field of view, radians. */
  fov: number;
  tilt: number;
  yaw: number;
  /** Table point the camera looks at, mm. */
  target: Vec2;
  /** Distance from the camera to the target, mm. */
  distance: number;
  /** Principal point offset from the image centre, px. */
  principal?: Vec2;
}

export function makeCamera(s: CameraSpec): Camera {
  const focal = s.width / 2 / Math.tan(s.fov / 2);
  const st = Math.sin(s.tilt);
  const ct = Math.cos(s.tilt);
  const cy = Math.cos(s.yaw);
  const sy = Math.sin(s.yaw);
  // Tilt about x, then yaw about the table normal (z).
  const rot = (v: Vec3): Vec3 => [cy * v[0] - sy * v[1], sy * v[0] + cy * v[1], v[2]];
  const right = rot([1, 0, 0]);
  const down = rot([0, -ct, -st]);
  const forward = rot([0, st, -ct]);
  const position: Vec3 = [s.target[0] - s.distance * forward[0], s.target[1] - s.distance * forward[1], -s.distance * forward[2]];
  const [px, py] = s.principal ?? [0, 0];
  return { width: s.width, height: s.height, focal, cx: s.width / 2 + px, cy: s.height / 2 + py, right, down, forward, position, tilt: s.tilt, yaw: s.yaw };
}

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Homography from the plane z = height (table mm) to image pixels. */
export function planeToImage(c: Camera, height: number): Mat3 {
  const t: Vec3 = [-dot(c.right, c.position), -dot(c.down, c.position), -dot(c.forward, c.position)];
  // Columns: R e_x, R e_y, height * R e_z + t.
  const col0: Vec3 = [c.right[0], c.down[0], c.forward[0]];
  const col1: Vec3 = [c.right[1], c.down[1], c.forward[1]];
  const col2: Vec3 = [height * c.right[2] + t[0], height * c.down[2] + t[1], height * c.forward[2] + t[2]];
  const rt: Mat3 = [col0[0], col1[0], col2[0], col0[1], col1[1], col2[1], col0[2], col1[2], col2[2]];
  const k: Mat3 = [c.focal, 0, c.cx, 0, c.focal, c.cy, 0, 0, 1];
  return multiply(k, rt);
}

export function project(c: Camera, p: Vec3): Vec2 {
  const d: Vec3 = [p[0] - c.position[0], p[1] - c.position[1], p[2] - c.position[2]];
  const z = dot(c.forward, d);
  return [c.cx + (c.focal * dot(c.right, d)) / z, c.cy + (c.focal * dot(c.down, d)) / z];
}

/** Depth of a table point along the view axis (for painter's order: far first). */
export function depth(c: Camera, p: Vec3): number {
  return dot(c.forward, [p[0] - c.position[0], p[1] - c.position[1], p[2] - c.position[2]]);
}

/** Size in pixels of a length `mm` lying on the table at point `p` (mean over the two axes). */
export function pixelsPerMm(c: Camera, p: Vec2, height = 0): number {
  const h = planeToImage(c, height);
  const a = apply(h, p[0], p[1]);
  const bx = apply(h, p[0] + 1, p[1]);
  const by = apply(h, p[0], p[1] + 1);
  return (Math.hypot(bx[0] - a[0], bx[1] - a[1]) + Math.hypot(by[0] - a[0], by[1] - a[1])) / 2;
}

export const imageToPlane = (c: Camera, height: number): Mat3 => invert(planeToImage(c, height));
