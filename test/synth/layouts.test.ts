/**
 * Layouts, 200 seeds per family: the referee accepts every position (legal moves and round
 * result), no two tiles overlap beyond the designed contact, no tile of a set lies twice, every
 * laid tile is the position's tile, the extent frames the layout, and the same seed gives the
 * same layout.
 */
import { describe, expect, it } from 'vitest';
import { referee } from '../../src/rules/referee';
import { createRng } from '../../src/rules/random';
import { findOverlaps, generateLayout, layoutExtent, type LayoutResult } from '../../src/synth/layouts';
import { tileKey } from '../../src/synth/layouts/tile-specs';
import { SCENE_FAMILIES } from '../../src/synth/types';
import { layoutOf, SEEDS } from './layout-checks';

function question(l: LayoutResult, ask: string): Record<string, unknown> {
  return { game: l.game, set: l.game === 'triomino' ? 'triomino' : l.set, seats: l.seats, ruleset: l.ruleset ?? 'default', position: l.position, ask };
}

/** The tiles the position lays out, in the order of `chains` (a chain's hub first), as sorted keys. */
function positionLaidKeys(l: LayoutResult): string[] {
  const p = l.position as Record<string, unknown>;
  const d = (s: string): string => `d${s.split('|').map(Number).sort((a, b) => a - b).join('-')}`;
  if (p.line) return (p.line as string[]).map(d);
  if (p.cross) {
    const c = p.cross as { arms: Record<string, string[]> };
    return ['d6-6', ...Object.values(c.arms).flat().map(d)];
  }
  if (p.trains) return Object.values(p.trains as Record<string, { cars: string[] }>).flatMap((t) => t.cars.map(d));
  return (p.board as { v: number[] }[]).map((b) => `t${[...b.v].sort((x, y) => x - y).join('-')}`);
}

describe('layouts: positions the referee accepts', () => {
  for (const family of SCENE_FAMILIES.filter((f) => f !== 'hand'))
    it(`${family}: legal-moves and round-result answer for every seed`, () => {
      for (const seed of SEEDS) {
        const l = layoutOf(family, seed);
        expect(l.game, `${family} ${seed}`).toBeTruthy();
        expect(() => referee(question(l, 'legal-moves')), `${family} seed ${seed}`).not.toThrow();
        expect(() => referee(question(l, 'round-result')), `${family} seed ${seed}`).not.toThrow();
      }
    });

  for (const family of SCENE_FAMILIES.filter((f) => f !== 'hand'))
    it(`${family}: the laid tiles are exactly the position's layout`, () => {
      for (const seed of SEEDS) {
        const l = layoutOf(family, seed);
        const laid = l.tiles.filter((_, i) => l.roles[i].role === 'laid').map(tileKey).sort();
        expect(laid, `${family} seed ${seed}`).toEqual(positionLaidKeys(l).sort());
      }
    });

  it('open hands on the table are the position\'s hands', () => {
    for (const seed of SEEDS) {
      const l = layoutOf('triomino', seed);
      const hands = l.position?.hands as Record<string, string[]>;
      l.tiles.forEach((t, i) => {
        const r = l.roles[i];
        if (r.role === 'hand') expect(hands[r.seat].map((x) => `t${x}`)).toContain(tileKey(t));
      });
    }
  });
});

describe('layouts: physically possible tables', () => {
  for (const family of SCENE_FAMILIES)
    it(`${family}: no overlaps, each tile once, a sane extent`, () => {
      for (const seed of SEEDS) {
        const l = layoutOf(family, seed);
        const where = `${family} seed ${seed}`;
        expect(findOverlaps(l.tiles), where).toEqual([]);
        const keys = l.tiles.map(tileKey);
        expect(new Set(keys).size, where).toBe(keys.length);
        expect(l.roles.length, where).toBe(l.tiles.length);
        const e = layoutExtent(l.tiles);
        expect(e, where).toEqual(l.extentMm);
        expect(Math.abs(e.minX + e.maxX) + Math.abs(e.minY + e.maxY), where).toBeLessThan(1e-6); // centred on (0, 0)
        expect(Math.max(e.maxX - e.minX, e.maxY - e.minY), where).toBeLessThan(2000);
        expect(Math.min(e.maxX - e.minX, e.maxY - e.minY), where).toBeGreaterThan(40);
      }
    });

  it('tile counts are typical: 5-20 loose in a hand, 10-35 laid in a line or trains', () => {
    const laid = (l: LayoutResult) => l.roles.filter((r) => r.role === 'laid').length;
    for (const seed of SEEDS) {
      expect(layoutOf('hand', seed).tiles.length).toBeGreaterThanOrEqual(5);
      expect(layoutOf('hand', seed).tiles.length).toBeLessThanOrEqual(20);
      expect(laid(layoutOf('line', seed))).toBeLessThanOrEqual(35);
      expect(laid(layoutOf('trains', seed))).toBeLessThanOrEqual(35);
    }
    const mean = (f: 'line' | 'cross' | 'trains' | 'triomino') => SEEDS.reduce((n, s) => n + laid(layoutOf(f, s)), 0) / SEEDS.length;
    for (const f of ['line', 'cross', 'trains', 'triomino'] as const) expect(mean(f), f).toBeGreaterThan(12);
  });

  it('mixed tables carry both kinds of tile sometimes', () => {
    const both = SEEDS.filter((s) => new Set(layoutOf('mixed', s).tiles.map((t) => t.kind)).size === 2);
    expect(both.length).toBeGreaterThan(40);
  });

  it('the same seed gives the same layout; another seed another', () => {
    for (const family of SCENE_FAMILIES) {
      const a = JSON.stringify(generateLayout(family, createRng(42)));
      expect(JSON.stringify(generateLayout(family, createRng(42)))).toBe(a);
      expect(JSON.stringify(generateLayout(family, createRng(43)))).not.toBe(a);
    }
  });
});
