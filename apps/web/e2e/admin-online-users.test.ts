import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminOnlineUsersPage } from './pages/admin-online-users';
import { text } from './pages/catalogs';
import { setUpBrowser, VIEWPORTS } from './support/browser';
import { expectAdminDesktopLayout, expectReachable, openNarrowPage, openWidePage } from './support/reach';
import { ADMIN, logIn, type SignedIn, signInAs, storeSession } from './support/session';

const browser = setUpBrowser();
/** A demo fan no other journey signs in as (Uganda), so the rows seen are this journey's own. */
const FAN = { email: 'nakato.namubiru@ovation.test', password: 'Ovation2025!' } as const;
const FAN_NAME = 'Nakato Namubiru';

let fanContext: BrowserContext | undefined;

afterEach(async () => {
  await fanContext?.close();
  fanContext = undefined;
});

/** POST /api/sessions/heartbeat from the fan's page, with the token the page keeps: the status. */
function heartbeatStatus(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/sessions/heartbeat', {
      method: 'POST',
      headers: { authorization: `Bearer ${window.localStorage.getItem('token')}` },
    });
    return response.status;
  });
}

describe('online users', () => {
  it("shows a second browser's fan session after Refresh, removes it, and the fan is signed out", async () => {
    const admin = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const screen = new AdminOnlineUsersPage(browser.page);
    await screen.open();
    expect(await screen.autoRefresh().isChecked()).toBe(true);
    // The admin's own session is marked and offers no Remove.
    const own = screen.ownRow();
    await expect.poll(() => own.count()).toBeGreaterThan(0);
    expect(await own.first().getByRole('button').count()).toBe(0);

    await screen.filterRole('fan');
    await expect.poll(() => new URL(browser.page.url()).searchParams.get('role')).toBe('fan');
    expect(await screen.rows(FAN_NAME).count()).toBe(0);

    // The fan signs in in another browser (its user agent names the device), and keeps the session the way
    // the app does.
    fanContext = await browser.page
      .context()
      .browser()!
      .newContext({ viewport: VIEWPORTS.desktop, baseURL: browser.baseUrl, serviceWorkers: 'block' });
    const fanPage = await fanContext.newPage();
    await fanPage.goto('/');
    const fan: SignedIn = await fanPage.evaluate(async (credentials) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      const session = (await response.json()) as SignedIn;
      window.localStorage.setItem('language', 'en');
      window.localStorage.setItem('token', session.token);
      window.localStorage.setItem('user', JSON.stringify(session.user));
      window.localStorage.setItem('lastActivity', String(Date.now()));
      return session;
    }, FAN);
    expect(fan.token).toBeTruthy();
    await fanPage.reload();
    await fanPage
      .getByRole('link', { name: text('en', 'nav.login') })
      .first()
      .waitFor({ state: 'detached' });
    expect(await heartbeatStatus(fanPage)).toBe(204);

    await screen.refresh();
    const row = screen.rows(FAN_NAME);
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.locator('td, th').allInnerTexts();
    expect(cells.join(' | ')).toContain(FAN.email);
    expect(cells.join(' | ')).toContain(screen.text('devices.desktop'));
    expect(cells.join(' | ')).toContain('Uganda');
    expect(cells.join(' | ')).toContain(screen.text('roles.fan'));
    // One row a person, with how many sessions they have online.
    expect(cells.join(' | ')).toContain(screen.text('table.sessionCount_one').replace('{{number}}', '1'));

    await screen.remove(row);
    await screen.toast(screen.text('remove.done'));
    await expect.poll(() => row.count()).toBe(0);

    // The session really ended: the fan's next call is refused, and their page is signed out.
    const me = await fetch(`${browser.baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(me.status).toBe(401);
    expect(await heartbeatStatus(fanPage)).toBe(401);
    await fanPage.goto('/');
    await fanPage
      .getByRole('link', { name: text('en', 'nav.login') })
      .first()
      .waitFor();
    expect(await fanPage.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    // The admin is still signed in, and Cleanup Inactive says how many sessions of how many people it ended.
    const cleaned = await screen.cleanupAndReadToast();
    expect(cleaned.users).toBeLessThanOrEqual(cleaned.ended);
    expect(admin.token).toBeTruthy();
    await screen.filterRole('all');
    await expect.poll(() => screen.ownRow().count()).toBeGreaterThan(0);
  });

  it('reads at 320 px in English and Arabic without sideways scrolling or serious axe findings', async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    for (const language of ['en', 'ar']) {
      const page = await openNarrowPage(browser, language);
      await storeSession(browser.context, admin);
      const screen = new AdminOnlineUsersPage(page, language);
      await screen.open();
      await page.getByTestId('online-devices').getByRole('listitem').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expectReachable(page, `online users, ${language}`);
    }
  });

  it('lays the screen out at 1366 px in English and Arabic, the sidebar at the inline start', async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    for (const language of ['en', 'ar']) {
      const page = await openWidePage(browser, language);
      await storeSession(browser.context, admin);
      await new AdminOnlineUsersPage(page, language).open();
      await page.getByTestId('online-devices').getByRole('listitem').first().waitFor();
      await expectAdminDesktopLayout(page, language, `online users, ${language}, 1366 px`);
    }
  });
});
