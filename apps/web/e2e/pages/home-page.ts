import type { Page } from 'playwright-core';

/** The home page as a visitor sees it. */
export class HomePage {
  constructor(private readonly page: Page) {}

  async open(baseUrl = '') {
    await this.page.goto(`${baseUrl}/`);
    await this.page.locator('main').waitFor();
  }

  /** The four stat tiles as label -> exact number (read from the screen-reader text). */
  async stats(): Promise<Record<string, string>> {
    const tiles = this.page.locator('section[aria-labelledby="home-stats"] dl > div');
    await tiles.first().waitFor();
    const result: Record<string, string> = {};
    for (const tile of await tiles.all()) {
      const label = (await tile.locator('dt').innerText()).trim();
      result[label] = (await tile.locator('dd').innerText()).trim();
    }
    return result;
  }

  featuredSongTitles() {
    return this.page
      .locator('section', { has: this.page.locator('#home-songs') })
      .locator('h3')
      .allInnerTexts();
  }
}
