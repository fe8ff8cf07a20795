import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';

const t = (key: string, language = 'en') => text(language, key, 'admin-ad-analytics');

/** The ad and traffic analytics screen (/admin/ad-analytics) as an admin uses it. */
export class AdminAdAnalyticsPage {
  constructor(
    private readonly page: Page,
    readonly language = 'en',
  ) {}

  text(key: string) {
    return t(key, this.language);
  }

  /** An ad location's name, from the admin catalog both ad screens share. */
  locationName(location: string) {
    return text(this.language, `adLocations.${location}`, 'admin');
  }

  /** Opens the screen (with address parameters: `?groupBy=week`) and waits for the cards and the chart. */
  async open(query = '') {
    await this.page.goto(`/admin/ad-analytics${query}`);
    await this.page.getByRole('heading', { level: 1, name: this.text('title') }).waitFor();
    await this.ready();
  }

  /** The cards' filtered line and the chart (or its empty state) are in: both calls have answered. */
  async ready() {
    await this.page.getByTestId('ad-analytics-filtered').waitFor();
    await this.chartPanel.locator('figure, [role="status"]').first().waitFor();
  }

  get chartPanel(): Locator {
    return this.page.getByTestId('ad-analytics-chart');
  }

  /** The drawing, named for screen readers; its canvas once uPlot has loaded. */
  get chart(): Locator {
    return this.page.getByRole('img', { name: this.text('chart.label') });
  }

  get startDate(): Locator {
    return this.page.getByLabel(this.text('controls.startDate'), { exact: true });
  }

  get endDate(): Locator {
    return this.page.getByLabel(this.text('controls.endDate'), { exact: true });
  }

  get groupBy(): Locator {
    return this.page.getByLabel(this.text('controls.groupBy'), { exact: true });
  }

  /** Types both dates and leaves the field, as a keyboard user does (the dates go out on blur). */
  async setRange(startDate: string, endDate: string) {
    await this.startDate.fill(startDate);
    await this.endDate.fill(endDate);
    await this.endDate.blur();
  }

  async chooseGroup(group: 'hour' | 'day' | 'week' | 'month') {
    await this.groupBy.selectOption(group);
  }

  /** The summary cards as label -> the exact figure (what a screen reader hears). */
  async cards(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const tile of await this.page.locator('main dl > div').all()) {
      const label = (await tile.locator('dt').innerText()).trim();
      const spoken = tile.locator('dd .sr-only');
      const figure = (await spoken.count()) > 0 ? spoken : tile.locator('dd');
      result[label] = (await figure.innerText()).trim();
    }
    return result;
  }

  filteredLine(): Locator {
    return this.page.getByTestId('ad-analytics-filtered');
  }

  table(titleKey: 'locations.title' | 'topAds.title' | 'traffic.title'): Locator {
    return this.page.getByRole('table', { name: this.text(titleKey) });
  }

  /** The body rows of a table, each as its cells' texts. */
  async rows(titleKey: 'locations.title' | 'topAds.title' | 'traffic.title'): Promise<string[][]> {
    const rows = await this.table(titleKey).locator('tbody tr').all();
    return Promise.all(
      rows.map(async (row) => (await row.locator('th, td').allInnerTexts()).map((cell) => cell.trim())),
    );
  }

  /** The refusal of the dates (the server's message), under the inputs. */
  refusal(): Locator {
    return this.page.getByRole('alert');
  }

  exportButton(): Locator {
    return this.page.getByRole('button', { name: this.text('export.button') });
  }

  /** Presses Export CSV: the saved file's name and its text. */
  async exportCsv() {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportButton().click()]);
    return { name: download.suggestedFilename(), text: await fs.readFile(await download.path(), 'utf8') };
  }
}
