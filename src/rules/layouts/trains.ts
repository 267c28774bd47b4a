/**
 * The trains of Dominové vlaky (rules.md §7): `{"T1": {"owner": null, "cars": ["12|12", "12|6"],
 * "matchstick": false}}`. Every car is written `near|far`; a train grows only at its far end.
 *
 * Direction: a car is ascending (near < far, +1) or descending (near > far, -1); consecutive cars
 * alternate. A double is a joker: it takes the direction opposite to the car before it and keeps
 * it. A central locomotive (a double) has no direction (0): the first car after it decides.
 * A private locomotive is never a double (n|n is the central locomotive itself), so it has one.
 */
import { fail } from '../errors';
import { isObject, parseSeat, seatName, type Ledger } from '../position';
import { canonical, far, formatLaid, isDouble, near, parseLaid, type Domino, type Laid } from '../tiles';
import type { Json, JsonObject } from '../types';

export const CENTRAL = -1;

export interface Train {
  /** The number n of its name "Tn". */
  id: number;
  /** Owning seat, or CENTRAL. */
  owner: number;
  cars: readonly Laid[];
  matchstick: boolean;
  /** The free (far) end of the last car. */
  end: number;
  /** Direction of the last car: 1 ascending, -1 descending, 0 a central locomotive alone. */
  dir: number;
}

export const trainName = (id: number): string => `T${id}`;
export const dirWord = (d: number): string => (d > 0 ? 'ascending' : 'descending');

/** Direction a car takes after a car of direction `prev` (a double: the opposite one). */
export function carDir(prev: number, car: Laid): number {
  const a = near(car);
  const b = far(car);
  return a === b ? -prev : a < b ? 1 : -1;
}

export type StepError = 'END_MISMATCH' | 'WRONG_DIRECTION';

/** Whether `car` may follow a last car with free end `end` and direction `dir`. */
export function stepError(end: number, dir: number, car: Laid): StepError | null {
  if (near(car) !== end) return 'END_MISMATCH';
  if (!isDouble(car) && dir !== 0 && carDir(dir, car) === dir) return 'WRONG_DIRECTION';
  return null;
}

export function stepMessage(err: StepError, where: string, last: Laid, dir: number, car: Laid): string {
  if (err === 'END_MISMATCH')
    return `${formatLaid(car)} does not join ${where}: the free end of ${formatLaid(last)} is ${far(last)} (rules.md §7: a train grows only at its far end, so the next car's near half must be ${far(last)})`;
  return `${formatLaid(car)} is ${dirWord(dir)} like ${formatLaid(last)} before it on ${where}, so the next car must be ${dirWord(-dir)} (rules.md §7: consecutive cars alternate, a double taking the direction opposite to the car before it)`;
}

function readTrain(key: string, raw: Json, seats: number, maxPip: number, ledger: Ledger): Train {
  const where = `trains.${key}`;
  if (!/^T[0-9]{1,6}$/.test(key)) fail('BAD_LAYOUT', `${where}: train names are "T1", "T2", ...`);
  if (!isObject(raw)) fail('BAD_LAYOUT', `${where}: expected {"owner": null or "P1", "cars": [...], "matchstick": false}`);
  const o = raw.owner;
  const owner = o === undefined || o === null ? CENTRAL : parseSeat(o, seats, `${where}.owner`);
  const m = raw.matchstick ?? false;
  if (typeof m !== 'boolean') fail('BAD_LAYOUT', `${where}.matchstick: expected true or false, got ${JSON.stringify(m)}`);
  if (m && owner === CENTRAL) fail('BAD_LAYOUT', `${where}: a central train carries no matchstick (rules.md §7: matchsticks mark private trains)`);
  if (!Array.isArray(raw.cars) || raw.cars.length === 0) fail('BAD_LAYOUT', `${where}.cars: expected a non-empty list of cars like ["12|12", "12|6"]`);
  const cars = raw.cars.map((c, i) => parseLaid(c, maxPip, `${where}.cars[${i}]`));
  cars.forEach((c, i) => ledger.add(canonical(c), `train ${key} (car ${i + 1})`));
  const loco = cars[0];
  if (owner === CENTRAL && !isDouble(loco))
    fail('BAD_LAYOUT', `${where}: the locomotive ${formatLaid(loco)} of a central train must be a double (rules.md §7)`);
  if (owner !== CENTRAL && isDouble(loco))
    fail('BAD_LAYOUT', `${where}: the locomotive ${formatLaid(loco)} of a private train cannot be a double: ${formatLaid(loco)} is the locomotive of the central train ${near(loco)} (rules.md §7)`);
  let dir = owner === CENTRAL ? 0 : carDir(0, loco);
  for (let i = 1; i < cars.length; i++) {
    const err = stepError(far(cars[i - 1]), dir, cars[i]);
    if (err) fail('BAD_LAYOUT', `${where}: ${stepMessage(err, key, cars[i - 1], dir, cars[i])}`);
    dir = carDir(dir, cars[i]);
  }
  return { id: Number(key.slice(1)), owner, cars, matchstick: m, end: far(cars[cars.length - 1]), dir };
}

