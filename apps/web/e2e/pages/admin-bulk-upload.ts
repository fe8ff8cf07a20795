import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** The Bulk Upload modal of the song moderation page (/admin/songs), as the admin uses it. */
export class AdminBulkUploadModal {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Bulk Upload Songs' });
  }

  /** Opens the songs page (optionally searched) and the modal from the header's Bulk Upload button. */
  async open(search = '') {
    await this.page.goto(`/admin/songs${search ? `?search=${encodeURIComponent(search)}` : ''}`);
    await this.page.getByRole('heading', { level: 1, name: 'Song Moderation' }).waitFor();
    await this.page.getByRole('button', { name: 'Bulk Upload' }).click();
    await this.dialog.waitFor();
  }

  get uploadButton() {
    return this.dialog.getByRole('button', { name: 'Upload Songs' });
  }

  /** Downloads the CSV template: its saved name and its text. */
  async downloadTemplate(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.dialog.getByRole('button', { name: 'Download CSV template' }).click(),
    ]);
    const saved = await download.path();
    return { name: download.suggestedFilename(), text: await fs.readFile(saved, 'utf8') };
  }

  /** Chooses a file as the admin would in the picker. */
  async chooseFile(name: string, content: string, mimeType = 'text/csv') {
    await this.dialog
      .getByLabel('CSV file')
      .setInputFiles({ name, mimeType, buffer: Buffer.from(content, 'utf8') });
  }

  async upload() {
    await this.uploadButton.click();
    await this.dialog.getByRole('heading', { name: 'Upload result' }).waitFor();
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
    const rows = this.dialog.getByRole('list', { name: 'Rows not uploaded' }).getByRole('listitem');
    const texts: string[] = [];
    for (const row of await rows.all()) {
      const parts = await row.locator(':scope > span').allInnerTexts();
      texts.push(parts.map((part) => part.trim()).join(' | '));
    }
    return texts;
  }

  /** The upload progress bar's value (0, 50, 100). */
  async progress(): Promise<number> {
    return Number(await this.dialog.getByLabel('Upload progress').getAttribute('value'));
  }

  async close() {
    await this.dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await this.dialog.waitFor({ state: 'hidden' });
  }
}
