import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { submitLogin, typeCode, uniqueEmail, waitForCaptcha } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { latestCode, latestMailText } from './support/mail';

const browser = setUpBrowser();

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** Registers a fan through the form and verifies the mailed code: answers the signed-in session's token. */
async function registerFan(page: Page, email: string, password: string): Promise<string> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Reset Fan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+234 803 123 4567');
  await page.getByRole('combobox', { name: 'Country' }).fill('Nigeria');
  await page.getByRole('option', { name: /Nigeria/ }).click();
  await page.getByLabel('State/Province').selectOption({ label: 'Lagos' });
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
  await typeCode(page, await latestCode(email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => storedToken(page)).not.toBeNull();
  return (await storedToken(page))!;
}

/** GET /api/auth/me with a token: 200 while its session lives, 401 once it ended. */
async function meStatus(token: string) {
  const response = await fetch(`${browser.baseUrl}/api/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

describe('password recovery', () => {
  it('resets with the mailed code: the old session ends, the new password signs in', async () => {
    let page = browser.page;
    const email = uniqueEmail('reset-code');
    const oldToken = await registerFan(page, email, 'old-secret-1');
    expect(await meStatus(oldToken)).toBe(200);

    // Another device: the fan forgot the password.
    page = await browser.reset({ viewport: 'phone' });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await page.getByText("If an account uses this address, we've sent it a code and a link.").waitFor();
    // The resend waits a minute.
    expect(await page.getByRole('button', { name: /Resend in/ }).isDisabled()).toBe(true);

    // Mail 1 was the verification code; mail 2 carries the reset code and link.
    const code = await latestCode(email, 1);
    const mail = await latestMailText(email, 1);
    expect(mail).toContain('Choose a new password');
    expect(mail).toContain('expire in 15 minutes');

    // The same rules as registration, checked before anything is sent.
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Please enter the complete 6-digit code').waitFor();
    await typeCode(page, code);
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('New password').fill('new-secret-2');
    await page.getByLabel('Confirm password').fill('new-secret-2');
    await page.getByRole('button', { name: 'Save new password' }).click();

    // Told to sign in, with the address filled in.
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your password has been changed. Log in with your new password.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await meStatus(oldToken)).toBe(401);

    await submitLogin(page, email, 'old-secret-1');
    await page.getByText('Invalid credentials').waitFor();
    await submitLogin(page, email, 'new-secret-2');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => storedToken(page)).not.toBeNull();
  });

  it('warns before the lock, offers the reset, and the mailed link lifts the lock', async () => {
    let page = browser.page;
    const email = uniqueEmail('reset-link');
    const oldToken = await registerFan(page, email, 'old-secret-1');

    page = await browser.reset();
    await page.goto('/login');
    // Tries 1 and 2: the toast only, and only one of it however many failures.
    for (let attempt = 1; attempt <= 2; attempt++) {
      await submitLogin(page, email, `wrong-${attempt}`);
      await page.getByText('Invalid credentials').waitFor();
    }
    expect(await page.getByText('Invalid credentials').count()).toBe(1);
    expect(await page.getByText(/tries left|try left/).count()).toBe(0);
    await submitLogin(page, email, 'wrong-3');
    await page
      .getByText('Wrong email or password: 2 tries left before sign-in is locked for 15 minutes.')
      .waitFor();
    await submitLogin(page, email, 'wrong-4');
    await page
      .getByText('Wrong email or password: 1 try left before sign-in is locked for 15 minutes.')
      .waitFor();
    await submitLogin(page, email, 'wrong-5');
    await page.getByText('That was the last try: sign-in is locked for 15 minutes.').waitFor();
    expect(await page.getByText('Invalid credentials').count()).toBe(1);
    // Locked now, even with the right password; the message offers the reset, shown once.
    await submitLogin(page, email, 'old-secret-1');
    await page.getByText('Too many login attempts. Please try again in 15 minutes.').waitFor();
    await submitLogin(page, email, 'old-secret-1');
    await page.waitForTimeout(300);
    expect(await page.getByText('Too many login attempts. Please try again in 15 minutes.').count()).toBe(1);
    await page.getByRole('link', { name: 'Forgot your password? Reset it now' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');

    // The link from the mail: the token leaves the address bar, no code is asked for.
    const text = await latestMailText(email, 1);
    const link = text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
    expect(link).toBeDefined();
    page = await browser.reset();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(page.url()).not.toContain('token=');
    expect(await page.getByLabel('Digit 1 of 6').count()).toBe(0);
    await page.getByLabel('New password').fill('link-secret-3');
    await page.getByLabel('Confirm password').fill('link-secret-3');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await meStatus(oldToken)).toBe(401);

    // The lock is lifted: the new password signs in at once.
    await submitLogin(page, email, 'link-secret-3');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => storedToken(page)).not.toBeNull();

    // The link works once.
    page = await browser.reset();
    await page.goto(link!);
    await page.getByLabel('New password').fill('again-secret-4');
    await page.getByLabel('Confirm password').fill('again-secret-4');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('This code or link is wrong, used or expired.', { exact: false }).waitFor();
  });
});
