import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';

/** The admin's two-step sign-in screen (/profile/security), in the language it is read in. */
export class SecurityPage {
  constructor(
    private readonly page: Page,
    private readonly language = 'en',
  ) {}

  private t(key: string) {
    return text(this.language, `security.${key}`, 'profile');
  }

  async open() {
    await this.page.goto('/profile/security');
    await this.page.getByRole('heading', { level: 1, name: this.t('title') }).waitFor();
  }

  /** Starts the set-up; answers the secret as the screen shows it (groups of four), spaces removed. */
  async startSetup(): Promise<string> {
    await this.page.getByRole('button', { name: this.t('start'), exact: true }).click();
    await this.qrCode.waitFor();
    return ((await this.page.getByTestId('second-factor-secret').innerText()) ?? '').replace(/\s/g, '');
  }

  get qrCode(): Locator {
    return this.page.getByRole('img', { name: this.t('qrAlt') });
  }

  /** Types the app's code and turns two-step sign-in on; answers the recovery codes shown once. */
  async confirm(code: string): Promise<string[]> {
    await this.page.getByLabel(this.t('codeStep'), { exact: true }).fill(code);
    await this.page.getByRole('button', { name: this.t('turnOn'), exact: true }).click();
    const list = this.page.getByTestId('recovery-codes');
    await list.waitFor();
    return list.locator('li').allInnerTexts();
  }

  /** "I have saved them": the codes go, and the screen says two-step sign-in is on. */
  async finish() {
    await this.page.getByRole('button', { name: this.t('codesSaved'), exact: true }).click();
    await this.page.getByTestId('second-factor-on').waitFor();
  }
}

/** The login page (/login) with its second step, in the language it is read in. */
export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly language = 'en',
  ) {}

  private t(key: string) {
    return text(this.language, `login.${key}`, 'auth');
  }

  async open() {
    await this.page.goto('/login');
    await this.page.getByRole('heading', { level: 1, name: this.t('title') }).waitFor();
  }

  async submitPassword(email: string, password: string) {
    await this.page.getByLabel(text(this.language, 'form.email', 'auth'), { exact: true }).fill(email);
    await this.page.getByLabel(text(this.language, 'form.password', 'auth'), { exact: true }).fill(password);
    await this.page.getByRole('button', { name: this.t('submit'), exact: true }).click();
  }

  /** The second step's heading: shown after the password of an account with a second factor. */
  get secondStep(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.t('secondFactor.title') });
  }

  /** The e-mail code step an unverified account gets after its password: types the mailed code, verifies. */
  async submitEmailCode(code: string) {
    const firstBox = text(this.language, 'otp.digitLabel', 'auth')
      .replace('{{number}}', '1')
      .replace('{{total}}', '6');
    await this.page.getByLabel(firstBox, { exact: true }).fill(code);
    await this.page
      .getByRole('button', { name: text(this.language, 'verify.submitLogin', 'auth'), exact: true })
      .click();
  }

  /** What the second step says when it follows the e-mail code: the address is verified, one step left. */
  get emailVerifiedNotice(): Locator {
    return this.page.getByText(this.t('secondFactor.emailVerified'), { exact: true });
  }

  async submitCode(code: string, kind: 'app' | 'recovery' = 'app') {
    if (kind === 'recovery') {
      await this.page.getByRole('button', { name: this.t('secondFactor.useRecovery'), exact: true }).click();
    }
    const label = kind === 'app' ? this.t('secondFactor.appLabel') : this.t('secondFactor.recoveryLabel');
    await this.page.getByLabel(label, { exact: true }).fill(code);
    await this.page.getByRole('button', { name: this.t('secondFactor.submit'), exact: true }).click();
  }
}
