/**
 * The game as an event log: rounds, corrections of rounds, placement scores and the finish are
 * appended; undo moves the newest event onto the redo stack, redo moves it back, and any new
 * event clears what could be redone. Documents are never changed in place.
 */
import { checkEvent } from './validate';
import { FORMAT, SessionError, type GameSetup, type RoundEntry, type SessionDoc, type SessionEvent } from './types';

/** A new game; the caller supplies the id and the time (the session stays pure). */
export function newSession(setup: GameSetup, id: string, now: number): SessionDoc {
  return { format: FORMAT, id, setup: cloneJson(setup), createdAt: now, events: [], redo: [] };
}

/** The document with `ev` appended (redo cleared); throws SessionError when the event does not fit the game. */
export function addEvent(doc: SessionDoc, ev: SessionEvent): SessionDoc {
  checkEvent(doc.setup, doc.events, ev, 'event');
  return { ...doc, events: [...doc.events, cloneJson(ev)], redo: [] };
}

export const canUndo = (doc: SessionDoc): boolean => doc.events.length > 0;
export const canRedo = (doc: SessionDoc): boolean => doc.redo.length > 0;

/** Takes back the newest event (unchanged document when there is none). */
export function undo(doc: SessionDoc): SessionDoc {
  if (doc.events.length === 0) return doc;
  const last = doc.events[doc.events.length - 1];
  return { ...doc, events: doc.events.slice(0, -1), redo: [...doc.redo, last] };
}

/** Puts back the event most recently taken back (unchanged document when there is none). */
export function redo(doc: SessionDoc): SessionDoc {
  if (doc.redo.length === 0) return doc;
  const ev = doc.redo[doc.redo.length - 1];
  return { ...doc, events: [...doc.events, ev], redo: doc.redo.slice(0, -1) };
}

export function addRound(doc: SessionDoc, entry: RoundEntry, id: string, at: number): SessionDoc {
  return addEvent(doc, { type: 'round', id, at, entry });
}

/** A correction of a past round: the scoreboard shows the new entry and keeps the old ones as history. */
export function editRound(doc: SessionDoc, roundId: string, entry: RoundEntry, id: string, at: number, reason?: string): SessionDoc {
  const ev: SessionEvent = { type: 'round-edit', id, at, roundId, entry };
  if (reason !== undefined) ev.reason = reason;
  return addEvent(doc, ev);
}

export function finishGame(doc: SessionDoc, id: string, at: number): SessionDoc {
  return addEvent(doc, { type: 'finish', id, at });
}

export const isFinished = (doc: SessionDoc): boolean => doc.events.some((e) => e.type === 'finish');

/** A deep copy of plain JSON data (documents hold nothing else). */
export function cloneJson<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = cloneJson(x);
    return out as T;
  }
  return v;
}

export { SessionError };
