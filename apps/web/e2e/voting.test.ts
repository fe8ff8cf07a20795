import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowser } from './support/browser';

const browser = setUpBrowser();
const PASSWORD = 'Ovation2025!';
/** Fans other journeys are unlikely to use: each run starts on a fresh database anyway. */
const VOTING_FAN = 'yacine.bouzid@ovation.test';

interface SongSummary {
  _id: string;
  title: string;
  category: { _id: string; name: string };
}

async function api<T>(path: string, token?: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${browser.baseUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = (await response.json()) as { data: T } & Record<string, unknown>;
  return (body.data ?? body) as T;
}

async function login(email: string) {
  const response = await fetch(`${browser.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return (await response.json()) as { token: string; user: { _id: string; name: string; role: string } };
}

/** No third-party traffic in tests: embeds are checked by their element and address, never loaded. */
async function blockExternalNetwork(page: Page) {
  await page.context().route(
    (url) => !url.href.startsWith(browser.baseUrl),
    (route) => route.abort(),
  );
}

async function signIn(page: Page, session: { token: string; user: unknown }) {
  await page.context().addInitScript(
    ({ token, user }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', JSON.stringify(user));
      window.localStorage.setItem('hasSeenVotingTutorial', 'true');
    },
    { token: session.token, user: session.user },
  );
}

describe('voting', () => {
  it('lets a fan preview, vote in a category with confetti, then refuses a second vote there', async () => {
    const started = Date.now();
    const page = browser.page;
    await blockExternalNetwork(page);
    const session = await login(VOTING_FAN);
    expect(session.user.role).toBe('fan');

    // A category of a home-page song where this fan may vote now, with another song to vote for.
    const featured = await api<SongSummary[]>('/songs?limit=8&sortBy=createdAt&sortOrder=desc');
    let target: { featured: SongSummary; other: SongSummary } | undefined;
    for (const song of featured) {
      const check = await api<{ canVote: boolean }>(`/votes/check/${song.category._id}`, session.token);
      if (!check.canVote) continue;
      const detail = await api<{ songs: SongSummary[] }>(`/categories/${song.category._id}`);
      const other = detail.songs.find((candidate) => candidate._id !== song._id);
      if (other) {
        target = { featured: song, other };
        break;
      }
    }
    expect(target, 'a category the fan can vote in').toBeDefined();
    const { featured: featuredSong, other } = target!;

    await signIn(page, session);
    await page.goto(`/categories/${other.category._id}`);
    await page.getByRole('heading', { level: 1, name: other.category.name }).waitFor();
    const card = page
      .locator('article')
      .filter({ has: page.getByRole('heading', { level: 3, name: other.title }) });

    // The Song Details panel, then its player: the embed element appears (its content never loads here).
    await card.getByRole('button', { name: `Song details: ${other.title}` }).click();
    const panel = page.locator('dialog[data-panel="song-details"]');
    await panel.getByRole('heading', { name: 'Song Details' }).waitFor();
    await panel.getByRole('button', { name: `Play ${other.title}` }).click();
    await panel.locator('[data-player]').waitFor();
    const player = panel.locator('[data-player] iframe, [data-player] audio, [data-player] a');
    expect(await player.count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Vote: the CAPTCHA solves itself and the vote goes out.
    const vote = card.locator('[data-vote-state]');
    await expect.poll(() => vote.getAttribute('data-vote-state')).toBe('votable');
    await vote.click();
    await page.getByRole('heading', { name: 'Quick security check' }).waitFor();
    const success = page.getByText(
      `Vote submitted! You've reached the daily limit for \u2068${other.category.name}\u2069`,
    );
    await success.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('canvas[data-confetti]').count()).toBe(1);
    await expect.poll(() => vote.getAttribute('data-vote-state')).toBe('voted');
    expect(await vote.textContent()).toContain('Voted ✓');
    expect(await vote.isDisabled()).toBe(true);
    await page.getByText('Voted in Category ✓').waitFor();
    // The other songs of the category now wait for the renewal.
    const otherStates = await page
      .locator('ol [data-vote-state]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-vote-state')));
    expect(otherStates.filter((state) => state === 'cooldown').length).toBe(otherStates.length - 1);

    // A second vote in the category (the home page's light button lets the server decide) is refused.
    await page.goto('/');
    const homeCard = page.locator('article').filter({ hasText: featuredSong.title }).first();
    await homeCard.locator('[data-vote-state="votable"]').click();
    await page
      .getByText('You have already voted in this category today. You can vote again in 24 hours.')
      .waitFor({ timeout: 20_000 });
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('offers a guest Login and Register, remembers the page and returns to it after login', async () => {
    const page = browser.page;
    await blockExternalNetwork(page);
    await page.context().addInitScript(() => window.localStorage.setItem('hasSeenVotingTutorial', 'true'));
    const [song] = await api<SongSummary[]>('/songs?limit=1&sortBy=title&sortOrder=asc');
    await page.goto(`/songs/${song!._id}`);
    await page.getByRole('heading', { level: 1, name: song!.title }).waitFor();
    const vote = page.locator('main [data-vote-state]');
    expect(await vote.textContent()).toContain('Vote for this Song');
    await vote.click();

    const dialog = page.getByRole('dialog', { name: 'Log in to vote' });
    await dialog.waitFor();
    expect(await dialog.getByText('Please login to vote for songs.').count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(await page.evaluate(() => window.localStorage.getItem('redirectAfterLogin'))).toBe(
      `/songs/${song!._id}`,
    );

    await dialog.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    const email = page.locator('input[type="email"]');
    // The login page is a colleague's: when it is there, signing in brings the fan back to the song.
    if ((await email.count()) > 0) {
      await email.fill('ines.trabelsi@ovation.test');
      await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(`**/songs/${song!._id}`, { timeout: 15_000 });
      await vote.waitFor();
    }
  });
});
