// @vitest-environment jsdom
/**
 * The table by hand: Čtyřky sticks scored per placement as tiles are laid by tapping (rules.md §4:
 * 6|6 alone shows 12 = 3 sticks; then 6|6 6|2 shows 6 + 2 = 8 = 2 sticks), an illegal try answered
 * with its reason, and the dispute "can 8|4 follow 8|8?" in Dominové vlaky.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountApp, startGame } from './helpers';

afterEach(cleanup);

async function start(game: string, seats: number) {
  mountApp();
  await startGame(game, ['Eva', 'Jan'].slice(0, seats));
  fireEvent.click(screen.getByRole('button', { name: 'Table' }));
  fireEvent.click(await screen.findByRole('button', { name: 'By hand' }));
  await screen.findByRole('heading', { name: 'Lay tiles by hand' });
}

const pick = (tile: string) => fireEvent.click(within(screen.getByRole('group', { name: 'Tile to lay' })).getByRole('button', { name: `Tile ${tile}` }));

describe('laying tiles by hand', () => {
  it('scores Čtyřky sticks per placement and explains an illegal try', async () => {
    await start('ctyrky', 2);
    pick('6-6');
    fireEvent.click(await screen.findByRole('button', { name: 'Lay it: as the lead' }));
    expect((await screen.findByText(/^Eva scores 3/)).textContent).toBeTruthy();
    // Jan's turn now; 3-4 fits neither end.
    expect((screen.getByLabelText('Who played') as HTMLSelectElement).value).toBe('P1');
    pick('3-4');
    const places = await screen.findByRole('list', { name: 'Where it can go' });
    expect(within(places).getAllByText(/does not match that end/).length).toBe(2);
    pick('3-4');
    pick('2-6');
    fireEvent.click(await screen.findByRole('button', { name: 'Lay it: on the right end' }));
    await screen.findByText(/^Jan scores 2/);
    fireEvent.click(screen.getByRole('button', { name: 'Scores' }));
    await waitFor(() => expect(screen.getByLabelText('Total of Eva').textContent).toBe('3'));
    expect(screen.getByLabelText('Total of Jan').textContent).toBe('2');
  });

  it('offers a tile picked right after laying one the new table, while the score is still being stored', async () => {
    await start('ctyrky', 2);
    pick('6-6');
    fireEvent.click(await screen.findByRole('button', { name: 'Lay it: as the lead' }));
    pick('2-6'); // at once: the score of 6|6 is not stored yet
    expect(screen.queryByRole('button', { name: 'Lay it: as the lead' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Lay it: on the right end' }));
    await screen.findByText(/^Jan scores 2/);
  });

  it('answers "can 8|4 follow 8|8?" with the rule of alternating trains', async () => {
    await start('vlaky', 2);
    for (const [tile, place] of [
      ['12-12', 'as a new central train'],
      ['6-12', 'on train T1'],
      ['6-8', 'on train T1'],
      ['8-8', 'on train T1'],
    ]) {
      pick(tile);
      fireEvent.click(await screen.findByRole('button', { name: `Lay it: ${place}` }));
    }
    await screen.findByText(/8\|8/);
    pick('4-8');
    const places = await screen.findByRole('list', { name: 'Where it can go' });
    const verdict = within(places).getByRole('status', { name: 'Verdict' });
    expect(verdict.getAttribute('data-code')).toBe('WRONG_DIRECTION');
    expect(verdict.textContent).toMatch(/8\|4/);
  });
});
