import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { ProfilePage } from './pages/profile';
import { createVerifiedFan } from './support/api';
import { submitLogin, uniqueEmail } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { storeSession } from './support/session';

const browser = setUpBrowser();

const storedToken = () => browser.page.evaluate(() => localStorage.getItem('token'));

/** GET /api/auth/me with a token: 200 while its session lives. */
async function meStatus(token: string) {
  const response = await fetch(`${browser.baseUrl}/api/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

describe('profile: a refused password change never signs the user out, in any language', () => {
  it('keeps a French fan signed in after mistyping the current password', async () => {
    const name = 'Amélie Fan';
    const password = 'secret-pass-1';
    const session = await createVerifiedFan(browser.baseUrl, {
      name,
      email: uniqueEmail('fr-fan'),
      password,
      language: 'fr',
    });
    const page = await browser.reset({ language: 'fr' });
    await storeSession(browser.context, session);
    const profile = new ProfilePage(page, 'fr');
    await profile.open(name);

    // The server refuses the wrong current password in French, on its field.
    let dialog = await profile.openChangePassword();
    await profile.submitPasswordChange(dialog, { current: 'not-my-password', next: 'new-secret-2' });
    await dialog.getByText(text('fr', 'errors.WRONG_PASSWORD'), { exact: true }).waitFor();
    expect(await storedToken()).toBe(session.token);
    expect(new URL(page.url()).pathname).toBe('/profile');

    // Whatever status a refusal of the typed password comes with, its code decides, not its words: a 401
    // saying "Identifiants invalides" (the French for the sentence the client once looked for) keeps the
    // session too.
    await page.route('**/api/auth/password', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'INVALID_CREDENTIALS',
          message: text('fr', 'errors.INVALID_CREDENTIALS'),
        }),
      }),
    );
    await dialog.getByRole('button', { name: profile.text('password.submit'), exact: true }).click();
    await page.getByText(text('fr', 'errors.INVALID_CREDENTIALS'), { exact: true }).first().waitFor();
    await page.unroute('**/api/auth/password');
    expect(await storedToken()).toBe(session.token);
    expect(new URL(page.url()).pathname).toBe('/profile');

    // Still signed in after a reload, and the session still lives on the server.
    await page.reload();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await storedToken()).toBe(session.token);
    expect(await meStatus(session.token)).toBe(200);

    // The right current password still works, in French.
    dialog = await profile.openChangePassword();
    await profile.submitPasswordChange(dialog, { current: password, next: 'new-secret-2' });
    await page.getByText(profile.text('password.success'), { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await storedToken()).toBe(session.token);
  });
});

describe('profile: my data and deleting my account', () => {
  it('downloads my data; deleting says what happens, refuses a wrong password, signs out everywhere, and a sign-in within 30 days restores it', async () => {
    const name = 'Leaving Fan';
    const password = 'secret-pass-1';
    const email = uniqueEmail('leaving');
    const session = await createVerifiedFan(browser.baseUrl, { name, email, password, language: 'en' });
    const page = await browser.reset({ language: 'en' });
    await storeSession(browser.context, session);
    const profile = new ProfilePage(page, 'en');
    await profile.open(name);

    // First, the data: a JSON file of this account's own profile and sessions.
    const file = await profile.downloadMyData();
    expect(file.name).toMatch(/^ovation-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(file.text).profile).toMatchObject({ email, name });
    await page.getByText(profile.text('download.done'), { exact: true }).first().waitFor();

    const dialog = await profile.openDeleteAccount();
    await dialog.getByText(profile.text('delete.effects.votes'), { exact: true }).waitFor();
    await dialog
      .getByText('Changed your mind? Sign in again within 30 days and everything comes back.', {
        exact: true,
      })
      .waitFor();

    await profile.confirmDeletion(dialog, 'not-my-password');
    await dialog.getByText(text('en', 'errors.WRONG_PASSWORD'), { exact: true }).waitFor();
    expect(await meStatus(session.token)).toBe(200);

    await profile.confirmDeletion(dialog, password);
    await page
      .getByText(/^Your account is deleted\. Sign in again before /)
      .first()
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken()).toBeNull();
    expect(await meStatus(session.token)).toBe(401);

    // Back later, in a browser holding no session (this one's test setup would put the dead token back).
    const later = await browser.reset({ language: 'en' });
    await later.goto('/login');
    await submitLogin(later, email, password);
    await later.getByText(text('en', 'success.accountRestored'), { exact: true }).first().waitFor();
    await expect.poll(() => later.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  });
});

describe('consent to a new version of the legal documents', () => {
  it('asks a signed-in user to accept it, in a bar that blocks nothing, and records the acceptance', async () => {
    const name = 'Consenting Fan';
    const session = await createVerifiedFan(browser.baseUrl, {
      name,
      email: uniqueEmail('consent'),
      password: 'secret-pass-1',
      language: 'en',
    });
    const page = await browser.reset({ language: 'en' });
    await storeSession(browser.context, session);
    const accept = page.getByRole('button', { name: text('en', 'consent.accept'), exact: true });

    // Registered today: both documents accepted, nothing to ask.
    const first = page.waitForResponse((response) => response.url().endsWith('/api/auth/consents'));
    await new ProfilePage(page, 'en').open(name);
    await first;
    expect(await accept.count()).toBe(0);

    // The privacy policy gets a new version: the bar asks, the page stays usable, Accept records it.
    await page.route('**/api/auth/consents', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: Array<{ document: string; version: number; accepted: boolean }>;
      };
      for (const state of body.data) {
        if (state.document === 'privacy')
          Object.assign(state, { version: state.version + 1, accepted: false });
      }
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await page.getByText('We have updated our Privacy Policy.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Privacy Policy', exact: true }).first().waitFor();
    await accept.click();
    await page.getByText(text('en', 'consent.accepted'), { exact: true }).first().waitFor();
    await accept.waitFor({ state: 'hidden' });
    await page.unroute('**/api/auth/consents');
  });
});
