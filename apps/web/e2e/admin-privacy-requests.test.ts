import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AdminUsersPage } from './pages/admin-users';
import { text } from './pages/catalogs';
import { createVerifiedFan } from './support/api';
import { uniqueEmail } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { ADMIN, signInAs } from './support/session';

const browser = setUpBrowser();
const t = (key: string) => text('en', key, 'admin-users');

describe("answering a user's data request from the users screen", () => {
  it('sends a copy of their data, then deletes their account, each recorded with the day it arrived', async () => {
    const name = `Requesting Fan ${Date.now().toString(36)}`;
    const email = uniqueEmail('requesting');
    const fan = await createVerifiedFan(browser.baseUrl, {
      name,
      email,
      password: 'secret-pass-1',
      language: 'en',
    });
    const page = await browser.reset({ language: 'en' });
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    const users = new AdminUsersPage(page);
    await users.open();
    await users.search(email);
    const card = users.card(name);
    await card.waitFor();

    await card.getByRole('button', { name: t('actions.privacyRequest'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t('privacy.none'), { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: t('privacy.sendCopy'), exact: true }).click(),
    ]);
    const file = JSON.parse(await fs.readFile(await download.path(), 'utf8'));
    expect(file.profile).toMatchObject({ email, name });
    await dialog.getByText(t('privacy.kinds.access'), { exact: true }).waitFor();

    await dialog.getByRole('button', { name: t('privacy.delete'), exact: true }).click();
    await dialog.getByRole('button', { name: t('privacy.deleteConfirm'), exact: true }).click();
    await page
      .getByText(/^Account deleted at its owner's request: signing in before /)
      .first()
      .waitFor();
    const me = await fetch(`${browser.baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(me.status).toBe(401);
  });
});
