/** Tile names as the referee writes them ("2-5", "0-1-2"), for pickers and faces; data only, no rules. */
import { allDominoes, allTris, formatDomino, formatTri, maxPipOf, type SetName } from '../rules/tiles';

const cache = new Map<string, string[]>();

export function setTiles(set: string): string[] {
  let tiles = cache.get(set);
  if (!tiles) {
    tiles = set === 'triomino' ? allTris().map(formatTri) : allDominoes(maxPipOf(set as SetName)).map(formatDomino);
    cache.set(set, tiles);
  }
  return tiles;
}

export const tileValues = (tile: string): number[] => tile.split(/[-|]/).map(Number);
export const pipCount = (tile: string): number => tileValues(tile).reduce((a, b) => a + b, 0);
