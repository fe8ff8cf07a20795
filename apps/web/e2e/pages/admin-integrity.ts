import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';
import { waitForToast } from './screen-parts';

const t = (key: string, language = 'en') => text(language, key, 'admin-integrity');

/** A plural text of the screen's catalog, filled in as the screen shows it in English. */
export function integrityCount(key: string, count: number, values: Record<string, string> = {}): string {
  const form = t(`${key}_${count === 1 ? 'one' : 'other'}`);
  return Object.entries({ ...values, count: count.toLocaleString('en') }).reduce(
    (filled, [name, value]) => filled.replace(new RegExp(`{{\\s*${name}(?:,[^}]*)?\\s*}}`, 'g'), value),
    form,
  );
}

/** The vote integrity screen (/admin/integrity) as an admin uses it, in English. */
export class AdminIntegrityPage {
  constructor(private readonly page: Page) {}

  /** Opens the screen (with URL parameters: `?category=...&window=1h`) and waits for the signals. */
  async open(query = '') {
    await this.page.goto(`/admin/integrity${query}`);
    await this.page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
    await this.page.getByTestId('integrity-velocity').getByRole('heading', { level: 2 }).waitFor();
  }

  /** The cluster card of `kind` ('network', ...) that names `songTitle`. */
  cluster(songTitle: string, kind: string): Locator {
    return this.page
      .getByTestId('integrity-clusters')
      .locator('article')
      .filter({ hasText: songTitle })
      .filter({ hasText: t(`clusters.kinds.${kind}`) });
  }

  /** A figure of a cluster card by its name ('Accounts'). */
  async clusterFact(cluster: Locator, label: string): Promise<string> {
    const term = cluster.locator('dt', { hasText: label }).first();
    return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
  }

  /** The spikes listed under the velocity chart that name `songTitle`, newest first. */
  spikes(songTitle: string): Locator {
    return this.page.getByTestId('integrity-spikes').locator('li').filter({ hasText: songTitle });
  }

  /** Open votes on a spike of the velocity list: the list of the song's votes in that minute. */
  async openSpikeVotes(spike: Locator): Promise<Locator> {
    await spike.getByRole('button', { name: t('velocity.openVotes'), exact: true }).click();
    return this.votesLoaded();
  }

  /** Open votes on a cluster card: the list of its votes. */
  async openVotes(cluster: Locator): Promise<Locator> {
    await cluster.getByRole('button', { name: t('clusters.openVotes'), exact: true }).click();
    return this.votesLoaded();
  }

  /** The votes panel once its table has loaded. */
  private async votesLoaded(): Promise<Locator> {
    const panel = this.votesPanel;
    await panel.getByRole('table', { name: t('votes.table.label') }).waitFor();
    await this.page
      .locator('[data-testid="integrity-votes"] table[aria-busy="true"]')
      .waitFor({ state: 'detached' });
    return panel;
  }

  get votesPanel(): Locator {
    return this.page.getByTestId('integrity-votes');
  }

  /** The rows of the votes list, each as its cells' texts. */
  async voteRows(): Promise<string[][]> {
    const rows = this.votesPanel.locator('tbody tr');
    await rows.first().waitFor();
    return rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );
  }

  /** Picks every row of the votes list and presses Quarantine selected: the dialog asking for a reason. */
  async startQuarantineSelected(): Promise<Locator> {
    await this.votesPanel.getByRole('checkbox', { name: text('en', 'kit.table.selectAll', 'admin') }).check();
    await this.votesPanel.getByRole('button', { name: t('votes.quarantineSelected'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: t('quarantine.selectedTitle') });
    await dialog.waitFor();
    return dialog;
  }

  /** Quarantine this cluster: the dialog asking for a reason. */
  async startQuarantine(cluster: Locator): Promise<Locator> {
    await cluster.getByRole('button', { name: t('clusters.quarantine'), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: t('quarantine.clusterTitle') });
    await dialog.waitFor();
    return dialog;
  }

  /** Types the reason and presses Quarantine. */
  async submitQuarantine(dialog: Locator, reason: string) {
    await dialog.getByLabel(t('quarantine.reason')).fill(reason);
    await dialog.getByRole('button', { name: t('quarantine.submit'), exact: true }).click();
  }

  /** The review card (open or decided) whose reason is `reason`. */
  review(reason: string, list: 'open' | 'decided' = 'open'): Locator {
    return this.page
      .getByTestId(list === 'open' ? 'integrity-open-reviews' : 'integrity-decided-reviews')
      .locator('article')
      .filter({ hasText: reason });
  }

  confirmInvalidButton(review: Locator): Locator {
    return review.getByRole('button', { name: t('reviews.confirmInvalid'), exact: true });
  }

  /** Confirm invalid, then the confirmation dialog's button. */
  async confirmInvalid(review: Locator) {
    await this.confirmInvalidButton(review).click();
    const dialog = this.page.getByRole('dialog', { name: t('reviews.invalidateTitle') });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: t('reviews.confirmInvalid'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Waits for a toast with this text. */
  toast(message: string) {
    return waitForToast(this.page, message);
  }

  text = t;
}
