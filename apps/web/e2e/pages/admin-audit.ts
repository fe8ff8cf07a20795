import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';

const t = (key: string, language = 'en') => text(language, key, 'admin-audit');

/** The audit log (/admin/audit) as an admin uses it, in English unless told another language. */
export class AdminAuditPage {
  /** A string of the audit catalog in the page's language. */
  readonly text: (key: string) => string;

  constructor(
    private readonly page: Page,
    language = 'en',
  ) {
    this.text = (key) => t(key, language);
  }

  /** Opens the log (with URL parameters: `?action=song.approved`) once its title shows. */
  async open(query = '') {
    await this.page.goto(`/admin/audit${query}`);
    await this.page.locator('h1', { hasText: this.text('title') }).waitFor();
  }

  /** Export CSV: answers the export's HTTP status and the file name the server gave. */
  async exportCsv(): Promise<{ status: number; fileName: string | null }> {
    const answer = this.page.waitForResponse((response) =>
      response.url().includes('/api/admin/audit/export'),
    );
    await this.page.getByRole('button', { name: this.text('export.button'), exact: true }).click();
    const response = await answer;
    const disposition = (await response.allHeaders())['content-disposition'] ?? '';
    return { status: response.status(), fileName: /filename="?([^";]+)/.exec(disposition)?.[1] ?? null };
  }

  /** Picks an action by its translated name ('Song approved'); it applies at once. */
  async filterAction(name: string) {
    const select = this.page.getByLabel(this.text('filters.action'), { exact: true });
    await select.locator('option', { hasText: name }).first().waitFor({ state: 'attached' });
    await select.selectOption({ label: name });
  }

  /** Types into Who and presses Search. */
  async filterActor(words: string) {
    await this.page.getByLabel(this.text('filters.actor'), { exact: true }).fill(words);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: this.text('table.label') });
  }

  /** Waits until no page is loading over the table. */
  async settled() {
    await this.table.waitFor();
    await this.page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
  }

  /** The entry whose target (or any cell) names `words`. */
  entry(words: string): Locator {
    return this.table.getByRole('row').filter({ hasText: words });
  }

  /** What each shown entry did ('Song approved'), in order. */
  async actions(): Promise<string[]> {
    await this.settled();
    return this.table.locator('tbody th[scope="row"] p.font-semibold').allInnerTexts();
  }

  /** Opens an entry's change and answers its rows: field, before, after. */
  async change(row: Locator): Promise<Array<[string, string, string]>> {
    await row.locator('summary').first().click();
    const rows = row.locator('details table tbody tr');
    await rows.first().waitFor();
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        // Isolation marks around a value (for right-to-left text) are not what the reader sees.
        [...tr.querySelectorAll('th, td')].map((cell) =>
          (cell.textContent ?? '').replace(/[\u2066-\u2069]/g, '').trim(),
        ),
      ),
    );
    return cells as Array<[string, string, string]>;
  }
}

export const auditText = t;
