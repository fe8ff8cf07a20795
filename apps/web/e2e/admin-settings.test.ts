import type { PlatformSettings } from '@ovation/shared/schemas/settings';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AdminSettingsPage, AdminSocialLoginPage } from './pages/admin-settings';
import { callApi } from './support/api';
import { DEMO, submitLogin, uniqueEmail } from './support/auth-flows';
import { setUpBrowser, VIEWPORTS } from './support/browser';
import { expectAdminDesktopLayout, expectReachable, openNarrowPage, openWidePage } from './support/reach';
import { ADMIN, apiAs, logIn, signInAs, storeSession } from './support/session';
import { readVotingWindow, serverNow, setVotingWindow } from './support/voting-window';

const browser = setUpBrowser();
const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A visitor in a browser of their own (not signed in), beside the admin's. */
async function openVisitor(viewport: keyof typeof VIEWPORTS = 'desktop') {
  const context = await browser.context.browser()!.newContext({
    viewport: VIEWPORTS[viewport],
    baseURL: browser.baseUrl,
    serviceWorkers: 'block',
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  return { context, page: await context.newPage() };
}

/** Opens `path` and waits for the public settings every page reads (the Register links follow them). */
async function visit(page: Page, path: string) {
  const settings = page.waitForResponse((response) => response.url().includes('/api/public/public-settings'));
  await page.goto(path);
  await settings;
  await page.locator('main').first().waitFor();
}

const registerLinks = (page: Page) => page.locator('a[href="/register"]');

/** Puts the platform settings back as they were (the e2e server is shared by every file of a run). */
async function restoreSettings(token: string, settings: PlatformSettings) {
  const response = await callApi(browser.baseUrl, token, 'PUT', '/admin/settings', settings);
  if (!response.ok) throw new Error(`Could not restore the settings: ${response.status}`);
}

describe('platform settings', () => {
  it('turns registration off: a visitor finds no Register anywhere and /register says closed; on again restores it', async () => {
    const admin = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const originalSettings = await apiAs<PlatformSettings>(browser.baseUrl, admin.token, '/admin/settings');
    const originalWindow = await readVotingWindow(browser.baseUrl, admin.token);
    let visitor: { context: BrowserContext; page: Page } | undefined;
    try {
      // Voting open: a change asks first, and Cancel changes nothing.
      const now = await serverNow(browser.baseUrl);
      await setVotingWindow(browser.baseUrl, admin.token, {
        ...originalWindow,
        isEnabled: true,
        startDate: new Date(now - DAY_MS).toISOString(),
        endDate: new Date(now + DAY_MS).toISOString(),
      });
      const screen = new AdminSettingsPage(browser.page);
      await screen.open();
      await screen.votingOpenNotice.waitFor();
      expect(await screen.isOn('Allow registration')).toBe(true);
      expect(await browser.page.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
        '/admin',
      );

      await screen.switch('Allow registration').click();
      await screen.confirmDialog.waitFor();
      expect(await screen.confirmDialog.innerText()).toContain(
        '“Allow registration” changes from On to Off for everyone',
      );
      await screen.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
      await screen.confirmDialog.waitFor({ state: 'hidden' });
      expect(await screen.isOn('Allow registration')).toBe(true);
      expect(
        (await apiAs<PlatformSettings>(browser.baseUrl, admin.token, '/admin/settings')).generalSettings
          .allowRegistration,
      ).toBe(true);

      await screen.switch('Allow registration').click();
      await screen.confirmDialog.getByRole('button', { name: 'Apply', exact: true }).click();
      await screen.toast('Settings updated successfully');
      expect(await screen.isOn('Allow registration')).toBe(false);

      // A visitor, in a browser of their own: no Register link on the home page (header, hero, guide,
      // footer), the login page or the 404 page; /register says registration is closed.
      visitor = await openVisitor();
      const guest = visitor.page;
      for (const path of ['/', '/login', '/no-such-page']) {
        await visit(guest, path);
        await guest.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
        await expect.poll(() => registerLinks(guest).count(), { timeout: 5_000 }).toBe(0);
      }
      expect(await guest.getByText('New to Ovation?').count()).toBe(0);
      await visit(guest, '/register');
      await guest.getByText('Registration is currently closed.').waitFor();
      expect(await guest.getByRole('button', { name: 'Create account' }).count()).toBe(0);

      // The phone menu offers Login only.
      const phone = await openVisitor('phone');
      try {
        await visit(phone.page, '/songs');
        await phone.page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
        await phone.page.getByRole('banner').getByRole('link', { name: 'Login' }).first().waitFor();
        expect(await registerLinks(phone.page).count()).toBe(0);
      } finally {
        await phone.context.close();
      }

      // Voting closed: the change saves at once, without asking.
      await setVotingWindow(browser.baseUrl, admin.token, { ...originalWindow, isEnabled: false });
      await screen.open();
      await screen.switch('Allow registration').click();
      await screen.toast('Settings updated successfully');
      expect(await screen.confirmDialog.count()).toBe(0);
      expect(await screen.isOn('Allow registration')).toBe(true);

      // The visitor's next page load shows Register again.
      await visit(guest, '/login');
      await guest.getByRole('link', { name: 'Create an account' }).waitFor();
      await guest.getByRole('banner').getByRole('link', { name: 'Register' }).waitFor();
      await visit(guest, '/register');
      await guest.getByRole('button', { name: 'Create account' }).waitFor();
    } finally {
      await visitor?.context.close();
      await restoreSettings(admin.token, originalSettings);
      await setVotingWindow(browser.baseUrl, admin.token, originalWindow);
    }
  });

  it('checks the vote limits before sending and says what the voting settings mean', async () => {
    const admin = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const originalSettings = await apiAs<PlatformSettings>(browser.baseUrl, admin.token, '/admin/settings');
    const originalWindow = await readVotingWindow(browser.baseUrl, admin.token);
    try {
      await setVotingWindow(browser.baseUrl, admin.token, { ...originalWindow, isEnabled: false });
      await restoreSettings(admin.token, {
        ...originalSettings,
        votingSettings: {
          allowMultipleVotes: false,
          maxVotesPerUser: 1,
          dailyVotesPerCategory: 1,
          enableDailyVoting: true,
        },
      });
      const screen = new AdminSettingsPage(browser.page);
      await screen.open();
      expect(await screen.votingRule.innerText()).toBe('Each fan may vote once per category every 24 hours.');

      // 101 is refused under the field and never sent.
      const daily = browser.page.getByLabel('Daily votes per category');
      const sent: string[] = [];
      browser.page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().endsWith('/api/admin/settings'))
          sent.push(request.url());
      });
      await daily.fill('101');
      await daily.press('Enter');
      await browser.page.getByText('Daily votes per category must be a whole number from 1 to 100').waitFor();
      expect(sent).toEqual([]);

      await daily.fill('3');
      await daily.press('Enter');
      await screen.toast('Settings updated successfully');
      expect(await screen.votingRule.innerText()).toBe(
        'Each fan may vote 3 times per category every 24 hours, once per song.',
      );
      expect(
        (await apiAs<PlatformSettings>(browser.baseUrl, admin.token, '/admin/settings')).votingSettings
          .dailyVotesPerCategory,
      ).toBe(3);
    } finally {
      await restoreSettings(admin.token, originalSettings);
      await setVotingWindow(browser.baseUrl, admin.token, originalWindow);
    }
  });
});

