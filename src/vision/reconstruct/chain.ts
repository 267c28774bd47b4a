/**
 * Chains of touching dominoes, shared by the line, the cross's arms and the trains: following a
 * chain from a tile, the longest chain through a group, and which half of each tile is its near
 * half (the one touching the tile before it) — so every tile is written "near|far".
 */
import type { CheckList, JoinRule } from './checks';
import { jointCheck } from './checks';
import type { ContactGraph } from './contacts';
import { dist, outlineDistance } from './geometry';
import type { Piece } from './pieces';

/** Half of tile t that touches tile `other` the most (ties: half 0). */
export function touchingHalf(g: ContactGraph, t: number, other: number): number {
  return g.touchOf(t, 1, other) > g.touchOf(t, 0, other) ? 1 : 0;
}

/**
 * Near half of each tile of a chain listed outward: the half touching the tile before it; the
 * first tile's before is `root` (a spinner, a hub), or, with no root, the half away from the next.
 */
export function nearHalves(g: ContactGraph, order: readonly number[], root: number | null): number[] {
  return order.map((t, i) => {
    const before = i > 0 ? order[i - 1] : root;
    if (before !== null) return touchingHalf(g, t, before);
    if (order.length > 1) return 1 - touchingHalf(g, t, order[1]);
    return 0;
  });
}

/** "near|far" of each tile of a chain. */
export const laidTexts = (pieces: readonly Piece[], order: readonly number[], near: readonly number[]): string[] =>
  order.map((t, i) => `${pieces[t].values[near[i]]}|${pieces[t].values[1 - near[i]]}`);

/** Joint checks between consecutive tiles (and from `root` to the first), for every pair of halves that touch. */
export function addJointChecks(checks: CheckList, g: ContactGraph, order: readonly number[], root: number | null, join: JoinRule, rule: string): void {
  const seq = root === null ? order : [root, ...order];
  for (let i = 1; i < seq.length; i++)
    for (const c of g.between(seq[i - 1], seq[i])) checks.add(jointCheck(c.a, c.ha, c.b, c.hb, join, rule));
}

/**
 * The chain that leaves `root` through `first`: each step takes the one neighbour not yet used.
 * Where a tile has two or more onward neighbours the chain stops and they are returned as `branches`.
 */
export function followChain(g: ContactGraph, root: number, first: number, allowed: Set<number>): { order: number[]; branches: number[] } {
  const order = [first];
  const used = new Set([root, first]);
  for (;;) {
    const cur = order[order.length - 1];
    const onward = g.neighbours(cur).filter((u) => allowed.has(u) && !used.has(u));
    if (onward.length !== 1) return { order, branches: onward };
    order.push(onward[0]);
    used.add(onward[0]);
  }
}

/** The longest simple path through `group` (a line is one path; a tile beside it is a branch). */
export function longestPath(g: ContactGraph, group: readonly number[]): number[] {
  const allowed = new Set(group);
  const ends = group.filter((t) => g.neighbours(t).filter((u) => allowed.has(u)).length <= 1);
  let best: number[] = [group[0]];
  let budget = 20000; // a line has no branches; a few misread contacts give a handful of paths
  const dfs = (path: number[], used: Set<number>): void => {
    if (--budget < 0) return;
    if (path.length > best.length) best = path.slice();
    for (const u of g.neighbours(path[path.length - 1])) {
      if (!allowed.has(u) || used.has(u)) continue;
      used.add(u);
      path.push(u);
      dfs(path, used);
      path.pop();
      used.delete(u);
    }
  };
  for (const s of ends.length ? ends : group) dfs([s], new Set([s]));
  return best;
}

/**
 * A chain broken by a joint the picture blurred (a detector's corners a few pixels off): a tile
 * of `pool` lying within `reach` half sides of an end tile continues the chain there, its half
 * nearest the end touching the end tile's nearest half. Nothing else lies that close to a layout
 * (chains keep 8 mm from tiles they do not touch, open hands 30 mm, loose tiles 15 mm: reach 0.2
 * half sides is 5 mm), and only beyond the end tile's outer half.. `lastOnly`: an arm or a
 * train, which grows at its far end only.
 */
export function extendEnds(pieces: readonly Piece[], g: ContactGraph, order: number[], pool: Set<number>, lastOnly = false, reach = 0.2): number[] {
  const out = order.slice();
  for (let grown = true; grown; ) {
    grown = false;
    for (const atStart of lastOnly ? [false] : [true, false]) {
      const e = atStart ? out[0] : out[out.length - 1];
      const before = out.length > 1 ? (atStart ? out[1] : out[out.length - 2]) : null;
      const inner = before === null || pieces[e].values[0] === pieces[e].values[1] ? -1 : touchingHalf(g, e, before);
      let best: { u: number; d: number } | null = null;
      for (const u of pool) {
        const d = outlineDistance(pieces[e].poly, pieces[u].poly) / pieces[e].size;
        const c = pieces[u].centre;
        const behind = inner >= 0 && dist(pieces[e].halves[inner].centre, c) < dist(pieces[e].halves[1 - inner].centre, c);
        if (d < reach && !behind && (!best || d < best.d)) best = { u, d };
      }
      if (!best) continue;
      const u = best.u;
      const near = (t: number, other: number): number =>
        dist(pieces[t].halves[0].centre, pieces[other].centre) <= dist(pieces[t].halves[1].centre, pieces[other].centre) ? 0 : 1;
      const he = near(e, u);
      const hu = near(u, e);
      const at = pieces[e].halves[he].centre;
      g.add({ a: e, ha: he, b: u, hb: hu, length: pieces[e].size, at });
      pool.delete(u);
      if (atStart) out.unshift(u);
      else out.push(u);
      grown = true;
    }
  }
  return out;
}
