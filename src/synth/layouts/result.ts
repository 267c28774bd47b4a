/**
 * What a layout generator returns: the shared SceneLayout (types.ts) plus what the camera and
 * the tests need to know about it — its extent, the ruleset the play followed, which tiles form
 * the chains of the laid-out part, and what each tile is doing on the table.
 */
import type { PlacedTile, SceneLayout } from '../types';
import type { Extent } from './geometry';

/**
 * Tiles that join one after another, by index into `tiles`, listed in the position's order:
 * the line left to right (`line`), a cross arm outward from the spinner (`N`, `E`, `S`, `W`,
 * the spinner first), a train from its hub double outward (`T1`: for a central train the hub is
 * its locomotive; for a private train the hub is the central locomotive it starts from).
 */
export interface LaidChain {
  name: string;
  tiles: number[];
  /** Whether the first joint (hub to the first car of a private train) may be a small gap, not a contact. */
  looseStart?: boolean;
}

/** laid: part of the position's layout; hand: an open hand in front of a seat; loose: anything else. */
export type TileRole = { role: 'laid' } | { role: 'hand'; seat: string } | { role: 'loose' };

export interface LayoutResult extends SceneLayout {
  /** Box around every tile's footprint, mm (the layout is centred on it). */
  extentMm: Extent;
  /** The referee ruleset the play followed when it is not "default" (e.g. "draw"). */
  ruleset?: string;
  chains: LaidChain[];
  /** One entry per tile, same order. */
  roles: TileRole[];
}

/** Builds up a layout's tiles with their roles. */
export class TileList {
  readonly tiles: PlacedTile[] = [];
  readonly roles: TileRole[] = [];
  add(t: PlacedTile, role: TileRole): number {
    this.tiles.push(t);
    this.roles.push(role);
    return this.tiles.length - 1;
  }
}