describe('admin audit retention', () => {
  it('keeps admin audit entries 1 to 10 years: 11 is refused under the field, 3 is saved', async () => {
    const admin = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const originalSettings = await apiAs<PlatformSettings>(browser.baseUrl, admin.token, '/admin/settings');
    const originalWindow = await readVotingWindow(browser.baseUrl, admin.token);
    try {
      await setVotingWindow(browser.baseUrl, admin.token, { ...originalWindow, isEnabled: false });
      const screen = new AdminSettingsPage(browser.page);
      await screen.open();
      const field = browser.page.getByLabel('Keep admin audit entries for (years)');
      expect(await field.inputValue()).toBe(
        String(originalSettings.retentionSettings.adminAuditRetentionYears),
      );
      await browser.page
        .getByText('Security logs (sign-ins, lockouts, password resets) are always deleted after 1 year.')
        .waitFor();

      await field.fill('11');
      await field.press('Enter');
      await browser.page
        .getByText('Years to keep admin audit entries must be a whole number from 1 to 10')
        .waitFor();

      await field.fill('3');
      await field.press('Enter');
      await screen.toast('Settings updated successfully');
      expect(
        (await apiAs<PlatformSettings>(browser.baseUrl, admin.token, '/admin/settings')).retentionSettings,
      ).toEqual({ adminAuditRetentionYears: 3 });
    } finally {
      await restoreSettings(admin.token, originalSettings);
      await setVotingWindow(browser.baseUrl, admin.token, originalWindow);
    }
  });
});

