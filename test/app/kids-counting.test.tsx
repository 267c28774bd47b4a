// @vitest-environment jsdom
/**
 * The kids' count (issue 7 §2): a tile's pips light up one by one while the number is said aloud
 * in the chosen language, then the total as a sentence with the right plural form; silent (and
 * still counting on screen) where the browser cannot speak. Also how the camera's tiles are
 * chosen for counting.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Language } from '../../src/app/i18n';
import { CountingTile } from '../../src/app/kids/counting-tile';
import { NO_FOCUS, nextFocus } from '../../src/app/kids/focus';
import type { ReadTile } from '../../src/vision/types';

const spoken: { text: string; lang: string }[] = [];

class FakeUtterance {
  lang = '';
  voice: unknown = null;
  rate = 1;
  constructor(public text: string) {}
}

function stubSpeech() {
  spoken.length = 0;
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal('speechSynthesis', { speak: (u: FakeUtterance) => spoken.push({ text: u.text, lang: u.lang }), cancel: () => undefined, getVoices: () => [] });
}

function count(lang: Language, values: number[], runKey = 'a') {
  const i18n = createI18n(lang);
  return render(
    <I18nextProvider i18n={i18n}>
      <CountingTile values={values} runKey={runKey} sound stepMs={100} />
    </I18nextProvider>,
  );
}

const litPips = (c: HTMLElement) => c.querySelectorAll('circle.pip.lit').length;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('counting a tile aloud', () => {
  it('lights the pips one by one and says each number in Czech, then the total', () => {
    stubSpeech();
    const { container } = count('cs', [1, 3]);
    expect(litPips(container)).toBe(0);
    act(() => void vi.advanceTimersByTime(100));
    expect(litPips(container)).toBe(1);
    expect(screen.getByLabelText('Spočítané tečky').textContent).toBe('1');
    act(() => void vi.advanceTimersByTime(300));
    expect(litPips(container)).toBe(4);
    act(() => void vi.advanceTimersByTime(100));
    expect(spoken.map((s) => s.text)).toEqual(['jedna', 'dvě', 'tři', 'čtyři', 'To jsou 4 tečky!']);
    expect(spoken.every((s) => s.lang === 'cs-CZ')).toBe(true);
    expect(container.querySelector('.counting-tile')?.getAttribute('data-done')).toBe('yes');
  });

  it.each([
    ['cs', [2, 3], 'To je 5 teček!'],
    ['sk', [0, 1], 'To je 1 bodka!'],
    ['sk', [1, 2], 'To sú 3 bodky!'],
    ['pl', [6, 6], 'To jest 12 oczek!'],
    ['pl', [1, 1], 'To są 2 oczka!'],
    ['en', [0, 1], "That's 1 pip!"],
  ] as const)('says the total in %s with its plural form (%j)', (lang, values, total) => {
    stubSpeech();
    count(lang, [...values]);
    act(() => void vi.advanceTimersByTime(100 * (values[0] + values[1] + 1)));
    expect(spoken.at(-1)?.text).toBe(total);
    expect(spoken).toHaveLength(values[0] + values[1] + 1);
  });

  it('starts again from one when the tile changes', () => {
    stubSpeech();
    const i18n = createI18n('en');
    const ui = (values: number[], key: string) => (
      <I18nextProvider i18n={i18n}>
        <CountingTile values={values} runKey={key} sound stepMs={100} />
      </I18nextProvider>
    );
    const { container, rerender } = render(ui([3, 3], 'x'));
    act(() => void vi.advanceTimersByTime(300));
    expect(litPips(container)).toBe(3);
    rerender(ui([1, 2], 'y'));
    expect(litPips(container)).toBe(0);
    act(() => void vi.advanceTimersByTime(100));
    expect(litPips(container)).toBe(1);
    expect(spoken.map((s) => s.text)).toEqual(['one', 'two', 'three', 'one']);
  });

  it('counts silently on screen where there is no speech synthesis', () => {
    vi.stubGlobal('speechSynthesis', undefined);
    const { container } = count('pl', [2, 2]);
    act(() => void vi.advanceTimersByTime(500));
    expect(litPips(container)).toBe(4);
    expect(screen.getByText('To są 4 oczka!')).toBeTruthy();
  });
});

const tile = (values: number[], confidence = 0.9): ReadTile => ({ kind: 'domino', values, polygon: [], confidence });

describe('which tile the kids count', () => {
  it('takes the tile that has just come into view, once seen twice', () => {
    let f = nextFocus(NO_FOCUS, [tile([1, 2]), tile([3, 3], 0.95)]);
    expect(f.focus).toBeNull();
    f = nextFocus(f, [tile([1, 2]), tile([3, 3], 0.95)]);
    expect(f.focus).toEqual([3, 3]);
    f = nextFocus(f, [tile([1, 2]), tile([3, 3]), tile([0, 4])]);
    expect(f.focus).toEqual([3, 3]);
    f = nextFocus(f, [tile([1, 2]), tile([3, 3]), tile([0, 4])]);
    expect(f.focus).toEqual([0, 4]);
  });

  it('ignores a one-frame misread and readings beyond double-6', () => {
    let f = nextFocus(NO_FOCUS, [tile([2, 5])]);
    f = nextFocus(f, [tile([2, 5])]);
    f = nextFocus(f, [tile([2, 6])]);
    f = nextFocus(f, [tile([2, 5]), tile([0, 10])]);
    f = nextFocus(f, [tile([2, 5]), tile([0, 10])]);
    expect(f.focus).toEqual([2, 5]);
  });
});
