/**
 * Whether two positions hold the same layout as a picture can tell it. A line read from the
 * other side of the table is the same line turned round (L and R swapped); a cross seen from
 * another side has its arm names turned; a board may sit anywhere on the lattice at any of its
 * six turns; trains are compared hub by hub as the chains of cars leaving it (which chain is
 * central, train numbers, owners and matchsticks are not in the picture).
 */
import type { Json, JsonObject } from '../../rules/types';
import { canonicalBoard, type BoardCell } from './lattice';

const strings = (v: Json | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const flipLine = (line: readonly string[]): string[] => line.map((x) => x.split('|').reverse().join('|')).reverse();
const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const farOf = (laid: string): number => Number(laid.split('|')[1]);
const obj = (v: Json | undefined): JsonObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

/** A layout written so that equal layouts give equal text, and its open ends (null where none are defined). */
export interface LayoutView {
  key: string;
  ends: string | null;
}

function lineView(p: JsonObject): LayoutView[] {
  const line = strings(p.line);
  const flipped = flipLine(line);
  const key = JSON.stringify(line.join(' ') < flipped.join(' ') ? line : flipped);
  const ends = line.length ? [Number(line[0].split('|')[0]), farOf(line[line.length - 1])].sort((a, b) => a - b).join(',') : '';
  return [{ key, ends }];
}

function crossView(p: JsonObject): LayoutView[] {
  const c = obj(p.cross);
  const arms = ['N', 'E', 'S', 'W'].map((k) => strings(obj(c.arms)[k]));
  const phase1 = arms.some((a) => a.length === 0);
  const ends = arms.map((a) => (c.center ? (a.length === 0 ? 6 : phase1 ? -1 : farOf(a[a.length - 1])) : -1));
  // Every turn of the arm names is the same cross: list all four, a match on any is a match.
  return [0, 1, 2, 3].map((k) => ({
    key: JSON.stringify([c.center ?? null, ...[0, 1, 2, 3].map((i) => arms[(i + k) % 4])]),
    ends: [0, 1, 2, 3].map((i) => ends[(i + k) % 4]).join(','),
  }));
}

/** Hub number -> the chains leaving it (cars after the locomotive), each as text, sorted. */
function trainsView(p: JsonObject): LayoutView[] {
  const hubs = new Map<number, string[]>();
  const trains = Object.values(obj(p.trains)).map(obj);
  for (const t of trains) if (t.owner === null || t.owner === undefined) hubs.set(Number(strings(t.cars)[0]?.split('|')[0]), []);
  for (const t of trains) {
    const cars = strings(t.cars);
    if (!cars.length) continue;
    const central = t.owner === null || t.owner === undefined;
    const hub = Number(cars[0].split('|')[0]);
    const chain = central ? cars.slice(1) : cars;
    if (chain.length) hubs.set(hub, [...(hubs.get(hub) ?? []), chain.join(' ')]);
  }
  const sorted = [...hubs.entries()].sort((a, b) => a[0] - b[0]);
  const key = JSON.stringify(sorted.map(([h, chains]) => [h, chains.slice().sort()]));
  const ends = sorted.map(([h, chains]) => `${h}:${(chains.length ? chains.map((c) => farOf(c.split(' ').pop() as string)) : [h]).sort((a, b) => a - b).join('/')}`).join(',');
  return [{ key, ends }];
}

function boardView(p: JsonObject): LayoutView[] {
  const board = (Array.isArray(p.board) ? p.board : []).map((x) => obj(x)).map((x) => ({ cell: x.cell as [number, number], v: x.v as number[] }) as BoardCell);
  return [{ key: canonicalBoard(board), ends: null }];
}

export function layoutViews(p: JsonObject): LayoutView[] {
  if (p.line !== undefined) return lineView(p);
  if (p.cross !== undefined) return crossView(p);
  if (p.trains !== undefined) return trainsView(p);
  if (p.board !== undefined) return boardView(p);
  return [{ key: JSON.stringify(p.structure ?? null), ends: null }];
}

/** Same layout, and same open ends (null when the layout has no ends to compare). */
export function compareLayouts(got: JsonObject, truth: JsonObject): { exact: boolean; ends: boolean | null } {
  const g = layoutViews(got);
  const t = layoutViews(truth)[0];
  const exact = g.some((v) => v.key === t.key);
  const ends = t.ends === null ? null : g.some((v) => v.ends === t.ends);
  return { exact, ends };
}

/** Hands per seat, as sorted tile lists. */
export type HandMap = Record<string, string[]>;

/** Seat-exact and up-to-a-turn-of-the-table equality of hands, and of their pip totals. */
export function compareHands(got: HandMap, truth: HandMap, seats: number): { exact: boolean; turned: boolean; totals: boolean; totalsTurned: boolean } {
  const seat = (m: HandMap, i: number): string[] => (m[`P${i}`] ?? []).slice().sort();
  const pips = (tiles: readonly string[]): number => tiles.reduce((n, t) => n + t.split('-').reduce((a, b) => a + Number(b), 0), 0);
  const at = (k: number, f: (a: string[], b: string[]) => boolean): boolean => [...Array(seats).keys()].every((i) => f(seat(got, (i + k) % seats), seat(truth, i)));
  const eq = (a: string[], b: string[]): boolean => same(a, b);
  const eqPips = (a: string[], b: string[]): boolean => pips(a) === pips(b);
  const ks = [...Array(seats).keys()];
  return { exact: at(0, eq), turned: ks.some((k) => at(k, eq)), totals: at(0, eqPips), totalsTurned: ks.some((k) => at(k, eqPips)) };
}
