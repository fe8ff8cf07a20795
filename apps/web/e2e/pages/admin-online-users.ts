import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';
import { waitForToast } from './screen-parts';

const t = (key: string, language = 'en') => text(language, key, 'admin-online-users');

/** The online users screen (/admin/online-users) as an admin uses it. */
export class AdminOnlineUsersPage {
  constructor(
    private readonly page: Page,
    readonly language = 'en',
  ) {}

  text(key: string) {
    return t(key, this.language);
  }

  /** Opens the screen (with URL parameters: `?role=fan`) and waits for its first rows. */
  async open(query = '') {
    await this.page.goto(`/admin/online-users${query}`);
    await this.page.getByRole('heading', { level: 1, name: this.text('title') }).waitFor();
    await this.table.locator('tbody tr').first().waitFor();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: this.text('table.label') });
  }

  /** The session rows naming `name` (a user may be signed in more than once). */
  rows(name: string): Locator {
    return this.table.locator('tbody tr').filter({ hasText: name });
  }

  /** The row marked 'You': the admin's own session. */
  ownRow(): Locator {
    return this.table.locator('tbody tr').filter({ hasText: this.text('table.you') });
  }

  async filterRole(role: 'all' | 'admin' | 'artist' | 'fan') {
    await this.page.getByLabel(this.text('filters.role'), { exact: true }).selectOption(role);
  }

  autoRefresh(): Locator {
    return this.page.getByRole('checkbox', { name: this.text('controls.autoRefresh') });
  }

  async refresh() {
    await this.page.getByRole('button', { name: this.text('controls.refresh'), exact: true }).click();
  }

  async cleanup() {
    await this.page.getByRole('button', { name: this.text('controls.cleanup'), exact: true }).click();
  }

  /** Remove on the row, confirmed in the dialog (which asks the spec's question). */
  async remove(row: Locator) {
    await row.getByRole('button', { name: this.text('table.remove') }).click();
    const dialog = this.page.getByRole('dialog', { name: this.text('remove.title') });
    await dialog.getByRole('button', { name: this.text('remove.confirm'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Waits for a toast with this text. */
  toast(message: string) {
    return waitForToast(this.page, message);
  }
}
