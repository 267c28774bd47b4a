/**
 * One synthetic table photo with exact ground truth: a layout of tiles, a set style, a table,
 * light, a camera, then camera effects. The orchestrator reads like a list of stages.
 */
import { createRng, type Rng } from '../rules/random';
import { depth, imageToPlane, pixelsPerMm, planeToImage, project, type Camera } from './camera';
import { applyPost, samplePost } from './post';
import { invert, multiply, fromQuad, type Mat3 } from './homography';
import { generateLayout, layoutExtent, type LayoutOptions } from './layouts';
import { lampFalloff, sampleLighting } from './lighting';
import { convexHull, drawTexture, fillConvex, mapAll, newCanvas, type Canvas } from './raster';
import { chooseShot } from './shot';
import { sampleDominoStyle, sampleTriominoStyle } from './styles';
import { makeTableSurface, renderTableBackground, sampleTableKind } from './table';
import { dominoCorners, footprint, triominoCorners } from './tile-geometry';
import { renderDominoTexture } from './tile-texture';
import { renderTriominoTexture } from './triomino-texture';
import { itemSeed } from './seeds';
import { sceneTruth, type SceneTruth } from './truth';
import {
  DOMINO_HALF_MM,
  DOMINO_THICKNESS_MM,
  TRIOMINO_SIDE_MM,
  TRIOMINO_THICKNESS_MM,
  type DominoStyle,
  type Image,
  type Lighting,
  type PlacedTile,
  type Rgb,
  type SceneFamily,
  type TriominoStyle,
  type Vec2,
  type Vec3,
} from './types';

export interface SceneSpec {
  width: number;
  height: number;
  family: SceneFamily;
  seed: number;
  /** Range of half sizes in pixels the camera is set up for (default 20-90). */
  halfPx?: [number, number];
  /** Range of camera tilts in degrees from straight down (default: 35 % within 6, the rest 6-40). */
  tiltDeg?: [number, number];
  /** What the family's layout holds (layouts/index.ts): e.g. `{ set: 'double-6', tileCount: 1 }` with 'hand' for a photo of one tile. */
  layout?: LayoutOptions;
  /**
   * How many more frames a camera that stays still sends of this table (default 0): the same light
   * through the same optics and camera settings, each with fresh sensor noise (`Scene.later`).
   */
  laterFrames?: number;
  /**
   * Also the same frames with every tile's face drawn without its pips, numbers or dots, all else the
   * same to the last draw of the sensor noise (`Scene.bare`): the picture less what the marks put in it
   * (the eval's `marksShown`).
   */
  bare?: boolean;
}

/** A `tiltDeg` range as a command line gives it, `LO,HI` in degrees from straight down, 0 <= LO <= HI <= 40 (the renderer's cameras go to 40). */
export function parseTiltRange(text: string): [number, number] {
  const v = text.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
  if (v.length !== 2 || !v.every((x) => Number.isFinite(x) && x >= 0 && x <= 40) || v[0] > v[1]) throw new Error(`--tilt wants LO,HI in degrees with 0 <= LO <= HI <= 40, not "${text}"`);
  return [v[0], v[1]];
}

export interface Scene {
  image: Image;
  truth: SceneTruth;
  /** JPEG quality the camera pipeline chose for this frame. */
  jpegQuality: number;
  /** `laterFrames` more frames of the table, as `image` but with their own sensor noise (JPEG them at `jpegQuality` too). */
  later: Image[];
  /** With `bare`: `image` and `later` with every tile drawn without its marks, exposed as they are. */
  bare?: { image: Image; later: Image[] };
}

export interface Look {
  domino: DominoStyle;
  triomino: TriominoStyle;
  light: Lighting;
}

/**
 * The ground truth a scene of this spec would have, without drawing it (the layout, the style and
 * light draws and the camera come from the same generator in the same order as renderScene's).
 */
export function sceneTruthOnly(spec: SceneSpec): SceneTruth {
  const rng = createRng(spec.seed);
  const layout = generateLayout(spec.family, rng, spec.layout);
  const extent = layoutExtent(layout.tiles);
  const look: Look = { domino: sampleDominoStyle(rng, layout.set), triomino: sampleTriominoStyle(rng), light: sampleLighting(rng) };
  const tableKind = sampleTableKind(rng);
  const { camera } = chooseShot(rng, spec.width, spec.height, extent, spec.halfPx, spec.tiltDeg);
  return sceneTruth(layout, camera, { table: tableKind, look, seed: spec.seed });
}

/** Salt of a later frame's noise seed (itemSeed(scene seed, frame, salt)): a stream no dataset draws from. */
const LATER_FRAME_SALT = 0x1a7e;

