import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { HomePage } from './pages/home-page';
import { setUpBrowser } from './support/browser';

const browser = setUpBrowser();

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${browser.baseUrl}/api${path}`);
  return ((await response.json()) as { data: T }).data;
}

describe('home page', () => {
  it('shows the live stats, up to 6 categories and up to 8 featured songs from the API', async () => {
    const home = new HomePage(browser.page);
    await home.open();
    const stats = await api<{ totalSongs: number; totalCategories: number }>('/stats');
    const tiles = await home.stats();
    expect(tiles[text('en', 'home.statsSongs')]).toContain(String(stats.totalSongs));
    expect(tiles[text('en', 'home.statsCategories')]).toContain(String(stats.totalCategories));

    const songs = await api<Array<{ title: string }>>('/songs?limit=8');
    expect(songs.length).toBe(8);
    const section = browser.page.locator('section[aria-labelledby="home-songs"]');
    for (const song of songs)
      await expect.poll(() => section.getByText(song.title, { exact: true }).count()).toBeGreaterThan(0);

    const categoryCards = browser.page.locator('section[aria-labelledby="home-categories"] h3');
    expect(await categoryCards.count()).toBe(6);
    await expect.poll(() => browser.page.getByRole('alert').count()).toBe(0);
  });

  it('hides the top navigation on the home page only', async () => {
    const navigation = browser.page.getByRole('navigation', { name: text('en', 'nav.mainNavigation') });
    await browser.page.goto('/');
    await browser.page.locator('main').waitFor();
    expect(await navigation.count()).toBe(0);
    await browser.page.goto('/privacy-policy');
    await browser.page.locator('h1').waitFor();
    expect(await navigation.count()).toBeGreaterThan(0);
  });

  it('shows the backend-down banner with zeroed stats when the API cannot be reached', async () => {
    const page = browser.page;
    await page.goto(`${browser.offlineUrl}/`);
    const banner = page.getByRole('alert');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.innerText()).toContain('Failed to connect to backend');
    const tiles = await new HomePage(page).stats();
    for (const value of Object.values(tiles)) expect(value.replace(/\s/g, '')).toMatch(/^0/);
  });
});
