/**
 * The record a table keeps: rounds, totals, the target and the winner by the referee's
 * game-result, edits with history, placement scores, undo and redo.
 */
import { describe, expect, it } from 'vitest';
import {
  addEvent,
  editRound,
  finishGame,
  newSession,
  redo,
  scoreboard,
  scoreMove,
  SessionError,
  typedRound,
  undo,
  type MoveScore,
  type Refusal,
} from '../../src/session';
import { ok, setup, stamp, withRounds } from './helpers';

const moved = (r: MoveScore | Refusal): MoveScore => {
  if ('error' in r) expect.fail(`${r.error.code}: ${r.error.message}`);
  return r;
};

describe('totals, target and winner', () => {
  it('a two-player game to 100: running totals, and the first past the target wins', () => {
    const s = setup('domino', ['Eva', 'Jan']);
    const doc = withRounds(s, [{ P0: 60 }, { P1: 30 }, { P0: 45 }]);
    const b = scoreboard(doc);
    expect(b.sides).toEqual(['P0', 'P1']);
    expect(b.rounds.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(b.rounds.map((r) => r.running)).toEqual([{ P0: 60, P1: 0 }, { P0: 60, P1: 30 }, { P0: 105, P1: 30 }]);
    expect(b).toMatchObject({ totals: { P0: 105, P1: 30 }, target: 100, lowestWins: false, over: true, winner: 'P0' });
    expect(scoreboard(withRounds(s, [{ P0: 60 }, { P1: 30 }]))).toMatchObject({ over: false, winner: null, leaders: ['P0'] });
  });

  it('team games total by team, A and B', () => {
    const s = setup('domino', ['Eva', 'Jan', 'Ola', 'Petr']);
    const b = scoreboard(withRounds(s, [{ A: 40 }, { B: 25 }, { A: 30 }]));
    expect(b.sides).toEqual(['A', 'B']);
    expect(b.totals).toEqual({ A: 70, B: 25 });
    expect(b.over).toBe(false);
  });

  it('a target of the setup’s own (override) counts', () => {
    const s = setup('vlaky', ['A', 'B'], { overrides: { target: 50 } });
    expect(scoreboard(withRounds(s, [{ P1: 51 }]))).toMatchObject({ target: 50, over: true, winner: 'P1' });
    expect(scoreboard(withRounds(setup('vlaky', ['A', 'B']), [{ P1: 51 }]))).toMatchObject({ target: 200, over: false });
  });

  it('both past the target with equal scores: nobody has won yet, another round decides', () => {
    const s = setup('domino', ['Eva', 'Jan']);
    const level = withRounds(s, [{ P0: 90, P1: 90 }, { P0: 10, P1: 10 }]);
    expect(scoreboard(level)).toMatchObject({ over: false, winner: null, tied: ['P0', 'P1'] });
    const decided = addEvent(level, { type: 'round', ...stamp(), entry: ok(typedRound(s, { P1: 5 })) });
    expect(scoreboard(decided)).toMatchObject({ over: true, winner: 'P1', tied: [] });
  });

  it('magnetic: the lowest total after the set number of rounds wins', () => {
    const s = setup('magnetic', ['A', 'B', 'C'], { overrides: { rounds: 3 } });
    const two = withRounds(s, [{ P0: 0, P1: 15, P2: 4 }, { P0: 9, P1: 0, P2: 3 }]);
    expect(scoreboard(two)).toMatchObject({ lowestWins: true, target: 3, roundsInGame: 3, over: false, winner: null, leaders: ['P2'] });
    const three = withRounds(s, [{ P0: 0, P1: 15, P2: 4 }, { P0: 9, P1: 0, P2: 3 }, { P0: 0, P1: 2, P2: 6 }]);
    expect(scoreboard(three)).toMatchObject({ totals: { P0: 9, P1: 17, P2: 13 }, over: true, winner: 'P0' });
  });

  it('magnetic: equal lowest totals at the end share the game', () => {
    const s = setup('magnetic', ['A', 'B'], { overrides: { rounds: 1 } });
    expect(scoreboard(withRounds(s, [{ P0: 5, P1: 5 }]))).toMatchObject({ over: true, winner: null, tied: ['P0', 'P1'] });
  });

  it('matador single-round: the round’s winner wins the game', () => {
    const s = setup('matador', ['A', 'B'], { preset: 'single-round' });
    expect(scoreboard(withRounds(s, [{ P1: 12 }]))).toMatchObject({ over: true, winner: 'P1', target: null });
  });

  it('sevastopol and solo have no game end of their own: over when finished, won by the single leader', () => {
    const s = setup('sevastopol', ['A', 'B', 'C', 'D']);
    const doc = withRounds(s, [{ P1: 3, P0: 1 }, { P1: 3, P2: 1 }]);
    expect(scoreboard(doc)).toMatchObject({ over: false, winner: null, totals: { P0: 1, P1: 6, P2: 1, P3: 0 } });
    expect(scoreboard(finishGame(doc, 'f', 2e12))).toMatchObject({ over: true, winner: 'P1', finished: true });
  });
});

describe('placement scores', () => {
  it('ctyrky: sticks per placement; 20 sticks win at once, mid-round', () => {
    const s = setup('ctyrky', ['A', 'B']);
    // The lead 2-2 alone on the table: S = 4, one stick (rules.md §4).
    const lead = moved(scoreMove(s, { line: [], hands: { P0: ['2-2', '3-4'], P1: ['0-1', '1-3'] } }, { tile: '2-2', end: null }, 'm1', 1));
    expect(lead.event).toMatchObject({ type: 'move-score', side: 'P0', points: 1, breakdown: [{ item: 'sticks', points: 1, sum: 4 }] });
    // 2-6 on the right of 2|2: S = 2 + 6 = 8, two sticks.
    const second = moved(scoreMove(s, { line: ['2|2'], hands: { P0: ['3-4'], P1: ['2-6', '1-3'] }, to_move: 'P1' }, { tile: '2-6', end: 'R' }, 'm2', 2));
    expect(second.event).toMatchObject({ side: 'P1', points: 2 });
    let doc = addEvent(addEvent(newSession(s, 'g', 0), lead.event), second.event);
    expect(scoreboard(doc)).toMatchObject({ totals: { P0: 1, P1: 2 }, pending: { P0: 1, P1: 2 }, over: false, target: 20 });
    doc = addEvent(doc, { type: 'move-score', ...stamp(), side: 'P1', points: 18, breakdown: [] });
    expect(scoreboard(doc)).toMatchObject({ totals: { P1: 20 }, over: true, winner: 'P1' });
  });

  it('triomino: the opening, a bridge and a hexagon with their breakdown; a draw costs 5', () => {
    const s = setup('triomino', ['A', 'B']);
    const open = moved(scoreMove(s, { board: [], hands: { P0: ['4-4-4', '0-1-2'], P1: ['1-2-3'] }, stock: 53 }, { cell: [0, 0], v: [4, 4, 4] }, 'm1', 1));
    expect(open.event).toMatchObject({ side: 'P0', points: 22, breakdown: [{ item: 'tile', points: 12 }, { item: 'opening', points: 10 }] });
    const c = (x: number, y: number, v: number[]) => ({ cell: [x, y], v });
    const bridgeBoard = [c(-3, -1, [4, 1, 3]), c(-3, 0, [3, 1, 2]), c(-2, -1, [4, 4, 1]), c(-2, 0, [1, 2, 2]), c(-1, -1, [4, 0, 1]), c(0, -1, [4, 5, 0]), c(1, -1, [5, 0, 0]), c(1, 0, [0, 0, 1])];
    const bridge = moved(scoreMove(s, { board: bridgeBoard, hands: { P0: ['0-1-2'], P1: 4 }, stock: 30, to_move: 'P0' }, { cell: [0, 0], v: [0, 1, 2] }, 'm2', 2));
    expect(bridge.event).toMatchObject({ points: 43, breakdown: [{ item: 'tile', points: 3 }, { item: 'bridge', points: 40 }] });
    const hexBoard = [c(-1, -1, [0, 5, 5]), c(-1, 0, [5, 5, 5]), c(0, -1, [0, 1, 5]), c(1, -1, [1, 2, 5]), c(1, 0, [5, 2, 4])];
    const hex = moved(scoreMove(s, { board: hexBoard, hands: { P0: ['4-5-5'], P1: 4 }, stock: 30, to_move: 'P0' }, { cell: [0, 0], v: [5, 4, 5] }, 'm3', 3));
    expect(hex.event).toMatchObject({ points: 64, breakdown: [{ item: 'tile', points: 14 }, { item: 'hexagon', points: 50 }] });
    const draw = moved(scoreMove(s, { board: hexBoard, hands: { P0: ['4-5-5'], P1: 4 }, stock: 30, to_move: 'P1' }, { action: 'draw' }, 'm4', 4));
    expect(draw.event).toMatchObject({ side: 'P1', points: -5, breakdown: [{ item: 'draw', points: -5 }] });
    let doc = newSession(s, 'g', 0);
    for (const m of [open, bridge, hex, draw]) doc = addEvent(doc, m.event);
    doc = addEvent(doc, { type: 'round', ...stamp(), entry: ok(typedRound(s, { P0: 40 })) });
    const b = scoreboard(doc);
    expect(b.totals).toEqual({ P0: 22 + 43 + 64 + 40, P1: -5 });
    expect(b.rounds[0].movePoints).toEqual({ P0: 129, P1: -5 });
    expect(b.moves.map((m) => m.round)).toEqual([1, 1, 1, 1]);
  });

  it('an illegal placement is refused with the referee’s reason; games without move scores say so', () => {
    const s = setup('ctyrky', ['A', 'B']);
    const bad = scoreMove(s, { line: ['2|2'], hands: { P0: ['2-5'], P1: ['1-3'] }, to_move: 'P1' }, { tile: '1-3', end: 'R' }, 'm', 1);
    expect(bad).toMatchObject({ error: { code: 'END_MISMATCH' } });
    expect(scoreMove(setup('domino', ['A', 'B']), { line: [], hands: { P0: ['1-1'], P1: 7 } }, { tile: '1-1', end: null }, 'm', 1)).toMatchObject({
      error: { code: 'NO_MOVE_SCORE' },
    });
  });
});

describe('edits, undo and redo', () => {
  it('an edited round shows its newest version and keeps the earlier ones', () => {
    const s = setup('domino', ['Eva', 'Jan']);
    let doc = withRounds(s, [{ P0: 20 }, { P1: 10 }]);
    const first = doc.events[0].id;
    doc = editRound(doc, first, ok(typedRound(s, { P0: 25 })), 'x1', 10, 'miscounted');
    doc = editRound(doc, first, ok(typedRound(s, { P1: 5 })), 'x2', 11);
    const b = scoreboard(doc);
    expect(b.rounds[0]).toMatchObject({ n: 1, points: { P0: 0, P1: 5 }, winner: 'P1' });
    expect(b.rounds[0].history.map((e) => e.points)).toEqual([{ P0: 20, P1: 0 }, { P0: 25, P1: 0 }]);
    expect(b.totals).toEqual({ P0: 0, P1: 15 });
    expect(scoreboard(undo(doc)).rounds[0].points).toEqual({ P0: 25, P1: 0 });
  });

  it('undo takes back the newest event, redo puts it back, a new event clears redo', () => {
    const s = setup('domino', ['Eva', 'Jan']);
    const doc = withRounds(s, [{ P0: 20 }, { P1: 10 }]);
    const back = undo(doc);
    expect(scoreboard(back).totals).toEqual({ P0: 20, P1: 0 });
    expect(back.redo).toHaveLength(1);
    expect(redo(back)).toEqual(doc);
    const fresh = addEvent(back, { type: 'round', ...stamp(), entry: ok(typedRound(s, { P1: 1 })) });
    expect(fresh.redo).toEqual([]);
    expect(undo(newSession(s, 'g', 0))).toEqual(newSession(s, 'g', 0));
    expect(redo(doc)).toBe(doc);
  });

  it('the log refuses events that do not fit: unknown round, side, a finished game, an id twice', () => {
    const s = setup('domino', ['Eva', 'Jan']);
    const doc = withRounds(s, [{ P0: 20 }]);
    const entry = ok(typedRound(s, { P0: 1 }));
    const codeOf = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        return (e as SessionError).code;
      }
      return 'OK';
    };
    expect(codeOf(() => editRound(doc, 'nope', entry, 'z', 1))).toBe('UNKNOWN_ROUND');
    expect(codeOf(() => addEvent(doc, { type: 'move-score', id: 'z', at: 1, side: 'P5', points: 1, breakdown: [] }))).toBe('UNKNOWN_SIDE');
    expect(codeOf(() => addEvent(doc, { type: 'round', id: doc.events[0].id, at: 1, entry }))).toBe('DUPLICATE_ID');
    const done = finishGame(doc, 'f', 5);
    expect(codeOf(() => addEvent(done, { type: 'round', id: 'z', at: 6, entry }))).toBe('GAME_FINISHED');
    expect(codeOf(() => addEvent(undo(done), { type: 'round', id: 'z', at: 6, entry }))).toBe('OK');
  });
});
