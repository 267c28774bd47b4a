/**
 * The trains of Dominové vlaky (rules.md §7), as far as a picture tells them: each central
 * locomotive (a double d|d, the hub of its patch of table) and the chains of cars leaving it.
 * One chain is the central train's continuation, the others are private trains whose
 * locomotive's near half is d. A private train may start a little apart from its hub (laid just
 * clear of the hub's corner), so a chain that touches no hub joins the hub its end points at.
 *
 * What no picture says — which chain is central, whose private train is whose, train numbers,
 * matchsticks — comes from the previous position where one is given (trains.ts keeps a train
 * whose cars begin the same), and is listed in `unknowns` otherwise (owners P0, P1, ... in turn).
 */
import type { JsonObject } from '../../rules/types';
import { extendEnds, followChain, longestPath } from './chain';
import { components, dominoContacts, type ContactGraph } from './contacts';
import { previousPart, type Context, type LayoutResult } from './context';
import { dist, outlineDistance } from './geometry';
import { branchChecks } from './line';
import { addChainChecks, chainOf, matchPrevious, type Car, type Chain, type Hub } from './train-chains';

/** A private train laid apart from its hub: its near end within 1.6 half sides of the hub (slot steps of 2 mm, 16 at most). */
const LOOSE_REACH = 1.6;

const isDoublePiece = (ctx: Context, t: number): boolean => ctx.pieces[t].values[0] === ctx.pieces[t].values[1];

/** The chains leaving root r inside `group`; tiles no chain reaches are returned too. */
function chainsFrom(ctx: Context, g: ContactGraph, r: number, group: readonly number[]): { chains: Chain[]; left: number[] } {
  const allowed = new Set(group);
  const chains = g
    .neighbours(r)
    .filter((u) => allowed.has(u))
    .map((first) => chainOf(ctx, g, r, followChain(g, r, first, allowed).order, false));
  const reached = new Set([r, ...chains.flatMap((c) => c.cars.map((x) => x.tile))]);
  return { chains, left: group.filter((t) => !reached.has(t)) };
}

/**
 * The hub of a group: the tile from which chains reach the most tiles, obeying the rules best —
 * a double, or a tile three chains leave (a hub whatever it was read as), or, with `anyTile`, any
 * tile (a hub misread as no double, with one train: flagged by its LOCOMOTIVE check).
 */
function bestHub(ctx: Context, g: ContactGraph, group: readonly number[], anyTile = false): { hub: number; chains: Chain[]; left: number[] } | null {
  let best: { hub: number; chains: Chain[]; left: number[]; score: number } | null = null;
  for (const r of group.filter((t) => anyTile || isDoublePiece(ctx, t) || g.neighbours(t).length >= 3)) {
    const { chains, left } = chainsFrom(ctx, g, r, group);
    const bad = chains.reduce((n, c) => n + c.faults, 0);
    // Fewest tiles left over, then a double, then fewest rule faults, then the higher double (hubs are 12, 11, ...).
    const score = left.length * 1000 + (isDoublePiece(ctx, r) ? 0 : 500) + bad * 20 - ctx.pieces[r].values[0];
    if (!best || score < best.score) best = { hub: r, chains, left, score };
  }
  return best;
}

/**
 * Hands a chain to the hub one of its ends lies against (near end first, pointing away from the
 * hub), or returns false. `sameNumber`: only where that end shows the hub's number.
 */
function attachLoose(ctx: Context, g: ContactGraph, group: readonly number[], hubs: Hub[], sameNumber: boolean): boolean {
  const path = longestPath(g, group);
  if (path.length !== group.length) return false;
  let best: { hub: Hub; order: number[]; d: number } | null = null;
  for (const order of [path, path.slice().reverse()]) {
    const end = ctx.pieces[order[0]];
    const far = ctx.pieces[order[order.length - 1]];
    for (const hub of hubs) {
      const hp = ctx.pieces[hub.tile];
      const d = outlineDistance(end.poly, hp.poly) / ((end.size + hp.size) / 2);
      if (d >= LOOSE_REACH || (!best ? false : d >= best.d)) continue;
      if (order.length > 1 && dist(far.centre, hp.centre) < dist(end.centre, hp.centre)) continue;
      if (sameNumber && ctx.pieces[order[0]].values[chainOf(ctx, g, hub.tile, order, true).cars[0].near] !== hub.value) continue;
      best = { hub, order, d };
    }
  }
  if (!best) return false;
  best.hub.chains.push(chainOf(ctx, g, best.hub.tile, best.order, true));
  return true;
}

