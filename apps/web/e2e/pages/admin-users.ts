import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';
import { searchList, waitForToast } from './screen-parts';

const t = (key: string, language = 'en') => text(language, key, 'admin-users');

/** The user management screen (/admin/users) as an admin uses it, in English. */
export class AdminUsersPage {
  constructor(private readonly page: Page) {}

  text(key: string) {
    return t(key);
  }

  async open(query = '') {
    await this.page.goto(`/admin/users${query}`);
    await this.page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
  }

  select(name: 'role' | 'country' | 'state'): Locator {
    return this.page.getByLabel(t(`filters.${name}`), { exact: true });
  }

  /** Picks a country (its English name, as registered); it applies at once. */
  async filterCountry(country: string) {
    await this.select('country').selectOption(country);
  }

  async filterState(state: string) {
    await this.select('state').selectOption(state);
  }

  /** Types into the search box and presses Search Users. */
  async search(words: string) {
    await searchList(this.page, words, { box: t('filters.search'), button: t('filters.apply') });
  }

  /** The card of a user, by name. */
  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** The names on the cards shown, in order, once the list settled. */
  async names(): Promise<string[]> {
    await this.page.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
    return this.page.locator('article h3').allInnerTexts();
  }

  /** Deactivate (or Reactivate) on a card, confirmed in the dialog. */
  async toggleActive(name: string, action: 'deactivate' | 'reactivate') {
    await this.card(name)
      .getByRole('button', { name: t(`actions.${action}`), exact: true })
      .click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: t(`${action}.confirm`), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Presses Export to Excel; answers the saved file's name and bytes. */
  async exportToExcel(): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: t('filters.export') }).click(),
    ]);
    return { name: download.suggestedFilename(), bytes: await fs.readFile(await download.path()) };
  }

  /** Waits for a toast with this text. */
  toast(message: string) {
    return waitForToast(this.page, message);
  }

  /** Ticks a card's checkbox for the bulk actions ('Select <name>' in the reader's language). */
  async selectUser(name: string, language = 'en') {
    await this.card(name)
      .getByRole('checkbox', {
        name: text(language, 'kit.table.selectRow', 'admin').replace('{{name}}', name),
      })
      .check();
  }

  /** The bulk bar's 'Select every user on this page'. */
  selectPage(language = 'en'): Locator {
    return this.page.getByRole('checkbox', { name: t('bulk.selectPage', language), exact: true });
  }

  /** A bulk action on the selected users, confirmed in its dialog; waits for the dialog to close. */
  async bulk(action: 'deactivate' | 'reactivate' | 'endSessions', language = 'en') {
    const bar = this.page.getByRole('group', { name: t('bulk.label', language) });
    await bar.getByRole('button', { name: t(`bulk.${action}`, language), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: t(`bulk.${action}Title`, language) });
    await dialog.getByRole('button', { name: t(`bulk.${action}`, language), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The dialog listing the users a bulk action left alone, and why. */
  skippedDialog(language = 'en'): Locator {
    return this.page.getByRole('dialog', { name: t('bulk.skippedTitle', language) });
  }

  /** Sorts the list by a column of the sort bar (pressing it again reverses the order). */
  async sortBy(column: string, language = 'en') {
    const bar = this.page.getByRole('group', { name: text(language, 'kit.table.sortBy', 'admin') });
    await bar.getByRole('button', { name: t(`sort.${column}`, language) }).click();
  }
}
