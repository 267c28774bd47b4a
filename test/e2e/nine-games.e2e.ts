/**
 * Every game of the rule book in real Chromium: set up, a round entered by hand (P0 has gone out,
 * each other player shows one tile), posted, and the totals rules.md gives (the same cases as
 * test/app/all-games.test.tsx; there in jsdom, here in the production build).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startApp, stopApp, type OpenedPage } from './harness';
import { NINE_GAMES, lowTile } from '../app/nine-games';


describe('the nine games scored by hand in Chromium', () => {
  let p: OpenedPage;
  beforeAll(async () => {
    await startApp();
    p = await openPage({ lang: 'en-GB' });
  });
  afterAll(async () => {
    await p?.close();
    await stopApp();
  });

  it.each(NINE_GAMES)('%s', async (game, seats, totals) => {
    const { page } = p;
    await page.getByRole('button', { name: 'New game', exact: true }).click();
    await page.getByLabel('Game', { exact: true }).selectOption(game);
    await page.getByLabel('Players', { exact: true }).selectOption(String(seats));
    const names = Array.from({ length: seats }, (_, i) => `N${i}`);
    for (const [i, n] of names.entries()) await page.getByLabel(new RegExp(`^Seat P${i}`)).fill(n);
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.getByRole('button', { name: 'Enter a round' }).click();
    for (let i = 1; i < seats; i++) {
      await page.getByRole('tab', { name: new RegExp(`^N${i}:`) }).click();
      await page.getByRole('group', { name: `Tiles in the hand of N${i}` }).getByRole('button', { name: `Tile ${lowTile(game, i)}`, exact: true }).click();
    }
    await page.getByRole('status', { name: 'Round result' }).waitFor();
    await page.getByRole('button', { name: 'Post the round' }).click();
    await expect.poll(() => Promise.all(names.map((n) => page.getByLabel(`Total of ${n}`).textContent().then(Number)))).toEqual(totals);
    expect(p.errors).toEqual([]);
  });
});
