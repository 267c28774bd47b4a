/**
 * Which dominoes touch which, half by half. Two halves touch when an edge of one runs along an
 * opposite edge of the other (within 25°), closer than GAP_SHARE of a half's side and over at
 * least MIN_OVERLAP of it. Laid tiles meet with gaps of 0.05-0.5 mm (src/synth/layouts/chain.ts)
 * and keep 8 mm from tiles they do not touch; open hands lie 30 mm from the layout. The
 * tolerance is for a detector's corners: with every corner moved by 1 px (σ) on halves of 17-34
 * px, 6% of a side (1.4 mm) kept 39% of rendered lines whole, 20% keeps all of them (2 px: 93%).
 * A turned tile meets the previous one at a corner with its far half: an overlap under 30% of a
 * side is a corner, not a joint. Tiles of an open hand's row may touch too; the layout is picked
 * among the groups by size and by lying in the middle (layoutGroup).
 */
import { centroid, contactOf, dist, type Contact } from './geometry';
import type { Piece } from './pieces';

export const GAP_SHARE = 0.2;
export const MIN_OVERLAP = 0.3;

export interface HalfContact {
  a: number;
  ha: number;
  b: number;
  hb: number;
  length: number;
  at: Contact['at'];
}

export class ContactGraph {
  readonly contacts: HalfContact[] = [];
  private readonly adj = new Map<number, Map<number, HalfContact[]>>();

  add(c: HalfContact): void {
    this.contacts.push(c);
    for (const [x, y] of [
      [c.a, c.b],
      [c.b, c.a],
    ]) {
      if (!this.adj.has(x)) this.adj.set(x, new Map());
      const m = this.adj.get(x) as Map<number, HalfContact[]>;
      if (!m.has(y)) m.set(y, []);
      (m.get(y) as HalfContact[]).push(c);
    }
  }

  neighbours(t: number): number[] {
    return [...(this.adj.get(t)?.keys() ?? [])];
  }

  degree(t: number): number {
    return this.adj.get(t)?.size ?? 0;
  }

  /** Half contacts between tiles t and u. */
  between(t: number, u: number): HalfContact[] {
    return this.adj.get(t)?.get(u) ?? [];
  }

  /** Total contact length of half h of tile t with tile u. */
  touchOf(t: number, h: number, u: number): number {
    let s = 0;
    for (const c of this.between(t, u)) s += (c.a === t ? c.ha : c.hb) === h ? c.length : 0;
    return s;
  }
}

/** Contacts between the dominoes `ids` (indices of `pieces`). */
export function dominoContacts(pieces: readonly Piece[], ids: readonly number[]): ContactGraph {
  const g = new ContactGraph();
  for (let x = 0; x < ids.length; x++)
    for (let y = x + 1; y < ids.length; y++) {
      const a = pieces[ids[x]];
      const b = pieces[ids[y]];
      const size = (a.size + b.size) / 2;
      if (dist(a.centre, b.centre) > 2.5 * size) continue; // two 2:1 tiles that touch have centres within 2.24 sides
      const found: HalfContact[] = [];
      for (let ha = 0; ha < 2; ha++)
        for (let hb = 0; hb < 2; hb++) {
          const c = contactOf(a.halves[ha].poly, b.halves[hb].poly, GAP_SHARE * size);
          if (c && c.length >= MIN_OVERLAP * size) found.push({ a: a.index, ha, b: b.index, hb, length: c.length, at: c.at });
        }
      if (!isSideBySide(found)) found.forEach((c) => g.add(c));
    }
  return g;
}

/**
 * Two tiles lying long side to long side (both halves of each touching the other) are tiles of an
 * open hand's row, never a joint: in a layout a tile meets another with an end face (a crosswise
 * double offers its long side to one end face).
 */
function isSideBySide(found: readonly HalfContact[]): boolean {
  return new Set(found.map((c) => c.ha)).size === 2 && new Set(found.map((c) => c.hb)).size === 2;
}

/** Connected groups of `ids` under `linked`, largest first. */
export function components(ids: readonly number[], linked: (t: number) => number[]): number[][] {
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const start of ids) {
    if (seen.has(start)) continue;
    const group: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const t = stack.pop() as number;
      group.push(t);
      for (const u of linked(t))
        if (!seen.has(u) && ids.includes(u)) {
          seen.add(u);
          stack.push(u);
        }
    }
    out.push(group.sort((p, q) => p - q));
  }
  return out.sort((p, q) => q.length - p.length);
}

/**
 * The group that is the layout: the largest, unless a group nearly as large (half or more) lies
 * nearer the middle of all the tiles — open hands lie in rows around the layout, and a row of a
 * hand laid end to end can look like a short line.
 */
export function layoutGroup(pieces: readonly Piece[], groups: readonly number[][]): number[] | undefined {
  if (groups.length < 2) return groups[0];
  const all = groups.flat();
  const mid = centroid(all.map((t) => pieces[t].centre));
  const off = (g: readonly number[]): number => dist(centroid(g.map((t) => pieces[t].centre)), mid);
  const big = groups.filter((g) => g.length >= groups[0].length / 2);
  return big.reduce((a, b) => (off(b) < off(a) ? b : a));
}
