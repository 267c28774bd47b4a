/**
 * The table seen by the camera: every tile's top face lies in one plane, and all tiles of a set are
 * the same size, a domino twice as long as it is wide, a triangle equilateral. A pinhole camera
 * (principal point at the frame's centre, square pixels) tilted from straight down maps that plane to
 * the image by a homography, which the confident tiles' outlines give away: the tilt, its direction
 * and the focal length that make them most nearly true rectangles and triangles of one size.
 * With it a tile's outline can be replaced by the true shape that fits it best (`idealTile`): the
 * tile network's faces are blobby, and a quad cut along a foreshortened groove comes out sheared;
 * and tiles can be compared in size on the plane, where a domino seen lengthwise is as long as one
 * seen crosswise (realign.ts). Fitted to the true outlines of dev scenes (`itemSeed(2011, i, 3559)`,
 * 12 scenes at 20-40 degrees) the tilt comes out within 1.5 degrees; to the sure tiles found, 3.3 off
 * on average (`itemSeed(2013, i, 3559)`, 30 scenes at 10-40 degrees): their faces take in some of the
 * tiles' sides. The true shapes fitted on that plane were as near the truth as on the true one
 * (best of the five fits, mean IoU 0.887 against 0.889; the outlines found, 0.859).
 */
import { shaped } from './quad-geometry';
import type { Point, TileKind } from './segment-types';

type Vec3 = [number, number, number];

export interface TablePlane {
  /** Tilt of the camera from straight down, degrees. */
  tiltDeg: number;
  /** An image point on the plane, in plane units (the distance from the camera to the plane is 1). */
  toPlane(p: Point): Point | null;
  toImage(q: Point): Point;
}

interface Shape {
  kind: TileKind;
  polygon: readonly Point[];
}

/** Centred templates, a half of 1: a domino 2 x 1, a triangle of side 2; each in both windings. */
const DOMINO: readonly Point[] = [[-1, -0.5], [1, -0.5], [1, 0.5], [-1, 0.5]];
const TRIANGLE: readonly Point[] = [[-1, -1 / Math.sqrt(3)], [1, -1 / Math.sqrt(3)], [0, 2 / Math.sqrt(3)]];
const mirror = (t: readonly Point[]): Point[] => t.map(([x, y]) => [x, -y]);
const shift = (t: readonly Point[], k: number): Point[] => t.map((_, i) => t[(i + k) % t.length]);
/** A domino's corners may start at either end of a long or of a short side: both starts, both windings. */
const TEMPLATES: Record<TileKind, Point[][]> = {
  domino: [DOMINO, shift(DOMINO, 1), mirror(DOMINO), shift(mirror(DOMINO), 1)].map((t) => [...t]),
  triomino: [[...TRIANGLE], mirror(TRIANGLE)],
};

interface Fit {
  /** 1 - explained share: 0 for the true shape exactly. */
  residual: number;
  /** Half size, plane units. */
  scale: number;
  cos: number;
  sin: number;
  template: Point[];
  centre: Point;
}

/**
 * The similarity (turn, scale, shift) that brings the tile's template closest to these plane corners,
 * each corner weighing `weights[k]` (all 1 unless given).
 */
function fitShape(kind: TileKind, corners: readonly Point[], weights?: readonly number[]): Fit {
  const n = corners.length;
  const w = weights ?? corners.map(() => 1);
  const sw = w.reduce((a, b) => a + b, 0);
  const cx = corners.reduce((a, p, k) => a + w[k] * p[0], 0) / sw;
  const cy = corners.reduce((a, p, k) => a + w[k] * p[1], 0) / sw;
  let pp = 0;
  for (let k = 0; k < n; k++) pp += w[k] * ((corners[k][0] - cx) ** 2 + (corners[k][1] - cy) ** 2);
  let best: Fit | undefined;
  for (const t of TEMPLATES[kind]) {
    const tx = t.reduce((a, q, k) => a + w[k] * q[0], 0) / sw;
    const ty = t.reduce((a, q, k) => a + w[k] * q[1], 0) / sw;
    let a = 0;
    let b = 0;
    let tt = 0;
    for (let k = 0; k < n; k++) {
      const px = corners[k][0] - cx;
      const py = corners[k][1] - cy;
      const qx = t[k][0] - tx;
      const qy = t[k][1] - ty;
      a += w[k] * (px * qx + py * qy);
      b += w[k] * (py * qx - px * qy);
      tt += w[k] * (qx * qx + qy * qy);
    }
    const residual = 1 - (a * a + b * b) / Math.max(1e-30, pp * tt);
    if (!best || residual < best.residual) {
      const h = Math.hypot(a, b);
      const [cos, sin, scale] = [a / Math.max(1e-30, h), b / Math.max(1e-30, h), h / Math.max(1e-30, tt)];
      // The template's own centre lands where its weighted centre's image is shifted back.
      const centre: Point = [cx - scale * (cos * tx - sin * ty), cy - scale * (sin * tx + cos * ty)];
      best = { residual, scale, cos, sin, template: t, centre };
    }
  }
  return best as Fit;
}

