import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';
import { searchList, waitForToast } from './screen-parts';

const t = (key: string, language = 'en') => text(language, key, 'admin-songs');
/** The reject dialog is shared with the other moderation screen: its strings are in the admin namespace. */
const moderation = (key: string) => text('en', `moderation.${key}`, 'admin');

/** The song moderation screen (/admin/songs) as an admin uses it, in English. */
export class AdminSongsPage {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/admin/songs${query}`);
    await this.page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
  }

  /** Types into the search box and presses Search Songs. */
  async search(words: string) {
    await searchList(this.page, words, { box: t('filters.search'), button: t('filters.apply') });
  }

  /** Picks a status in the filter ('all', 'pending', 'approved', 'rejected'); it applies at once. */
  async filterStatus(status: 'all' | 'pending' | 'approved' | 'rejected') {
    await this.page.getByLabel(t('filters.status'), { exact: true }).selectOption(status);
  }

  async clearFilters() {
    await this.page
      .getByRole('button', { name: t('filters.clear') })
      .first()
      .click();
  }

  /** The table of submissions (desktop). */
  get table(): Locator {
    return this.page.getByRole('table', { name: t('list.label') });
  }

  row(title: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: title }) });
  }

  /** The song titles shown, in order, once the list settled (no page loading over it). */
  async titles(): Promise<string[]> {
    await this.page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    return this.table.locator('tbody th[scope="row"] p.font-semibold').allInnerTexts();
  }

  emptyState(): Locator {
    return this.page.getByRole('status').filter({ hasText: t('list.empty') });
  }

  /** The badge text of a row ('Pending', 'Approved', 'Rejected'). */
  status(title: string): Locator {
    return this.row(title).getByRole('cell').nth(4);
  }

  async reject(title: string, reason: string) {
    await this.row(title)
      .getByRole('button', { name: `${t('actions.reject')}: ${title}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: moderation('reject.title') });
    await dialog.getByLabel(moderation('reject.reason')).fill(reason);
    await dialog.getByRole('button', { name: moderation('reject.confirm'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async approve(title: string) {
    await this.row(title)
      .getByRole('button', { name: `${t('actions.approve')}: ${title}` })
      .click();
  }

  /** Opens Edit Song for a row; answers the dialog. */
  async openEdit(title: string): Promise<Locator> {
    await this.row(title)
      .getByRole('button', { name: `${t('actions.edit')}: ${title}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: t('edit.title') });
    await dialog.waitFor();
    return dialog;
  }

  async edit(title: string, changes: { title?: string; artist?: string; description?: string }) {
    const dialog = await this.openEdit(title);
    if (changes.title !== undefined) await dialog.getByLabel(t('edit.songTitle')).fill(changes.title);
    if (changes.artist !== undefined) await dialog.getByLabel(t('edit.artist')).fill(changes.artist);
    if (changes.description !== undefined)
      await dialog.getByLabel(t('edit.description')).fill(changes.description);
    await dialog.getByRole('button', { name: t('edit.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Opens the delete confirmation; answers the dialog (confirm with `confirmDelete`). */
  async askDelete(title: string): Promise<Locator> {
    await this.row(title)
      .getByRole('button', { name: `${t('actions.delete')}: ${title}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: t('delete.title') });
    await dialog.waitFor();
    return dialog;
  }

  async confirmDelete(dialog: Locator) {
    await dialog.getByRole('button', { name: t('delete.confirm'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Waits for a toast with this text. */
  toast(message: string) {
    return waitForToast(this.page, message);
  }

  text = t;
}
