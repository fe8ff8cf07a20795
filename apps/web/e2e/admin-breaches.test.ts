import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';
import { ADMIN, signInAs } from './support/session';

const browser = setUpBrowser();
const t = (key: string, language = 'en', values: Record<string, string> = {}) => {
  let phrase = text(language, key, 'admin-breaches');
  for (const [name, value] of Object.entries(values)) phrase = phrase.replace(`{{${name}}}`, value);
  return phrase;
};

describe('the breach register', () => {
  it('records a breach with its countdown, then the notification, in English and Arabic', async () => {
    for (const [language, viewport] of [
      ['en', 'desktop'],
      ['ar', 'phone'],
    ] as const) {
      const page = await browser.reset({ language, viewport });
      await signInAs(browser.context, browser.baseUrl, ADMIN);
      await page.goto('/admin/breaches');
      await page.getByRole('heading', { level: 1, name: t('title', language) }).waitFor();
      if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

      const summary = `E2E export sent to the wrong address ${language} ${Date.now().toString(36)}`;
      await page
        .getByRole('button', { name: t('record.button', language), exact: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: t('record.title', language) });
      await dialog.waitFor();
      // Nothing typed: each field says what it needs.
      await dialog.getByRole('button', { name: t('record.submit', language), exact: true }).click();
      await dialog.getByText(text(language, 'validation.breachSummaryRequired'), { exact: true }).waitFor();
      await dialog.getByLabel(t('fields.summary', language)).fill(summary);
      await dialog.getByLabel(t('fields.affected', language)).fill('120 fans: names and e-mail addresses');
      await dialog.getByRole('button', { name: t('record.submit', language), exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      const card = page.getByRole('article').filter({ hasText: summary });
      await card.waitFor();
      // Found a moment ago: the notice is due in about 72 hours.
      expect(await card.innerText()).toMatch(language === 'en' ? /Notify within 7[12] hr/ : /\S/);

      await card.getByRole('button', { name: t('notify.button', language), exact: true }).click();
      const notify = page.getByRole('dialog', { name: t('notify.title', language) });
      await notify
        .getByLabel(t('fields.notification', language))
        .fill('Form sent to the NDPC, reference 2026/117');
      await notify.getByRole('button', { name: t('notify.submit', language), exact: true }).click();
      await notify.waitFor({ state: 'hidden' });
      await card.getByText('Form sent to the NDPC, reference 2026/117').waitFor();
      expect(
        await card.getByRole('button', { name: t('notify.button', language), exact: true }).count(),
      ).toBe(0);
    }
  });
});
