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

  /** The rows naming `name`: one a person, however many sessions they have online. */
  rows(name: string): Locator {
    return this.table.locator('tbody tr').filter({ hasText: name });
  }

  /** The row marked 'You': the admin's own (one row for all their sessions). */
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

  /**
   * Cleanup Inactive, then waits for the toast saying how many sessions of how many people it ended
   * (the English catalog's plurals: this helper is for an English screen). Answers the server's counts.
   */
  async cleanupAndReadToast() {
    const answer = this.page.waitForResponse((response) =>
      response.url().endsWith('/api/online-users/cleanup'),
    );
    await this.cleanup();
    const { data } = (await (await answer).json()) as { data: { ended: number; users: number } };
    const plural = (key: string, count: number) =>
      this.text(`${key}_${count === 1 ? 'one' : 'other'}`).replace('{{number}}', String(count));
    await this.toast(
      data.ended === 0
        ? this.text('cleanup.none')
        : plural('cleanup.ended', data.ended).replace('{{people}}', plural('table.count', data.users)),
    );
    return data;
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
