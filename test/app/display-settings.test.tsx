// @vitest-environment jsdom
/**
 * At the table (issue 7 §4): the dark theme and large type are switched in the header and
 * remembered; the screen is kept awake during a game — the lock asked again when the page comes
 * back into view — and nothing breaks where the Wake Lock API is missing.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../src/app/i18n';
import { DisplaySettings } from '../../src/app/components/display-settings';

function mount(keepAwake: boolean) {
  return render(
    <I18nextProvider i18n={createI18n('cs')}>
      <DisplaySettings keepAwake={keepAwake} />
    </I18nextProvider>,
  );
}

function fakeWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(async () => {
    const s = { released: false, release: async () => void (s.released = true) };
    sentinels.push(s);
    return s;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, sentinels };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.size;
  setVisibility('visible');
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'wakeLock');
});

describe('display settings', () => {
  it('switches to the dark theme and large type, and remembers both', () => {
    mount(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Barvy' }), { target: { value: 'dark' } });
    fireEvent.click(screen.getByRole('button', { name: 'Velké písmo' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.size).toBe('large');
    cleanup();
    delete document.documentElement.dataset.theme;
    mount(false);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Velké písmo' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByRole('combobox', { name: 'Barvy' }), { target: { value: 'auto' } });
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('keeps the screen awake during a game and asks again after the page was hidden', async () => {
    const { request, sentinels } = fakeWakeLock();
    mount(true);
    await act(async () => undefined);
    expect(request).toHaveBeenCalledWith('screen');
    expect(await screen.findByRole('img', { name: 'Obrazovka během hry nezhasne' })).toBeTruthy();
    // The browser drops the lock when the tab is hidden; back in view, the app asks again.
    sentinels[0].released = true;
    await act(async () => setVisibility('hidden'));
    await act(async () => setVisibility('visible'));
    expect(request).toHaveBeenCalledTimes(2);
    cleanup();
    expect(sentinels[1].released).toBe(true);
  });

  it('asks for no lock when no game is on, and is silent without the API', async () => {
    const { request } = fakeWakeLock();
    mount(false);
    await act(async () => undefined);
    expect(request).not.toHaveBeenCalled();
    cleanup();
    Reflect.deleteProperty(navigator, 'wakeLock');
    mount(true);
    await act(async () => undefined);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
