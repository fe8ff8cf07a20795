import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';

/** The Bulk Upload modal of the song moderation page (/admin/songs), as the admin uses it, in `language`. */
export class AdminBulkUploadModal {
  readonly dialog: Locator;
  private readonly t: (key: string) => string;

  constructor(
    private readonly page: Page,
    private readonly language = 'en',
  ) {
    this.t = (key) => text(language, key, 'admin-bulk-upload');
    this.dialog = page.getByRole('dialog', { name: this.t('title') });
  }

  /** Opens the songs page (optionally searched) and the modal from the header's Bulk Upload button. */
  async open(search = '') {
    await this.page.goto(`/admin/songs${search ? `?search=${encodeURIComponent(search)}` : ''}`);
    const songs = (key: string) => text(this.language, key, 'admin-songs');
    await this.page.getByRole('heading', { level: 1, name: songs('title') }).waitFor();
    await this.page.getByRole('button', { name: songs('header.bulkUpload'), exact: true }).click();
    await this.dialog.waitFor();
  }

  get uploadButton() {
    return this.dialog.getByRole('button', { name: this.t('actions.upload') });
  }

  /** Downloads the CSV template: its saved name and its text. */
  async downloadTemplate(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.dialog.getByRole('button', { name: this.t('template.download') }).click(),
    ]);
    const saved = await download.path();
    return { name: download.suggestedFilename(), text: await fs.readFile(saved, 'utf8') };
  }

  /** Chooses a file as the admin would in the picker. */
  async chooseFile(name: string, content: string, mimeType = 'text/csv') {
    await this.dialog
      .getByLabel(this.t('file.label'))
      .setInputFiles({ name, mimeType, buffer: Buffer.from(content, 'utf8') });
  }

  /** Upload Songs: the preview (a dry run) comes first; nothing is stored yet. */
  async preview() {
    await this.uploadButton.click();
    await this.dialog.getByRole('heading', { name: this.t('preview.heading') }).waitFor();
  }

  /** The preview's Confirm button ('Confirm upload of N songs'). */
  get confirmButton() {
    const words = this.t('actions.confirm_other').split('{{count}}')[0]!.trim();
    return this.dialog.getByRole('button', { name: words });
  }

  /** Confirm on the preview: the real upload, then its result. */
  async confirm() {
    await this.confirmButton.click();
    await this.dialog.getByRole('heading', { name: this.t('summary.heading') }).waitFor();
  }

  /** Upload Songs then Confirm: the preview, then the real upload and its result. */
  async upload() {
    await this.preview();
    await this.confirm();
  }

  /** The summary's tiles: Total, Successful, Failed. */
  async summary(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const tile of await this.dialog.locator('dl > div').all()) {
      result[(await tile.locator('dt').innerText()).trim()] = (await tile.locator('dd').innerText()).trim();
    }
    return result;
  }

  /** The rows not uploaded, each as 'Row N | title | reason'. */
  async failures(): Promise<string[]> {
    const rows = this.dialog.getByRole('listitem');
    const texts: string[] = [];
    for (const row of await rows.all()) {
      const parts = await row.locator(':scope > span').allInnerTexts();
      texts.push(parts.map((part) => part.trim()).join(' | '));
    }
    return texts;
  }

  /** The upload progress bar's value (0, 50, 100). */
  async progress(): Promise<number> {
    return Number(await this.dialog.getByLabel(this.t('progress.label')).getAttribute('value'));
  }

  async close() {
    await this.dialog
      .getByRole('button', { name: this.t('actions.close'), exact: true })
      .first()
      .click();
    await this.dialog.waitFor({ state: 'hidden' });
  }
}
