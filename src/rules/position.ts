/**
 * Reading the parts of a position that every game shares (spec/referee.md): seats, hands, stock,
 * scores, counters. Each reader names the field in its error, so a bad question is easy to fix.
 */
import { fail } from './errors';
import type { Json, JsonObject } from './types';

export const seatName = (i: number): string => `P${i}`;
export const TEAM_NAMES = ['A', 'B'] as const;

/** A hand: the tiles known, plus tiles known only by their number (an opponent's hidden hand). */
export interface Hand {
  tiles: number[];
  unknown: number;
}

export const handSize = (h: Hand): number => h.tiles.length + h.unknown;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseSeat(v: unknown, seats: number, field: string): number {
  if (typeof v !== 'string' || !/^P\d+$/.test(v)) fail('BAD_POSITION', `${field}: expected a seat "P0".."P${seats - 1}", got ${JSON.stringify(v)}`);
  const i = Number(v.slice(1));
  if (i >= seats) fail('BAD_POSITION', `${field}: ${v} does not sit at a table of ${seats}`);
  return i;
}

export function optionalSeat(pos: JsonObject, key: string, seats: number): number | null {
  const v = pos[key];
  return v === undefined || v === null ? null : parseSeat(v, seats, key);
}

export function readCount(v: unknown, field: string, min = 0): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) fail('BAD_POSITION', `${field}: expected a whole number >= ${min}, got ${JSON.stringify(v)}`);
  return v;
}

export function optionalCount(pos: JsonObject, key: string, dflt: number, min = 0): number {
  const v = pos[key];
  return v === undefined || v === null ? dflt : readCount(v, key, min);
}

export function optionalBool(pos: JsonObject, key: string): boolean | null {
  const v = pos[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'boolean') fail('BAD_POSITION', `${key}: expected true or false, got ${JSON.stringify(v)}`);
  return v;
}

/**
 * Tiles seen in a position must exist and appear once: the ledger remembers where each was seen,
 * so "2-5 twice: in P1's hand and in the line" can be said.
 */
export class Ledger {
  private readonly seen = new Map<number, string>();
  constructor(
    private readonly format: (t: number) => string,
    private readonly capacity: number,
  ) {}
  add(tile: number, where: string): void {
    const before = this.seen.get(tile);
    if (before !== undefined) fail('DUPLICATE_TILE', `${this.format(tile)} appears twice: ${before} and ${where}`);
    this.seen.set(tile, where);
  }
  has(tile: number): boolean {
    return this.seen.has(tile);
  }
  get size(): number {
    return this.seen.size;
  }
  /** Known tiles plus tiles known only by count must fit in the set. */
  checkTotal(hiddenCount: number, setLabel: string): void {
    const total = this.seen.size + hiddenCount;
    if (total > this.capacity) fail('TOO_MANY_TILES', `the position holds ${total} tiles, but ${setLabel} has only ${this.capacity}`);
  }
}

export function readHands(
  pos: JsonObject,
  seats: number,
  parseTile: (v: unknown, what: string) => number,
  ledger: Ledger,
): Hand[] {
  const raw = pos.hands;
  if (!isObject(raw)) fail('BAD_POSITION', `hands: expected an object like {"P0": ["1-2"], "P1": 5}, got ${JSON.stringify(raw ?? null)}`);
  for (const k of Object.keys(raw)) parseSeat(k, seats, 'hands');
  const hands: Hand[] = [];
  for (let i = 0; i < seats; i++) {
    const v = raw[seatName(i)];
    if (v === undefined) fail('BAD_POSITION', `hands: ${seatName(i)} is missing (give the tiles, or their number if unknown)`);
    if (typeof v === 'number') {
      hands.push({ tiles: [], unknown: readCount(v, `hands.${seatName(i)}`) });
    } else if (Array.isArray(v)) {
      // "?" stands for a tile whose face is unknown (drawn from a counted stock).
      const tiles = v.filter((x) => x !== '?').map((x, j) => parseTile(x, `hands.${seatName(i)}[${j}]`));
      tiles.forEach((t) => ledger.add(t, `${seatName(i)}'s hand`));
      hands.push({ tiles, unknown: v.length - tiles.length });
    } else {
      fail('BAD_POSITION', `hands.${seatName(i)}: expected a list of tiles or a count, got ${JSON.stringify(v)}`);
    }
  }
  return hands;
}

