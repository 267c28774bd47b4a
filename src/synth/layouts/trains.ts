/**
 * The `trains` family: Dominové vlaky on double-12 (rules.md §7) from random legal play, laid like
 * a Mexican-Train table. Each central locomotive (12|12 first, later 11|11 ...) is a hub lying in
 * its own patch of table; the central train and the private trains of its number leave the hub
 * in different directions (8 slots at 45°, spread as far apart as the trains allow): a train
 * from an end face or a long side starts touching the hub, a diagonal one just clear of its
 * corner. Trains are chains: doubles crosswise, a turn at the edge of the hub's patch.
 */
import type { VlakyMove, VlakyState } from '../../rules/games/vlaky-state';
import type { Rng } from '../../rules/random';
import { far, near, type Laid } from '../../rules/tiles';
import { DOMINO_HALF_MM, type PlacedTile } from '../types';
import { boxAround, endAfter, extendChain, grownBox, type ChainEnd, type ChainRules } from './chain';
import { separation, type Extent } from './geometry';
import { playOut, tableOf, writePosition } from './play';
import { TileList, type LaidChain, type LayoutResult } from './result';
import { between, pick } from './tile-specs';
import { slotOrder, slotStart, weightedOrder, type HubSpot } from './train-hub';

const H = DOMINO_HALF_MM;

export interface TrainsOptions {
  tileCount?: number;
}

interface Hub extends HubSpot {
  index: number;
  box: Extent;
}

/** The moves the rules engine lists carry their cars as `tiles` (locomotive first). */
type PlayMove = VlakyMove & { tiles: Laid[]; train: number };

class TrainTable {
  readonly list = new TileList();
  readonly hubs = new Map<number, Hub>();
  readonly ends = new Map<number, ChainEnd>();
  readonly rules = new Map<number, ChainRules>();
  readonly chains = new Map<number, LaidChain>();
  constructor(
    readonly rng: Rng,
    readonly spin: number,
  ) {}

  hubAt(x: number, y: number): Hub {
    const angle = this.rng.int(2) ? Math.PI / 2 : 0;
    const half = 5 * H + this.rng.next() * 6 * H;
    const centralSlot = 2 * this.rng.int(4);
    return { index: -1, x, y, angle, used: [centralSlot], centralSlot, box: boxAround(x, y, half, half * (0.7 + 0.5 * this.rng.next())) };
  }

  /** A patch of free table for a new hub: far from every tile laid so far. */
  newHub(d: number): Hub | null {
    if (this.list.tiles.length === 0) return this.hubAt(0, 0);
    for (let attempt = 0; attempt < 40; attempt++) {
      const a = this.rng.next() * 2 * Math.PI;
      const r = 200 + 250 * this.rng.next() + attempt * 5;
      const hub = this.hubAt(r * Math.cos(a), r * Math.sin(a));
      const t = hubTile(hub, d);
      if (this.list.tiles.every((o) => separation(t, o) > 90)) return hub;
    }
    return null;
  }

  chainRules(dx: number, dy: number, box: Extent): ChainRules {
    const riser = this.rng.int(3);
    return { box, hardBox: grownBox(box, 3 * H), driftX: this.spin * dy, driftY: -this.spin * dx, riser: () => riser, besideShare: 0.25, clearance: 8 };
  }
}

function hubTile(hub: Hub, d: number): PlacedTile {
  return { kind: 'domino', values: [d, d], x: hub.x, y: hub.y, angle: hub.angle };
}

