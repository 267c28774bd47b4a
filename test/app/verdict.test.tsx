// @vitest-environment jsdom
/**
 * A verdict as the table reads it (issue 7 §3): the reason in the chosen language with the tiles
 * and the players' names, the rule-book point and the preset in force, and what would have been
 * legal instead; a legal play says so; an unknown reason shows the referee's own English words.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { referee } from '../../src/rules/referee';
import type { JsonObject } from '../../src/rules/types';
import type { GameSetup } from '../../src/session';
import { createI18n, type Language } from '../../src/app/i18n';
import { VerdictView } from '../../src/app/components/verdict';
import { rulesText } from '../../src/app/rules-text';

afterEach(cleanup);

const question: JsonObject = {
  game: 'domino',
  ruleset: 'draw',
  set: 'double-6',
  seats: 2,
  position: { line: ['1|2', '2|3'], hands: { P0: ['4-4', '1-3', '3-5'], P1: 6 }, stock: 14, to_move: 'P0', round: 2 },
  ask: 'check-move',
  move: { tile: '4-4', end: 'R' },
};
const setup: GameSetup = { game: 'domino', set: 'double-6', preset: 'draw', players: [{ seat: 'P0', name: 'Eva' }, { seat: 'P1', name: 'Jan' }] };

function show(lang: Language, answer: JsonObject, q: JsonObject | null = question, s?: GameSetup) {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <VerdictView answer={answer} question={q} setup={s} />
    </I18nextProvider>,
  );
  return screen.getByRole('status');
}

describe('a verdict explained', () => {
  it('in Slovak: the reason with the tiles, the rule quoted, the preset, and the legal moves', () => {
    const answer = referee(question);
    const v = show('sk', answer);
    expect(v.getAttribute('data-code')).toBe('END_MISMATCH');
    expect(v.getAttribute('data-explained')).toBe('yes');
    expect(v.querySelector('.reason')?.textContent).toBe('4-4 k tomu koncu nepasuje: konce ukazujú 1 a 3.');
    expect(v.textContent).toContain(rulesText('sk').games.domino.points.play);
    expect(v.textContent).toContain('Platné pravidlá: Dobieranie zo zásoby');
    const moves = within(v).getAllByRole('listitem').map((li) => li.textContent);
    expect(moves).toEqual(expect.arrayContaining(['1-3 na ľavý koniec', '1-3 na pravý koniec', '3-5 na pravý koniec']));
  });

  it('names the players of the game, in Polish', () => {
    const answer = referee({ ...question, move: { action: 'pass' } });
    const v = show('pl', answer, question, setup);
    expect(v.querySelector('.reason')?.textContent).toBe('Eva może grać, więc musi grać.');
  });

  it('says a legal play is legal, with the preset', () => {
    const v = show('cs', { legal: true });
    expect(v.textContent).toContain('Podle pravidel.');
    expect(v.textContent).toContain('Dobírání ze zásoby');
  });

  it('falls back to the referee English words for a code it does not know', () => {
    const v = show('cs', { legal: false, code: 'NEW_RULE', rule: 'domino §1', message: 'something new happened' }, { game: 'domino', ruleset: 'default' });
    expect(v.getAttribute('data-explained')).toBe('no');
    expect(v.querySelector('.reason')?.textContent).toBe('something new happened');
    expect(v.querySelector('.reason')?.getAttribute('lang')).toBe('en');
  });
});
