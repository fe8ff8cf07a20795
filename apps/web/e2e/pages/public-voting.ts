import type { Page } from 'playwright-core';
import { text } from './catalogs';

/** Ids from the demo data: an approved song and its category. */
export interface VotedSong {
  songId: string;
  categoryId: string;
}

/** Finds an approved song of the demo data with its category (through the public API). */
export async function findApprovedSong(baseUrl: string): Promise<VotedSong> {
  const response = await fetch(`${baseUrl}/api/songs?limit=1`);
  const songs = ((await response.json()) as { data: Array<{ _id: string; category: { _id: string } }> }).data;
  const song = songs[0];
  if (!song) throw new Error('The demo data has no approved song');
  return { songId: song._id, categoryId: song.category._id };
}

/**
 * What a fan reads about the vote on the public pages (home, category page, song page, footer, terms): the
 * voting phase the hero, the buttons and the countdown show, and every rule text.
 */
export class PublicVotingScreens {
  constructor(
    private readonly page: Page,
    private readonly language: string,
  ) {}

  /** Opens `path` once the voting status and the public settings (the rule) have answered. */
  async open(path: string, ready = 'main h1') {
    const status = this.page.waitForResponse((response) =>
      response.url().includes('/voting-settings/status'),
    );
    const settings = this.page.waitForResponse((response) =>
      response.url().includes('/api/public/public-settings'),
    );
    await this.page.goto(path);
    await Promise.all([status, settings]);
    await this.page.locator(ready).first().waitFor();
  }

  /** The phase the home hero shows (its caption's data-voting-phase). */
  heroPhase() {
    return this.page.locator('main [data-voting-phase]').first().getAttribute('data-voting-phase');
  }

  /** Whether `key` of the main catalog shows anywhere on the page, in the screen's language. */
  async shows(key: string, namespace?: string, values: Record<string, string> = {}) {
    let wanted = text(this.language, key, namespace);
    for (const [name, value] of Object.entries(values)) wanted = wanted.replace(`{{${name}}}`, value);
    const match = this.page.getByText(wanted, { exact: false });
    return (await match.count()) > 0 && (await match.first().isVisible());
  }

  /** The pre-voting countdown ("Voting opens soon"), if it opens within `waitMs`. */
  async countdownOpens(waitMs = 2500) {
    const dialog = this.page.getByRole('dialog', { name: text(this.language, 'countdown.title', 'voting') });
    return dialog
      .waitFor({ timeout: waitMs })
      .then(() => true)
      .catch(() => false);
  }

  /** Every vote button's state and words on the page (waits for at least one). */
  async voteButtons() {
    const buttons = this.page.locator('main [data-vote-state]');
    await buttons.first().waitFor();
    return buttons.evaluateAll((nodes) =>
      nodes.map((node) => ({
        state: node.getAttribute('data-vote-state'),
        // The visible words, without the song title read only by screen readers.
        label: [...node.childNodes]
          .filter((child) => !(child instanceof HTMLElement && child.classList.contains('sr-only')))
          .map((child) => child.textContent ?? '')
          .join('')
          .trim(),
      })),
    );
  }

  /**
   * Clicks the song page's vote button and answers the vote dialog's text (the CAPTCHA step). The CAPTCHA
   * challenge is held back, so the dialog stays and no vote is cast.
   */
  async voteDialogText() {
    await this.page.route('**/api/captcha/challenge**', (route) => route.abort());
    await this.page.locator('main [data-vote-state="votable"]').first().click();
    const dialog = this.page.getByRole('dialog', { name: text(this.language, 'captcha.title', 'voting') });
    await dialog.waitFor();
    return dialog.innerText();
  }

  /** The text of the footer's fair-play line. */
  footerText() {
    return this.page.locator('footer').innerText();
  }

  /** The text of the page's main content. */
  mainText() {
    return this.page.locator('main').innerText();
  }
}
