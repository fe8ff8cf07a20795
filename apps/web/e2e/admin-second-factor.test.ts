import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { LoginPage, SecurityPage } from './pages/second-factor';
import { callApi, createVerifiedFan } from './support/api';
import { uniqueEmail } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { DESKTOP_WIDTH } from './support/reach';
import { ADMIN, logIn } from './support/session';

const browser = setUpBrowser();
const PERIOD_MS = 30_000;

/**
 * The authenticator app's code, as the test's own app: the code of the step before the current one when
 * `previous` (the server accepts one step either side), so the next sign-in's current code is still unused.
 */
async function appCode(secret: string, previous = false) {
  // Too close to the end of a step, the server could already be in the next one: wait it out.
  if (PERIOD_MS - (Date.now() % PERIOD_MS) < 3000) await new Promise((done) => setTimeout(done, 3500));
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() - (previous ? PERIOD_MS : 0) });
}

/** A new admin (a fan the demo admin promotes), so the demo admin's own sign-in stays one step for other files. */
async function newAdmin(language: string) {
  const account = {
    name: 'Zawadi Admin',
    email: uniqueEmail('second-factor'),
    password: 'Admin-pass-2025',
    language,
  };
  const { user } = await createVerifiedFan(browser.baseUrl, account);
  const demo = await logIn(browser.baseUrl, ADMIN);
  const promoted = await callApi(browser.baseUrl, demo.token, 'PATCH', `/admin/users/${user._id}/role`, {
    role: 'admin',
  });
  if (!promoted.ok) throw new Error(`promotion failed: ${promoted.status}`);
  return account;
}

async function signOut(page: Page, language: string) {
  const footer = page.getByRole('navigation', { name: text(language, 'footer.quickLinks') });
  await footer.getByRole('button', { name: text(language, 'nav.logout') }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

describe('an admin turns on two-step sign-in, then signs in with password and code', () => {
  for (const language of ['en', 'ar']) {
    for (const viewport of ['phone', 'desktop'] as const) {
      it(`${language}, ${viewport === 'phone' ? 390 : DESKTOP_WIDTH} px`, async () => {
        const admin = await newAdmin(language);
        const page = await browser.reset({ language, viewport });
        if (viewport === 'desktop') await page.setViewportSize({ width: DESKTOP_WIDTH, height: 900 });

        const login = new LoginPage(page, language);
        await login.open();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        await login.submitPassword(admin.email, admin.password);
        await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

        const security = new SecurityPage(page, language);
        await security.open();
        const secret = await security.startSetup();
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        const codes = await security.confirm(await appCode(secret, true));
        expect(codes).toHaveLength(10);
        expect(new Set(codes).size).toBe(10);
        await security.finish();
        // Nothing on the screen scrolls sideways, at either width.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);

        await signOut(page, language);
        await login.open();
        await login.submitPassword(admin.email, admin.password);
        await login.secondStep.waitFor();
        // The password alone started no session.
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        await login.submitCode(await appCode(secret));
        await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
        await page.waitForURL((url) => url.pathname !== '/login');
      });
    }
  }

  it('signs in with a recovery code once', async () => {
    const admin = await newAdmin('en');
    const page = await browser.reset({ language: 'en', viewport: 'desktop' });
    const login = new LoginPage(page, 'en');
    await login.open();
    await login.submitPassword(admin.email, admin.password);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    const security = new SecurityPage(page, 'en');
    await security.open();
    const secret = await security.startSetup();
    const [first] = await security.confirm(await appCode(secret, true));
    await security.finish();
    await signOut(page, 'en');

    await login.open();
    await login.submitPassword(admin.email, admin.password);
    await login.secondStep.waitFor();
    await login.submitCode(first!, 'recovery');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  });
});