/** The plane of a camera with focal length `focal` (px), tilted `tilt` radians towards image direction `dir`. */
function planeOf(tilt: number, dir: number, focal: number, width: number, height: number): TablePlane {
  const n: Vec3 = [Math.sin(tilt) * Math.cos(dir), Math.sin(tilt) * Math.sin(dir), -Math.cos(tilt)];
  // An orthonormal basis of the plane (n is never near the x axis: tilts stay below 60 degrees).
  const e1raw: Vec3 = [1 - n[0] * n[0], -n[0] * n[1], -n[0] * n[2]];
  const l = Math.hypot(...e1raw);
  const e1: Vec3 = [e1raw[0] / l, e1raw[1] / l, e1raw[2] / l];
  const e2: Vec3 = [n[1] * e1[2] - n[2] * e1[1], n[2] * e1[0] - n[0] * e1[2], n[0] * e1[1] - n[1] * e1[0]];
  const cx = width / 2;
  const cy = height / 2;
  return {
    tiltDeg: (tilt * 180) / Math.PI,
    toPlane([u, v]) {
      const d: Vec3 = [(u - cx) / focal, (v - cy) / focal, 1];
      const nd = n[0] * d[0] + n[1] * d[1] + n[2] * d[2];
      if (nd > -1e-3) return null; // at or beyond the horizon
      const t = -1 / nd;
      return [t * (d[0] * e1[0] + d[1] * e1[1] + d[2] * e1[2]), t * (d[0] * e2[0] + d[1] * e2[1] + d[2] * e2[2])];
    },
    toImage([a, b]) {
      const x = -n[0] + a * e1[0] + b * e2[0];
      const y = -n[1] + a * e1[1] + b * e2[1];
      const z = -n[2] + a * e1[2] + b * e2[2];
      return [cx + (focal * x) / z, cy + (focal * y) / z];
    },
  };
}

/** A tile's shape misfit counts at most this much (a false or half-found tile must not steer the fit). */
const RESIDUAL_CAP = 0.03;
/** A tile's squared log size off its kind's median counts at most this much. */
const SIZE_CAP = 0.1;
/** Weight of the sizes' spread against the shapes' misfit. */
const SIZE_WEIGHT = 0.5;
/** Fewer tiles than this and no plane is fitted. */
const MIN_TILES = 4;

const median = (v: number[]): number => {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s[s.length >> 1];
};

/** How far these tiles are from true shapes of one size per kind on this plane (lower: better). */
function misfit(plane: TablePlane, tiles: readonly Shape[]): number {
  let cost = 0;
  const logs: Record<TileKind, number[]> = { domino: [], triomino: [] };
  for (const t of tiles) {
    const corners = t.polygon.map((p) => plane.toPlane(p));
    if (corners.some((c) => c === null)) {
      cost += RESIDUAL_CAP + SIZE_WEIGHT * SIZE_CAP;
      continue;
    }
    const f = fitShape(t.kind, corners as Point[]);
    cost += Math.min(RESIDUAL_CAP, f.residual);
    logs[t.kind].push(Math.log(f.scale));
  }
  for (const kind of ['domino', 'triomino'] as const) {
    const m = median(logs[kind]);
    for (const v of logs[kind]) cost += SIZE_WEIGHT * Math.min(SIZE_CAP, (v - m) ** 2);
  }
  return cost / tiles.length;
}

/** Horizontal fields of view tried, degrees (webcams and phones: ~55-80). */
const FOVS = [50, 60, 70, 80];
/** Tilts tried, degrees: the renderer's go to 40, a person's phone may go further. */
const MAX_TILT = 55;

/**
 * The plane that makes these tiles (their outlines in frame pixels) most nearly true shapes of one
 * size, searched coarse to fine over tilt, its direction and the field of view; null with fewer
 * than MIN_TILES tiles.
 */
export function fitTablePlane(tiles: readonly Shape[], width: number, height: number): TablePlane | null {
  return fitPlane(tiles, width, height)?.plane ?? null;
}

