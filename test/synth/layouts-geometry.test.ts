/**
 * Layout geometry a player would check by eye, 200 seeds per family: chains touch end to end
 * with matching halves, doubles lie crosswise, lines turn at the table edge, trains leave a hub
 * in different directions, triangular corners that meet show one number, some boards close a
 * hexagon, and a hand's tiles are apart but some nearly touch.
 */
import { describe, expect, it } from 'vitest';
import { separation } from '../../src/synth/layouts';
import { cellCorners } from '../../src/rules/layouts/board';
import { triominoCorners } from '../../src/synth/tile-geometry';
import type { SceneFamily } from '../../src/synth/types';
import { directionTo, isDouble, jointProblem, layoutOf, SEEDS } from './layout-checks';

const CHAINED: SceneFamily[] = ['line', 'cross', 'trains', 'mixed'];

describe('chains of dominoes', () => {
  for (const family of CHAINED)
    it(`${family}: every joint touches and the touching halves match`, () => {
      for (const seed of SEEDS) {
        const l = layoutOf(family, seed);
        for (const c of l.chains)
          for (let i = 1; i < c.tiles.length; i++) {
            // A private train starts next to its hub, touching it or just clear of its corner.
            const maxGap = c.looseStart && i === 1 ? 35 : 0.5;
            const problem = jointProblem(l.tiles[c.tiles[i - 1]], l.tiles[c.tiles[i]], maxGap);
            expect(problem, `${family} seed ${seed} chain ${c.name} joint ${i}`).toBeNull();
          }
      }
    });

  for (const family of CHAINED)
    it(`${family}: doubles inside a chain lie crosswise`, () => {
      let seen = 0;
      for (const seed of SEEDS) {
        const l = layoutOf(family, seed);
        for (const c of l.chains)
          c.tiles.forEach((ti, i) => {
            const t = l.tiles[ti];
            // The spinner and the hubs (index 0 of an arm or a train) lie as they were led.
            if (!isDouble(t) || (i === 0 && c.name !== 'line')) return;
            // Crosswise to the tile it was laid against: in line with at least one neighbour.
            const along = [i - 1, i + 1]
              .filter((j) => j >= 0 && j < c.tiles.length)
              .map((j) => {
                const [dx, dy] = directionTo(l.tiles[c.tiles[j]], t);
                return Math.abs(Math.cos(t.angle) * dx + Math.sin(t.angle) * dy);
              });
            if (along.length === 0) return; // a lone lead
            expect(Math.min(...along), `${family} seed ${seed} chain ${c.name} tile ${i}`).toBeLessThan(0.05);
            seen++;
          });
      }
      expect(seen).toBeGreaterThan(50);
    });

  it('lines turn 90° at the table edge (axes of consecutive non-doubles at right angles)', () => {
    let turned = 0;
    for (const seed of SEEDS) {
      const l = layoutOf('line', seed);
      const axes = l.chains[0].tiles.map((i) => l.tiles[i]).filter((t) => !isDouble(t));
      let turns = 0;
      for (let i = 1; i < axes.length; i++) {
        const c = Math.abs(Math.cos(axes[i].angle - axes[i - 1].angle));
        expect(c < 0.035 || c > 0.999, `seed ${seed}: tiles at ${c.toFixed(3)}`).toBe(true); // straight or square, never askew
        if (c < 0.035) turns++;
      }
      if (turns > 0) turned++;
    }
    expect(turned).toBeGreaterThan(60);
  });

  it('trains leave their hub in different directions', () => {
    let multi = 0;
    for (const seed of SEEDS) {
      const l = layoutOf('trains', seed);
      const byHub = new Map<number, [number, number][]>();
      for (const c of l.chains) {
        if (c.tiles.length < 2) continue;
        const dirs = byHub.get(c.tiles[0]) ?? [];
        dirs.push(directionTo(l.tiles[c.tiles[0]], l.tiles[c.tiles[1]]));
        byHub.set(c.tiles[0], dirs);
      }
      for (const dirs of byHub.values()) {
        if (dirs.length > 1) multi++;
        for (let i = 0; i < dirs.length; i++)
          for (let j = i + 1; j < dirs.length; j++) expect(dirs[i][0] * dirs[j][0] + dirs[i][1] * dirs[j][1], `seed ${seed}`).toBeLessThan(0.95);
      }
    }
    expect(multi).toBeGreaterThan(100);
  });
});

describe('triangular boards', () => {
  it('corners meeting at a lattice point lie together and show one number; some boards close a hexagon', () => {
    let hexBoards = 0;
    for (const seed of SEEDS) {
      const l = layoutOf('triomino', seed);
      const board = l.position?.board as { cell: [number, number]; v: number[] }[];
      const points = new Map<string, { at: [number, number]; value: number }[]>();
      board.forEach(({ cell }, i) => {
        const t = l.tiles[i]; // the board's tiles come first, in the position's order
        expect(l.roles[i].role).toBe('laid');
        const corners = triominoCorners(t);
        cellCorners(cell[0], cell[1]).forEach(([x, y], k) => {
          const list = points.get(`${x},${y}`) ?? [];
          list.push({ at: corners[k] as [number, number], value: t.values[k] });
          points.set(`${x},${y}`, list);
        });
      });
      let hexagon = false;
      for (const [p, list] of points) {
        for (const c of list) {
          expect(Math.hypot(c.at[0] - list[0].at[0], c.at[1] - list[0].at[1]), `seed ${seed} point ${p}`).toBeLessThan(1);
          expect(c.value, `seed ${seed} point ${p}`).toBe(list[0].value);
        }
        if (list.length === 6) hexagon = true;
      }
      if (hexagon) hexBoards++;
    }
    expect(hexBoards).toBeGreaterThan(30);
  });
});

describe('hands', () => {
  it('scattered tiles keep at least 0.5 mm apart, and some lie 0.5-3 mm from another', () => {
    let near = 0;
    for (const seed of SEEDS) {
      const { tiles } = layoutOf('hand', seed);
      for (let i = 0; i < tiles.length; i++)
        for (let j = i + 1; j < tiles.length; j++) {
          const gap = separation(tiles[i], tiles[j]);
          expect(gap, `seed ${seed}`).toBeGreaterThanOrEqual(0.49);
          if (gap <= 3) near++;
        }
    }
    expect(near).toBeGreaterThan(400);
  });
});
