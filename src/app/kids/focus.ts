/**
 * Which tile the kids' corner looks at: the tile that has just come into view (seen in two
 * readings in a row, so one misread frame does not jump around), else the one already in focus
 * while it stays, else the surest tile in view.
 */
import type { ReadTile } from '../../vision/types';

export interface FocusState {
  /** Values of the tile in focus, e.g. [2, 5]. */
  focus: number[] | null;
  /** Tiles (as keys) seen in the last reading, and those seen in the last two readings. */
  last: string[];
  stable: string[];
}

export const NO_FOCUS: FocusState = { focus: null, last: [], stable: [] };

export const tileKey = (values: readonly number[]): string => [...values].sort((a, b) => a - b).join('-');

/** `maxPip`: the set's highest half (the little ones play double-6); a reading above it is a misread. */
export function nextFocus(prev: FocusState, tiles: readonly ReadTile[], maxPip = 6): FocusState {
  const dominoes = tiles.filter((t) => t.kind === 'domino' && t.values.every((v) => v <= maxPip)).sort((a, b) => b.confidence - a.confidence);
  const keys = dominoes.map((t) => tileKey(t.values));
  const stable = keys.filter((k) => prev.last.includes(k));
  const fresh = stable.filter((k) => !prev.stable.includes(k));
  const focusKey = prev.focus ? tileKey(prev.focus) : null;
  let focus = prev.focus;
  if (fresh.length > 0) focus = valuesOf(dominoes, fresh[0]);
  else if ((!focusKey || !keys.includes(focusKey)) && stable.length > 0) focus = valuesOf(dominoes, stable[0]);
  return { focus, last: keys, stable };
}

function valuesOf(tiles: readonly ReadTile[], key: string): number[] {
  return [...(tiles.find((t) => tileKey(t.values) === key)?.values ?? [])];
}

export const pipsOf = (values: readonly number[] | null): number => (values ?? []).reduce((s, v) => s + v, 0);
