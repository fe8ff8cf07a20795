import type { PlatformSettings } from '@ovation/shared/schemas/settings';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/second-factor';
import { callApi, registerAccount } from './support/api';
import { uniqueEmail } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { latestCode } from './support/mail';
import { DESKTOP_WIDTH } from './support/reach';
import { ADMIN, apiAs, logIn } from './support/session';

const browser = setUpBrowser();
const PERIOD_MS = 30_000;

/** The authenticator app's code, `offset` steps from now (the server accepts one step either side). */
async function appCode(secret: string, offset = 0) {
  if (PERIOD_MS - (Date.now() % PERIOD_MS) < 3000) await new Promise((done) => setTimeout(done, 3500));
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offset * PERIOD_MS });
}

let adminToken: string;
let original: PlatformSettings;

async function requireVerification(on: boolean) {
  const settings = {
    ...original,
    securitySettings: { ...original.securitySettings, requireEmailVerification: on },
  };
  const response = await callApi(browser.baseUrl, adminToken, 'PUT', '/admin/settings', settings);
  if (!response.ok) throw new Error(`settings failed: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  adminToken = (await logIn(browser.baseUrl, ADMIN)).token;
  original = await apiAs<PlatformSettings>(browser.baseUrl, adminToken, '/admin/settings');
});

afterAll(async () => {
  // The e2e server is shared by every file of a run: the settings go back as they were.
  const response = await callApi(browser.baseUrl, adminToken, 'PUT', '/admin/settings', original);
  if (!response.ok) throw new Error(`Could not restore the settings: ${response.status}`);
});

/**
 * An admin with two-step sign-in whose e-mail was never verified: registered (a code mailed), signed in
 * while verification was off, promoted, factor set up; then verification is required again. Answers the
 * account, its factor's secret and the mailed code (still valid, so the sign-in does not mail another).
 */
async function unverifiedAdminWithFactor() {
  const account = { name: 'Amani Admin', email: uniqueEmail('verify-2fa'), password: 'Admin-pass-2025' };
  await registerAccount(browser.baseUrl, account);
  const mailedCode = await latestCode(account.email);
  await requireVerification(false);
  try {
    const { token, user } = await logIn(browser.baseUrl, account);
    const promoted = await callApi(browser.baseUrl, adminToken, 'PATCH', `/admin/users/${user._id}/role`, {
      role: 'admin',
    });
    if (!promoted.ok) throw new Error(`promotion failed: ${promoted.status}`);
    const setup = await callApi(browser.baseUrl, token, 'POST', '/auth/second-factor/setup');
    const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
    const confirmed = await callApi(browser.baseUrl, token, 'POST', '/auth/second-factor/confirm', {
      code: await appCode(secret, -1),
    });
    if (!confirmed.ok) throw new Error(`confirm failed: ${confirmed.status}`);
    return { ...account, secret, mailedCode };
  } finally {
    await requireVerification(true);
  }
}

describe('an admin with two-step sign-in verifies their e-mail at sign-in', () => {
  for (const language of ['en', 'ar']) {
    for (const viewport of ['phone', 'desktop'] as const) {
      it(`still needs the app's code after the e-mail code: ${language}, ${viewport === 'phone' ? 390 : DESKTOP_WIDTH} px`, async () => {
        const admin = await unverifiedAdminWithFactor();
        const page = await browser.reset({ language, viewport });
        if (viewport === 'desktop') await page.setViewportSize({ width: DESKTOP_WIDTH, height: 900 });
        const login = new LoginPage(page, language);
        await login.open();
        await login.submitPassword(admin.email, admin.password);
        await login.submitEmailCode(admin.mailedCode);

        // The e-mail code alone started no session: the same second step as after a password.
        await login.secondStep.waitFor();
        await login.emailVerifiedNotice.waitFor();
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);

        await login.submitCode(await appCode(admin.secret));
        await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
        await page.waitForURL((url) => url.pathname !== '/login');
      });
    }
  }
});
