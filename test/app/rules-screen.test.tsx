// @vitest-environment jsdom
/**
 * The rules screen (issue 7 §3): all nine games of rules.md with their presets, in each of the
 * four languages, following the language switch.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n, LANGUAGES } from '../../src/app/i18n';
import { RulesScreen } from '../../src/app/screens/rules-screen';
import { gameCatalogue } from '../../src/session';
import { rulesText } from '../../src/app/rules-text';

afterEach(cleanup);

function mount(lang: (typeof LANGUAGES)[number], game?: string) {
  const i18n = createI18n(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <RulesScreen game={game} />
    </I18nextProvider>,
  );
  return i18n;
}

describe('the rules screen', () => {
  it.each([...LANGUAGES])('shows every game with its points and presets in %s', (lang) => {
    const i18n = mount(lang);
    const text = rulesText(lang);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(text.title);
    for (const g of gameCatalogue()) {
      fireEvent.click(screen.getByRole('button', { name: i18n.t(`games.${g.id}`) }));
      const book = screen.getByRole('article');
      expect(book.getAttribute('data-game')).toBe(g.id);
      expect(within(book).getByRole('heading', { level: 3 }).textContent).toContain(g.section);
      // Every preset the referee knows is named and explained.
      for (const p of g.presets) {
        const dt = book.querySelector(`[data-preset="${p}"] dt`);
        expect(dt?.textContent, `${lang} ${g.id} ${p}`).toBe(i18n.t(`presets.${p}`));
        expect(book.querySelector(`[data-preset="${p}"] dd`)?.textContent?.length).toBeGreaterThan(10);
      }
      expect(book.querySelectorAll('[data-point]').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('opens on the game being played and follows a language switch', async () => {
    const i18n = mount('en', 'matador');
    expect(screen.getByRole('article').getAttribute('data-game')).toBe('matador');
    expect(screen.getByRole('article').textContent).toContain('ADD UP to 7');
    await i18n.changeLanguage('cs');
    expect(await screen.findByText(/SOUČET 7|součet 7/i)).toBeTruthy();
  });
});