describe('social login settings', () => {
  it('saves a provider with its own credentials: the secret is never shown back, the login page follows', async () => {
    const admin = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const originalSettings = await apiAs<PlatformSettings>(browser.baseUrl, admin.token, '/admin/settings');
    const secret = `e2e-facebook-secret-${Date.now().toString(36)}`;
    let visitor: { context: BrowserContext; page: Page } | undefined;
    try {
      const screen = new AdminSocialLoginPage(browser.page);
      await screen.open();
      const google = screen.card('google');
      const facebook = screen.card('facebook');
      // Google comes from the server's environment, its id masked to the last 4 characters.
      // (The masked id is a bidi isolate inside the sentence, so it keeps its direction in Arabic.)
      expect((await google.innerText()).replace(/[\u2068\u2069]/g, '')).toContain(
        "Client ID from the server's environment: ****-web",
      );
      expect(await google.getByText('On the login page', { exact: true }).count()).toBe(1);
      // Facebook has no credentials in the environment: the warning says so.
      await facebook.getByText('Facebook has no credentials').waitFor();

      await facebook.getByRole('switch', { name: 'Enable Facebook sign-in' }).click();
      await facebook.getByRole('checkbox', { name: 'Use environment credentials' }).uncheck();
      await facebook.getByLabel('App ID').fill('e2e-app-123456');
      await facebook.getByLabel('App secret', { exact: true }).fill(secret);
      await facebook.getByRole('button', { name: 'Show secret' }).click();
      expect(await facebook.getByLabel('App secret', { exact: true }).getAttribute('type')).toBe('text');
      expect(await facebook.getByText('Facebook has no credentials').count()).toBe(0);

      const answer = browser.page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/admin/social-login-settings') &&
          response.request().method() === 'PUT',
      );
      await screen.save();
      await screen.toast('Social login settings updated successfully');
      expect(await (await answer).text()).not.toContain(secret);
      expect(await facebook.getByLabel('App secret', { exact: true }).inputValue()).toBe('');
      await facebook.getByText('A secret is saved and is never shown.', { exact: false }).waitFor();
      await facebook.getByText('On the login page', { exact: true }).waitFor();

      // Reloaded: the id is there, the secret is not (the server never sends it).
      const reloaded = browser.page.waitForResponse((response) =>
        response.url().endsWith('/api/admin/social-login-settings'),
      );
      await screen.open();
      expect(await (await reloaded).text()).not.toContain(secret);
      expect(await facebook.getByLabel('App ID').inputValue()).toBe('e2e-app-123456');
      expect(await facebook.getByLabel('App secret', { exact: true }).inputValue()).toBe('');

      // A visitor's login page shows both buttons, each carrying this browser's device id.
      visitor = await openVisitor();
      const guest = visitor.page;
      await visit(guest, '/login');
      const facebookLink = guest.getByRole('main').getByRole('link', { name: 'Facebook', exact: true });
      await facebookLink.waitFor();
      const href = new URL((await facebookLink.getAttribute('href'))!, browser.baseUrl);
      expect(href.pathname).toBe('/api/auth/facebook');
      const deviceId = href.searchParams.get('deviceId');
      expect(deviceId).toMatch(UUID);
      expect(await guest.evaluate(() => window.localStorage.getItem('deviceId'))).toBe(deviceId);
      await guest.getByRole('main').getByRole('link', { name: 'Google', exact: true }).waitFor();

      // Social login off for the whole platform: no button, and the social screen says why.
      await restoreSettings(admin.token, {
        ...originalSettings,
        generalSettings: { ...originalSettings.generalSettings, allowSocialLogin: false },
      });
      await visit(guest, '/login');
      await guest.getByRole('button', { name: 'Log in' }).waitFor();
      await expect.poll(() => guest.locator('a[href^="/api/auth/"]').count(), { timeout: 5_000 }).toBe(0);
      await screen.open();
      await browser.page.getByText('Social login is switched off for the whole platform').waitFor();
    } finally {
      await visitor?.context.close();
      await restoreSettings(admin.token, originalSettings);
      await callApi(browser.baseUrl, admin.token, 'PUT', '/admin/social-login-settings', {
        facebook: { enabled: false, useEnvCredentials: true, customAppId: '' },
      });
    }
  });
});

