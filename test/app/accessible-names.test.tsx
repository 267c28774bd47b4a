// @vitest-environment jsdom
/**
 * Every control has an accessible name (issue 6 §6: the app can be driven by automation and by a
 * screen reader): on each screen, every button, link, text field, select and check box is named.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { computeAccessibleName } from 'dom-accessibility-api';
import { afterEach, describe, expect, it } from 'vitest';
import { mountApp, startGame } from './helpers';

afterEach(cleanup);

function unnamed(): string[] {
  const controls = document.querySelectorAll('button, a[href], input, select, textarea, [role="button"], [role="tab"]');
  return [...controls].filter((el) => computeAccessibleName(el).trim() === '').map((el) => el.outerHTML.slice(0, 120));
}

describe('accessible names', () => {
  it('names every control on every screen', async () => {
    mountApp();
    await screen.findByRole('heading', { name: 'New game' });
    expect(unnamed()).toEqual([]);
    await startGame('triomino', ['Eva', 'Jan']);
    expect(unnamed()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Enter a round' }));
    expect(unnamed()).toEqual([]);
    for (const name of ['Table', 'Archive', 'Referee', 'Rules', 'Kids']) {
      fireEvent.click(screen.getByRole('button', { name }));
      await screen.findAllByRole('heading', { level: 2 });
      expect(unnamed(), name).toEqual([]);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    fireEvent.click(await screen.findByRole('button', { name: 'By hand' }));
    await screen.findByRole('heading', { name: 'Lay tiles by hand' });
    expect(unnamed()).toEqual([]);
  });
});
