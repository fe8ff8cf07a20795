import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';

const t = (key: string, language = 'en') => text(language, key, 'admin-dashboard');
/** The reject dialog is shared with the other moderation screen: its strings are in the admin namespace. */
const moderation = (key: string) => text('en', `moderation.${key}`, 'admin');

/** The admin dashboard (/admin) as an admin uses it, in English. */
export class AdminDashboardPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/admin');
    await this.page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
  }

  /** One of the four tiles (Total Users, Total Songs, Total Votes, Categories), by its label. */
  tile(label: 'totalUsers' | 'totalSongs' | 'totalVotes' | 'categories'): Locator {
    return this.page
      .locator('dl > div')
      .filter({ has: this.page.getByText(t(`stats.${label}`), { exact: true }) });
  }

  get pendingApprovals(): Locator {
    return this.page.getByRole('region', { name: t('pending.title') });
  }

  /** A song in Pending Approvals, by its title. */
  pendingSong(title: string): Locator {
    return this.pendingApprovals.getByRole('listitem').filter({ hasText: title });
  }

  /**
   * Approve on a pending song. While voting is open the dashboard asks first (fans see the song at once):
   * `expectConfirmation` says whether it must; without it the confirmation, when it shows, is accepted.
   */
  async approve(title: string, { expectConfirmation }: { expectConfirmation?: boolean } = {}) {
    await this.pendingSong(title)
      .getByRole('button', { name: t('pending.approveSong').replace('{{title}}', title) })
      .click();
    const dialog = this.approvalConfirmation;
    const asked =
      expectConfirmation ??
      (await dialog.waitFor({ timeout: 1500 }).then(
        () => true,
        () => false,
      ));
    if (!asked) return null;
    await dialog.waitFor();
    const words = await dialog.innerText();
    await dialog.getByRole('button', { name: t('pending.approve'), exact: true }).click();
    return words;
  }

  /** The question Approve asks while voting is open. */
  get approvalConfirmation(): Locator {
    return this.page.getByRole('dialog', { name: t('pending.confirmTitle') });
  }

  async reject(title: string, reason = '') {
    await this.pendingSong(title)
      .getByRole('button', { name: t('pending.rejectSong').replace('{{title}}', title) })
      .click();
    const dialog = this.page.getByRole('dialog', { name: moderation('reject.title') });
    if (reason) await dialog.getByLabel(moderation('reject.reason'), { exact: false }).fill(reason);
    await dialog.getByRole('button', { name: moderation('reject.confirm'), exact: true }).click();
  }

  get quickActions(): Locator {
    return this.page.getByRole('region', { name: t('quick.title') });
  }

  get platformStats(): Locator {
    return this.page.getByRole('region', { name: t('platform.title') });
  }

  get recentActivity(): Locator {
    return this.page.getByRole('region', { name: t('activity.title') });
  }

  /** A toast (a success or failure message) with this text. */
  toast(message: string): Locator {
    return this.page.getByText(message, { exact: true });
  }
}

export const dashboardText = t;
