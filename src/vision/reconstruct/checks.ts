/**
 * The rules checking the reading. Each layout builder states what must hold between the values
 * it read (two touching halves match, triangles agree at a lattice point, ...) as checks over
 * the tiles' values; a failing check becomes a flag. A fix is a reading of one flagged tile from
 * the classifier's alternatives under which every check on that tile holds, the tile exists in
 * the set and is not seen elsewhere — offered, most probable first, never applied.
 *
 * Example: the line 5|0 0|4 4|6 read as 5|0 0|4 3|6: the joint 0|4 : 3|6 fails (4 against 3);
 * if the classifier's second choice for that tile was 4|6, the flag offers {tile, values [4, 6]}.
 */
import type { ReadTile } from '../types';
import { handText, isInSet } from './pieces';
import type { Fix, Flag, FlagCode } from './types';

/** Values of a tile by reading index, as read or as a candidate fix reads them. */
export type Values = (tile: number) => readonly number[];

export interface Check {
  code: FlagCode;
  tiles: number[];
  holds(v: Values): boolean;
  message(v: Values): string;
}

/** How two touching halves must relate (rules.md: equal; Matador §3: sum to max + 1, matadors anywhere). */
export type JoinRule = (x: number, y: number, tileX: readonly number[], tileY: readonly number[]) => boolean;

export function joinRuleOf(game: string, maxPip: number): JoinRule {
  if (game !== 'matador') return (x, y) => x === y;
  const n = maxPip + 1;
  const isMatador = (t: readonly number[]): boolean => (t[0] === 0 && t[1] === 0) || t[0] + t[1] === n;
  return (x, y, tx, ty) => x + y === n || isMatador(tx) || isMatador(ty);
}

export const laidText = (v: readonly number[], near = 0): string => `${v[near]}|${v[1 - near]}`;

/** Half ha of tile a touches half hb of tile b: the rule of the game must hold between them. */
export function jointCheck(a: number, ha: number, b: number, hb: number, join: JoinRule, rule: string): Check {
  return {
    code: 'JOINT_MISMATCH',
    tiles: [a, b],
    holds: (v) => join(v(a)[ha], v(b)[hb], v(a), v(b)),
    message: (v) => `${laidText(v(a), 1 - ha)} touches ${laidText(v(b), hb)} with ${v(a)[ha]} against ${v(b)[hb]} (${rule})`,
  };
}

export class CheckList {
  readonly checks: Check[] = [];

  add(c: Check): void {
    this.checks.push(c);
  }

  /** Flags for what fails as read, with fixes from the alternatives. `universe`: tiles of the set that must all differ. */
  flags(tiles: readonly ReadTile[], set: string, universe: readonly number[]): Flag[] {
    const asRead: Values = (t) => tiles[t].values;
    const out: Flag[] = [];
    for (const t of universe)
      if (!isInSet(tiles[t].kind, tiles[t].values, set))
        out.push(this.flag('NOT_IN_SET', [t], `${tiles[t].values.join(tiles[t].kind === 'domino' ? '|' : ', ')} is no tile of ${set}`, tiles, set, universe));
    for (const group of duplicates(tiles, universe))
      out.push(this.flag('DUPLICATE_TILE', group, `${handText(tiles[group[0]].values)} is read ${group.length} times: a set holds each tile once`, tiles, set, universe));
    const seen = new Set<string>();
    for (const c of this.checks) {
      if (c.holds(asRead)) continue;
      const key = `${c.code}:${[...c.tiles].sort((p, q) => p - q).join(',')}`;
      if (seen.has(key)) continue; // a crosswise double touches a neighbour with both halves: one flag
      seen.add(key);
      out.push(this.flag(c.code, c.tiles, c.message(asRead), tiles, set, universe));
    }
    return out;
  }

  private flag(code: FlagCode, flagged: number[], message: string, tiles: readonly ReadTile[], set: string, universe: readonly number[]): Flag {
    const fixes: Fix[] = [];
    for (const t of flagged)
      for (const alt of tiles[t].alternatives ?? []) {
        if (alt.values.length !== tiles[t].values.length) continue;
        if (this.fits(t, alt.values, tiles, set, universe)) fixes.push({ tile: t, values: alt.values.slice(), probability: alt.confidence });
      }
    fixes.sort((p, q) => q.probability - p.probability);
    return { code, tiles: flagged, message, fixes };
  }

  /** Whether tile t read as `values` exists, is seen once, and satisfies every check it is part of. */
  fits(t: number, values: readonly number[], tiles: readonly ReadTile[], set: string, universe: readonly number[]): boolean {
    if (!isInSet(tiles[t].kind, values, set)) return false;
    const key = handText(values);
    if (universe.some((u) => u !== t && tiles[u].kind === tiles[t].kind && handText(tiles[u].values) === key)) return false;
    const v: Values = (u) => (u === t ? values : tiles[u].values);
    return this.checks.every((c) => !c.tiles.includes(t) || c.holds(v));
  }
}

function duplicates(tiles: readonly ReadTile[], universe: readonly number[]): number[][] {
  const byKey = new Map<string, number[]>();
  for (const t of universe) {
    const key = tiles[t].kind + handText(tiles[t].values);
    byKey.set(key, [...(byKey.get(key) ?? []), t]);
  }
  return [...byKey.values()].filter((g) => g.length > 1);
}
