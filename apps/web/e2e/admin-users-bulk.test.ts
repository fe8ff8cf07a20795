import { beforeAll, describe, expect, it } from 'vitest';
import { AdminUsersPage } from './pages/admin-users';
import { text } from './pages/catalogs';
import { registerAccount } from './support/api';
import { setUpBrowser } from './support/browser';
import { ADMIN, signInAs } from './support/session';

const browser = setUpBrowser();

/** Each language's journey has its own users (the first acts on them): found by a marker in their names. */
const RUN = Date.now().toString(36);
const markerOf = (language: string) => `Bk${language}${RUN}`;
const namesOf = (language: string) =>
  ['Zainab', 'Amadou', 'Makena'].map((name) => `${markerOf(language)} ${name}`);

beforeAll(async () => {
  for (const language of ['en', 'ar']) {
    for (const [index, name] of namesOf(language).entries()) {
      await registerAccount(browser.baseUrl, {
        name,
        email: `${markerOf(language).toLowerCase()}.${index}@example.com`,
        password: 'secret123',
      });
    }
  }
});

const t = (language: string, key: string) => text(language, key, 'admin-users');

describe('bulk actions on users', () => {
  for (const [language, viewport] of [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const) {
    it(`sorts, selects the page, deactivates and reactivates in one action (${language}, ${viewport})`, async () => {
      const page = await browser.reset({ language, viewport });
      await signInAs(browser.context, browser.baseUrl, ADMIN);
      const users = new AdminUsersPage(page);
      const names = namesOf(language);
      await page.goto(`/admin/users?search=${encodeURIComponent(markerOf(language).toLowerCase())}`);
      await page.getByRole('heading', { level: 1, name: t(language, 'title') }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      // Newest first by default.
      await expect.poll(() => users.names()).toEqual([...names].reverse());

      // Sorting by name: ascending, then again for descending; the address keeps it.
      await users.sortBy('name', language);
      await expect.poll(() => users.names()).toEqual([...names].sort());
      expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
      expect(new URL(page.url()).searchParams.get('order')).toBe('asc');
      await users.sortBy('name', language);
      await expect.poll(() => users.names()).toEqual([...names].sort().reverse());

      // Select the whole page, deactivate everyone in one action.
      await users.selectPage(language).check();
      await users.bulk('deactivate', language);
      const done = t(language, 'bulk.done')
        .replace('{{done}}', new Intl.NumberFormat(language).format(3))
        .replace('{{unchanged}}', new Intl.NumberFormat(language).format(0))
        .replace('{{skipped}}', new Intl.NumberFormat(language).format(0));
      await users.toast(done);
      for (const name of names) {
        await expect.poll(() => users.card(name).innerText()).toContain(t(language, 'card.inactive'));
      }
      // The selection is emptied after the action.
      expect(await users.selectPage(language).isChecked()).toBe(false);

      // One user back: pick their card alone.
      await users.selectUser(names[1]!, language);
      await users.bulk('reactivate', language);
      await expect.poll(() => users.card(names[1]!).innerText()).not.toContain(t(language, 'card.inactive'));
      await expect.poll(() => users.card(names[0]!).innerText()).toContain(t(language, 'card.inactive'));

      // Nothing of the page scrolls sideways.
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    });
  }
});
