/**
 * The game in progress for React: the session document (src/session, an event log), kept in
 * IndexedDB after every change so a reload or a closed tab loses nothing. Ids and times are made
 * here, at the edge; the session functions themselves are pure.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  addEvent,
  newSession,
  redo as redoDoc,
  scoreboard,
  undo as undoDoc,
  openPipsStore,
  type GameSetup,
  type PipsStore,
  type Scoreboard,
  type SessionDoc,
  type SessionEvent,
} from '../../session';

/** An event as a screen describes it; the hook stamps it with an id and a time. */
export type NewEvent = SessionEvent extends infer E ? (E extends SessionEvent ? Omit<E, 'id' | 'at'> : never) : never;

export interface SessionApi {
  loaded: boolean;
  error: string | null;
  doc: SessionDoc | null;
  board: Scoreboard | null;
  lastSetup: GameSetup | null;
  store: PipsStore | null;
  start(setup: GameSetup): Promise<void>;
  dispatch(event: NewEvent): Promise<string>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Finishes the game: it goes to the archive and the table is free for a new one. */
  finish(): Promise<void>;
  /** Replaces the game in progress (import); the old one goes to the archive first. */
  replace(doc: SessionDoc): Promise<void>;
}

export const makeId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${performance.now().toString(36)}`;

export function useSession(storeName = 'pips'): SessionApi {
  const [store, setStore] = useState<PipsStore | null>(null);
  const [doc, setDoc] = useState<SessionDoc | null>(null);
  const [lastSetup, setLastSetup] = useState<GameSetup | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const docRef = useRef<SessionDoc | null>(null);

  useEffect(() => {
    let alive = true;
    openPipsStore(storeName)
      .then(async (s) => {
        const [current, setup] = await Promise.all([s.loadCurrent(), s.loadLastSetup()]);
        if (!alive) return;
        setStore(s);
        docRef.current = current ?? null;
        setDoc(current ?? null);
        setLastSetup(setup ?? null);
      })
      .catch((e: unknown) => alive && setError((e as Error).message))
      .finally(() => alive && setLoaded(true));
    return () => {
      alive = false;
    };
  }, [storeName]);

  const commit = useCallback(
    async (next: SessionDoc | null) => {
      docRef.current = next;
      setDoc(next);
      try {
        if (store) await (next ? store.saveCurrent(next) : store.clearCurrent());
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [store],
  );

  const start = useCallback(
    async (setup: GameSetup) => {
      if (docRef.current && store) await store.archive(docRef.current);
      await commit(newSession(setup, makeId(), Date.now()));
      setLastSetup(setup);
      await store?.saveLastSetup(setup);
    },
    [commit, store],
  );

  const dispatch = useCallback(
    async (event: NewEvent) => {
      const current = docRef.current;
      if (!current) throw new Error('no game in progress');
      const id = makeId();
      await commit(addEvent(current, { ...event, id, at: Date.now() } as SessionEvent));
      return id;
    },
    [commit],
  );

  const undo = useCallback(async () => {
    if (docRef.current) await commit(undoDoc(docRef.current));
  }, [commit]);
  const redo = useCallback(async () => {
    if (docRef.current) await commit(redoDoc(docRef.current));
  }, [commit]);

  const finish = useCallback(async () => {
    const current = docRef.current;
    if (!current) return;
    const done = addEvent(current, { type: 'finish', id: makeId(), at: Date.now() });
    await store?.archive(done);
    await commit(null);
  }, [commit, store]);

  const replace = useCallback(
    async (next: SessionDoc) => {
      if (docRef.current && store) await store.archive(docRef.current);
      await commit(next);
    },
    [commit, store],
  );

  const board = useMemo(() => (doc ? scoreboard(doc) : null), [doc]);
  return { loaded, error, doc, board, lastSetup, store, start, dispatch, undo, redo, finish, replace };
}
