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
import { NINE_GAMES, lowTile } from './nine-games';

afterEach(cleanup);


describe('every game scored by hand', () => {
  it.each(NINE_GAMES)('%s', async (game, seats, totals) => {
    mountApp();
    const names = Array.from({ length: seats }, (_, i) => `N${i}`);
    await startGame(game, names);
    fireEvent.click(screen.getByRole('button', { name: 'Enter a round' }));
    for (let i = 1; i < seats; i++) {
      fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^N${i}:`) }));
      fireEvent.click(within(screen.getByRole('group', { name: `Tiles in the hand of N${i}` })).getByRole('button', { name: `Tile ${lowTile(game, i)}` }));
    }
    await screen.findByRole('status', { name: 'Round result' });
    fireEvent.click(screen.getByRole('button', { name: 'Post the round' }));
    await waitFor(() => expect(names.map((n) => Number(screen.getByLabelText(`Total of ${n}`).textContent))).toEqual(totals));
    expect(screen.getAllByRole('row').length).toBeGreaterThanOrEqual(3);
  });
});
