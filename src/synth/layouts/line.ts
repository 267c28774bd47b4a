/**
 * The `line` family: a legal line of a two-ended game (domino §1, čtyřky §4, ekspresowe §2)
 * reached by random legal play, laid as players lay it. The lead lies at the middle, lengthwise
 * left to right (a double crosswise); the left end grows toward -x and the right end toward +x,
 * each turning 90° at the edge of a box the size of the table's free space and snaking back
 * (the right end toward one side, the left end toward the other, like an S).
 */
import type { LineMove, LineState } from '../../rules/games/line-game';
import type { Rng } from '../../rules/random';
import { far, hi, lo, near } from '../../rules/tiles';
import { DOMINO_HALF_MM, type PlacedTile } from '../types';
import type { Extent } from './geometry';
import { boxAround, endAfter, extendChain, grownBox, startEnd, type ChainEnd, type ChainRules } from './chain';
import { handFaces, layOpenHands } from './open-hands';
import { playOut, tableOf, writePosition } from './play';
import { TileList, type LayoutResult } from './result';
import { between, DOMINO_SETS, pick, type DominoSetName } from './tile-specs';

const H = DOMINO_HALF_MM;

export interface LineOptions {
  set?: DominoSetName;
  /** Tiles in the line (play may end sooner: the round ends, or nothing fits). */
  tileCount?: number;
  /** Lay the remaining hands open along the table edges. */
  openHands?: boolean;
}

interface Choice {
  game: 'domino' | 'ctyrky' | 'ekspresowe';
  set: DominoSetName;
  seats: number;
  ruleset: string;
}

function chooseGame(rng: Rng, o: LineOptions, target: number): Choice {
  const game = o.set && o.set !== 'double-6' ? 'domino' : pick(rng, ['domino', 'ctyrky', 'ekspresowe'] as const, [3, 1, 1]);
  if (game === 'domino') {
    const set = o.set ?? pick(rng, DOMINO_SETS);
    // 2 seats hold 14 tiles: a longer line needs 4 seats or drawing (preset "draw").
    const seats = target > 12 ? 4 : pick(rng, [2, 4]);
    return { game, set, seats, ruleset: rng.next() < 0.3 ? 'draw' : 'default' };
  }
  if (game === 'ctyrky') return { game, set: 'double-6', seats: pick(rng, [2, 3]), ruleset: 'draw' };
  return { game, set: 'double-6', seats: target > 12 ? 4 : pick(rng, [2, 3, 4]), ruleset: 'default' };
}

/** The table's free space: sized so that `target` tiles snake a few times at most. */
function lineBox(rng: Rng, target: number): Extent {
  // Each tile takes about 48 x 72 mm of the box once the line snakes (legs 72 mm apart).
  const area = Math.max(target, 8) * 2 * H * 3 * H * (0.8 + 0.9 * rng.next());
  const aspect = 1.3 + 1.2 * rng.next();
  const hx = Math.max(3 * H, Math.sqrt(area * aspect) / 2);
  const hy = Math.max(2 * H, hx / aspect);
  return boxAround(0, 0, hx, hy);
}

/** Rules for one end: turn toward `side` (+1: +y) at the box edge, then snake back. */
function endRules(rng: Rng, box: Extent, side: number): ChainRules {
  return {
    box,
    hardBox: grownBox(box, 4 * H),
    driftX: 0,
    driftY: side,
    riser: () => 1 + rng.int(2),
    besideShare: 0.25,
    clearance: 8,
  };
}

/** The lead at the origin: lengthwise left to right, a double crosswise. */
function leadTile(a: number, b: number): PlacedTile {
  const angle = a === b ? Math.PI / 2 : 0;
  return { kind: 'domino', values: [a, b], x: 0, y: 0, angle };
}

export function lineLayout(rng: Rng, o: LineOptions = {}): LayoutResult {
  const target = o.tileCount ?? between(rng, 10, 35);
  const choice = chooseGame(rng, o, target);
  const pt = tableOf(choice.game, choice.set, choice.seats, choice.ruleset);
  const list = new TileList();
  const order: number[] = []; // tile indices left to right
  const side = rng.int(2) ? 1 : -1;
  const box = lineBox(rng, target);
  const rules = { L: endRules(rng, box, -side), R: endRules(rng, box, side) };
  const ends: { L: ChainEnd | null; R: ChainEnd | null } = { L: null, R: null };
  const s = playOut<LineState, LineMove>(pt, rng, {
    done: (st) => st.line.length >= target,
    tryMove(m, st) {
      if (m.kind !== 'play') return true;
      if (st.line.length === 0) {
        const t = leadTile(lo(m.tile), hi(m.tile));
        const i = list.add(t, { role: 'laid' });
        order.push(i);
        const w = t.values[0] === t.values[1] ? H / 2 : H;
        ends.L = startEnd(-w, 0, -1, 0, i, w < H);
        ends.R = startEnd(w, 0, 1, 0, i, w < H);
        return true;
      }
      const side = m.end === 'L' ? 'L' : 'R';
      const inner = side === 'L' ? near(st.line[0]) : far(st.line[st.line.length - 1]);
      const outer = lo(m.tile) === inner ? hi(m.tile) : lo(m.tile);
      const p = extendChain(ends[side] as ChainEnd, inner, outer, list.tiles, rules[side], rng);
      if (!p) return false;
      const i = list.add(p.tile, { role: 'laid' });
      ends[side] = endAfter(p, i);
      if (side === 'L') order.unshift(i);
      else order.push(i);
      return true;
    },
  });
  const position = writePosition(pt, s);
  if (o.openHands) layOpenHands(handFaces(position.hands, rng), choice.seats, list, rng);
  return {
    family: 'line',
    set: choice.set,
    tiles: list.tiles,
    roles: list.roles,
    game: choice.game,
    seats: choice.seats,
    ruleset: choice.ruleset === 'default' ? undefined : choice.ruleset,
    position,
    chains: [{ name: 'line', tiles: order }],
    extentMm: { minX: 0, maxX: 0, minY: 0, maxY: 0 }, // set by generateLayout once centred
  };
}
