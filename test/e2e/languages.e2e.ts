/**
 * Four languages in real Chromium (issue 7 §1): the app opens in the browser's language (cs, sk,
 * pl, en), every screen of this issue speaks it with no raw keys showing, a verdict is explained
 * in it, and a language chosen in the header is remembered across a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, startApp, stopApp } from './harness';
import cs from '../../src/app/locales/cs.json';
import en from '../../src/app/locales/en.json';
import pl from '../../src/app/locales/pl.json';
import sk from '../../src/app/locales/sk.json';
import { rulesText } from '../../src/app/rules-text';

const LOCALES = { cs, sk, pl, en } as const;
type Lang = keyof typeof LOCALES;

/** Text that would mean an untranslated key leaked onto the screen. */
const RAW_KEY = /\b(nav|kids|rules|explain|settings|games|presets|table|referee)\.(?!md\b)[a-zA-Z_]+/;

async function nav(page: Page, lang: Lang, id: 'rules' | 'kids' | 'referee') {
  await page.getByRole('navigation').getByRole('button', { name: LOCALES[lang].nav[id], exact: true }).click();
}

describe('the app in each language', () => {
  beforeAll(async () => {
    await startApp();
  });
  afterAll(async () => {
    await stopApp();
  });

  it.each(['cs', 'sk', 'pl', 'en'] as const)('opens in %s from the browser language and speaks it on every screen', async (lang) => {
    const p = await openPage({ lang: lang === 'en' ? 'en-GB' : lang });
    try {
      const { page } = p;
      const L = LOCALES[lang];
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.getByRole('combobox', { name: L.nav.language }).inputValue()).toBe(lang);

      await nav(page, lang, 'rules');
      const text = rulesText(lang);
      await page.getByRole('heading', { name: text.title, level: 2 }).waitFor();
      await page.getByRole('button', { name: L.games.matador, exact: true }).click();
      expect(await page.getByRole('article').textContent()).toContain(text.games.matador.points.joining);
      expect(await page.locator('main').textContent()).not.toMatch(RAW_KEY);

      await nav(page, lang, 'kids');
      await page.getByRole('heading', { name: L.kids.title, level: 2 }).waitFor();
      await page.getByRole('button', { name: L.kids.mode_rules, exact: true }).click();
      await page.getByRole('heading', { name: L.kids.rules.title }).waitFor();
      expect(await page.locator('main').textContent()).not.toMatch(RAW_KEY);

      // A verdict from the referee screen, explained in this language with the rule it rests on.
      await nav(page, lang, 'referee');
      await page.getByRole('button', { name: L.referee.ask, exact: true }).click();
      const verdict = page.getByRole('status', { name: L.referee.verdict });
      await verdict.waitFor();
      expect(await verdict.getAttribute('data-explained')).toBe('yes');
      expect(await verdict.textContent()).toContain(text.games.vlaky.points.doubles);
      expect(await verdict.textContent()).not.toMatch(RAW_KEY);
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('remembers a language chosen in the header', async () => {
    const p = await openPage({ lang: 'cs' });
    try {
      const { page } = p;
      await page.getByRole('combobox', { name: cs.nav.language }).selectOption('pl');
      await page.getByRole('navigation').getByRole('button', { name: pl.nav.rules, exact: true }).waitFor();
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pl');
      await page.getByRole('navigation').getByRole('button', { name: pl.nav.rules, exact: true }).waitFor();
    } finally {
      await p.close();
    }
  });
});
