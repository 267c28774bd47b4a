// @vitest-environment jsdom
/**
 * The scorekeeping screens as a person uses them without a camera: set up a game, enter a round
 * by tapping the tiles left in the hands, see the referee's result and the totals, undo and redo,
 * correct a round, and find everything again after a "reload" (a new App on the same IndexedDB).
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountApp, startGame } from './helpers';

afterEach(cleanup);

const startDomino = (names: string[]) => startGame('domino', names);

const total = (name: string) => screen.getByLabelText(`Total of ${name}`).textContent;

describe('scoring a domino game by hand', () => {
  it('posts a round from the open hands, undoes, redoes, edits, and survives a reload', async () => {
    mountApp();
    await startDomino(['Eva', 'Jan']);
    fireEvent.click(screen.getByRole('button', { name: 'Enter a round' }));
    // Eva went out (empty hand); Jan holds 6-6 and 2-3: 17 pips.
    fireEvent.click(screen.getByRole('tab', { name: /^Jan:/ }));
    const picker = screen.getByRole('group', { name: 'Tiles in the hand of Jan' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Tile 6-6' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Tile 2-3' }));
    const result = await screen.findByRole('status', { name: 'Round result' });
    expect(result.textContent).toContain('Eva wins the round.');
    expect(result.textContent).toContain('Eva: 17 points');
    fireEvent.click(screen.getByRole('button', { name: 'Post the round' }));
    await waitFor(() => expect(total('Eva')).toBe('17'));
    expect(total('Jan')).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(total('Eva')).toBe('0'));
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(total('Eva')).toBe('17'));

    // A correction: the round is re-entered as typed points, and the row shows it was edited.
    fireEvent.click(screen.getByRole('button', { name: 'Edit round 1' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Type the points' }));
    fireEvent.change(screen.getByLabelText('Eva'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the correction' }));
    await waitFor(() => expect(total('Eva')).toBe('20'));
    expect(screen.getByTitle('Corrected once')).toBeTruthy();

    // "Reload": a fresh app on the same database finds the game and its scores.
    cleanup();
    mountApp(false);
    await screen.findByRole('table', { name: 'Scoreboard' });
    expect(total('Eva')).toBe('20');
  });

  it('refuses a hand that cannot be: the referee explains', async () => {
    mountApp();
    await startDomino(['Ann', 'Bob']);
    fireEvent.click(screen.getByRole('button', { name: 'Enter a round' }));
    // "Ann went out" while Ann still holds a tile: no such round.
    fireEvent.click(within(screen.getByRole('group', { name: 'Tiles in the hand of Ann' })).getByRole('button', { name: 'Tile 1-1' }));
    fireEvent.click(screen.getByRole('tab', { name: /^Bob:/ }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Tiles in the hand of Bob' })).getByRole('button', { name: 'Tile 2-2' }));
    fireEvent.change(screen.getByLabelText('How the round ended'), { target: { value: 'P0' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent?.length).toBeGreaterThan(10);
    expect((screen.getByRole('button', { name: 'Post the round' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
