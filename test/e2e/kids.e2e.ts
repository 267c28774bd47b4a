/**
 * The kids' corner in real Chromium (issue 7 §2): with no camera the demo footage plays, the
 * vision worker reads it, and the tile in focus is counted aloud — speechSynthesis is stubbed in
 * the page to record what is said: "one, two, …" up to the tile's value, then the total. The same
 * with the fake camera playing the demo table, in Czech; and "How many pips?" checks an answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, startApp, stopApp, type OpenedPage } from './harness';
import cs from '../../src/app/locales/cs.json';
import en from '../../src/app/locales/en.json';

type Words = Record<string, string>;

/** Records every utterance in window.__spoken (an init script: it runs before the app). */
function recordSpeech() {
  const spoken: string[] = [];
  (window as unknown as { __spoken: string[] }).__spoken = spoken;
  class Utterance {
    lang = '';
    voice = null;
    rate = 1;
    constructor(public text: string) {}
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  Object.defineProperty(window, 'speechSynthesis', {
    value: { speak: (u: Utterance) => spoken.push(u.text), cancel: () => undefined, getVoices: () => [] },
    configurable: true,
  });
}

async function openKids(opts: Parameters<typeof openPage>[0], navLabel: string): Promise<OpenedPage> {
  const p = await openPage(opts);
  await p.context.addInitScript(recordSpeech);
  await p.page.reload();
  await p.page.getByRole('navigation').getByRole('button', { name: navLabel, exact: true }).click();
  return p;
}

/** Waits until a tile has been counted to the end; its values and what was said. */
async function countedTile(page: Page): Promise<{ values: number[]; spoken: string[] }> {
  const done = page.locator('.counting-tile[data-done="yes"]').first();
  await done.waitFor({ timeout: 90_000 });
  const values = ((await done.getAttribute('data-values')) ?? '').split('-').map(Number);
  const spoken = await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.slice());
  return { values, spoken };
}

/** The last complete count in what was said: the numbers before the final sentence. */
function lastCount(spoken: string[], total: number): string[] {
  return spoken.slice(-1 - total, -1);
}

describe("the kids' corner in Chromium", () => {
  beforeAll(async () => {
    await startApp();
  });
  afterAll(async () => {
    await stopApp();
  });

  it('counts a tile of the demo footage aloud, one number per pip', async () => {
    const p = await openKids({ lang: 'en-GB' }, en.nav.kids);
    try {
      const { values, spoken } = await countedTile(p.page);
      const total = values[0] + values[1];
      const words = en.kids.words as Words;
      expect(lastCount(spoken, total)).toEqual(Array.from({ length: total }, (_, i) => words[String(i + 1)]));
      expect(spoken.at(-1)).toBe(total === 1 ? `That's 1 pip!` : `That's ${total} pips!`);
      expect(await p.page.locator('.counting-tile circle.pip.lit').count()).toBe(total);
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('counts the camera picture in Czech and checks an answer to "how many pips?"', async () => {
    const p = await openKids({ lang: 'cs', camera: { secondsPerFrame: 30 } }, cs.nav.kids);
    try {
      const { page } = p;
      const { values, spoken } = await countedTile(page);
      const total = values[0] + values[1];
      const words = cs.kids.words as Words;
      expect(lastCount(spoken, total)).toEqual(Array.from({ length: total }, (_, i) => words[String(i + 1)]));

      await page.getByRole('button', { name: cs.kids.mode_quiz, exact: true }).click();
      const pad = page.getByRole('group', { name: cs.kids.answers });
      await pad.waitFor();
      const quiz = page.locator('.quiz');
      const asked = ((await page.locator('.quiz').getAttribute('data-tile')) ?? '').split('-').map(Number);
      const right = asked[0] + asked[1];
      await pad.getByRole('button', { name: String(right), exact: true }).click();
      await expect.poll(() => quiz.getAttribute('data-result')).toBe('right');
      await page.locator('.quiz .counting-tile[data-done="yes"]').waitFor({ timeout: 30_000 });
      const said = await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.at(-1));
      expect(said).toMatch(/^Správně!/);
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
