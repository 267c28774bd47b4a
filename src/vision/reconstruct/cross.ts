/**
 * The Sevastopol cross (rules.md §5): the 6-6 spinner with up to four arms, each written outward
 * "inner|outer". An arm leaves the spinner from one of its four sides — its two end faces and
 * the middles of its two long sides — and takes the compass name of that side as the picture
 * shows it: N is the side facing the top of the image, then E, S, W clockwise. Given a previous
 * position, the names are turned to keep its arms (N stays N when the camera moves).
 */
import type { Json, JsonObject } from '../../rules/types';
import type { Point } from '../types';
import { addJointChecks, extendEnds, followChain, laidTexts, nearHalves } from './chain';
import { components, dominoContacts, layoutGroup, type ContactGraph } from './contacts';
import { previousPart, type Context, type LayoutResult } from './context';
import { screenAngle } from './geometry';
import { branchChecks } from './line';
import type { Piece } from './pieces';

export const ARM_NAMES = ['N', 'E', 'S', 'W'] as const;

/** The spinner: the 6-6 touching most tiles; failing that, the tile touching most (flagged). */
function findSpinner(ctx: Context, g: ContactGraph, group: readonly number[]): number {
  const degree = (t: number): number => g.neighbours(t).filter((u) => group.includes(u)).length;
  const sixes = group.filter((t) => ctx.pieces[t].values.every((v) => v === 6));
  const pool = sixes.length ? sixes : group;
  return pool.reduce((best, t) => (degree(t) > degree(best) ? t : best), pool[0]);
}

/** Direction (image) of the spinner's side that a tile touching it at `at` lies against. */
function sideDirection(s: Piece, at: Point): Point {
  const [h0, h1] = s.halves.map((h) => h.centre);
  const len = Math.hypot(h1[0] - h0[0], h1[1] - h0[1]) || 1;
  const u: Point = [(h1[0] - h0[0]) / len, (h1[1] - h0[1]) / len];
  const w: Point = [-u[1], u[0]];
  const dx = at[0] - s.centre[0];
  const dy = at[1] - s.centre[1];
  const du = dx * u[0] + dy * u[1];
  const dw = dx * w[0] + dy * w[1];
  // The spinner reaches one side along its length and half a side across it.
  if (Math.abs(du) / s.size > Math.abs(dw) / (s.size / 2)) return du > 0 ? u : [-u[0], -u[1]];
  return dw > 0 ? w : [-w[0], -w[1]];
}

/** Compass index 0..3 (N E S W) of each direction: N the side most toward the top of the image. */
function compass(s: Piece, dirs: readonly Point[]): number[] {
  const [h0, h1] = s.halves.map((h) => h.centre);
  const a = screenAngle([h1[0] - h0[0], h1[1] - h0[1]]);
  // Of the spinner's four side directions (a + k·90°), the one nearest straight up (270°) is N.
  const north = [0, 90, 180, 270].map((k) => (a + k) % 360).reduce((b, x) => (Math.abs(((x - 270 + 540) % 360) - 180) < Math.abs(((b - 270 + 540) % 360) - 180) ? x : b));
  return dirs.map((d) => Math.round(((screenAngle(d) - north + 720) % 360) / 90) % 4);
}

const canonOf = (laid: string): string =>
  laid
    .split('|')
    .map(Number)
    .sort((x, y) => x - y)
    .join('-');

/** The turn of the compass names (0..3) that best keeps the previous position's arms. */
function keepPrevious(arms: readonly string[][], prev: JsonObject | undefined): number {
  const prevArms = prev && typeof prev.arms === 'object' && prev.arms !== null ? (prev.arms as JsonObject) : null;
  if (!prevArms) return 0;
  let best = { turn: 0, score: -1 };
  for (let turn = 0; turn < 4; turn++) {
    let score = 0;
    arms.forEach((arm, k) => {
      const old = prevArms[ARM_NAMES[(k + turn) % 4]];
      if (Array.isArray(old)) old.forEach((x, i) => (typeof x === 'string' && arm[i] !== undefined && canonOf(arm[i]) === canonOf(x) ? score++ : 0));
    });
    if (score > best.score) best = { turn, score };
  }
  return best.turn;
}

export function crossLayout(ctx: Context): LayoutResult {
  const g = dominoContacts(ctx.pieces, ctx.own);
  const group = layoutGroup(ctx.pieces, components(ctx.own, (t) => g.neighbours(t)));
  const empty = { key: 'cross', value: { center: null, arms: { N: [], E: [], S: [], W: [] } }, tiles: [], rejected: [], unknowns: [] };
  if (!group) return empty;
  const s = findSpinner(ctx, g, group);
  const sp = ctx.pieces[s];
  ctx.checks.add({ code: 'SPINNER', tiles: [s], holds: (v) => v(s)[0] === 6 && v(s)[1] === 6, message: (v) => `the middle of the cross is ${v(s).join('-')}, not the spinner 6-6 (rules.md §5)` });
  const allowed = new Set(group);
  const arms: string[][] = [[], [], [], []];
  const dirs: Point[] = [];
  const chains: { order: number[]; texts: string[] }[] = [];
  // Tiles outside the cross's group may continue an arm whose joint the picture blurred.
  const pool = new Set(ctx.own.filter((t) => !allowed.has(t)));
  for (const first of g.neighbours(s).filter((u) => allowed.has(u))) {
    const order = extendEnds(ctx.pieces, g, followChain(g, s, first, allowed).order, pool, true);
    const touching = g.between(s, first);
    const at: Point = [touching.reduce((x, c) => x + c.at[0], 0) / touching.length, touching.reduce((y, c) => y + c.at[1], 0) / touching.length];
    dirs.push(sideDirection(sp, at));
    chains.push({ order, texts: laidTexts(ctx.pieces, order, nearHalves(g, order, s)) });
    addJointChecks(ctx.checks, g, order, s, ctx.join, ctx.rule);
  }
  const names = compass(sp, dirs);
  chains.forEach((c, i) => arms[names[i]].push(...c.texts));
  const prev = previousPart(ctx.setup, 'cross');
  const turn = keepPrevious(arms, Array.isArray(prev) ? undefined : prev);
  const armsJson: JsonObject = {};
  ARM_NAMES.forEach((name, k) => (armsJson[ARM_NAMES[(k + turn) % 4]] = arms[k] as Json[]));
  const tiles = [s, ...chains.flatMap((c) => c.order)];
  const rejected = group.filter((t) => !tiles.includes(t));
  branchChecks(ctx, rejected, tiles);
  return { key: 'cross', value: { center: sp.values.join('-'), arms: armsJson }, tiles, rejected, unknowns: [] };
}