describe('device restrictions', () => {
  it('with one account per device, sign-in and registration say the device is taken; calls carry the device id', async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    const originalSettings = await apiAs<PlatformSettings>(browser.baseUrl, admin.token, '/admin/settings');
    const taken = 'This device is already linked to another account. Sign in with that account.';
    try {
      await restoreSettings(admin.token, {
        ...originalSettings,
        deviceRestrictions: { enabled: true, oneAccountPerDevice: true, allowMultipleDevices: true },
        // The journey is about the device, not the CAPTCHA (its own tests cover it).
        securitySettings: { ...originalSettings.securitySettings, requireCaptcha: false },
      });
      const page = browser.page;
      await page.goto('/login');
      const login = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
      await submitLogin(page, DEMO.fan);
      const sentId = (await login).headers()['x-device-id'];
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
      const deviceId = await page.evaluate(() => localStorage.getItem('deviceId'));
      expect(deviceId).toMatch(UUID);
      expect(sentId).toBe(deviceId);

      // Signed out, the same browser cannot sign in to another account...
      await page.evaluate(() => {
        localStorage.removeItem('token');
        localStorage.removeItem('user');
      });
      await page.goto('/login');
      await submitLogin(page, DEMO.artist);
      await page.getByText(taken).first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // ...nor make a new one.
      await page.goto('/register');
      await page.getByLabel('Full name').fill('Second Account');
      await page.getByLabel('Email').fill(uniqueEmail('second'));
      await page.getByLabel('Phone number').fill('+254 712 345 678');
      await page.getByRole('combobox', { name: 'Country' }).fill('Kenya');
      await page.getByRole('option', { name: /Kenya/ }).click();
      await page.getByLabel('State/Province').selectOption({ label: 'Nairobi City' });
      await page.getByLabel('Password', { exact: true }).fill('secret-pass');
      await page.getByLabel('Confirm password').fill('secret-pass');
      const register = page.waitForRequest((request) => request.url().endsWith('/api/auth/register'));
      await page.getByRole('button', { name: 'Create account' }).click();
      expect((await register).headers()['x-device-id']).toBe(deviceId);
      await page.getByText(taken).first().waitFor();
    } finally {
      await restoreSettings(admin.token, originalSettings);
    }
  });
});

describe('reach', () => {
  it('reads both screens at 320 px in English and Arabic without sideways scrolling or serious axe findings', async () => {
    const admin = await signInAs(browser.context, browser.baseUrl, ADMIN);
    for (const language of ['en', 'ar']) {
      const page = await openNarrowPage(browser, language);
      await storeSession(browser.context, admin);
      await page.goto('/admin/settings');
      await page.getByRole('switch').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expectReachable(page, `platform settings, ${language}`);

      await page.goto('/admin/social-login');
      await page.getByTestId('provider-facebook').waitFor();
      await expectReachable(page, `social login settings, ${language}`);
    }
  });

  it('lays both screens out at 1366 px in English and Arabic, the sidebar at the inline start', async () => {
    const admin = await signInAs(browser.context, browser.baseUrl, ADMIN);
    for (const language of ['en', 'ar']) {
      const page = await openWidePage(browser, language);
      await storeSession(browser.context, admin);
      await page.goto('/admin/settings');
      await page.getByRole('switch').first().waitFor();
      await expectAdminDesktopLayout(page, language, `platform settings, ${language}, 1366 px`);
      await page.goto('/admin/social-login');
      await page.getByTestId('provider-facebook').waitFor();
      await expectAdminDesktopLayout(page, language, `social login settings, ${language}, 1366 px`);
    }
  });
});
