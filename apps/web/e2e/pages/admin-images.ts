import type { Locator, Page } from 'playwright-core';
import { waitForToast } from './screen-parts';

/** The image library screen (/admin/images) as an admin sees it, in English. */
export class AdminImagesPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/images');
    await this.page.getByRole('heading', { level: 1, name: 'Image management' }).waitFor();
    await this.page.getByRole('heading', { level: 2, name: 'Uploaded images' }).waitFor();
  }

  /** The image cards, newest first. */
  get cards(): Locator {
    return this.page.locator('main article[data-filename]');
  }

  /** The card of the image stored as `filename`. */
  card(filename: string): Locator {
    return this.page.locator(`main article[data-filename="${filename}"]`);
  }

  /** The '4 images' line above the grid, as a number. */
  async total(): Promise<number> {
    const text = await this.page.getByText(/^\d[\d,]* images?$/).innerText();
    return Number(text.replace(/\D/g, ''));
  }

  get uploadDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Upload Image' });
  }

  async startUploading() {
    await this.page.getByRole('button', { name: 'Upload Image' }).first().click();
    await this.uploadDialog.waitFor();
  }

  /** Chooses a file in the open Upload Image dialog, as the picker would. */
  async chooseFile(name: string, mimeType: string, buffer: Buffer) {
    await this.uploadDialog.getByLabel('Image', { exact: true }).setInputFiles({ name, mimeType, buffer });
  }

  async submitUpload() {
    await this.uploadDialog.getByRole('button', { name: 'Upload', exact: true }).click();
  }

  /** Copy URL on a card. */
  async copyUrl(card: Locator) {
    await card.getByRole('button', { name: /^Copy URL of / }).click();
  }

  /** Delete on a card, then Delete in 'Delete image?'. */
  async deleteImage(card: Locator) {
    await card.getByRole('button', { name: /^Delete / }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Delete image?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  }

  get inUseDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'This image is in use' });
  }

  /** Waits for a toast with this text. */
  toast(text: string) {
    return waitForToast(this.page, text);
  }
}