/** Reads and validates the layout: each train on its own, then private locomotives against the central ones. */
export function readTrains(raw: Json | undefined, seats: number, maxPip: number, ledger: Ledger): Train[] {
  if (raw === undefined || raw === null) return [];
  if (!isObject(raw)) fail('BAD_LAYOUT', `trains: expected an object like {"T1": {"owner": null, "cars": ["12|12"], "matchstick": false}}`);
  const trains = Object.entries(raw).map(([k, v]) => readTrain(k, v, seats, maxPip, ledger));
  const ids = new Set<number>();
  for (const tr of trains) {
    if (ids.has(tr.id)) fail('BAD_LAYOUT', `trains: ${trainName(tr.id)} is named twice`);
    ids.add(tr.id);
  }
  const centrals = centralNumbers(trains);
  const owned = new Set<number>();
  for (const tr of trains) {
    if (tr.owner === CENTRAL) continue;
    const n = near(tr.cars[0]);
    if (!((centrals >> n) & 1))
      fail('BAD_LAYOUT', `trains.${trainName(tr.id)}: the private locomotive ${formatLaid(tr.cars[0])} needs a central train of ${n} (rules.md §7: its near half equals the number of a central locomotive)`);
    const k = tr.owner * 16 + n;
    if (owned.has(k)) fail('BAD_LAYOUT', `trains: ${seatName(tr.owner)} owns two private trains of ${n} (rules.md §7: at most one private train per number)`);
    owned.add(k);
  }
  return trains;
}

export function writeTrains(trains: readonly Train[]): JsonObject {
  const out: JsonObject = {};
  for (const tr of trains)
    out[trainName(tr.id)] = { owner: tr.owner === CENTRAL ? null : seatName(tr.owner), cars: tr.cars.map(formatLaid), matchstick: tr.matchstick };
  return out;
}

/** Bit n set: a central train of n exists. */
export function centralNumbers(trains: readonly Train[]): number {
  let m = 0;
  for (const tr of trains) if (tr.owner === CENTRAL) m |= 1 << near(tr.cars[0]);
  return m;
}

/** Bit n set: `seat` owns a private train of n. */
export function privateNumbers(trains: readonly Train[], seat: number): number {
  let m = 0;
  for (const tr of trains) if (tr.owner === seat) m |= 1 << near(tr.cars[0]);
  return m;
}

/** Bit d set: the double d-d lies on the table (as a locomotive or a car). */
export function doublesOnTable(trains: readonly Train[]): number {
  let m = 0;
  for (const tr of trains) for (const c of tr.cars) if (isDouble(c)) m |= 1 << near(c);
  return m;
}

/** The highest double not yet on the table (rules.md §7: the only one that may start a central train), or -1. */
export function highestFreeDouble(doubles: number, maxPip: number): number {
  for (let d = maxPip; d >= 0; d--) if (!((doubles >> d) & 1)) return d;
  return -1;
}

/** A train after `tiles` were attached (the owner attaching removes his matchstick). */
export function attachTo(tr: Train, tiles: readonly Laid[], seat: number): Train {
  let dir = tr.dir;
  for (const c of tiles) dir = carDir(dir, c);
  return {
    id: tr.id,
    owner: tr.owner,
    cars: [...tr.cars, ...tiles],
    matchstick: tr.matchstick && tr.owner !== seat,
    end: far(tiles[tiles.length - 1]),
    dir,
  };
}

/** A new train with `tiles` (locomotive first). */
export function newTrain(id: number, owner: number, tiles: readonly Laid[]): Train {
  let dir = owner === CENTRAL ? 0 : carDir(0, tiles[0]);
  for (let i = 1; i < tiles.length; i++) dir = carDir(dir, tiles[i]);
  return { id, owner, cars: tiles.slice(), matchstick: false, end: far(tiles[tiles.length - 1]), dir };
}

export const nextTrainId = (trains: readonly Train[]): number => trains.reduce((m, tr) => Math.max(m, tr.id), 0) + 1;

// ---- chains: every legal sequence of cars from a free end ------------------------------

/**
 * (The hot loops below use the tile ints of tiles.ts directly, `t >> 4` and `t & 15`: calls through
 * module imports cost more than the search itself.)
 * A pool of hand tiles indexed by number, for the depth-first search of chains. Scratch buffers
 * are module-level (no allocation per question); the search is not re-entrant.
 */
