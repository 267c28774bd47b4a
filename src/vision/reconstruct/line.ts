/**
 * The line of play of the two-ended games (domino, ekspresowe, matador, čtyřky, solo, magnetic
 * flat): the longest chain of touching dominoes, turns and crosswise doubles included, written
 * left to right "a|b". The picture has no left and right of its own (the camera stands anywhere
 * around the table), so L is the end lying further left in the image — unless a previous
 * position is given, whose L end is kept (the line 6|2 2|5 stays so when 5|1 joins it).
 */
import { addJointChecks, extendEnds, laidTexts, longestPath, nearHalves } from './chain';
import type { CheckList, JoinRule } from './checks';
import { components, dominoContacts, layoutGroup, type ContactGraph } from './contacts';
import { previousPart, type Context, type LayoutResult } from './context';
import type { Piece } from './pieces';

export interface LineResult {
  line: string[];
  /** Tiles left to right. */
  order: number[];
  /** Tiles of the group that touch the line but are not part of it. */
  branches: number[];
}

const canon = (laid: string): string =>
  laid
    .split('|')
    .map(Number)
    .sort((a, b) => a - b)
    .join('-');

const flipped = (line: readonly string[]): string[] => line.map((x) => x.split('|').reverse().join('|')).reverse();

/** How many tiles of `prev` sit at the same place in `line`, at the best offset. */
function agreement(line: readonly string[], prev: readonly string[]): number {
  let best = 0;
  for (let off = -prev.length; off <= line.length; off++) {
    let n = 0;
    for (let i = 0; i < prev.length; i++) if (line[off + i] !== undefined && canon(line[off + i]) === canon(prev[i])) n++;
    best = Math.max(best, n);
  }
  return best;
}

/** Whether the chain should be turned round: to agree with the previous line, else so L lies left. */
function shouldTurn(pieces: readonly Piece[], order: readonly number[], line: readonly string[], previous?: readonly string[]): boolean {
  if (previous && previous.length) {
    const asIs = agreement(line, previous);
    const turned = agreement(flipped(line), previous);
    if (asIs !== turned) return turned > asIs;
  }
  const first = pieces[order[0]].centre;
  const last = pieces[order[order.length - 1]].centre;
  return first[0] > last[0] || (first[0] === last[0] && first[1] > last[1]);
}

export function buildLine(
  pieces: readonly Piece[],
  g: ContactGraph,
  group: readonly number[],
  checks: CheckList,
  join: JoinRule,
  rule: string,
  previous?: readonly string[],
  pool: Set<number> = new Set(),
): LineResult {
  let order = extendEnds(pieces, g, longestPath(g, group), pool);
  if (order.length === 1) {
    // A lone tile reads left to right: its half further left is written first.
    const p = pieces[order[0]];
    const near = p.halves[0].centre[0] <= p.halves[1].centre[0] ? 0 : 1;
    const line = laidTexts(pieces, order, [near]);
    return { line: previous && agreement(flipped(line), previous) > agreement(line, previous) ? flipped(line) : line, order, branches: group.filter((t) => t !== order[0]) };
  }
  let line = laidTexts(pieces, order, nearHalves(g, order, null));
  if (shouldTurn(pieces, order, line, previous)) {
    order = order.slice().reverse();
    line = flipped(line);
  }
  addJointChecks(checks, g, order, null, join, rule);
  const onLine = new Set(order);
  return { line, order, branches: group.filter((t) => !onLine.has(t)) };
}

/** The line of a two-ended game: the largest group of touching dominoes, as one chain. */
export function lineLayout(ctx: Context): LayoutResult {
  const g = dominoContacts(ctx.pieces, ctx.own);
  const group = layoutGroup(ctx.pieces, components(ctx.own, (t) => g.neighbours(t)));
  if (!group) return { key: 'line', value: [], tiles: [], rejected: [], unknowns: [] };
  const prev = previousPart(ctx.setup, 'line');
  const previous = Array.isArray(prev) ? prev.filter((x): x is string => typeof x === 'string') : undefined;
  const pool = new Set(ctx.own.filter((t) => !group.includes(t)));
  const r = buildLine(ctx.pieces, g, group, ctx.checks, ctx.join, ctx.rule, previous, pool);
  branchChecks(ctx, r.branches, r.order);
  return { key: 'line', value: r.line, tiles: r.order, rejected: r.branches, unknowns: [] };
}

/** A tile touching a chain where no tile can lie (a third neighbour): flagged, never placed. */
export function branchChecks(ctx: Context, branches: readonly number[], layout: readonly number[]): void {
  for (const t of branches)
    ctx.checks.add({
      code: 'BRANCH',
      tiles: [t],
      holds: () => false,
      message: () => `tile ${t} touches the layout where no tile can be laid (${layout.length} tiles form the layout)`,
    });
}
