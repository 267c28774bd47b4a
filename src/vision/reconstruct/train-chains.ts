/**
 * Chains of cars leaving a hub (vlaky, rules.md §7): each car's near half, the checks the rules
 * put on a train (each near half equals the far half before it; directions alternate, a double
 * turning the direction round), and train names and owners kept from a previous position.
 */
import type { Json, JsonObject } from '../../rules/types';
import { touchingHalf } from './chain';
import { jointCheck, type Values } from './checks';
import type { ContactGraph } from './contacts';
import type { Context } from './context';
import { dist } from './geometry';

export interface Car {
  tile: number;
  /** Index of the near half. */
  near: number;
  text: string;
}

export interface Chain {
  cars: Car[];
  /** Starts apart from its hub (no contact). */
  loose: boolean;
  /** Rule breaks as read (for choosing the hub). */
  faults: number;
}

export interface Hub {
  tile: number;
  value: number;
  /** The locomotive as read: "12|12" (or, misread, "12|11"). */
  text: string;
  chains: Chain[];
}

const sign = (a: number, b: number): number => (a === b ? 0 : a < b ? 1 : -1);

/** Direction faults of cars given as [near, far] pairs (rules.md §7). */
function directionFaults(pairs: readonly (readonly [number, number])[]): number {
  let dir = 0;
  let faults = 0;
  for (const [a, b] of pairs) {
    const s = sign(a, b);
    if (s !== 0 && dir !== 0 && s === dir) faults++;
    dir = s === 0 ? -dir : s;
  }
  return faults;
}

/** The cars of `order` leaving `root`: near halves from contacts (or, loose, the half nearer the hub). */
export function chainOf(ctx: Context, g: ContactGraph, root: number, order: readonly number[], loose: boolean): Chain {
  const p = ctx.pieces;
  const cars = order.map((t, i): Car => {
    let near: number;
    if (i > 0) near = touchingHalf(g, t, order[i - 1]);
    else if (g.between(root, t).length) near = touchingHalf(g, t, root);
    else near = dist(p[t].halves[0].centre, p[root].centre) <= dist(p[t].halves[1].centre, p[root].centre) ? 0 : 1;
    return { tile: t, near, text: `${p[t].values[near]}|${p[t].values[1 - near]}` };
  });
  const pairs = cars.map((c) => [p[c.tile].values[c.near], p[c.tile].values[1 - c.near]] as const);
  let faults = directionFaults(pairs);
  let end = p[root].values[0];
  for (const [a, b] of pairs) {
    if (a !== end) faults++;
    end = b;
  }
  return { cars, loose, faults };
}

/**
 * The checks of one chain: each car against the one before it (the hub for the first car; a
 * loose first car against the hub's number), and alternating directions.
 */
export function addChainChecks(ctx: Context, g: ContactGraph, hub: Hub, chain: Chain): void {
  let prev: Car = { tile: hub.tile, near: 0, text: '' };
  for (const c of chain.cars) {
    const touching = g.between(prev.tile, c.tile);
    if (touching.length) touching.forEach((x) => ctx.checks.add(jointCheck(x.a, x.ha, x.b, x.hb, ctx.join, ctx.rule)));
    else ctx.checks.add(jointCheck(prev.tile, 1 - prev.near, c.tile, c.near, ctx.join, ctx.rule));
    prev = c;
  }
  const tiles = chain.cars.map((c) => c.tile);
  const near = new Map(chain.cars.map((c) => [c.tile, c.near]));
  const pair = (v: Values, t: number): [number, number] => [v(t)[near.get(t) as number], v(t)[1 - (near.get(t) as number)]];
  ctx.checks.add({
    code: 'TRAIN_DIRECTION',
    tiles,
    holds: (v) => directionFaults(tiles.map((t) => pair(v, t))) === 0,
    message: () => `the cars ${chain.cars.map((c) => c.text).join(' ')} do not alternate ascending and descending (rules.md §7)`,
  });
}

export interface NamedTrain {
  name: string;
  owner: string | null;
  cars: Car[];
  matchstick: boolean;
  /** Name, owner and matchstick come from the previous position. */
  known: boolean;
}

const canon = (text: string): string =>
  text
    .split('|')
    .map(Number)
    .sort((a, b) => a - b)
    .join('-');

/** Previous trains as {name, owner, cars (canonical), matchstick}. */
function previousTrains(prev: JsonObject | undefined): { name: string; owner: string | null; cars: string[]; matchstick: boolean }[] {
  if (!prev) return [];
  return Object.entries(prev).flatMap(([name, raw]) => {
    const t = raw as { owner?: Json; cars?: Json; matchstick?: Json } | null;
    if (!t || !Array.isArray(t.cars)) return [];
    return [{ name, owner: typeof t.owner === 'string' ? t.owner : null, cars: t.cars.filter((x): x is string => typeof x === 'string').map(canon), matchstick: t.matchstick === true }];
  });
}

/** Whether the previous cars begin the cars read now. */
const begins = (old: readonly string[], now: readonly Car[]): boolean => old.length <= now.length && old.every((c, i) => c === canon(now[i].text));

/**
 * Names and owners for every train: a chain whose cars begin like a previous train's keeps its
 * name, owner and matchstick; otherwise the longest chain touching a hub continues its central
 * train and the others are private trains, owners handed out P0, P1, ... per hub.
 */
export function matchPrevious(hubs: readonly Hub[], prev: JsonObject | undefined, seats: number): NamedTrain[] {
  const old = previousTrains(prev);
  let nextId = old.reduce((m, t) => Math.max(m, Number(t.name.slice(1)) || 0), 0) + 1;
  const out: NamedTrain[] = [];
  for (const hub of [...hubs].sort((a, b) => b.value - a.value)) {
    const hubCar: Car = { tile: hub.tile, near: 0, text: hub.text };
    const chains = [...hub.chains].sort((a, b) => b.cars.length - a.cars.length);
    const oldCentral = old.find((t) => t.owner === null && t.cars[0] === canon(hubCar.text));
    let central = oldCentral ? chains.find((c) => begins(oldCentral.cars.slice(1), c.cars) && oldCentral.cars.length > 1) : undefined;
    if (!oldCentral) central = chains.find((c) => !c.loose);
    out.push({ name: oldCentral?.name ?? `T${nextId++}`, owner: null, cars: [hubCar, ...(central?.cars ?? [])], matchstick: false, known: oldCentral !== undefined });
    let k = 0;
    for (const c of chains) {
      if (c === central) continue;
      const o = old.find((t) => t.owner !== null && begins(t.cars, c.cars));
      out.push(o ? { name: o.name, owner: o.owner, cars: c.cars, matchstick: o.matchstick, known: true } : { name: `T${nextId++}`, owner: `P${k++ % seats}`, cars: c.cars, matchstick: false, known: false });
    }
  }
  return out;
}
