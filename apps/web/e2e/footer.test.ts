import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';
import { ADMIN, ARTIST, signInAs } from './support/session';

const browser = setUpBrowser();

/** The footer's quick links as the visitor reads them, links and the sign-out button alike. */
async function quickLinks(language = 'en') {
  const column = browser.page.getByRole('navigation', { name: text(language, 'footer.quickLinks') });
  await column.waitFor();
  return (await column.locator('a, button').allInnerTexts()).map((label) => label.trim());
}

describe('site footer', () => {
  it('offers a guest Login and Register', async () => {
    await browser.page.goto('/songs');
    const labels = await quickLinks();
    expect(labels).toEqual(expect.arrayContaining([text('en', 'nav.register'), text('en', 'nav.login')]));
    expect(labels).not.toContain(text('en', 'nav.logout'));
  });

  it('offers a signed-in artist their pages and Sign out instead, and signs out from there', async () => {
    await signInAs(browser.context, browser.baseUrl, ARTIST);
    await browser.page.goto('/songs');
    const labels = await quickLinks();
    expect(labels).not.toContain(text('en', 'nav.login'));
    expect(labels).not.toContain(text('en', 'nav.register'));
    expect(labels).toEqual(
      expect.arrayContaining([
        text('en', 'nav.profile'),
        text('en', 'nav.dashboard'),
        text('en', 'nav.logout'),
      ]),
    );

    const footer = browser.page.getByRole('navigation', { name: text('en', 'footer.quickLinks') });
    await footer.getByRole('button', { name: text('en', 'nav.logout') }).click();
    await browser.page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => quickLinks()).toEqual(expect.arrayContaining([text('en', 'nav.login')]));
  });

  it('offers an admin the admin area, in Arabic too', async () => {
    await browser.reset({ language: 'ar' });
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    await browser.page.goto('/categories');
    const labels = await quickLinks('ar');
    expect(labels).toEqual(
      expect.arrayContaining([text('ar', 'nav.profile'), text('ar', 'nav.admin'), text('ar', 'nav.logout')]),
    );
    expect(labels).not.toContain(text('ar', 'nav.login'));
    expect(labels).not.toContain(text('ar', 'nav.dashboard'));
  });
});