/** Lays `cars` from the train's end, or from a free slot of `hub` for a new train; null when they do not fit. */
function layCars(tt: TrainTable, cars: readonly Laid[], from: { end: ChainEnd; rules: ChainRules } | Hub, extra: PlacedTile[], central: boolean): { tiles: PlacedTile[]; end: ChainEnd; rules: ChainRules; slot: number } | null {
  let end: ChainEnd;
  let rules: ChainRules;
  let slot = -1;
  let k = 0;
  const placed = tt.list.tiles.concat(extra);
  const out: PlacedTile[] = [];
  if ('index' in from) {
    // A new hub is not in the list yet: it is the last of `extra`.
    const hubIndex = from.index >= 0 ? from.index : placed.length - 1;
    const start = slotStart(from, hubIndex, placed, cars[0], tt.rng, (dx, dy) => tt.chainRules(dx, dy, from.box), central ? [from.centralSlot] : slotOrder(from, tt.rng));
    if (!start) return null;
    ({ rules, slot } = start);
    out.push(start.tile);
    end = endAfter({ tile: start.tile, end: start.end }, placed.length);
    k = 1;
  } else ({ end, rules } = from);
  for (; k < cars.length; k++) {
    const p = extendChain(end, near(cars[k]), far(cars[k]), placed.concat(out), rules, tt.rng);
    if (!p) return null;
    out.push(p.tile);
    end = endAfter(p, placed.length + out.length - 1);
  }
  return { tiles: out, end, rules, slot };
}

function commit(tt: TrainTable, id: number, hub: Hub, laid: NonNullable<ReturnType<typeof layCars>>, loose: boolean): void {
  const chain = tt.chains.get(id) ?? { name: `T${id}`, tiles: [hub.index], looseStart: loose };
  for (const t of laid.tiles) chain.tiles.push(tt.list.add(t, { role: 'laid' }));
  tt.chains.set(id, chain);
  tt.ends.set(id, laid.end);
  tt.rules.set(id, laid.rules);
  if (laid.slot >= 0 && !hub.used.includes(laid.slot)) hub.used.push(laid.slot);
}

function tryTrainMove(tt: TrainTable, m: PlayMove, s: VlakyState): boolean {
  if (m.action !== 'attach' && m.action !== 'start-central' && m.action !== 'start-private') return true;
  const nextId = s.trains.reduce((n, tr) => Math.max(n, tr.id), 0) + 1;
  const cars = m.tiles;
  if (m.action === 'start-central') {
    const d = near(cars[0]);
    const hub = tt.newHub(d);
    if (!hub) return false;
    const hubPlaced = hubTile(hub, d);
    const laid = cars.length > 1 ? layCars(tt, cars.slice(1), hub, [hubPlaced], true) : null;
    if (cars.length > 1 && !laid) return false;
    hub.index = tt.list.add(hubPlaced, { role: 'laid' });
    tt.hubs.set(d, hub);
    tt.chains.set(nextId, { name: `T${nextId}`, tiles: [hub.index] });
    if (laid) commit(tt, nextId, hub, laid, false);
    return true;
  }
  const train = m.action === 'attach' ? s.trains.find((tr) => tr.id === m.train) : undefined;
  const id = train ? train.id : nextId;
  const hub = tt.hubs.get(near(train ? train.cars[0] : cars[0])) as Hub;
  const end = tt.ends.get(id);
  const central = m.action === 'attach' && train !== undefined && train.owner < 0;
  const laid = layCars(tt, cars, end ? { end, rules: tt.rules.get(id) as ChainRules } : hub, [], central);
  if (!laid) return false;
  commit(tt, id, hub, laid, !central);
  return true;
}

export function trainsLayout(rng: Rng, o: TrainsOptions = {}): LayoutResult {
  const target = o.tileCount ?? between(rng, 10, 35);
  const seats = pick(rng, [2, 4]);
  const pt = tableOf('vlaky', 'double-12', seats);
  const tt = new TrainTable(rng, rng.int(2) ? 1 : -1);
  const laidCount = (): number => tt.list.tiles.length;
  const s = playOut<VlakyState, PlayMove>(pt, rng, {
    done: () => laidCount() >= target,
    order: (moves, _s, r) => weightedOrder(moves, target - laidCount(), r),
    tryMove: (m, st) => tryTrainMove(tt, m, st),
  });
  const position = writePosition(pt, s);
  return {
    family: 'trains',
    set: 'double-12',
    tiles: tt.list.tiles,
    roles: tt.list.roles,
    game: 'vlaky',
    seats,
    position,
    chains: [...tt.chains.values()],
    extentMm: { minX: 0, maxX: 0, minY: 0, maxY: 0 },
  };
}
