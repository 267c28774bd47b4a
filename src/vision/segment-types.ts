/** Plain data shared by the segmentation stages (serialisable: it crosses the Web Worker boundary). */
export type Point = [number, number];

/** An RGBA frame as a canvas, a video frame or a decoded file hands it over. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

export type TileKind = 'domino' | 'triomino';

/** A tile the segmenter believes it sees: top-face polygon in image pixels, clockwise on screen. */
export interface TileCandidate {
  kind: TileKind;
  /**
   * Domino: [h0-outer-top, h1-outer-top, h1-outer-bottom, h0-outer-bottom] (spec/table-reading.md),
   * so halves are [c0, mid01, mid32, c3] and [mid01, c1, c2, mid32]. Triomino: its 3 corners.
   */
  polygon: Point[];
  /** Domino only: the two halves, each [outer-top, mid-top, mid-bottom, outer-bottom] of half 0, etc. */
  halves?: [Point[], Point[]];
  /** 0..1: how sure the segmenter is that this is a whole tile of this kind. */
  score: number;
  /** What the score was made of (tile-polygons.ts), for the candidate filter and calibration. */
  evidence?: TileEvidence;
  /** The centre of the core it was traced from, weighted by the network's depth (frame pixels): where the network puts the face's middle. */
  core?: Point;
  /** The same tile as finer looks at the frame found it (segment.ts `fine`): read-table.ts keeps the surest reading. */
  finer?: TileCandidate[];
}

/** Per-candidate measurements of the network's maps, each 0..1 (fill may pass 1 a little). */
export interface TileEvidence {
  /** Mean label probability over the core. */
  confidence: number;
  /** Highest depth in the core. */
  peak: number;
  /** Face pixels / fitted polygon area: ~1 for a clean tile face, low for ragged table texture. */
  fill: number;
  /** Core pixels / face pixels. */
  coreShare: number;
  /** Share of the core's pixels the network labels as the candidate's kind: low where the outline says one kind and the pixels the other. */
  kindShare: number;
}
