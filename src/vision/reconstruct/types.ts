/**
 * From tiles to a position (issue 5): what reconstruction takes and gives. The reading is the
 * camera's TableReading (spec/table-reading.md); the position is referee JSON (spec/referee.md).
 * Tiles are named by their index in `reading.tiles` everywhere (flags, hands, layout), so the app
 * can outline the very tile a flag is about.
 */
import type { JsonObject } from '../../rules/types';

/** The game being played, as the app's setup screen knows it. */
export interface Setup {
  game: string;
  set: string;
  seats: number;
  ruleset?: string | JsonObject;
  /**
   * Seat nearest the camera (default 0, "P0 nearest the viewer"): open hands are named
   * clockwise from it.
   */
  viewer?: number;
  /**
   * The last confirmed position: where the picture cannot say (which end is L, which arm is N,
   * which train is T3 and whose, where the board's (0, 0) lies), the previous answer is kept.
   */
  previous?: JsonObject;
}

export type FlagCode =
  | 'JOINT_MISMATCH' // two touching halves that may not touch (rules: equal pips; Matador: sum)
  | 'DUPLICATE_TILE' // the same tile read twice
  | 'NOT_IN_SET' // a reading that is no tile of the set (a 7 in double-6, a mirrored triangle)
  | 'CORNER_MISMATCH' // triangles meeting at a lattice point with different numbers
  | 'TRAIN_DIRECTION' // vlaky: consecutive cars do not alternate (rules.md §7)
  | 'SPINNER' // Sevastopol: the tile in the middle of the cross is not 6-6
  | 'LOCOMOTIVE' // vlaky: a hub trains leave is not a double
  | 'BRANCH' // a tile touches the layout where no tile can lie (a third neighbour of a line tile)
  | 'OFF_LATTICE'; // a triangle touching the board that does not sit on its lattice

/** A reading of one tile that would make the flagged problem go away. */
export interface Fix {
  /** Index into reading.tiles. */
  tile: number;
  /** The tile's values in the reading's own order (halves / clockwise corners). */
  values: number[];
  /** The classifier's probability of that reading (ReadTile.alternatives). */
  probability: number;
}

export interface Flag {
  code: FlagCode;
  /** Indices into reading.tiles. */
  tiles: number[];
  message: string;
  /** Most probable first; empty when the classifier gave no alternative that fits. */
  fixes: Fix[];
}

export interface SeatHand {
  seat: string;
  /** Tiles as written in a hand: "2-5", "0-1-2". */
  tiles: string[];
  /** Indices into reading.tiles. */
  indices: number[];
  pips: number;
}

export interface Reconstruction {
  /** Referee JSON as read: never corrected; `flags` says where it breaks the rules. */
  position: JsonObject;
  flags: Flag[];
  /** Indices of the tiles that form the layout. */
  layoutTiles: number[];
  /** Open hands, one entry per seat that has tiles lying in front of it. */
  hands: SeatHand[];
  /** Tiles of the game's set that are neither in the layout nor in a hand row. */
  loose: number[];
  /** Tiles of another set (a triangle on a domino table, a 9 in a double-6 game's hands). */
  foreign: number[];
  /** Parts of the position the picture cannot tell (e.g. "trains.T2.owner", "hands"). */
  unknowns: string[];
}
