import { describe, expect, it } from 'vitest';
import { DEMO, loginAs, submitLogin, typeCode, uniqueEmail, waitForCaptcha } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { latestCode } from './support/mail';

const browser = setUpBrowser();

const storedToken = () => browser.page.evaluate(() => localStorage.getItem('token'));

describe('accounts: register, verify, log in, profile, log out', () => {
  it('registers a fan, verifies the e-mailed code, edits the profile and logs out', async () => {
    const page = browser.page;
    const email = uniqueEmail('fan');
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Ada Fan');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('+234 803 123 4567');
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.fill('Nigeria');
    await page.getByRole('option', { name: /Nigeria/ }).click();
    await page.getByLabel('State/Province').selectOption({ label: 'Lagos' });
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm password').fill('secret-pass-typo');
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Client validation: the mismatch shows on the field and clears when the field is edited.
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill('secret-pass');
    expect(await page.getByText('Passwords do not match').count()).toBe(0);
    await page.getByRole('button', { name: 'Create account' }).click();

    // The verification step: Verify stays disabled until six digits are in.
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    expect(await verify.isDisabled()).toBe(true);
    await typeCode(page, await latestCode(email));
    expect(await verify.isDisabled()).toBe(false);
    await verify.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(storedToken).not.toBeNull();
    const user = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>,
    );
    expect(user).toMatchObject({
      email,
      role: 'fan',
      emailVerified: true,
      country: 'Nigeria',
      state: 'Lagos',
    });

    // Profile: edit the bio and the name, save, see them.
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Ada Fan' }).waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full name').fill('Ada Lovelace Fan');
    await page.getByLabel('Bio').fill('Afrobeats every day.');
    await page.getByText('20/500').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Ada Lovelace Fan' }).waitFor();
    await page.getByText('Afrobeats every day.').waitFor();

    // Log out from the user menu, then log back in with the new account.
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(storedToken).toBeNull();
    await page.goto('/login');
    await submitLogin(page, email, 'secret-pass');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(storedToken).not.toBeNull();
  });

  it('asks an unverified account for its code at login, then signs it in', async () => {
    const page = browser.page;
    const email = uniqueEmail('late');
    // Register, then leave at the verification step without entering the code.
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Late Verifier');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('+254712345678');
    await page.getByRole('combobox', { name: 'Country' }).fill('Kenya');
    await page.getByRole('option', { name: /Kenya/ }).click();
    await page.getByLabel('State/Province').selectOption({ index: 1 });
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm password').fill('secret-pass');
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.goto('/login');
    await submitLogin(page, email, 'secret-pass');
    await page.getByRole('heading', { name: 'Enter your verification code' }).waitFor();
    // The resend countdown runs: Resend is offered only after 60 seconds.
    expect(await page.getByRole('button', { name: /Resend in 0:5\d|Resend in 1:00/ }).isDisabled()).toBe(
      true,
    );
    // An incomplete code is refused with the spec's message.
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('Please enter a valid 6-digit OTP').waitFor();
    // Pasting the whole code into any box fills all six.
    const code = await latestCode(email);
    await page.getByLabel('Digit 3 of 6').focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
      );
    }, code);
    expect(await page.getByLabel('Digit 6 of 6').inputValue()).toBe(code[5]);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(storedToken).not.toBeNull();
  });

  it('shows a message for a failed social login and for wrong credentials', async () => {
    const page = browser.page;
    await page.goto('/login?error=social_auth_failed');
    await page.getByText("Social sign-in didn't work", { exact: false }).waitFor();
    await submitLogin(page, DEMO.fan, 'not-the-password');
    await page.getByText('Invalid credentials').waitFor();
    expect(await storedToken()).toBeNull();
  });

  it('signs in with Google through the local OpenID provider and lands signed in', async () => {
    const page = browser.page;
    const identity = (await import('vitest')).inject('googleIdentity');
    // The provider's pages pull a web font; no network is needed for the test.
    await page.route(/fonts\.googleapis\.com/, (route) => route.abort());
    await page.goto('/login');
    await page.getByRole('link', { name: 'Google' }).click();
    await page.locator('input[name="login"]').fill(identity.login);
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    // The token never stays in the address bar, and the session is stored.
    expect(page.url()).not.toContain('token=');
    const user = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>,
    );
    expect(user).toMatchObject({ email: identity.email, name: identity.name });
  });

  it('returns a guest from /profile to /login and back to /profile after login', async () => {
    const page = browser.page;
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    await submitLogin(page, DEMO.fan);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBeNull();
  });

  it('keeps the demo fan signed in across a reload (the token is re-checked in the background)', async () => {
    const page = browser.page;
    await loginAs(page, DEMO.fan);
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
    await page.reload();
    expect((await checked).status()).toBe(200);
    expect(await storedToken()).not.toBeNull();
  });
});
