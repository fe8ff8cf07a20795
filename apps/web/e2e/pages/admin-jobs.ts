import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';

const t = (key: string, language = 'en') => text(language, key, 'admin-jobs');

/** Unicode isolates wrap names put into sentences (lib/bidi.ts): compare what a reader sees without them. */
export const withoutIsolates = (value: string) => value.replace(/[\u2068\u2069]/g, '');

/** The scheduled jobs screen (/admin/jobs) as an admin uses it. */
export class AdminJobsPage {
  constructor(
    private readonly page: Page,
    readonly language = 'en',
  ) {}

  text(key: string) {
    return t(key, this.language);
  }

  /** A job's name as the screen shows it ('Code e-mail requests clean-up'). */
  jobName(code: string) {
    return this.text(`names.${code}`);
  }

  /** Opens the screen (with URL parameters: `?job=code-requests`) and waits for the jobs to show. */
  async open(query = '') {
    await this.page.goto(`/admin/jobs${query}`);
    await this.page.getByRole('heading', { level: 1, name: this.text('title') }).waitFor();
    await this.jobsPanel.locator('li[data-testid^="job-"]').first().waitFor();
  }

  get jobsPanel(): Locator {
    return this.page.getByTestId('jobs-panel');
  }

  /** One job's card, by its code. */
  job(code: string): Locator {
    return this.page.getByTestId(`job-${code}`);
  }

  /** The names of the jobs shown, in order. */
  async jobNames(): Promise<string[]> {
    return this.jobsPanel.locator('li[data-testid^="job-"] h3').allInnerTexts();
  }

  /**
   * Run now on a job's card, confirmed in the dialog (which names the job); waits for the dialog to close
   * (the run has finished). Answers the job the dialog named.
   */
  async runNow(code: string) {
    await this.job(code)
      .getByRole('button', { name: this.text('run.button'), exact: true })
      .click();
    const dialog = this.page.getByRole('dialog', { name: this.text('run.confirmTitle') });
    await dialog.waitFor();
    const named = await dialog.getByTestId('run-job-confirm').locator('p').first().innerText();
    await dialog.getByRole('button', { name: this.text('run.button'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    return named;
  }

  get runsTable(): Locator {
    return this.page.getByRole('table', { name: this.text('runs.label') });
  }

  /** The rows of Recent runs, once no page is loading over them. */
  async runRows(): Promise<Locator> {
    await this.runsTable.waitFor();
    await this.page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    return this.runsTable.locator('tbody tr');
  }

  /** Each shown run's cells as text, with isolates removed. */
  async runCells(): Promise<string[][]> {
    const rows = await this.runRows();
    return rows.evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('th, td')].map((cell) =>
          ((cell as HTMLElement).innerText ?? '').replace(/[\u2068\u2069]/g, '').trim(),
        ),
      ),
    );
  }

  /** Picks a job in Recent runs' filter (by its code; it applies at once). */
  async filterJob(code: string) {
    await this.page.getByLabel(this.text('filters.job'), { exact: true }).selectOption(code);
  }

  async filterStatus(status: 'all' | 'running' | 'succeeded' | 'failed') {
    await this.page.getByLabel(this.text('filters.status'), { exact: true }).selectOption(status);
  }

  async clearFilters() {
    await this.page
      .getByRole('search')
      .getByRole('button', { name: this.text('filters.clear'), exact: true })
      .click();
  }

  /** Waits for a toast saying `message` (compared without the isolates around names). */
  async toast(message: string) {
    await this.page.waitForFunction(
      (wanted) =>
        [...document.querySelectorAll('[aria-live="polite"] p')].some(
          (toast) => (toast.textContent ?? '').replace(/[\u2068\u2069]/g, '') === wanted,
        ),
      message,
    );
  }
}
