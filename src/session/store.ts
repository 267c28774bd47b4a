/**
 * The one place Pips keeps data in the browser (IndexedDB, through idb): the game in progress,
 * the archive of finished games, the last setup, and a small key-value of preferences (the app's
 * table corrections and settings). Everything here survives a reload. A browser that refuses
 * storage (private mode) gives a StoreError whose message the app can show as it is.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { CodedError } from '../rules/errors';
import type { GameSetup, SessionDoc } from './types';

export interface ArchivedGame {
  id: string;
  /** When the game went to the archive: its finish time, else the time it was archived. */
  archivedAt: number;
  doc: SessionDoc;
}

interface PipsSchema extends DBSchema {
  current: { key: string; value: SessionDoc };
  archive: { key: string; value: ArchivedGame; indexes: { archivedAt: number } };
  kv: { key: string; value: unknown };
}

export interface PipsStore {
  loadCurrent(): Promise<SessionDoc | null>;
  saveCurrent(doc: SessionDoc): Promise<void>;
  clearCurrent(): Promise<void>;
  /** Keeps the game in the archive; if it is the game in progress, the table is freed. */
  archive(doc: SessionDoc): Promise<void>;
  /** The archive, newest first. */
  listArchive(): Promise<ArchivedGame[]>;
  getArchived(id: string): Promise<SessionDoc | null>;
  deleteArchived(id: string): Promise<void>;
  loadLastSetup(): Promise<GameSetup | null>;
  saveLastSetup(setup: GameSetup): Promise<void>;
  getPref<T = unknown>(key: string): Promise<T | undefined>;
  setPref(key: string, value: unknown): Promise<void>;
  deletePref(key: string): Promise<void>;
  close(): void;
}

export type StoreErrorCode = 'STORE_UNAVAILABLE' | 'STORE_FAILED';

export class StoreError extends CodedError<StoreErrorCode> {
  constructor(code: StoreErrorCode, message: string) {
    super(code, message, 'StoreError');
  }
}

const VERSION = 1;
const CURRENT = 'current';
const LAST_SETUP = 'last-setup';
const PREF = 'pref:';

const UNAVAILABLE =
  'This browser does not let Pips save games (private browsing, or storage turned off). You can play, but the score will be lost when the page is closed.';

/** Opens (and on first use creates) the store; rejects with StoreError when the browser refuses. */
export async function openPipsStore(name = 'pips'): Promise<PipsStore> {
  if (typeof indexedDB === 'undefined' || indexedDB === null) throw new StoreError('STORE_UNAVAILABLE', UNAVAILABLE);
  let db: IDBPDatabase<PipsSchema>;
  try {
    db = await openDB<PipsSchema>(name, VERSION, {
      upgrade(d) {
        d.createObjectStore('current');
        d.createObjectStore('archive', { keyPath: 'id' }).createIndex('archivedAt', 'archivedAt');
        d.createObjectStore('kv');
      },
      // Another tab wants a newer version: let it, this one reopens on reload.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
      },
    });
  } catch (e) {
    throw new StoreError('STORE_UNAVAILABLE', `${UNAVAILABLE} (${(e as Error)?.message ?? String(e)})`);
  }
  return wrap(db);
}

/** Runs a storage call, turning a browser failure (quota, closed database) into a StoreError. */
async function guard<T>(what: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw new StoreError('STORE_FAILED', `Pips could not ${what}: ${(e as Error)?.message ?? String(e)}`);
  }
}

function wrap(db: IDBPDatabase<PipsSchema>): PipsStore {
  const finishedAt = (doc: SessionDoc): number | undefined => doc.events.find((e) => e.type === 'finish')?.at;
  return {
    loadCurrent: () => guard('load the game in progress', async () => (await db.get('current', CURRENT)) ?? null),
    saveCurrent: (doc) => guard('save the game', async () => void (await db.put('current', doc, CURRENT))),
    clearCurrent: () => guard('clear the game in progress', () => db.delete('current', CURRENT)),
    archive: (doc) =>
      guard('archive the game', async () => {
        const tx = db.transaction(['archive', 'current'], 'readwrite');
        await tx.objectStore('archive').put({ id: doc.id, archivedAt: finishedAt(doc) ?? Date.now(), doc });
        const current = await tx.objectStore('current').get(CURRENT);
        if (current?.id === doc.id) await tx.objectStore('current').delete(CURRENT);
        await tx.done;
      }),
    listArchive: () =>
      guard('read the archive', async () => {
        const all = await db.getAllFromIndex('archive', 'archivedAt');
        return all.reverse();
      }),
    getArchived: (id) => guard('read the archive', async () => (await db.get('archive', id))?.doc ?? null),
    deleteArchived: (id) => guard('delete the archived game', () => db.delete('archive', id)),
    loadLastSetup: () => guard('read the last setup', async () => ((await db.get('kv', LAST_SETUP)) as GameSetup | undefined) ?? null),
    saveLastSetup: (setup) => guard('remember the setup', async () => void (await db.put('kv', setup, LAST_SETUP))),
    getPref: <T>(key: string) => guard('read a preference', async () => (await db.get('kv', PREF + key)) as T | undefined),
    setPref: (key, value) => guard('save a preference', async () => void (await db.put('kv', value, PREF + key))),
    deletePref: (key) => guard('delete a preference', () => db.delete('kv', PREF + key)),
    close: () => db.close(),
  };
}
