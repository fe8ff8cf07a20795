import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { text } from './catalogs';
import { readStatTiles, waitForToast } from './screen-parts';

const t = (key: string, language = 'en') => text(language, key, 'admin-analytics');

/** The vote analytics screen (/admin/analytics) as an admin uses it, in English. */
export class AdminAnalyticsPage {
  constructor(private readonly page: Page) {}

  text(key: string) {
    return t(key);
  }

  /** Opens the screen (on the shared server, or on the server at `origin`) and waits for the rankings. */
  async open(origin = '', language = 'en') {
    await this.page.goto(`${origin}/admin/analytics`);
    await this.page.getByRole('heading', { level: 1, name: t('title', language) }).waitFor();
    await this.page.locator('main section[data-category]').first().waitFor();
  }

  /** The songs listed in a category's section now (its leaders, plus what "Show more" added). */
  rows(section: Locator): Locator {
    return section.getByRole('article');
  }

  /** "Show N more songs" under a category's ranking. */
  showMore(section: Locator, language = 'en'): Locator {
    const words = t('ranking.showMore_other', language).split('{{')[0]!.trim();
    return section.getByRole('button', { name: new RegExp(`^${words}`) });
  }

  /** Picks a category in "Jump to a category": the page scrolls to it and its heading takes the focus. */
  async jumpTo(name: string, language = 'en') {
    await this.page.getByLabel(t('ranking.jump', language)).selectOption({ label: name });
  }

  /** The note under a category's heading saying its winner no longer leads (empty when it leads). */
  winnerNotLeading(section: Locator): Locator {
    return section.getByTestId('winner-no-longer-leads');
  }

  /** The note saying the category's lead rests on votes under review. */
  leadUnderReview(section: Locator): Locator {
    return section.getByTestId('lead-under-review');
  }

  /** The note above the rankings naming every category whose winner no longer leads. */
  winnersNotLeading(): Locator {
    return this.page.getByTestId('winners-not-leading');
  }

  /** The totals tiles as label -> shown figure. */
  stats(): Promise<Record<string, string>> {
    return readStatTiles(this.page);
  }

  /** A category's ranking, by its English name. */
  category(name: string): Locator {
    return this.page.locator('main section[data-category]', {
      has: this.page.getByRole('heading', { level: 3, name, exact: true }),
    });
  }

  /** A category's ranking, by its id. */
  categoryById(id: string): Locator {
    return this.page.locator(`main section[data-category="${id}"]`);
  }

  /** A song's row in a category's ranking. */
  row(category: string, title: string): Locator {
    return this.category(category).getByRole('article', { name: title, exact: true });
  }

  /**
   * The songs of a category (its English name, or its section) as shown, in order: title, rank badge
   * ('#2'), Winner marker, share, and the 'with set-aside votes' line when the category shows one.
   */
  async ranking(category: string | Locator) {
    const section = typeof category === 'string' ? this.category(category) : category;
    const rows = await section.getByRole('article').all();
    return Promise.all(
      rows.map(async (row) => {
        const withSetAside = row.getByTestId('with-set-aside');
        return {
          title: (await row.getAttribute('aria-label')) ?? '',
          rank: (await row.getByTestId('rank').innerText()).trim(),
          winner: (await row.getAttribute('data-winner')) === 'true',
          share: (await row.getByTestId('share').innerText()).trim(),
          withSetAside: (await withSetAside.count()) > 0 ? (await withSetAside.innerText()).trim() : null,
        };
      }),
    );
  }

  /** 'With set-aside votes: rank 1, 16 votes' as the screen writes it in English. */
  withSetAsideText(rank: number, votes: number) {
    const counted = t(`ranking.votes_${votes === 1 ? 'one' : 'other'}`).replace(
      /{{\s*count(?:,[^}]*)?\s*}}/,
      votes.toLocaleString('en'),
    );
    return t('ranking.withSetAside')
      .replace(/{{\s*rank\s*}}/, rank.toLocaleString('en'))
      .replace(/{{\s*votes\s*}}/, counted);
  }

  selectButton(category: string, title: string): Locator {
    // The row names the song; its button reads 'Select Winner' (and the title, for screen readers).
    return this.row(category, title).getByRole('button', { name: t('ranking.select') });
  }

  /** Presses Select Winner on a song: the 'Confirm Winner Selection' dialog opens. */
  async startSelecting(category: string, title: string) {
    await this.selectButton(category, title).click();
    const dialog = this.page.getByRole('dialog', { name: t('winner.title') });
    await dialog.waitFor();
    return dialog;
  }

  /** Presses a row's Select Winner (any language) and answers the confirmation dialog, open. */
  async startSelectingRow(row: Locator, language = 'en') {
    await row.getByRole('button', { name: t('ranking.select', language) }).click();
    const dialog = this.page.getByRole('dialog', { name: t('winner.title', language) });
    await dialog.waitFor();
    return dialog;
  }

  /** A dialog's words without the invisible isolation marks around names (U+2066..U+2069). */
  async wordsOf(dialog: Locator) {
    return (await dialog.innerText()).replace(/[\u2066-\u2069]/g, '');
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** A results switch: 'Publish results' or 'Show live standings'. */
  switch(name: 'publish' | 'live'): Locator {
    return this.page.getByRole('switch', { name: t(`results.${name}`) });
  }

  /** Flips a results switch and confirms its dialog. */
  async flip(name: 'publish' | 'live') {
    const on = (await this.switch(name).getAttribute('aria-checked')) === 'true';
    await this.switch(name).click();
    const keys =
      name === 'publish'
        ? on
          ? ['unpublishTitle', 'unpublishConfirm']
          : ['publishTitle', 'publishConfirm']
        : on
          ? ['liveOffTitle', 'liveOffConfirm']
          : ['liveOnTitle', 'liveOnConfirm'];
    const dialog = this.dialog(t(`results.${keys[0]}`));
    await dialog.waitFor();
    await dialog.getByRole('button', { name: t(`results.${keys[1]}`), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Export Report: the saved file's name and bytes. */
  async exportReport() {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: t('export.button') }).click(),
    ]);
    return { name: download.suggestedFilename(), bytes: await fs.readFile(await download.path()) };
  }

  /** Waits for a toast with this text. */
  toast(message: string) {
    return waitForToast(this.page, message);
  }
}
