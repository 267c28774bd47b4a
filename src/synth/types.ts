/**
 * The renderer's shared vocabulary (issue: synthetic tables). Everything is pure TypeScript and
 * deterministic: the same seed gives the same bytes, in Node and in the browser.
 *
 * Units: the table plane is in millimetres, x to the right, y away from the viewer (a top-down
 * camera looks along -z). Images are pixels, origin top-left, y down.
 */

/** An 8-bit RGBA image, row-major. */
export interface Image {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Linear RGB in 0..1 (values above 1 allowed before tone mapping). */
export type Rgb = [number, number, number];

export type Vec2 = [number, number];
export type Vec3 = [number, number, number];

/** Domino set styles seen on real tables (rules.md sets double-6/9/12). */
export type DominoStyleName =
  | 'ivory' // ivory or white body, black pips
  | 'black' // black body, white pips
  | 'mexican' // white body, a colour per value (Mexican-Train sets)
  | 'coloured-white-pips' // coloured body (children's magnetic sets), white pips
  | 'coloured-black-pips'; // coloured body, black pips

export interface DominoStyle {
  name: DominoStyleName;
  body: Rgb;
  /** Pip colour per value 0..12 (one colour repeated for single-colour sets). */
  pip: Rgb[];
  divider: 'engraved' | 'painted';
  dividerColour: Rgb;
  rivet: boolean;
  /** 0 matte .. 1 glossy: strength of glare spots. */
  gloss: number;
  /** Depth of the pip dimples' shading, 0..1. */
  dimple: number;
  /** Corner radius as a share of the half side (0.05 .. 0.2). */
  cornerRadius: number;
}

export type TriominoStyleName = 'numbers' | 'dotted';

export interface TriominoStyle {
  name: TriominoStyleName;
  body: Rgb;
  ink: Rgb;
  gloss: number;
  cornerRadius: number;
}

/** Light on the table: one key light (direction toward the light, in the table frame) + ambient. */
export interface Lighting {
  direction: Vec3;
  colour: Rgb;
  intensity: number;
  ambient: number;
  /** Soft (large source) 1 .. hard 0: shadow edge softness and highlight size. */
  softness: number;
  /**
   * Distance of the key light from the table origin along `direction`, mm (a lamp over the
   * table: 700-2500); absent for a far source (window, ceiling panel): no falloff across the table.
   */
  distanceMm?: number;
}

/**
 * A canonical, top-face texture of one tile, lit in its own frame: domino 2s x s texels (half 0 on
 * the left), triangular tile a w x h box around an equilateral triangle, apex up. `alpha` carries
 * the rounded outline (anti-aliased).
 */
export interface TileTexture {
  width: number;
  height: number;
  /** RGB premultiplied by nothing, linear 0..1, 3 floats per texel. */
  rgb: Float32Array;
  /** Coverage 0..1 per texel. */
  alpha: Float32Array;
}

/** A tile lying on the table. */
export interface PlacedTile {
  kind: 'domino' | 'triomino';
  /** Domino: [half 0, half 1]. Triangular: corner values clockwise seen from above, corner 0 first. */
  values: number[];
  /** Centre on the table, mm. Domino: the middle of the divider; triangle: the centroid. */
  x: number;
  y: number;
  /**
   * Rotation, radians, counter-clockwise seen from above. Domino: direction from half 0 to half 1
   * (0 = half 1 to the right). Triangle: 0 = corner 0 points to +y (away from the viewer), the
   * others follow clockwise seen from above.
   */
  angle: number;
}

/** Physical sizes, mm (a common double-6 tile is 48 x 24 x 8 mm). */
export const DOMINO_HALF_MM = 24;
export const DOMINO_THICKNESS_MM = 8;
export const TRIOMINO_SIDE_MM = 46;
export const TRIOMINO_THICKNESS_MM = 6;

export type SceneFamily = 'hand' | 'line' | 'cross' | 'trains' | 'triomino' | 'mixed';
export const SCENE_FAMILIES: readonly SceneFamily[] = ['hand', 'line', 'cross', 'trains', 'triomino', 'mixed'];

/** What a layout generator hands the scene renderer. */
export interface SceneLayout {
  family: SceneFamily;
  /** The set the tiles come from: double-6/9/12 or triomino ("mixed" may carry both kinds). */
  set: 'double-6' | 'double-9' | 'double-12' | 'triomino';
  tiles: PlacedTile[];
  /** For laid-out families: the layout as a referee question's game + position (spec/referee.md). */
  game?: string;
  seats?: number;
  position?: Record<string, unknown>;
}