const PER_NUMBER = 16;
const bucket = new Int16Array(16 * PER_NUMBER);
const bucketLen = new Uint8Array(16);
const fromUnknown = new Uint8Array(256);
const used = new Uint8Array(256);
let unknownLeft = 0;
let budget = 0;

/**
 * Chains listed for one question at most. Hands of 15 stay far below it; a hand swollen by draws
 * (30-40 tiles) can join tens of millions of chains, which no answer can list.
 */
export const MAX_CHAINS = 20000;

function put(t: Domino, unk: number): void {
  fromUnknown[t] = unk;
  used[t] = 0;
  const a = t >> 4;
  const b = t & 15;
  bucket[a * PER_NUMBER + bucketLen[a]++] = t;
  if (a !== b) bucket[b * PER_NUMBER + bucketLen[b]++] = t;
}

/** Loads the pool: the known hand tiles, plus `unseen` tiles usable `unknown` times in all. */
export function loadPool(tiles: readonly Domino[], unseen: readonly Domino[], unknown: number): void {
  bucketLen.fill(0);
  for (let i = 0; i < tiles.length; i++) put(tiles[i], 0);
  if (unknown > 0) for (const t of unseen) put(t, 1);
  unknownLeft = unknown;
  budget = MAX_CHAINS;
}

/**
 * One chain found by the search, as a move: the last car and the chain before it (shared with
 * the shorter chains, so listing thousands of prefixes costs one small object each). `tiles`
 * spells the whole chain out, locomotive first.
 */
export class Chain {
  constructor(
    readonly action: string,
    readonly train: number,
    readonly car: Laid,
    readonly prev: Chain | null,
    readonly length: number,
  ) {}
  get tiles(): Laid[] {
    const out = new Array<Laid>(this.length);
    let c: Chain | null = this; // eslint-disable-line @typescript-eslint/no-this-alias
    for (let i = this.length - 1; i >= 0 && c; i--, c = c.prev) out[i] = c.car;
    return out;
  }
}

function dfs(end: number, dir: number, parent: Chain | null, out: unknown[], action: string, train: number): void {
  const base = end * PER_NUMBER;
  const n = bucketLen[end];
  const depth = parent ? parent.length : 0;
  for (let i = 0; i < n && budget > 0; i++) {
    const t = bucket[base + i];
    if (used[t]) continue;
    const unk = fromUnknown[t];
    if (unk && unknownLeft === 0) continue;
    const other = t >> 4 === end ? t & 15 : t >> 4;
    const d = other === end ? -dir : other > end ? 1 : -1;
    if (other !== end && dir !== 0 && d === dir) continue;
    const node = new Chain(action, train, end * 16 + other, parent, depth + 1);
    out.push(node);
    budget--;
    used[t] = 1;
    unknownLeft -= unk;
    dfs(other, d, node, out, action, train);
    used[t] = 0;
    unknownLeft += unk;
  }
}

/** Pushes every non-empty chain of pool tiles that may follow a free end `end` of direction `dir`. */
export function chainsFrom(end: number, dir: number, out: unknown[], action: string, train: number): void {
  dfs(end, dir, null, out, action, train);
}

/** Pushes the locomotive alone, then every chain after it; the locomotive must be a pool tile. */
export function chainsAfterLocomotive(loco: Laid, dir: number, out: unknown[], action: string): void {
  const t = canonical(loco);
  if (used[t] || budget <= 0) return;
  const unk = fromUnknown[t];
  if (unk && unknownLeft === 0) return;
  const node = new Chain(action, 0, loco, null, 1);
  out.push(node);
  budget--;
  used[t] = 1;
  unknownLeft -= unk;
  dfs(loco & 15, dir, node, out, action, 0); // tile ints: near * 16 + far (tiles.ts)
  used[t] = 0;
  unknownLeft += unk;
}

/** Whether some pool tile may follow the free end (existence only, no chains). */
export function anyStep(end: number, dir: number): boolean {
  const base = end * PER_NUMBER;
  for (let i = 0; i < bucketLen[end]; i++) {
    const t = bucket[base + i];
    const other = t >> 4 === end ? t & 15 : t >> 4;
    if (other === end || dir === 0 || (other > end ? 1 : -1) !== dir) return true;
  }
  return false;
}

/** Whether the pool holds a tile with the number n (fromUnknown ignored: existence checks use known hands). */
export const poolHas = (n: number): boolean => bucketLen[n] > 0;

/** Whether the pool holds the tile t. */
export function poolHasTile(t: Domino): boolean {
  const a = t >> 4;
  const base = a * PER_NUMBER;
  for (let i = 0; i < bucketLen[a]; i++) if (bucket[base + i] === t) return true;
  return false;
}
