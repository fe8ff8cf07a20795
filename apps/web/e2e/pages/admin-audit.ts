import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';

const t = (key: string, language = 'en') => text(language, key, 'admin-audit');

/** The audit log (/admin/audit) as an admin uses it, in English. */
export class AdminAuditPage {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/admin/audit${query}`);
    await this.page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
  }

  /** Picks an action by its translated name ('Song approved'); it applies at once. */
  async filterAction(name: string) {
    const select = this.page.getByLabel(t('filters.action'), { exact: true });
    await select.locator('option', { hasText: name }).first().waitFor({ state: 'attached' });
    await select.selectOption({ label: name });
  }

  /** Types into Who and presses Search. */
  async filterActor(words: string) {
    await this.page.getByLabel(t('filters.actor'), { exact: true }).fill(words);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: t('table.label') });
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
    await row.locator('summary').click();
    const rows = row.locator('details table tbody tr');
    await rows.first().waitFor();
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );
    return cells as Array<[string, string, string]>;
  }
}

export const auditText = t;