export function renderScene(spec: SceneSpec): Scene {
  const drawn = drawScene(spec, true);
  const { width, height } = spec;
  const post = samplePost(drawn.rng, drawn.look.light);
  /** The camera's frames of a render, metered on the scene with its marks. */
  const frames = ({ canvas, rng }: ReturnType<typeof drawScene>) => ({
    image: applyPost(canvas.rgb, width, height, post, rng, drawn.canvas.rgb), // blur, noise, white balance, vignette
    later: Array.from({ length: spec.laterFrames ?? 0 }, (_, k) => applyPost(canvas.rgb, width, height, post, createRng(itemSeed(spec.seed, k + 1, LATER_FRAME_SALT)), drawn.canvas.rgb)), // the next frames: fresh noise
  });
  const { image, later } = frames(drawn);
  const truth = sceneTruth(drawn.layout, drawn.camera, { table: drawn.tableKind, look: drawn.look, post, seed: spec.seed });
  if (!spec.bare) return { image, truth, jpegQuality: post.jpegQuality, later };
  // Without its marks: drawn again (the same draws, the camera's included).
  const bare = drawScene(spec, false);
  samplePost(bare.rng, bare.look.light);
  return { image, truth, jpegQuality: post.jpegQuality, later, bare: frames(bare) };
}

/** The scene's linear render before the camera (`marks` false: the tiles without pips or numbers), and the generator where the camera's draws begin. */
function drawScene(spec: SceneSpec, marks: boolean) {
  const rng = createRng(spec.seed);
  const layout = generateLayout(spec.family, rng, spec.layout); // where the tiles lie (mm), with the referee position
  const extent = layoutExtent(layout.tiles);
  const look: Look = { domino: sampleDominoStyle(rng, layout.set), triomino: sampleTriominoStyle(rng), light: sampleLighting(rng) };
  const tableKind = sampleTableKind(rng);
  const { camera } = chooseShot(rng, spec.width, spec.height, extent, spec.halfPx, spec.tiltDeg); // straight down or tilted
  const surface = makeTableSurface(tableKind, rng, visibleTableExtent(camera)); // the cloth the camera sees
  const canvas = newCanvas(spec.width, spec.height);
  renderTableBackground(canvas.rgb, spec.width, spec.height, imageToPlane(camera, 0), surface, look.light, camera.position); // the table
  for (const t of layout.tiles) drawShadow(canvas, camera, t, look.light); // shadows on the table
  const order = [...layout.tiles].sort((a, b) => depth(camera, [b.x, b.y, 0]) - depth(camera, [a.x, a.y, 0]));
  for (const t of order) drawTile(canvas, camera, t, look, rng, marks); // far tiles first: near ones cover them
  return { rng, layout, look, tableKind, camera, canvas };
}

/** Side of the square (centred on the table origin) that holds everything the camera sees. */
function visibleTableExtent(cam: Camera): number {
  const h = imageToPlane(cam, 0);
  let reach = 300;
  for (const [u, v] of [[0, 0], [cam.width, 0], [cam.width, cam.height], [0, cam.height]]) {
    const w = h[6] * u + h[7] * v + h[8];
    reach = Math.max(reach, Math.abs((h[0] * u + h[1] * v + h[2]) / w), Math.abs((h[3] * u + h[4] * v + h[5]) / w));
  }
  return 2 * reach + 20;
}

const thicknessOf = (t: PlacedTile): number => (t.kind === 'domino' ? DOMINO_THICKNESS_MM : TRIOMINO_THICKNESS_MM);

/** A tile's shadow: its footprint swept along the light, softer for larger light sources. */
export function drawShadow(c: Canvas, cam: Camera, t: PlacedTile, light: Lighting): void {
  const [lx, ly, lz] = light.direction;
  const h = thicknessOf(t);
  const reach = Math.min(4, 1 / Math.max(0.2, lz)) * h;
  const len = Math.hypot(lx, ly) || 1;
  const shift: Vec2 = [(-lx / len) * reach * Math.hypot(lx, ly), (-ly / len) * reach * Math.hypot(lx, ly)];
  const foot = footprint(t);
  const hull = convexHull([...foot, ...foot.map(([x, y]): Vec2 => [x + shift[0], y + shift[1]])]);
  const toImage = planeToImage(cam, 0);
  const ppm = pixelsPerMm(cam, [t.x, t.y]);
  // What the shadow keeps: the ambient share of the light, never pitch black (bounce light).
  const keep = Math.max(0.35, light.ambient / (light.ambient + light.intensity * Math.max(0.1, lz)));
  const tint: Rgb = [keep, keep, keep];
  fillConvex(c, mapAll(toImage, hull), tint, 0.8, Math.max(0.6, light.softness * h * 0.8 * ppm), 'multiply');
  // Contact shadow: the thin dark line where the tile meets the table.
  const grow = footprint({ ...t }).map(([x, y]): Vec2 => [t.x + (x - t.x) * 1.04, t.y + (y - t.y) * 1.04]);
  fillConvex(c, mapAll(toImage, grow), [0.35, 0.35, 0.35], 0.5, Math.max(0.6, 1.2 * ppm), 'multiply');
}

