import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';
import { logIn, type SignedIn } from './support/session';

const browser = setUpBrowser();
const PASSWORD = 'Ovation2025!';
/** Fans no other journey votes with; the first that may still vote for some song is used. */
const FANS = ['dawit.tesfaye@ovation.test', 'meron.alemu@ovation.test', 'joana.domingos@ovation.test'];

async function blockExternalNetwork(page: Page) {
  await page.context().route(
    (url) => !url.href.startsWith(browser.baseUrl),
    (route) => route.abort(),
  );
}

async function prepare(page: Page, session?: SignedIn) {
  await blockExternalNetwork(page);
  await page.context().addInitScript(
    (signedIn) => {
      window.localStorage.setItem('hasSeenVotingTutorial', 'true');
      if (signedIn) {
        window.localStorage.setItem('token', signedIn.token);
        window.localStorage.setItem('user', signedIn.user);
        window.localStorage.setItem('lastActivity', String(Date.now()));
      }
    },
    session ? { token: session.token, user: JSON.stringify(session.user) } : null,
  );
}

/** Whether the focused element is the song page's vote button. */
function voteButtonHasFocus(page: Page) {
  return page.evaluate(() => document.activeElement?.matches('main [data-vote-state]') ?? false);
}

async function songs(): Promise<Array<{ _id: string; title: string }>> {
  const response = await fetch(`${browser.baseUrl}/api/songs?limit=30&sortBy=title&sortOrder=desc`);
  return ((await response.json()) as { data: Array<{ _id: string; title: string }> }).data;
}

/** A fan and a song they may vote for now. */
async function fanAndSong() {
  const list = await songs();
  for (const email of FANS) {
    const fan = await logIn(browser.baseUrl, { email, password: PASSWORD });
    for (const song of list) {
      const response = await fetch(`${browser.baseUrl}/api/votes/check-song/${song._id}`, {
        headers: { authorization: `Bearer ${fan.token}` },
      });
      const { data } = (await response.json()) as { data: { canVote: boolean } };
      if (data.canVote) return { fan, song };
    }
  }
  throw new Error('No fan may vote for any song');
}

describe('focus after the vote dialogs', () => {
  it('comes back to the vote button when the success dialog closes', async () => {
    const { fan, song } = await fanAndSong();
    const page = browser.page;
    await prepare(page, fan);
    await page.goto(`/songs/${song._id}`);
    await page.getByRole('heading', { level: 1, name: song.title }).waitFor();
    const vote = page.locator('main [data-vote-state]');
    await expect.poll(() => vote.getAttribute('data-vote-state')).toBe('votable');

    // Keyboard only: the vote goes out (the CAPTCHA solves itself), the success dialog opens.
    await vote.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text('en', 'successModal.title', 'voting') });
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: text('en', 'successModal.done', 'voting') }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => voteButtonHasFocus(page)).toBe(true);
    // The voted button keeps its place in the tab order, and says it is not available.
    expect(await vote.getAttribute('data-vote-state')).toBe('voted');
    expect(await vote.getAttribute('aria-disabled')).toBe('true');
    // Pressing it again does nothing: no new dialog.
    await page.keyboard.press('Enter');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("comes back to the vote button when a guest's login prompt is closed, by its button or Escape", async () => {
    const [song] = await songs();
    const page = browser.page;
    await prepare(page);
    await page.goto(`/songs/${song!._id}`);
    await page.getByRole('heading', { level: 1, name: song!.title }).waitFor();
    const vote = page.locator('main [data-vote-state="votable"]');
    const prompt = page.getByRole('dialog', { name: text('en', 'login.title', 'voting') });

    await vote.focus();
    await page.keyboard.press('Enter');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: text('en', 'common.close') }).click();
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => voteButtonHasFocus(page)).toBe(true);

    await page.keyboard.press('Enter');
    await prompt.waitFor();
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => voteButtonHasFocus(page)).toBe(true);
  });
});
