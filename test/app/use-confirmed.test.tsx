// @vitest-environment jsdom
/**
 * The confirmed table kept with the game (use-confirmed.ts): the stored table arrives a moment after
 * the screen opens. A tile laid in that moment must stay on the table (it once vanished when the
 * stored empty table arrived: the CI's flaky "can 8|4 follow 8|8?"), and a stored table that arrives
 * after the game changed belongs to the other game.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionApi } from '../../src/app/hooks/use-session';
import { useConfirmed } from '../../src/app/table/use-confirmed';
import type { JsonObject } from '../../src/session';

afterEach(cleanup);

/** A store whose reads wait until the test answers them, and which keeps what is written. */
function slowStore() {
  const pending = new Map<string, (v: unknown) => void>();
  const written = new Map<string, unknown>();
  const store = {
    getPref: (key: string) => new Promise((resolve) => pending.set(key, resolve)),
    setPref: async (key: string, value: unknown) => void written.set(key, value),
  };
  const answer = async (key: string, value: unknown) => {
    await act(async () => pending.get(key)?.(value));
  };
  return { store, answer, written };
}

const sessionOf = (id: string, store: unknown) => ({ doc: { id }, store }) as unknown as SessionApi;

describe('the confirmed table of a game', () => {
  it('comes back from the store when nothing was laid meanwhile', async () => {
    const { store, answer } = slowStore();
    const { result } = renderHook(() => useConfirmed(sessionOf('g1', store)));
    expect(result.current[0]).toBeNull();
    await answer('confirmed:g1', { line: ['6-6'] });
    expect(result.current[0]).toEqual({ line: ['6-6'] });
  });

  it('keeps a tile laid before the stored table arrived', async () => {
    const { store, answer, written } = slowStore();
    const { result } = renderHook(() => useConfirmed(sessionOf('g1', store)));
    const laid: JsonObject = { trains: { T1: ['12-12'] } };
    act(() => result.current[1](laid));
    await answer('confirmed:g1', undefined); // a new game: nothing stored yet
    expect(result.current[0]).toEqual(laid);
    expect(written.get('confirmed:g1')).toEqual(laid);
  });

  it("drops a game's stored table that arrives after another game was opened", async () => {
    const { store, answer } = slowStore();
    const { result, rerender } = renderHook(({ id }) => useConfirmed(sessionOf(id, store)), { initialProps: { id: 'g1' } });
    rerender({ id: 'g2' });
    await answer('confirmed:g1', { line: ['1-1'] });
    expect(result.current[0]).toBeNull();
    await answer('confirmed:g2', { line: ['2-2'] });
    expect(result.current[0]).toEqual({ line: ['2-2'] });
  });
});
