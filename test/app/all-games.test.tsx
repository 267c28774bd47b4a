// @vitest-environment jsdom
/**
 * Every game of the rule book can be set up and scored by hand on the score screen: P0 has gone
 * out, each other player shows one tile, and the posted round adds what rules.md says (the referee
 * decides; these totals were worked out from rules.md: the lowest side scores the others' pips,
 * magnetic adds pips to the losers, Čtyřky scores no round, Solo counts a won game, triangular
 * domino adds 25 for going out).
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountApp, startGame } from './helpers';

afterEach(cleanup);

const CASES: [game: string, seats: number, totals: number[]][] = [
  ['domino', 2, [3, 0]],
  ['ekspresowe', 2, [3, 0]],
  ['matador', 2, [3, 0]],
  ['ctyrky', 2, [0, 0]],
  ['sevastopol', 4, [3, 1, 0, 0]],
  ['solo', 1, [1]],
  ['vlaky', 2, [3, 0]],
  ['magnetic', 2, [0, 3]],
  ['triomino', 2, [28, 0]],
];

describe('every game scored by hand', () => {
  it.each(CASES)('%s', async (game, seats, totals) => {
    mountApp();
    const names = Array.from({ length: seats }, (_, i) => `N${i}`);
    await startGame(game, names);
    fireEvent.click(screen.getByRole('button', { name: 'Enter a round' }));
    const low = game === 'triomino' ? ['0-1-2', '1-2-3', '2-3-4'] : ['1-2', '2-3', '3-4'];
    for (let i = 1; i < seats; i++) {
      fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^N${i}:`) }));
      fireEvent.click(within(screen.getByRole('group', { name: `Tiles in the hand of N${i}` })).getByRole('button', { name: `Tile ${low[i - 1]}` }));
    }
    await screen.findByRole('status', { name: 'Round result' });
    fireEvent.click(screen.getByRole('button', { name: 'Post the round' }));
    await waitFor(() => expect(names.map((n) => Number(screen.getByLabelText(`Total of ${n}`).textContent))).toEqual(totals));
    expect(screen.getAllByRole('row').length).toBeGreaterThanOrEqual(3);
  });
});
