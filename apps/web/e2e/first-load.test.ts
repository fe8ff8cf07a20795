import { describe, expect, it } from 'vitest';
import { captchaToken } from './support/api';
import { setUpBrowser } from './support/browser';
import { logIn, storeSession } from './support/session';

const browser = setUpBrowser();
/** A demo fan no other journey uses: each run starts on a fresh database anyway. */
const FAN = { email: 'brice.mbarga@ovation.test', password: 'Ovation2025!' } as const;
/** Long enough that, without a neutral state, the page would show 'Vote' before the answer came. */
const SLOW_ANSWER_MS = 1500;

interface Category {
  _id: string;
  name: string;
}

async function apiData<T>(path: string, token?: string): Promise<T> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(`${browser.baseUrl}/api${path}`, { headers });
  return ((await response.json()) as { data: T }).data;
}

/** A category the fan has voted in today (the demo data may have one already; else the fan votes now). */
async function categoryVotedIn(token: string): Promise<Category> {
  for (const category of await apiData<Category[]>('/categories')) {
    const check = await apiData<{ canVote: boolean; votedSongId?: string | null }>(
      `/votes/check/${category._id}`,
      token,
    );
    if (!check.canVote && check.votedSongId) return category;
    if (!check.canVote) continue;
    const detail = await apiData<{ songs: Array<{ _id: string }> }>(`/categories/${category._id}`);
    if (detail.songs.length === 0) continue;
    const vote = await fetch(`${browser.baseUrl}/api/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        songId: detail.songs[0]!._id,
        captchaToken: await captchaToken(browser.baseUrl),
      }),
    });
    expect(vote.status).toBe(201);
    return category;
  }
  throw new Error('no category to vote in');
}

describe('what a page loads first', () => {
  it('never shows a fan who has voted a Vote button turning into Voted on a category page', async () => {
    const session = await logIn(browser.baseUrl, FAN);
    const category = await categoryVotedIn(session.token);

    const page = await browser.reset({ language: 'en' });
    await storeSession(page.context(), session);
    // Every state any vote button shows, from the first paint on.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { voteStates: Set<string> }).voteStates = seen;
      new MutationObserver(() => {
        for (const button of document.querySelectorAll('[data-vote-state]')) {
          seen.add(`${button.getAttribute('data-vote-state')}|${button.firstChild?.textContent ?? ''}`);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    // The fan's check and the voting status answer late, as on a slow network.
    await page.route(/\/api\/(votes\/check\/|voting-settings\/status)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
      await route.continue();
    });

    await page.goto(`/categories/${category._id}`);
    await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
    await page.locator('main [data-vote-state="voted"]').waitFor();
    const states = await page.evaluate(() => [
      ...(window as unknown as { voteStates: Set<string> }).voteStates,
    ]);
    expect(states.some((state) => state.startsWith('checking|'))).toBe(true);
    expect(states.filter((state) => state.startsWith('votable|'))).toEqual([]);
    expect(states.some((state) => /^\w+\|Vote$/.test(state))).toBe(false);
  });

  it('loads the CAPTCHA on /register only once the form is used, with no eval refused', async () => {
    const page = await browser.reset({ language: 'en', viewport: 'phone' });
    const captchaScripts: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/altcha-[\w-]+\.js$/.test(request.url())) captchaScripts.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval/i.test(message.text())) refused.push(message.text());
    });

    await page.goto('/register');
    await page.getByLabel('Full name').waitFor();
    await page.waitForLoadState('load');
    await page.waitForTimeout(1000);
    expect(captchaScripts).toEqual([]);

    await page.getByLabel('Full name').fill('Ada Fan');
    await page.locator('altcha-widget').waitFor({ state: 'attached' });
    expect(captchaScripts).toHaveLength(1);
    // The form's validation (zod) runs too: a mismatch is refused on the client, with no eval.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('main [aria-invalid="true"]').first().waitFor();
    expect(refused).toEqual([]);
  });
});
