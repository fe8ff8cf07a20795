import type { Locator, Page } from 'playwright-core';

/**
 * What several screens' page objects read or do the same way: the stat tiles, a toast, a list's search.
 * Each page object keeps its own method names and passes its own words in.
 */

/** Stat tiles (a `dl` of label and figure pairs) as label -> shown figure; by default every tile of `main`. */
export async function readStatTiles(page: Page, tiles: Locator = page.locator('main dl > div')) {
  const result: Record<string, string> = {};
  for (const tile of await tiles.all()) {
    result[(await tile.locator('dt').innerText()).trim()] = (await tile.locator('dd').innerText()).trim();
  }
  return result;
}

/** Waits for a toast with exactly this text (the same message may already be on screen once). */
export async function waitForToast(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

/** Types into a list's search box and presses its search button ('Search Songs', 'Search Users'). */
export async function searchList(page: Page, words: string, labels: { box: string; button: string }) {
  await page.getByLabel(labels.box, { exact: true }).fill(words);
  await page.getByRole('button', { name: labels.button }).click();
}
