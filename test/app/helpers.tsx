/** The app mounted as a person opens it (English, a fresh IndexedDB), and a game set up through the setup screen. */
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { App } from '../../src/app/App';
import { createI18n } from '../../src/app/i18n';

// Waits for what a person would see for up to 5 s, not Testing Library's 1 s: on a loaded 2-core CI
// machine a screen after an IndexedDB write can take longer. (The flaky "can 8|4 follow 8|8?" of
// hand-table was not slowness: the stored table arriving late took back a tile just laid; use-confirmed.ts.)
configure({ asyncUtilTimeout: 5000 });

export function mountApp(fresh = true) {
  if (fresh) indexedDB.deleteDatabase('pips');
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <App />
    </I18nextProvider>,
  );
}

/** Fills the setup form (game, number of players, their names) and starts; resolves on the scoreboard. */
export async function startGame(game: string, names: string[]) {
  await screen.findByRole('heading', { name: 'New game' });
  fireEvent.change(screen.getByLabelText('Game'), { target: { value: game } });
  fireEvent.change(screen.getByLabelText('Players'), { target: { value: String(names.length) } });
  names.forEach((n, i) => fireEvent.change(screen.getByLabelText(new RegExp(`^Seat P${i}`)), { target: { value: n } }));
  fireEvent.click(screen.getByRole('button', { name: 'Start the game' }));
  await screen.findByRole('table', { name: 'Scoreboard' });
}
