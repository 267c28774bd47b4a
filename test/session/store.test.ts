/**
 * The IndexedDB store: what is saved is there after the page is reloaded (the database closed and
 * opened again), the archive lists newest first, and a browser that refuses storage gives a clear error.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { addEvent, finishGame, newSession, openPipsStore, StoreError, typedRound, type PipsStore } from '../../src/session';
import { ok, setup, withRounds } from './helpers';

const S = setup('domino', ['Eva', 'Jan']);
let n = 0;
const fresh = () => `pips-test-${++n}`;
const opened: PipsStore[] = [];
const open = async (name: string) => {
  const s = await openPipsStore(name);
  opened.push(s);
  return s;
};
afterEach(() => opened.splice(0).forEach((s) => s.close()));

describe('the store', () => {
  it('keeps the game in progress, the last setup and preferences across a reload', async () => {
    const name = fresh();
    const first = await open(name);
    expect(await first.loadCurrent()).toBeNull();
    expect(await first.loadLastSetup()).toBeNull();
    const doc = withRounds(S, [{ P0: 12 }, { P1: 7 }]);
    await first.saveCurrent(doc);
    await first.saveLastSetup(S);
    await first.setPref('table.corrections', [{ type: 'remove', tile: 3 }]);
    await first.setPref('language', 'cs');
    first.close();

    const again = await open(name);
    expect(await again.loadCurrent()).toEqual(doc);
    expect(await again.loadLastSetup()).toEqual(S);
    expect(await again.getPref('table.corrections')).toEqual([{ type: 'remove', tile: 3 }]);
    expect(await again.getPref<string>('language')).toBe('cs');
    expect(await again.getPref('nothing')).toBeUndefined();
    await again.deletePref('language');
    expect(await again.getPref('language')).toBeUndefined();
    await again.clearCurrent();
    expect(await again.loadCurrent()).toBeNull();
  });

  it('the archive: newest first, by id, and archiving the game in progress frees the table', async () => {
    const name = fresh();
    const store = await open(name);
    const older = finishGame(withRounds(S, [{ P0: 100 }], 'older'), 'f1', 1_000);
    const newer = finishGame(withRounds(S, [{ P1: 100 }], 'newer'), 'f2', 2_000);
    const current = addEvent(newSession(S, 'current', 3_000), { type: 'round', id: 'r', at: 3_001, entry: ok(typedRound(S, { P0: 1 })) });
    await store.saveCurrent(current);
    await store.archive(newer);
    await store.archive(older);
    expect(await store.loadCurrent()).toEqual(current);
    await store.archive(current);
    expect(await store.loadCurrent()).toBeNull();
    store.close();

    const again = await open(name);
    const list = await again.listArchive();
    expect(list.map((a) => a.id)).toEqual(['current', 'newer', 'older']);
    expect(list[1]).toMatchObject({ archivedAt: 2_000, doc: newer });
    expect(await again.getArchived('older')).toEqual(older);
    expect(await again.getArchived('missing')).toBeNull();
    await again.deleteArchived('older');
    expect((await again.listArchive()).map((a) => a.id)).toEqual(['current', 'newer']);
  });

  it('a browser that refuses storage (private mode) gives a StoreError the app can show', async () => {
    const g = globalThis as { indexedDB?: unknown };
    const real = g.indexedDB;
    try {
      g.indexedDB = {
        open() {
          throw new Error('The operation is insecure.');
        },
      };
      await expect(openPipsStore(fresh())).rejects.toMatchObject({ name: 'StoreError', code: 'STORE_UNAVAILABLE', message: expect.stringMatching(/does not let Pips save games.*insecure/) });
      g.indexedDB = undefined;
      await expect(openPipsStore(fresh())).rejects.toBeInstanceOf(StoreError);
    } finally {
      g.indexedDB = real;
    }
  });

  it('a failing call after opening is a StoreError too', async () => {
    const store = await open(fresh());
    store.close();
    await expect(store.loadCurrent()).rejects.toMatchObject({ code: 'STORE_FAILED', message: expect.stringMatching(/could not load the game in progress/) });
  });
});
