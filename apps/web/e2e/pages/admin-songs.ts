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

  /** Opens the screen in `language` (the reader chose it before) and waits for its heading. */
  async openIn(language: string, query = '') {
    await this.page.goto(`/admin/songs${query}`);
    await this.page.getByRole('heading', { level: 1, name: t('title', language) }).waitFor();
  }

  /** A song's Delete button as the reader of `language` hears it, in the table or (on a phone) its card. */
  deleteButton(title: string, language = 'en'): Locator {
    const name = t('actions.onSong', language)
      .replace('{{action}}', t('actions.delete', language))
      .replace('{{title}}', title);
    return this.page.getByRole('button', { name, exact: true }).locator('visible=true');
  }

  /** How wide the page is drawn against the window: the page must never scroll sideways. */
  pageWidth() {
    return this.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
  }

  /** Whether an element lies wholly inside the window's width (not cut off at either side). */
  async insideWindowWidth(element: Locator): Promise<boolean> {
    await element.scrollIntoViewIfNeeded();
    const box = await element.boundingBox();
    const viewport = await this.page.evaluate(() => window.innerWidth);
    return box !== null && box.x >= 0 && box.x + box.width <= viewport + 0.5;
  }

  /** A song's button for `action` ('actions.changeDecision', 'actions.edit'...) as the reader of `language` hears it. */
  songButton(title: string, action: string, language = 'en'): Locator {
    const name = t('actions.onSong', language)
      .replace('{{action}}', t(action, language))
      .replace('{{title}}', title);
    return this.page.getByRole('button', { name, exact: true }).locator('visible=true');
  }

  /**
   * Change decision on an approved or rejected song: picks the new status ('approve', 'reject' or
   * 'reopen' for back to pending), gives the reason, saves. Answers the dialog (it closes on success).
   */
  async changeDecision(
    title: string,
    to: 'approve' | 'reject' | 'reopen',
    reason: string,
    language = 'en',
  ): Promise<Locator> {
    await this.songButton(title, 'actions.changeDecision', language).click();
    const dialog = this.page.getByRole('dialog', { name: t('decision.title', language) });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: t(`decision.to.${to}`, language) }).check();
    if (reason) await dialog.getByRole('textbox', { name: t('decision.reason', language) }).fill(reason);
    await dialog.getByRole('button', { name: t('decision.save', language), exact: true }).click();
    return dialog;
  }

  /** Edit Song, Category: moves the song to the category with this id and saves. */
  async moveToCategory(title: string, categoryId: string, language = 'en') {
    await this.songButton(title, 'actions.edit', language).click();
    const dialog = this.page.getByRole('dialog', { name: t('edit.title', language) });
    await dialog.waitFor();
    const field = dialog.getByLabel(t('edit.category', language));
    await field.locator(`option[value="${categoryId}"]`).waitFor({ state: 'attached' });
    await field.selectOption(categoryId);
    await dialog.getByRole('button', { name: t('edit.save', language) }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Waits for a toast with this text. */
  toast(message: string) {
    return waitForToast(this.page, message);
  }

  text = t;
}
