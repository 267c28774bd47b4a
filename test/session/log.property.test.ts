/**
 * The event log under any sequence of posts, edits, placement scores, undos and redos: undo then
 * redo gives back the same document, the totals are always the newest round entries plus the
 * placement scores, and export then import changes nothing.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addEvent,
  exportGame,
  importGame,
  newSession,
  redo,
  scoreboard,
  undo,
  type RoundEntry,
  type SessionDoc,
  type SessionEvent,
} from '../../src/session';
import { setup } from './helpers';

const S = setup('triomino', ['Ada', 'Bo', 'Cy']);
const SIDES = ['P0', 'P1', 'P2'];

type Op =
  | { op: 'round'; pts: number[] }
  | { op: 'edit'; pick: number; pts: number[] }
  | { op: 'move'; side: number; pts: number }
  | { op: 'undo' }
  | { op: 'redo' };

const pts = fc.array(fc.integer({ min: -25, max: 120 }), { minLength: 3, maxLength: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('round' as const), pts }),
  fc.record({ op: fc.constant('edit' as const), pick: fc.nat(), pts }),
  fc.record({ op: fc.constant('move' as const), side: fc.integer({ min: 0, max: 2 }), pts: fc.integer({ min: -10, max: 90 }) }),
  fc.constant({ op: 'undo' as const }),
  fc.constant({ op: 'redo' as const }),
);

const entryOf = (p: number[]): RoundEntry => ({ points: { P0: p[0], P1: p[1], P2: p[2] }, winner: null, source: 'typed' });

function run(ops: Op[]): SessionDoc {
  let doc = newSession(S, 'prop', 1000);
  ops.forEach((o, i) => {
    const id = `e${i}`;
    const at = 2000 + i;
    if (o.op === 'undo') doc = undo(doc);
    else if (o.op === 'redo') doc = redo(doc);
    else if (o.op === 'round') doc = addEvent(doc, { type: 'round', id, at, entry: entryOf(o.pts) });
    else if (o.op === 'move') doc = addEvent(doc, { type: 'move-score', id, at, side: SIDES[o.side], points: o.pts, breakdown: [{ item: 'tile', points: o.pts }] });
    else {
      const rounds = doc.events.filter((e) => e.type === 'round');
      if (rounds.length > 0) doc = addEvent(doc, { type: 'round-edit', id, at, roundId: rounds[o.pick % rounds.length].id, entry: entryOf(o.pts) });
    }
  });
  return doc;
}

/** The totals recomputed the slow way: newest version of every round, plus every placement. */
function expectedTotals(events: SessionEvent[]): Record<string, number> {
  const newest = new Map<string, RoundEntry>();
  const totals: Record<string, number> = { P0: 0, P1: 0, P2: 0 };
  for (const e of events) {
    if (e.type === 'round') newest.set(e.id, e.entry);
    if (e.type === 'round-edit') newest.set(e.roundId, e.entry);
    if (e.type === 'move-score') totals[e.side] += e.points;
  }
  for (const entry of newest.values()) for (const s of SIDES) totals[s] += entry.points[s] ?? 0;
  return totals;
}

describe('the event log, for any sequence of actions', () => {
  const runs = { numRuns: 150 };

  it('undo then redo returns the same document', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 25 }), (ops) => {
        const doc = run(ops);
        if (doc.events.length === 0) return;
        expect(redo(undo(doc))).toEqual(doc);
      }),
      runs,
    );
  });

  it('scoreboard totals are the newest round entries plus the placement scores', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 25 }), (ops) => {
        const doc = run(ops);
        const b = scoreboard(doc);
        expect(b.totals).toEqual(expectedTotals(doc.events));
        expect(b.rounds).toHaveLength(doc.events.filter((e) => e.type === 'round').length);
        const last = b.rounds[b.rounds.length - 1];
        if (last) for (const s of SIDES) expect(b.totals[s]).toBe(last.running[s] + b.pending[s]);
      }),
      runs,
    );
  });

  it('undoing everything and redoing everything replays the log and its redo stack', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 20 }), (ops) => {
        const doc = run(ops);
        let d = doc;
        while (d.events.length > 0) d = undo(d);
        expect(scoreboard(d).totals).toEqual({ P0: 0, P1: 0, P2: 0 });
        while (d.redo.length > 0) d = redo(d);
        // Everything that was ever posted and not replaced: the log, then what was waiting to be redone.
        expect(d.events).toEqual([...doc.events, ...[...doc.redo].reverse()]);
      }),
      runs,
    );
  });

  it('export then import is exact, redo stack included', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 20 }), (ops) => {
        const doc = run(ops);
        expect(importGame(exportGame(doc))).toEqual(doc);
        expect(importGame(JSON.stringify(exportGame(doc)))).toEqual(doc);
      }),
      runs,
    );
  });
});
