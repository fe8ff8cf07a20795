import type { Locator, Page } from 'playwright-core';
import { waitForToast } from './screen-parts';

/** The platform settings screen (/admin/settings) as an admin sees it, in English. */
export class AdminSettingsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/settings');
    await this.page.getByRole('heading', { level: 1, name: 'Platform settings' }).waitFor();
    await this.page.getByRole('switch', { name: 'Allow registration' }).waitFor();
  }

  /** A setting's switch, by its visible label. */
  switch(label: string): Locator {
    return this.page.getByRole('switch', { name: label, exact: true });
  }

  async isOn(label: string): Promise<boolean> {
    return (await this.switch(label).getAttribute('aria-checked')) === 'true';
  }

  get votingOpenNotice(): Locator {
    return this.page.getByText('Voting is open now: each change asks you to confirm before it is saved.');
  }

  get confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Change a setting while voting is open?' });
  }

  /** The one sentence saying what the voting settings mean together. */
  get votingRule(): Locator {
    return this.page.getByTestId('voting-rule-summary');
  }

  /** Waits for a toast with this text. */
  toast(text: string) {
    return waitForToast(this.page, text);
  }
}

/** The social login settings screen (/admin/social-login), in English. */
export class AdminSocialLoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/social-login');
    await this.page.getByRole('heading', { level: 1, name: 'Social login settings' }).waitFor();
    await this.card('facebook').waitFor();
  }

  /** A provider's card. */
  card(provider: 'google' | 'facebook'): Locator {
    return this.page.getByTestId(`provider-${provider}`);
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save Settings' }).click();
  }

  /** Waits for a toast with this text. */
  toast(text: string) {
    return waitForToast(this.page, text);
  }
}