export function writeHands(hands: readonly Hand[], format: (t: number) => string): JsonObject {
  const out: JsonObject = {};
  hands.forEach((h, i) => {
    // A count when nothing is known; known tiles and "?" for the unknown ones when both occur.
    if (h.tiles.length === 0 && h.unknown > 0) out[seatName(i)] = h.unknown;
    else out[seatName(i)] = [...h.tiles.map(format), ...Array<Json>(h.unknown).fill('?')];
  });
  return out;
}

/** The stock: a count, or the tiles themselves, drawn from the front. */
export interface Stock {
  tiles: number[] | null;
  count: number;
}

export function readStock(pos: JsonObject, parseTile: (v: unknown, what: string) => number, ledger: Ledger, key = 'stock'): Stock {
  const v = pos[key];
  if (v === undefined || v === null) return { tiles: null, count: 0 };
  if (typeof v === 'number') return { tiles: null, count: readCount(v, key) };
  if (!Array.isArray(v)) fail('BAD_POSITION', `${key}: expected a count or a list of tiles, got ${JSON.stringify(v)}`);
  const tiles = v.map((x, j) => parseTile(x, `${key}[${j}]`));
  tiles.forEach((t) => ledger.add(t, 'the stock'));
  return { tiles, count: tiles.length };
}

export function writeStock(s: Stock, format: (t: number) => string): Json {
  return s.tiles ? s.tiles.map(format) : s.count;
}

/** Drawing takes the front tile of a known stock; from a counted stock the tile is unknown (-1). */
export function drawFrom(s: Stock): { stock: Stock; tile: number } {
  if (s.tiles) return { stock: { tiles: s.tiles.slice(1), count: s.count - 1 }, tile: s.tiles[0] };
  return { stock: { tiles: null, count: s.count - 1 }, tile: -1 };
}

/** Scores keyed by seat ("P0") or team ("A"); missing keys are 0. */
export function readScores(pos: JsonObject, keys: readonly string[]): number[] {
  const raw = pos.scores;
  if (raw === undefined || raw === null) return keys.map(() => 0);
  if (!isObject(raw)) fail('BAD_POSITION', `scores: expected an object like {"${keys[0]}": 12}, got ${JSON.stringify(raw)}`);
  for (const [k, v] of Object.entries(raw)) {
    if (!keys.includes(k)) fail('BAD_POSITION', `scores: "${k}" is not one of ${keys.join(', ')}`);
    if (typeof v !== 'number' || !Number.isFinite(v)) fail('BAD_POSITION', `scores.${k}: expected a number, got ${JSON.stringify(v)}`);
  }
  return keys.map((k) => (raw[k] as number | undefined) ?? 0);
}

export function writeScores(scores: readonly number[], keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  keys.forEach((k, i) => (out[k] = scores[i]));
  return out;
}

/** The keys of `scores`: team names when playing in teams, else seat names. */
export function scoreKeys(seats: number, teamOf: number[] | null): string[] {
  return teamOf ? [...TEAM_NAMES] : Array.from({ length: seats }, (_, i) => seatName(i));
}

/** Remove one tile from a hand: a known tile, or one of the unknown ones. Returns a new hand. */
export function removeFromHand(h: Hand, tile: number): Hand {
  const i = h.tiles.indexOf(tile);
  if (i >= 0) {
    const tiles = h.tiles.slice();
    tiles.splice(i, 1);
    return { tiles, unknown: h.unknown };
  }
  return { tiles: h.tiles, unknown: h.unknown - 1 };
}

export function addToHand(h: Hand, tile: number): Hand {
  return tile < 0 ? { tiles: h.tiles, unknown: h.unknown + 1 } : { tiles: [...h.tiles, tile], unknown: h.unknown };
}

export function replaceAt<T>(list: readonly T[], i: number, v: T): T[] {
  const out = list.slice();
  out[i] = v;
  return out;
}
