import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';

const browser = setUpBrowser();

/** Every `lang` the page's root element has had: the one it was served with, then each change. */
async function recordLanguages(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenLanguages: string[] }).seenLanguages = seen;
    const record = () => {
      const root = document.documentElement;
      if (root) seen.push(`${root.lang}/${root.dir}`);
    };
    document.addEventListener('readystatechange', record, { once: true });
    new MutationObserver(record).observe(document, {
      attributes: true,
      subtree: true,
      attributeFilter: ['lang'],
    });
  });
}

const seenLanguages = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenLanguages: string[] }).seenLanguages);

describe('the first HTML in the visitor’s language', () => {
  it('serves an Arabic browser Arabic, right to left, before any script runs, and the app never flashes to English', async () => {
    const page = await browser.reset({ language: null, viewport: 'phone' });
    await browser.context.setExtraHTTPHeaders({ 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' });
    await recordLanguages(page);
    const response = await page.goto('/');
    const served = await response!.text();
    expect(served).toContain('<html lang="ar" dir="rtl"');
    expect(served).toContain(`<title>${text('ar', 'meta.defaultTitle')}</title>`);
    expect(response!.headers()['content-language']).toBe('ar');

    // The first-visit chooser is already in Arabic: the app started in the language the server chose.
    await page.getByRole('dialog', { name: text('ar', 'language.chooseTitle') }).waitFor();
    expect(await page.title()).toBe(text('ar', 'meta.defaultTitle'));
    expect(new Set(await seenLanguages(page))).toEqual(new Set(['ar/rtl']));
  });

  it('remembers a chosen language in a cookie, so the next page arrives in it (and it beats Accept-Language)', async () => {
    const page = await browser.reset({ language: null });
    await browser.context.setExtraHTTPHeaders({ 'accept-language': 'ar' });
    await page.goto('/');
    const chooser = page.getByRole('dialog');
    await chooser.getByRole('button', { name: /Kiswahili/ }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sw');

    const cookie = (await browser.context.cookies()).find((entry) => entry.name === 'ovation-lang');
    expect(cookie).toMatchObject({ value: 'sw', sameSite: 'Lax', path: '/' });
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(360);

    const next = await page.goto('/songs');
    expect(next!.headers()['content-language']).toBe('sw');
    expect(await next!.text()).toContain('<html lang="sw" dir="ltr"');
  });
});
