import type { Locator, Page } from 'playwright-core';
import { readStatTiles, waitForToast } from './screen-parts';

export interface CategoryFormInput {
  name?: string;
  description?: string;
  type?: 'Continental' | 'Regional';
  region?: string;
  /** Translated names by the language's own name as the form labels it ('Français'). */
  translatedNames?: Record<string, string>;
}

/** The category management screen (/admin/categories) as an admin sees it, in English. */
export class AdminCategoriesPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/categories');
    await this.page.getByRole('heading', { level: 1, name: 'Category management' }).waitFor();
    await this.page.locator('article').first().waitFor();
  }

  /** The four tiles as label -> shown figure. */
  stats(): Promise<Record<string, string>> {
    return readStatTiles(this.page);
  }

  /** The card whose heading is `name`. */
  card(name: string): Locator {
    return this.page.locator('article', { has: this.page.getByRole('heading', { name, exact: true }) });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async startAdding() {
    await this.page.getByRole('button', { name: 'Add Category' }).first().click();
    await this.page.getByRole('dialog', { name: 'Add Category' }).waitFor();
  }

  async startEditing(name: string) {
    await this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await this.page.getByRole('dialog', { name: 'Edit Category' }).waitFor();
  }

  /** Fills the open Add/Edit form; translations open their section first. */
  async fill(input: CategoryFormInput) {
    const dialog = this.dialog;
    if (input.name !== undefined) await dialog.getByLabel('Name (English)').fill(input.name);
    if (input.description !== undefined)
      await dialog.getByLabel('Description (English)').fill(input.description);
    if (input.type) await dialog.getByLabel('Type').selectOption({ label: input.type });
    if (input.region) await dialog.getByLabel('Region').selectOption({ label: input.region });
    if (input.translatedNames) {
      const toggle = dialog.getByRole('button', { name: /Translations/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      for (const [language, name] of Object.entries(input.translatedNames))
        await dialog.getByLabel(`Name (${language})`).fill(name);
    }
  }

  async submit(label: 'Create Category' | 'Save changes') {
    await this.dialog.getByRole('button', { name: label }).click();
  }

  async deleteCategory(name: string) {
    await this.page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Delete category?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    return confirm;
  }

  /** Whether the card's Delete is off, and the reason it gives (its accessible description). */
  async deleteBlockedReason(name: string) {
    const button = this.page.getByRole('button', { name: `Delete ${name}`, exact: true });
    const describedBy = await button.getAttribute('aria-describedby');
    const reason = describedBy ? await this.page.locator(`[id="${describedBy}"]`).innerText() : null;
    return { disabled: await button.isDisabled(), reason };
  }

  /** Waits for a toast with this text. */
  toast(text: string) {
    return waitForToast(this.page, text);
  }
}