/** Train names, owners and which chain is central: kept from the previous position, else guessed. */
function writeTrains(ctx: Context, hubs: Hub[], unknowns: string[]): JsonObject {
  const prev = previousPart(ctx.setup, 'trains');
  const assigned = matchPrevious(hubs, Array.isArray(prev) ? undefined : prev, ctx.setup.seats);
  const out: JsonObject = {};
  for (const a of assigned) {
    out[a.name] = { owner: a.owner, cars: a.cars.map((c: Car) => c.text), matchstick: a.matchstick };
    if (!a.known && a.owner !== null) unknowns.push(`trains.${a.name}.owner`, `trains.${a.name}.matchstick`);
    if (!a.known && a.owner === null && a.cars.length > 1) unknowns.push(`trains.${a.name}.central`);
  }
  return out;
}

/** Whether double t could be a central locomotive: every higher double lies on the table (rules.md §7). */
function canBeHub(ctx: Context, t: number): boolean {
  const doubles = new Set(ctx.own.filter((u) => isDoublePiece(ctx, u)).map((u) => ctx.pieces[u].values[0]));
  for (let e = ctx.pieces[t].values[0] + 1; e <= ctx.maxPip; e++) if (!doubles.has(e)) return false;
  return true;
}

/** A hub beyond doubt: a tile three chains leave, or a double that may be a hub lying alone (a central train of one). */
const isSureHub = (ctx: Context, g: ContactGraph, group: readonly number[]): boolean =>
  group.some((t) => (isDoublePiece(ctx, t) && group.length === 1 && canBeHub(ctx, t)) || g.neighbours(t).length >= 3);

/** Tiles of the hubs and their chains. */
const hubTiles = (hubs: readonly Hub[]): number[] => hubs.flatMap((h) => [h.tile, ...h.chains.flatMap((c) => c.cars.map((x) => x.tile))]);

/**
 * A train whose joint the picture blurred (corners a few pixels off) goes on with the tiles lying
 * against its far end: they leave `pool`.
 */
function extendTrains(ctx: Context, g: ContactGraph, hubs: Hub[], pool: Set<number>): void {
  for (const hub of hubs)
    hub.chains = hub.chains.map((c) => {
      const order = c.cars.map((x) => x.tile);
      const longer = extendEnds(ctx.pieces, g, order, pool, true);
      return longer.length === order.length ? c : chainOf(ctx, g, hub.tile, longer, c.loose);
    });
}

export function trainsLayout(ctx: Context): LayoutResult {
  const g = dominoContacts(ctx.pieces, ctx.own);
  const hubs: Hub[] = [];
  const rejected: number[] = [];
  const addHub = (group: number[], anyTile = false): boolean => {
    const found = bestHub(ctx, g, group, anyTile);
    if (!found || (found.chains.length === 0 && group.length > 1)) return false;
    hubs.push({ tile: found.hub, value: ctx.pieces[found.hub].values[0], text: ctx.pieces[found.hub].values.join('|'), chains: found.chains });
    const h = found.hub;
    ctx.checks.add({ code: 'LOCOMOTIVE', tiles: [h], holds: (v) => v(h)[0] === v(h)[1], message: (v) => `the hub ${v(h).join('|')} is not a double: a central locomotive is a double (rules.md §7)` });
    rejected.push(...found.left);
    return true;
  };
  const free = (): number[] => {
    const used = new Set([...hubTiles(hubs), ...rejected]);
    return ctx.own.filter((t) => !used.has(t));
  };
  // Sure hubs first, their trains continued over blurred joints; then a group lying against a
  // sure hub, pointing at it, is a private train laid apart from it — when its first car shows
  // the hub's number, or when its double cannot be a hub (a central train of d needs every
  // higher double on the table, rules.md §7): 12|2 2|2 against the 12-12 is a private train of
  // 12 ending in a double, not a central train of 2. What is left holds a hub if it has a double.
  for (const group of components(ctx.own, (t) => g.neighbours(t))) if (isSureHub(ctx, g, group)) addHub(group);
  let pool = new Set(free());
  extendTrains(ctx, g, hubs, pool);
  const sureHubs = hubs.slice();
  const mayBeHub = (group: number[]): boolean => group.some((t) => isDoublePiece(ctx, t) && canBeHub(ctx, t));
  const unsure = components([...pool], (t) => g.neighbours(t));
  const rest = unsure.filter((group) => !attachLoose(ctx, g, group, sureHubs, mayBeHub(group)) && !(group.some((t) => isDoublePiece(ctx, t)) && addHub(group)));
  // A chain that neither points at a hub nor holds a double: its hub was misread (flagged).
  for (const group of rest) if (!attachLoose(ctx, g, group, hubs, false) && group.length > 1) addHub(group, true);
  pool = new Set(free());
  extendTrains(ctx, g, hubs, pool);
  for (const hub of hubs) for (const c of hub.chains) addChainChecks(ctx, g, hub, c);
  const tiles = hubTiles(hubs);
  branchChecks(ctx, rejected, tiles);
  const unknowns: string[] = [];
  const value = writeTrains(ctx, hubs, unknowns);
  return { key: 'trains', value, tiles, rejected, unknowns };
}
