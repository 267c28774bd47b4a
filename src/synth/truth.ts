/**
 * Ground truth of a rendered scene in the table-reading format (spec/table-reading.md): every
 * visible tile's top-face polygon (image pixels, clockwise on screen), domino halves, values, and
 * for laid-out families the referee position. Tiles cut by the image border are flagged `cut`.
 */
import type { JsonObject } from '../rules/types';
import { planeToImage, pixelsPerMm, type Camera } from './camera';
import { screenArea } from '../vision/quad-geometry';
import { mapAll } from './raster';
import { dominoCorners, triominoCorners } from './tile-geometry';
import { DOMINO_HALF_MM, DOMINO_THICKNESS_MM, TRIOMINO_SIDE_MM, TRIOMINO_THICKNESS_MM, type PlacedTile, type SceneLayout, type Vec2 } from './types';

export interface TruthTile {
  kind: 'domino' | 'triomino';
  values: number[];
  polygon: Vec2[];
  halves?: { value: number; polygon: Vec2[] }[];
  /** Part of the tile lies outside the image. */
  cut?: boolean;
  /** Mean side of a domino half (or a triangle's side / 2) in pixels. */
  half_px: number;
}

export interface SceneTruth {
  image: { width: number; height: number };
  tiles: TruthTile[];
  family: string;
  set: string;
  game?: string;
  ruleset?: string | JsonObject;
  seats?: number;
  position?: Record<string, unknown>;
  camera: { tilt_deg: number; yaw_deg: number; focal_px: number; height_mm: number };
  render: JsonObject;
}

const round1 = (p: Vec2): Vec2 => [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];


const inside = (p: Vec2, w: number, h: number): boolean => p[0] >= 0 && p[1] >= 0 && p[0] <= w && p[1] <= h;

function visible(poly: readonly Vec2[], w: number, h: number): boolean {
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  // A sliver under 2 px inside the frame is not a tile anyone (or any detector) can see.
  return Math.max(...xs) > 2 && Math.min(...xs) < w - 2 && Math.max(...ys) > 2 && Math.min(...ys) < h - 2;
}

export function tileTruth(t: PlacedTile, cam: Camera): TruthTile | null {
  const top = planeToImage(cam, t.kind === 'domino' ? DOMINO_THICKNESS_MM : TRIOMINO_THICKNESS_MM);
  const ppm = pixelsPerMm(cam, [t.x, t.y], t.kind === 'domino' ? DOMINO_THICKNESS_MM : TRIOMINO_THICKNESS_MM);
  let out: TruthTile;
  if (t.kind === 'domino') {
    const { halves } = dominoCorners(t);
    // Clockwise on screen from half 0's outer corner: [h0-top, mid-top, mid-bottom, h0-bottom] etc.
    let h0 = mapAll(top, [halves[0][0], halves[0][3], halves[0][2], halves[0][1]]);
    let h1 = mapAll(top, [halves[1][0], halves[1][3], halves[1][2], halves[1][1]]);
    if (screenArea(h0) < 0) {
      h0 = [h0[3], h0[2], h0[1], h0[0]];
      h1 = [h1[3], h1[2], h1[1], h1[0]];
    }
    const polygon = [h0[0], h1[1], h1[2], h0[3]];
    out = {
      kind: 'domino',
      values: [t.values[0], t.values[1]],
      polygon: polygon.map(round1),
      halves: [
        { value: t.values[0], polygon: h0.map(round1) },
        { value: t.values[1], polygon: h1.map(round1) },
      ],
      half_px: Math.round(DOMINO_HALF_MM * ppm * 10) / 10,
    };
  } else {
    const corners = mapAll(top, triominoCorners(t));
    out = { kind: 'triomino', values: [...t.values], polygon: corners.map(round1), half_px: Math.round((TRIOMINO_SIDE_MM / 2) * ppm * 10) / 10 };
  }
  const { width, height } = cam;
  if (!visible(out.polygon, width, height)) return null;
  if (!out.polygon.every((p) => inside(p, width, height))) out.cut = true;
  return out;
}

export function sceneTruth(layout: SceneLayout, cam: Camera, render: JsonObject | Record<string, unknown>): SceneTruth {
  const tiles = layout.tiles.map((t) => tileTruth(t, cam)).filter((t): t is TruthTile => t !== null);
  const truth: SceneTruth = {
    image: { width: cam.width, height: cam.height },
    tiles,
    family: layout.family,
    set: layout.set,
    camera: {
      tilt_deg: Math.round((cam.tilt * 180) / Math.PI * 10) / 10,
      yaw_deg: Math.round((cam.yaw * 180) / Math.PI * 10) / 10,
      focal_px: Math.round(cam.focal * 10) / 10,
      height_mm: Math.round(cam.position[2]),
    },
    render: JSON.parse(JSON.stringify(render)) as JsonObject,
  };
  if (layout.game) truth.game = layout.game;
  // Positions played under a preset (e.g. domino `draw`) are judged under it.
  const ruleset = (layout as { ruleset?: unknown }).ruleset;
  if (ruleset !== undefined) truth.ruleset = ruleset as string | JsonObject;
  if (layout.seats) truth.seats = layout.seats;
  if (layout.position) truth.position = layout.position;
  return truth;
}
