/**
 * Around a hub (a central locomotive d|d): the eight slots a train may leave it by, and the
 * order in which random play tries the vlaky moves.
 */
import type { Rng } from '../../rules/random';
import { far, near, type Laid } from '../../rules/tiles';
import { DOMINO_HALF_MM, type PlacedTile } from '../types';
import { extendChain, startEnd, type ChainEnd, type ChainRules } from './chain';

const H = DOMINO_HALF_MM;

export interface HubSpot {
  x: number;
  y: number;
  /** Direction of the hub double's long axis. */
  angle: number;
  /** Slots taken, 0..7 (slot k leaves at angle + k·45°). */
  used: number[];
  /** The axial slot kept for the central train's first car (it must touch its locomotive). */
  centralSlot: number;
}

/** How far the hub's 48 x 24 footprint reaches from its centre along direction (ux, uy). */
function reach(hub: HubSpot, ux: number, uy: number): number {
  const along = Math.abs(ux * Math.cos(hub.angle) + uy * Math.sin(hub.angle));
  const across = Math.abs(-ux * Math.sin(hub.angle) + uy * Math.cos(hub.angle));
  return Math.min(along > 1e-9 ? H / along : Infinity, across > 1e-9 ? H / 2 / across : Infinity);
}

/** Free slots, those farthest from the taken ones first; on a tie the four axial ones first. */
export function slotOrder(hub: HubSpot, rng: Rng): number[] {
  const score = (k: number): number => {
    let gap = 4;
    for (const u of hub.used) gap = Math.min(gap, Math.abs(k - u), 8 - Math.abs(k - u));
    return gap * 10 + (k % 2 === 0 ? 3 : 0) + 2 * rng.next();
  };
  const free = [0, 1, 2, 3, 4, 5, 6, 7].filter((k) => !hub.used.includes(k)).map((k) => ({ k, s: score(k) }));
  return free.sort((a, b) => b.s - a.s).map((f) => f.k);
}

/**
 * The first car of a new train at the first of `slots` where it fits: its near end face against
 * the hub (an axial slot, even k) or pushed out along the slot until it clears the hub's corner
 * (a diagonal one, odd k).
 */
export function slotStart(
  hub: HubSpot,
  hubIndex: number,
  placed: readonly PlacedTile[],
  car: Laid,
  rng: Rng,
  rulesFor: (dx: number, dy: number) => ChainRules,
  slots: readonly number[],
): { tile: PlacedTile; end: ChainEnd; rules: ChainRules; slot: number } | null {
  for (const k of slots) {
    const phi = hub.angle + (k * Math.PI) / 4;
    const ux = Math.cos(phi);
    const uy = Math.sin(phi);
    const rules = rulesFor(ux, uy);
    const r0 = reach(hub, ux, uy);
    for (let step = 0; step < (k % 2 === 0 ? 1 : 16); step++) {
      const r = r0 + step * 2;
      const e = startEnd(hub.x + ux * r, hub.y + uy * r, ux, uy, hubIndex, true);
      const p = extendChain(e, near(car), far(car), placed, rules, rng);
      if (p) return { tile: p.tile, end: p.end, rules, slot: k };
    }
  }
  return null;
}

/**
 * Legal moves in a random order weighted toward short chains (weight 1/n² for n cars), leaving
 * out chains longer than `room`: uniform choice would nearly always take a long chain (a hand of
 * 15 joins hundreds of them), which gives one long train instead of a table of trains.
 */
export function weightedOrder<M>(moves: M[], room: number, rng: Rng): M[] {
  const keyed: { m: M; key: number }[] = [];
  for (const m of moves) {
    const n = (m as { length?: number }).length ?? 0; // a chain of cars (rules' Chain), else draw/pass/matchstick
    if (n > room) continue;
    const w = n === 0 ? 0.3 : 1 / (n * n);
    keyed.push({ m, key: -Math.log(1 - rng.next()) / w });
  }
  return keyed.sort((a, b) => a.key - b.key).map((k) => k.m);
}
