/**
 * Offline after the first visit (issue 7 §4): the service worker precaches the app, the models,
 * OpenCV.js, the tf.js wasm files and the demo footage; with the network cut the app reloads, its
 * screens work, and the vision worker still reads the demo table. The manifest makes it installable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startApp, stopApp } from './harness';
import en from '../../src/app/locales/en.json';

describe('the app offline', () => {
  beforeAll(async () => {
    await startApp();
  });
  afterAll(async () => {
    await stopApp();
  });

  it('has an installable manifest with icons', async () => {
    const p = await openPage({ lang: 'en-GB' });
    try {
      const href = await p.page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = await p.page.evaluate(async (h) => (await fetch(h as string)).json(), href);
      expect(manifest).toMatchObject({ name: expect.stringContaining('Pips'), short_name: 'Pips', display: 'standalone' });
      const sizes = (manifest.icons as { sizes: string; src: string }[]).map((i) => i.sizes);
      expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
      for (const icon of manifest.icons as { src: string }[]) {
        const ok = await p.page.evaluate(async (src) => (await fetch(src)).ok, icon.src);
        expect(ok, icon.src).toBe(true);
      }
    } finally {
      await p.close();
    }
  });

  it('reloads with the network cut, and the kids corner still reads the demo table', async () => {
    const p = await openPage({ lang: 'en-GB', offline: true });
    try {
      const { page } = p;
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await page.getByRole('navigation').getByRole('button', { name: en.nav.rules, exact: true }).click();
      await page.getByRole('heading', { name: 'The rules', level: 2 }).waitFor();
      await page.getByRole('navigation').getByRole('button', { name: en.nav.kids, exact: true }).click();
      // The worker, OpenCV.js, the wasm files, the models and the demo frames all come from the cache.
      await page.locator('.counting-tile[data-lit]').first().waitFor({ timeout: 90_000 });
      expect(await page.getByRole('status').filter({ hasText: 'could not start' }).count()).toBe(0);
      expect(p.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
