import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';
import { waitForToast } from './screen-parts';

export interface AdFormInput {
  /** A PNG for the ad's picture. */
  image?: Buffer;
  title?: string;
  description?: string;
  targetUrl?: string;
  /** The locations to tick, by their key ('between-songs'); every other one is unticked. */
  locations?: string[];
  weight?: string;
  startDate?: string;
  endDate?: string;
  maxDailyImpressions?: string;
  maxTotalImpressions?: string;
}

const LOCATIONS = ['header', 'sidebar', 'footer', 'between-songs', 'popup', 'banner'];

/** The ad management screen (/admin/ads) as an admin uses it, in `language`. */
export class AdminAdsPage {
  constructor(
    private readonly page: Page,
    readonly language = 'en',
  ) {}

  /** A string of the screen's catalog in the page's language. */
  text(key: string) {
    return text(this.language, key, 'admin-ads');
  }

  /** An ad location's name, from the admin catalog both ad screens share. */
  locationName(location: string) {
    return text(this.language, `adLocations.${location}`, 'admin');
  }

  /** A shared message (validation, success) in the page's language. */
  shared(key: string) {
    return text(this.language, key);
  }

  /** Opens the screen (with URL parameters: `?status=inactive`) and waits for its rows or its empty state. */
  async open(query = '') {
    await this.page.goto(`/admin/ads${query}`);
    await this.page.getByRole('heading', { level: 1, name: this.text('title') }).waitFor();
    // An ad's first action (in the table or its card), or the empty state: the list has answered.
    await this.page
      .locator('main table tbody tr button, main [data-ad-card] button, main [role="status"]')
      .locator('visible=true')
      .first()
      .waitFor();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: this.text('table.label') });
  }

  /**
   * The ads as shown: the table's rows from a laptop's width up, one card each below it (a phone or a
   * tablet has no sideways scrolling to reach the actions).
   */
  get items(): Locator {
    return this.page.locator('main table tbody tr, main [data-ad-card]').locator('visible=true');
  }

  /** How far the table scrolls sideways inside its card (0 when it fits), or null without a table shown. */
  async tableOverflow(): Promise<number | null> {
    return this.page.evaluate(() => {
      const table = document.querySelector('main table');
      const scroller = table?.parentElement;
      if (!scroller || scroller.getBoundingClientRect().width === 0) return null;
      return Math.max(0, scroller.scrollWidth - scroller.clientWidth);
    });
  }

  /** Whether `element` lies wholly inside the window's width and inside the table's visible box. */
  async inView(element: Locator): Promise<boolean> {
    const box = await element.boundingBox();
    const width = await this.page.evaluate(() => window.innerWidth);
    return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
  }

  /** Hovers a button and answers the tooltip text shown for it. */
  async tooltipOf(button: Locator): Promise<string> {
    await button.hover();
    const tooltip = this.page.locator('[data-tooltip]');
    await tooltip.waitFor();
    return (await tooltip.innerText()).trim();
  }

  /** The row whose title cell holds `title` exactly. */
  row(title: string): Locator {
    return this.table.locator('tbody tr').filter({
      has: this.page.getByRole('rowheader').filter({ has: this.page.getByText(title, { exact: true }) }),
    });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async startCreating() {
    await this.page
      .getByRole('button', { name: this.text('create') })
      .first()
      .click();
    await this.page.getByRole('dialog', { name: this.text('form.createTitle') }).waitFor();
  }

  async startEditing(title: string) {
    await this.button('table.editNamed', title).click();
    await this.page.getByRole('dialog', { name: this.text('form.editTitle') }).waitFor();
  }

  /** A row action named for its ad ('Edit Lagos Lager'). */
  button(key: string, title: string): Locator {
    return this.page.getByRole('button', { name: this.text(key).replace('{{name}}', title), exact: true });
  }

  /** The open form's control labelled by the catalog's `form.<key>`. */
  field(key: string): Locator {
    const label = this.text(`form.${key}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The label may end with the required star or '(optional)'.
    return this.dialog.getByLabel(new RegExp(`^${label}(\\*|\\s*\\(|$)`));
  }

  async chooseImage(name: string, mimeType: string, buffer: Buffer) {
    await this.field('image').setInputFiles({ name, mimeType, buffer });
  }

  /** Fills the open Create/Edit form. */
  async fill(input: AdFormInput) {
    if (input.image) await this.chooseImage('ad.png', 'image/png', input.image);
    const texts = [
      ['title', input.title],
      ['description', input.description],
      ['targetUrl', input.targetUrl],
      ['weight', input.weight],
      ['startDate', input.startDate],
      ['endDate', input.endDate],
      ['maxDailyImpressions', input.maxDailyImpressions],
      ['maxTotalImpressions', input.maxTotalImpressions],
    ] as const;
    for (const [key, value] of texts) if (value !== undefined) await this.field(key).fill(value);
    if (input.locations) {
      for (const location of LOCATIONS) {
        await this.dialog
          .getByRole('checkbox', { name: this.locationName(location) })
          .setChecked(input.locations.includes(location));
      }
    }
  }

  async submit(kind: 'create' | 'save') {
    await this.dialog.getByRole('button', { name: this.text(`form.${kind}`), exact: true }).click();
  }

  /** Waits for a line of text in the open dialog (a field's error). */
  async dialogSays(message: string) {
    await this.dialog.getByText(message, { exact: true }).first().waitFor();
  }

  async filterStatus(status: 'all' | 'active' | 'inactive') {
    await this.page.getByLabel(this.text('filters.status'), { exact: true }).selectOption(status);
  }

  async openAnalytics(title: string): Promise<Locator> {
    await this.button('table.analyticsNamed', title).click();
    const dialog = this.page.getByRole('dialog', { name: this.text('analytics.title') });
    await dialog.waitFor();
    return dialog;
  }

  /** Delete on the row, confirmed in the dialog. */
  async deleteAd(title: string) {
    await this.button('table.deleteNamed', title).click();
    const confirm = this.page.getByRole('dialog', { name: this.text('delete.title') });
    await confirm.getByRole('button', { name: this.text('delete.confirm'), exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
  }

  /** Waits for a toast with this text. */
  toast(message: string) {
    return waitForToast(this.page, message);
  }
}
