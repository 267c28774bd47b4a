/** Scoring rules shared by several games of rules.md. */
import type { JsonObject } from './types';

/**
 * Game end by a target (rules.md conventions): the side that reaches the target wins; when several
 * pass it in the same round the highest score wins; equal highest scores play another round.
 */
export function targetResult(scores: readonly number[], keys: readonly string[], target: number): JsonObject {
  const reached = scores.map((v, i) => ({ v, i })).filter((x) => x.v >= target);
  if (reached.length === 0) return { over: false, winner: null };
  const top = Math.max(...reached.map((x) => x.v));
  const leaders = reached.filter((x) => x.v === top);
  if (leaders.length > 1) return { over: false, winner: null, tied: leaders.map((x) => keys[x.i]) };
  return { over: true, winner: keys[leaders[0].i] };
}

/** Sum of values per side: teamOf maps a seat to its team, or null when each seat is a side. */
export function sideTotals(perSeat: readonly number[], teamOf: readonly number[] | null): number[] {
  if (!teamOf) return perSeat.slice();
  const out = [0, 0];
  perSeat.forEach((v, seat) => (out[teamOf[seat]] += v));
  return out;
}

export function readTarget(raw: unknown, dflt: number): number {
  return raw === undefined ? dflt : (raw as number);
}
