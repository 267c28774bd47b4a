/**
 * The `cross` family: Sevastopol (rules.md §5) from random legal play. The 6-6 spinner lies in
 * the middle, its long axis north-south or east-west; the four arms grow out of its four sides
 * (two from its end faces, two from the middle of its long sides), each laid as a chain that
 * turns at the box edge, all arms turning the same way round (a pinwheel), so arms never meet.
 */
import { armEnd, ARMS } from '../../rules/layouts/cross';
import type { SevMove, SevState } from '../../rules/games/sevastopol';
import type { Rng } from '../../rules/random';
import { hi, lo } from '../../rules/tiles';
import { DOMINO_HALF_MM } from '../types';
import { boxAround, endAfter, extendChain, grownBox, startEnd, type ChainEnd, type ChainRules } from './chain';
import { handFaces, layOpenHands } from './open-hands';
import { playOut, tableOf, writePosition } from './play';
import { TileList, type LayoutResult } from './result';
import { between } from './tile-specs';

const H = DOMINO_HALF_MM;
/** Outward directions of the arms N, E, S, W (ARMS order). */
const DIRS: [number, number][] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

export interface CrossOptions {
  tileCount?: number;
  openHands?: boolean;
}

export function crossLayout(rng: Rng, o: CrossOptions = {}): LayoutResult {
  const target = Math.min(28, o.tileCount ?? between(rng, 10, 28));
  const pt = tableOf('sevastopol', 'double-6', 4);
  const list = new TileList();
  const half = 4 * H + rng.next() * 7 * H; // arms turn after about 3 to 9 tiles
  const box = boxAround(0, 0, half, half * (0.8 + 0.4 * rng.next()));
  const spin = rng.int(2) ? 1 : -1; // pinwheel: every arm turns clockwise, or every arm counter-clockwise
  const rules: ChainRules[] = DIRS.map(([dx, dy]) => ({
    box,
    hardBox: grownBox(box, 4 * H),
    driftX: spin * dy,
    driftY: -spin * dx,
    riser: () => 0,
    besideShare: 0.25,
    clearance: 8,
  }));
  const northSouth = rng.int(2) === 0; // the spinner's long axis
  const ends: (ChainEnd | null)[] = [null, null, null, null];
  const chains = ARMS.map((name) => ({ name, tiles: [] as number[] }));
  const s = playOut<SevState, SevMove>(pt, rng, {
    done: () => list.tiles.length >= target,
    tryMove(m, st) {
      if (m.kind !== 'play') return true;
      if (m.arm < 0) {
        const i = list.add({ kind: 'domino', values: [6, 6], x: 0, y: 0, angle: northSouth ? Math.PI / 2 : 0 }, { role: 'laid' });
        DIRS.forEach(([dx, dy], k) => {
          const alongLong = northSouth ? dx === 0 : dy === 0;
          const reach = alongLong ? H : H / 2;
          ends[k] = startEnd(dx * reach, dy * reach, dx, dy, i, !alongLong);
          chains[k].tiles.push(i);
        });
        return true;
      }
      const inner = armEnd(st.cross, m.arm);
      const outer = lo(m.tile) === inner ? hi(m.tile) : lo(m.tile);
      const p = extendChain(ends[m.arm] as ChainEnd, inner, outer, list.tiles, rules[m.arm], rng);
      if (!p) return false;
      const i = list.add(p.tile, { role: 'laid' });
      ends[m.arm] = endAfter(p, i);
      chains[m.arm].tiles.push(i);
      return true;
    },
  });
  const position = writePosition(pt, s);
  if (o.openHands) layOpenHands(handFaces(position.hands, rng), 4, list, rng);
  return {
    family: 'cross',
    set: 'double-6',
    tiles: list.tiles,
    roles: list.roles,
    game: 'sevastopol',
    seats: 4,
    position,
    chains,
    extentMm: { minX: 0, maxX: 0, minY: 0, maxY: 0 },
  };
}
