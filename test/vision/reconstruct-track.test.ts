/** Following a game: a still table, the move between two stable tables, the referee's verdict, and the evaluation. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/rules/random';
import { evaluateReconstruction, setupOf } from '../../src/vision/reconstruct/evaluate';
import { misread } from '../../src/vision/reconstruct/misread';
import { findMoves, judgeMoves } from '../../src/vision/reconstruct/moves';
import { movePairs } from '../../src/vision/reconstruct/pairs';
import { truthReading } from '../../src/vision/reconstruct/truth-reading';
import { sameTable, stillReading, TableTracker, WINDOW } from '../../src/vision/track';
import type { TableReading } from '../../src/vision/types';
import { fixtureScenes, lineWithTurn } from './reconstruct-helpers';

const scenes = fixtureScenes().filter((t) => t.position && t.game);

describe('a still table', () => {
  it('is still when all frames but one agree; a hand over the table in two frames is not', () => {
    const table = lineWithTurn();
    const hand: TableReading = { ...table, tiles: table.tiles.slice(0, 2) };
    expect(stillReading([table, table, hand, table, table])).toBe(table);
    expect(stillReading([table, hand, table, hand, table])).toBeNull();
    expect(stillReading([table, table, table])).toBeNull();
  });

  it('tells a misread pip from the same table, and a tile moved by a few pixels from a moved tile', () => {
    const table = lineWithTurn();
    const bad = misread(table, 0, 1, 6, createRng(1)).reading;
    expect(sameTable(table, bad)).toBe(false);
    const jitter = { ...table, tiles: table.tiles.map((t) => ({ ...t, polygon: t.polygon.map(([x, y]) => [x + 1.5, y - 1] as [number, number]) })) };
    expect(sameTable(table, jitter)).toBe(true);
    const moved = { ...table, tiles: table.tiles.map((t, i) => (i ? t : { ...t, polygon: t.polygon.map(([x, y]) => [x + 30, y] as [number, number]) })) };
    expect(sameTable(table, moved)).toBe(false);
  });
});

describe('the move between two stable tables', () => {
  it.each(scenes.map((t) => [t.family, t.game, t] as const))('%s (%s): one move, found once, judged legal, through a hand and a misread frame', (_f, _g, truth) => {
    const pair = movePairs(truth)[0];
    const before = truthReading(pair.before);
    const after = truthReading(truth);
    const bad = misread(after, 0, 0, truth.set === 'triomino' ? 5 : 12, createRng(2)).reading;
    const hand: TableReading = { ...before, tiles: before.tiles.filter((_, i) => i % 3 !== 0) };
    const tracker = new TableTracker(setupOf(truth), pair.confirmed, { autoConfirm: true });
    const frames = [...Array(WINDOW).fill(before), hand, hand, bad, ...Array(WINDOW).fill(after)];
    const events = frames.map((f) => tracker.push(f)).filter((e) => e.kind === 'move' || e.kind === 'changed');
    expect(events).toHaveLength(1);
    const e = events[0];
    if (e.kind !== 'move') throw new Error(`expected a move, got ${JSON.stringify(e)}`);
    expect(e.moves.map((m) => m.move)).toEqual([pair.move]);
    expect(e.moves[0].verdict).toEqual({ legal: true });
    expect(e.moves[0].score).not.toBeNull();
    expect(tracker.position).toEqual(e.position);
  });

  it('reports tiles taken off the line as a change, not a move', () => {
    const truth = scenes.find((t) => t.family === 'line') as (typeof scenes)[number];
    const pair = movePairs(truth)[0];
    const tracker = new TableTracker(setupOf(truth), truth.position as never);
    const events = Array(WINDOW)
      .fill(truthReading({ ...pair.before, tiles: pair.before.tiles.slice(3) }))
      .map((f) => tracker.push(f));
    expect(events[WINDOW - 1].kind).toBe('changed');
  });
});

describe('evaluateReconstruction on the fixtures', () => {
  it('recovers every position in view, flags every illegal joint, finds every move', () => {
    const { families } = evaluateReconstruction(scenes.map((truth) => ({ truth })), { seed: 3 });
    for (const r of Object.values(families)) {
      expect(r.pairs).toBeGreaterThan(0);
      expect(r.exactInView).toBe(r.inView);
      expect(r.flaggedJoints).toBe(r.illegalJoints);
      expect(r.movesRight).toBe(r.pairs);
      expect(r.trackedRight).toBe(r.pairs);
    }
    expect(Object.keys(families).sort()).toEqual(['cross', 'line', 'mixed', 'trains', 'triomino']);
  });
});

describe('a table first seen with several tiles down', () => {
  it('offers every tile as the lead, and the referee picks the one that may lead (rules.md §1: the highest double)', () => {
    const found = findMoves({}, { line: ['3|2', '2|6', '6|6'] }, 'domino');
    expect(found.moves[0]).toEqual({ tile: '2-3', end: null });
    const q = { game: 'domino', ruleset: 'default', set: 'double-6', seats: 4, teams: [['P0', 'P2'], ['P1', 'P3']] };
    const position = { hands: { P0: ['6-6', '0-1'], P1: 7, P2: 7, P3: 7 }, to_move: 'P0' };
    const legal = [found.moves, ...(found.alternatives ?? [])].filter((ms) => judgeMoves(q, position, ms).judged.every((j) => j.verdict.legal === true));
    expect(legal).toEqual([
      [
        { tile: '6-6', end: null },
        { tile: '2-6', end: 'L' },
        { tile: '2-3', end: 'L' },
      ],
    ]);
  });
});
