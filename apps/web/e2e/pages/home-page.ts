import type { Page } from 'playwright-core';
import { readStatTiles } from './screen-parts';

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
    return readStatTiles(this.page, tiles);
  }

  featuredSongTitles() {
    return this.page
      .locator('section', { has: this.page.locator('#home-songs') })
      .locator('h3')
      .allInnerTexts();
  }
}
