import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';

/** The profile page (/profile) of a signed-in user, in the language they read it in. */
export class ProfilePage {
  constructor(
    private readonly page: Page,
    private readonly language = 'en',
  ) {}

  /** A string of the profile namespace in the page's language. */
  text(key: string) {
    return text(this.language, key, 'profile');
  }

  async open(name: string) {
    await this.page.goto('/profile');
    await this.page.getByRole('heading', { level: 1, name }).waitFor();
  }

  /** Opens Change Password from the account actions; answers the dialog. */
  async openChangePassword(): Promise<Locator> {
    await this.page.getByRole('button', { name: this.text('actions.changePassword'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: this.text('password.title') });
    await dialog.waitFor();
    return dialog;
  }

  /** Fills the three fields (the new password twice) and submits. */
  async submitPasswordChange(dialog: Locator, passwords: { current: string; next: string }) {
    await dialog.getByLabel(this.text('password.currentPassword'), { exact: true }).fill(passwords.current);
    await dialog.getByLabel(this.text('password.newPassword'), { exact: true }).fill(passwords.next);
    await dialog.getByLabel(this.text('password.confirmPassword'), { exact: true }).fill(passwords.next);
    await dialog.getByRole('button', { name: this.text('password.submit'), exact: true }).click();
  }

  /** Opens Delete my account from the account actions; answers the dialog. */
  async openDeleteAccount(): Promise<Locator> {
    await this.page.getByRole('button', { name: this.text('actions.deleteAccount'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: this.text('delete.title') });
    await dialog.waitFor();
    return dialog;
  }

  /** Types the password into the deletion dialog and confirms. */
  async confirmDeletion(dialog: Locator, password: string) {
    await dialog.getByLabel(this.text('delete.password'), { exact: true }).fill(password);
    await dialog.getByRole('button', { name: this.text('delete.submit'), exact: true }).click();
  }

  /** Presses Download my data; answers the saved file's name and text. */
  async downloadMyData(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: new RegExp(`^${this.text('actions.downloadData')}`) }).click(),
    ]);
    return { name: download.suggestedFilename(), text: await fs.readFile(await download.path(), 'utf8') };
  }
}
