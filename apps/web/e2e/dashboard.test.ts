import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';
import { apiAs, signInAs } from './support/session';

const browser = setUpBrowser();

interface ArtistSong {
  _id: string;
  title: string;
  status: string;
  rankInCategory: number | null;
}

describe('artist dashboard', () => {
  it('shows the five stat tiles and "#n in category" on an approved song', async () => {
    const page = browser.page;
    const { token, user } = await signInAs(browser.context, browser.baseUrl);
    const stats = await apiAs<{ totalSongs: number; totalViews: number }>(
      browser.baseUrl,
      token,
      '/users/me/stats',
    );
    const songs = await apiAs<ArtistSong[]>(browser.baseUrl, token, '/songs/artist/me');
    const ranked = songs.find((song) => song.status === 'approved' && song.rankInCategory !== null);
    if (!ranked) throw new Error('The demo artist should have a ranked approved song');

    await page.goto('/dashboard');
    // The name is wrapped in Unicode isolates (so "!" lands on the right side in Arabic): compare without them.
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect((await heading.textContent())?.replace(/[\u2068\u2069]/g, '')).toBe(
      text('en', 'header.welcome', 'dashboard').replace('{{name}}', user.name),
    );

    const tiles = page.locator('section[aria-labelledby="dashboard-stats"] dl > div');
    await expect.poll(() => tiles.count()).toBe(5);
    const tile = (key: string) =>
      tiles.filter({ has: page.getByText(text('en', key, 'dashboard'), { exact: true }) });
    await expect
      .poll(() => tile('stats.totalSongs').locator('dd').textContent())
      .toContain(String(stats.totalSongs));
    expect(await tile('stats.totalViews').locator('dd .sr-only').textContent()).toBe(
      new Intl.NumberFormat('en').format(stats.totalViews),
    );
    for (const key of ['stats.totalVotes', 'stats.totalArtists', 'stats.averageVotes']) {
      expect(await tile(key).count()).toBe(1);
    }

    const card = page.locator('article', { has: page.getByRole('heading', { name: ranked.title }) });
    const cardText = await card.textContent();
    expect(cardText).toContain(text('en', 'songs.statusApproved', 'dashboard'));
    expect(cardText).toContain(
      text('en', 'songs.rank', 'dashboard').replace('{{rank}}', String(ranked.rankInCategory)),
    );
    const pending = songs.find((song) => song.status === 'pending');
    if (pending) {
      const pendingCard = page.locator('article', {
        has: page.getByRole('heading', { name: pending.title }),
      });
      expect(await pendingCard.textContent()).not.toContain('in category');
    }
  });
});
