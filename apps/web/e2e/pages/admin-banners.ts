import type { Locator, Page } from 'playwright-core';
import { waitForToast } from './screen-parts';

export interface BannerFormInput {
  title?: string;
  description?: string;
  /** A wide PNG for the banner's picture. */
  image?: Buffer;
  /** Translated titles by the language's own name as the form labels it ('Français'). */
  translatedTitles?: Record<string, string>;
}

/** The banner management screen (/admin/banners) as an admin sees it, in English. */
export class AdminBannersPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/banners');
    await this.page.getByRole('heading', { level: 1, name: 'Banner management' }).waitFor();
    await this.page.locator('main ol > li article').first().waitFor();
  }

  /** The banner titles in the order the screen lists them. */
  titles(): Promise<string[]> {
    return this.page.locator('main ol > li article h3').allInnerTexts();
  }

  /** The card whose heading is `title`. */
  card(title: string): Locator {
    return this.page.locator('article', {
      has: this.page.getByRole('heading', { name: title, exact: true }),
    });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async startUploading() {
    await this.page.getByRole('button', { name: 'Upload Banner' }).first().click();
    await this.page.getByRole('dialog', { name: 'Upload Banner' }).waitFor();
  }

  async startEditing(title: string) {
    await this.page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    await this.page.getByRole('dialog', { name: 'Edit Banner' }).waitFor();
  }

  /** Fills the open Upload/Edit form; translations open their section first. */
  async fill(input: BannerFormInput) {
    const dialog = this.dialog;
    if (input.image) {
      await dialog
        .getByLabel('Banner image')
        .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: input.image });
    }
    if (input.title !== undefined) await dialog.getByLabel('Title (English)').fill(input.title);
    if (input.description !== undefined)
      await dialog.getByLabel('Description (English)').fill(input.description);
    if (input.translatedTitles) {
      const toggle = dialog.getByRole('button', { name: /Translations/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      for (const [language, title] of Object.entries(input.translatedTitles))
        await dialog.getByLabel(`Title (${language})`).fill(title);
    }
  }

  async submit(label: 'Upload Banner' | 'Save changes') {
    await this.dialog.getByRole('button', { name: label, exact: true }).click();
  }

  /** Move up / Move down on a card. */
  moveButton(title: string, direction: 'up' | 'down'): Locator {
    return this.page.getByRole('button', { name: `Move ${title} ${direction}`, exact: true });
  }

  async deleteBanner(title: string) {
    await this.page.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Delete banner?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  }

  /** Waits for a toast with this text. */
  toast(text: string) {
    return waitForToast(this.page, text);
  }
}