/** `fitTablePlane`, with the misfit of the plane found. */
function fitPlane(tiles: readonly Shape[], width: number, height: number): { plane: TablePlane; cost: number } | null {
  if (tiles.length < MIN_TILES) return null;
  const deg = Math.PI / 180;
  const focalOf = (fov: number) => width / 2 / Math.tan((fov * deg) / 2);
  type Try = { tilt: number; dir: number; fov: number; cost: number };
  const at = (tilt: number, dir: number, fov: number): Try => {
    const t = Math.min(MAX_TILT, Math.max(0, tilt));
    return { tilt: t, dir, fov, cost: misfit(planeOf(t * deg, dir * deg, focalOf(fov), width, height), tiles) };
  };
  let best = at(0, 0, 60);
  for (const fov of [50, 70])
    for (let tilt = 5; tilt <= MAX_TILT; tilt += 5)
      for (let dir = 0; dir < 360; dir += 20) {
        const c = at(tilt, dir, fov);
        if (c.cost < best.cost) best = c;
      }
  // Finer steps about the best, three rounds.
  for (const [dt, dd] of [[2.5, 10], [1, 4], [0.5, 2]]) {
    const base = best;
    for (const fov of FOVS)
      for (const tilt of [base.tilt - dt, base.tilt, base.tilt + dt])
        for (const dir of [base.dir - dd, base.dir, base.dir + dd]) {
          const c = at(tilt, dir, fov);
          if (c.cost < best.cost) best = c;
        }
  }
  return { plane: planeOf(best.tilt * deg, best.dir * deg, focalOf(best.fov), width, height), cost: best.cost };
}

/** An outline's corners on the plane; null if one lies at or beyond the horizon. */
export function onPlane(plane: TablePlane, polygon: readonly Point[]): Point[] | null {
  const corners = polygon.map((p) => plane.toPlane(p));
  return corners.some((c) => c === null) ? null : (corners as Point[]);
}

/** A corner left out of a fit still weighs this much (it only says on which side the tile lies). */
const LEFT_OUT = 0.05;

/**
 * The true shape of the tile whose outline this is, on the plane: the template turned, scaled and
 * moved to fit its corners best (`leaveOut`: all but that corner, the one the face got wrong). Null if
 * a corner lies at or beyond the horizon.
 */
export function idealTile(plane: TablePlane, kind: TileKind, polygon: readonly Point[], leaveOut?: number): { polygon: Point[]; halves?: [Point[], Point[]] } | null {
  const corners = onPlane(plane, polygon);
  if (!corners) return null;
  const f = fitShape(kind, corners, leaveOut === undefined ? undefined : corners.map((_, k) => (k === leaveOut ? LEFT_OUT : 1)));
  const s = f.scale;
  const out = f.template.map(([x, y]): Point => plane.toImage([f.centre[0] + s * (f.cos * x - f.sin * y), f.centre[1] + s * (f.sin * x + f.cos * y)]));
  return shaped(kind, out);
}

/** A live camera's plane, kept from frame to frame (a camera over a table stays put): `plane` null until one is fitted. */
export interface PlaneMemory {
  plane: TablePlane | null;
  /** The misfit of the tiles it was fitted to. */
  cost: number;
  width: number;
  height: number;
  /** How many frames were fitted anew (for tests and benches). */
  fits: number;
}

export const planeMemory = (): PlaneMemory => ({ plane: null, cost: 0, width: 0, height: 0, fits: 0 });

/**
 * A remembered plane is kept while this frame's sure tiles misfit it by at most this many times the
 * misfit it was fitted with, plus KEEP_SLACK (one frame's tiles are not the last one's: a few come and
 * go, their outlines shift by a pixel). Dev live frames of 60 scenes each, every one a new camera
 * (the worst case: the rule must notice), seed 2016: pip totals exact 40 of 60 with this rule, 41
 * fitting every frame anew.
 */
const KEEP_RATIO = 1.5;
const KEEP_SLACK = 0.002;

/**
 * The plane of a live frame: the remembered one while this frame's sure tiles fit it about as well as
 * the tiles it was fitted to, else fitted anew (and remembered). Null with fewer than MIN_TILES sure
 * tiles, which cannot tell whether the camera moved.
 */
export function livePlane(memory: PlaneMemory, tiles: readonly Shape[], width: number, height: number): TablePlane | null {
  if (tiles.length < MIN_TILES) return null;
  if (memory.plane && memory.width === width && memory.height === height) {
    const now = misfit(memory.plane, tiles);
    if (now <= memory.cost * KEEP_RATIO + KEEP_SLACK) return memory.plane;
  }
  const fit = fitPlane(tiles, width, height);
  Object.assign(memory, { plane: fit?.plane ?? null, cost: fit?.cost ?? 0, width, height, fits: memory.fits + 1 });
  return memory.plane;
}
