import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AdminAccessDenied } from './pages/admin-access';
import { DEMO, loginAs } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { ADMIN, logIn, storeSession } from './support/session';

const browser = setUpBrowser();

/** Opens `path` and waits until the router has settled on some path. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main').waitFor();
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname;
}

describe('route guards', () => {
  it('sends a fan away from /upload to /, and shows Access Denied on /admin', async () => {
    await loginAs(browser.page, DEMO.fan);
    expect(await visit(browser.page, '/upload')).toBe('/');
    expect(await visit(browser.page, '/profile')).toBe('/profile');
    const denied = new AdminAccessDenied(browser.page);
    await denied.open('/admin');
    expect(denied.path()).toBe('/admin');
    expect(await denied.text()).toBe('You need admin privileges to access this page.');
    await denied.open('/admin/songs');
    expect(denied.path()).toBe('/admin/songs');
    await denied.open('/admin/analytics');
    expect(await denied.text()).toBe('Only administrators can access this page.');
    expect(await denied.goHome()).toBe('/');
  });

  it('lets an artist reach /upload and /dashboard, but not /admin', async () => {
    await loginAs(browser.page, DEMO.artist);
    expect(await visit(browser.page, '/upload')).toBe('/upload');
    expect(await visit(browser.page, '/dashboard')).toBe('/dashboard');
    const denied = new AdminAccessDenied(browser.page);
    await denied.open('/admin');
    expect(denied.path()).toBe('/admin');
  });

  it('shows Access Denied in Arabic', async () => {
    const page = await browser.reset({ language: 'ar', viewport: 'phone' });
    await storeSession(page.context(), await logIn(browser.baseUrl, { ...ADMIN, email: DEMO.fan }));
    const denied = new AdminAccessDenied(page);
    await denied.open('/admin', 'تم رفض الوصول');
    expect(denied.path()).toBe('/admin');
  });

  it('shows the admin dashboard to an admin', async () => {
    await loginAs(browser.page, DEMO.admin);
    expect(await visit(browser.page, '/admin')).toBe('/admin');
    await browser.page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  });

  it('remembers where a guest was going', async () => {
    expect(await visit(browser.page, '/dashboard')).toBe('/login');
    expect(await browser.page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe('/dashboard');
  });
});

describe('session expiry', () => {
  it('ends the session after 30 idle minutes and shows the Session Expired screen', async () => {
    const page = browser.page;
    await page.clock.install();
    await loginAs(page, DEMO.fan);
    await page.goto('/songs');
    await page.locator('main').waitFor();
    // Nothing happens for 29 minutes of idling…
    await page.clock.runFor(29 * 60_000);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    // …and the check after the 30th minute logs the user out.
    await page.clock.runFor(2 * 60_000);
    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Your session has expired due to inactivity.');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const events = await page.evaluate(
      () => JSON.parse(localStorage.getItem('securityEvents') ?? '[]') as unknown[],
    );
    expect(events.at(-1)).toMatchObject({ type: 'session_expired', reason: 'inactivity' });
    // Refresh Page reloads as a guest.
    await dialog.getByRole('button', { name: 'Refresh Page' }).click();
    await page.waitForLoadState('domcontentloaded');
    await page.locator('main').waitFor();
    expect(await page.getByRole('dialog', { name: 'Session Expired' }).count()).toBe(0);
  });

  it('shows the Session Expired screen at once when the stored session is already stale', async () => {
    const page = browser.page;
    await loginAs(page, DEMO.fan);
    await page.waitForURL((url) => url.pathname !== '/login');
    // The stale time is written as the next document starts, before its scripts: the page that signed in
    // never sees it, so its own session watch cannot end the session before /profile loads.
    await page
      .context()
      .addInitScript(() => localStorage.setItem('lastActivity', String(Date.now() - 31 * 60_000)));
    await page.goto('/profile');
    await page.getByRole('dialog', { name: 'Session Expired' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('screenshots', () => {
  it('saves the Arabic register page on a phone', async () => {
    const page = await browser.reset({ language: 'ar', viewport: 'phone' });
    await page.goto('/register');
    // The CAPTCHA loads once the form is used.
    await page.locator('form input').first().focus();
    await page.locator('altcha-widget').waitFor();
    await page.waitForLoadState('networkidle');
    const file = new URL('../../../docs/screenshots/register-phone-ar.png', import.meta.url).pathname;
    await page.screenshot({ path: file, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });
});