/** `marks` false: the tile's face without its pips or numbers (the same draws from `rng`). */
export function drawTile(c: Canvas, cam: Camera, t: PlacedTile, look0: Look, rng: Rng, marks = true): void {
  const h = thicknessOf(t);
  // The lamp lights a tile as it lights the table around it (closer to the lamp: brighter).
  const falloff = lampFalloff(look0.light, t.x, t.y);
  const look = falloff === 1 ? look0 : { ...look0, light: { ...look0.light, intensity: look0.light.intensity * falloff } };
  const body = t.kind === 'domino' ? look.domino.body : look.triomino.body;
  drawSides(c, cam, t, h, body, look.light);
  const ppm = pixelsPerMm(cam, [t.x, t.y], h);
  const top = planeToImage(cam, h);
  if (t.kind === 'domino') {
    const halfPx = clampInt(DOMINO_HALF_MM * ppm, 10, 96);
    const light = lightInTileFrame(look.light, t.angle);
    const tex = renderDominoTexture([t.values[0], t.values[1]], look.domino, light, halfPx, rng, marks);
    const { outline } = dominoCorners(t);
    // Texel corners (0,0), (0,h), (2h,h), (2h,0) are the outline corners h0-top, h0-bottom, h1-bottom, h1-top.
    const texToTable = fromQuad(
      [
        [0, 0],
        [0, tex.height],
        [tex.width, tex.height],
        [tex.width, 0],
      ],
      outline,
    );
    const texToImage = multiply(top, texToTable);
    drawTexture(c, tex, invert(texToImage), mapAll(top, outline));
  } else {
    const sidePx = clampInt(TRIOMINO_SIDE_MM * ppm, 16, 160);
    const light = lightInTileFrame(look.light, t.angle); // texture +x is the table direction `angle` (apex up = +y at angle 0)
    const tex = renderTriominoTexture([t.values[0], t.values[1], t.values[2]], look.triomino, light, sidePx, rng, marks);
    const corners = triominoCorners(t);
    const apexTexel: Vec2[] = [
      [tex.width / 2, 0],
      [tex.width, (tex.width * Math.sqrt(3)) / 2],
      [0, (tex.width * Math.sqrt(3)) / 2],
    ];
    const texToTable = affineFrom3(apexTexel, corners);
    drawTexture(c, tex, invert(multiply(top, texToTable)), mapAll(top, corners));
  }
}

/** The vertical sides a camera can see: flat-shaded quads between the table and the top face. */
function drawSides(c: Canvas, cam: Camera, t: PlacedTile, h: number, body: Rgb, light: Lighting): void {
  const foot = footprint(t);
  const n = foot.length;
  for (let k = 0; k < n; k++) {
    const p = foot[k];
    const q = foot[(k + 1) % n];
    const mid: Vec2 = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    let nx = mid[0] - t.x;
    let ny = mid[1] - t.y;
    const len = Math.hypot(nx, ny);
    nx /= len;
    ny /= len;
    const toCam: Vec3 = [cam.position[0] - mid[0], cam.position[1] - mid[1], cam.position[2] - h / 2];
    if (nx * toCam[0] + ny * toCam[1] <= 0) continue;
    const lit = light.ambient + light.intensity * Math.max(0, nx * light.direction[0] + ny * light.direction[1]) * 0.8;
    const shade: Rgb = [body[0] * light.colour[0] * lit * 0.8, body[1] * light.colour[1] * lit * 0.8, body[2] * light.colour[2] * lit * 0.8];
    const quad = [project(cam, [p[0], p[1], 0]), project(cam, [q[0], q[1], 0]), project(cam, [q[0], q[1], h]), project(cam, [p[0], p[1], h])];
    fillConvex(c, quad, shade, 1, 0.5, 'paint');
  }
}

/**
 * The key light in a texture's frame: x along the texture's rows (domino: half 0 to half 1),
 * y down the texture, z up out of the tile. `angle` is the direction of the texture's +x on the table.
 */
function lightInTileFrame(l: Lighting, angle: number): Lighting {
  const [x, y, z] = l.direction;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  // Texture +y (down) is table direction -v, v = u turned +90 degrees.
  const along = x * ux + y * uy;
  const across = x * -uy + y * ux;
  return { ...l, direction: [along, -across, z] };
}

const clampInt = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, Math.round(v)));

/** The affine map (as a homography) that takes three source points onto three destinations. */
function affineFrom3(src: readonly Vec2[], dst: readonly Vec2[]): Mat3 {
  const [[x0, y0], [x1, y1], [x2, y2]] = src;
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  const solve = (v0: number, v1: number, v2: number): [number, number, number] => {
    const a = ((v1 - v0) * (y2 - y0) - (v2 - v0) * (y1 - y0)) / det;
    const b = ((x1 - x0) * (v2 - v0) - (x2 - x0) * (v1 - v0)) / det;
    return [a, b, v0 - a * x0 - b * y0];
  };
  const [a, b, cc] = solve(dst[0][0], dst[1][0], dst[2][0]);
  const [d, e, f] = solve(dst[0][1], dst[1][1], dst[2][1]);
  return [a, b, cc, d, e, f, 0, 0, 1];
}
