/** What the camera saw (spec/table-reading.md), as TypeScript types. */
export type Point = [number, number];

export interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface ReadHalf {
  value: number;
  polygon: Point[];
  /** Probability this half's value is right. */
  confidence: number;
}

export interface ReadTile {
  kind: 'domino' | 'triomino';
  values: number[];
  polygon: Point[];
  halves?: ReadHalf[];
  /** Probability the whole reading of this tile is right. */
  confidence: number;
  /** The classifier's next best readings of the tile, most likely first (for the rules to offer fixes). */
  alternatives?: { values: number[]; confidence: number }[];
  /**
   * Why the confidence is low, when it is: "small" (a half under 12 px), "blurred" (the frame's blur
   * runs its pips together, blur.ts), "glare", "taken" (another tile was read as this one, one-set.ts);
   * and "cut", however sure: the tile reaches the picture's edge, and part of it may lie outside (a
   * hidden half or corner was not read).
   */
  doubt?: string;
}

export interface TableReading {
  image: { width: number; height: number };
  tiles: ReadTile[];
  ms: Record<string, number>;
}
