import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { callApi, coverPng, deleteSongs, uploadSong } from './support/api';
import { setUpBrowser } from './support/browser';
import { ADMIN, ARTIST, logIn, signInAs } from './support/session';

const browser = setUpBrowser();
const FAN = { email: 'aline.uwase@ovation.test', password: 'Ovation2025!' };

/** No third-party traffic in tests (the song's player would load an embed). */
async function blockExternalNetwork(page: Page) {
  await page.context().route(
    (url) => !url.href.startsWith(browser.baseUrl),
    (route) => route.abort(),
  );
}

async function firstCategoryId(): Promise<string> {
  const response = await fetch(`${browser.baseUrl}/api/categories`);
  const { data } = (await response.json()) as { data: Array<{ _id: string }> };
  return data[0]!._id;
}

/** What a song page offers: a vote button, and the share row's Copy Link. */
async function offers(page: Page) {
  return {
    vote: await page.locator('main [data-vote-state]').count(),
    share: await page.getByRole('heading', { name: text('en', 'detail.share', 'songs') }).count(),
    copyLink: await page.getByRole('button', { name: text('en', 'share.copyLink', 'songs') }).count(),
  };
}

describe("an artist's song under review", () => {
  it('shows its owner Pending, then Rejected with the reason, never Vote or Share; others get not found', async () => {
    const artist = await logIn(browser.baseUrl, ARTIST);
    const admin = await logIn(browser.baseUrl, ADMIN);
    const title = `E2E Under Review ${Date.now()}`;
    const id = await uploadSong(browser.baseUrl, artist.token, {
      title,
      artist: 'E2E Artist',
      category: await firstCategoryId(),
      songLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      cover: await coverPng('#7c2d12'),
    });
    try {
      // The owner: the page says Pending review, with no vote and nothing to share.
      let page = browser.page;
      await blockExternalNetwork(page);
      await signInAs(browser.context, browser.baseUrl, ARTIST);
      await page.goto(`/songs/${id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const pending = page.getByRole('region', { name: text('en', 'review.pendingTitle', 'songs') });
      await pending.waitFor();
      expect(await pending.innerText()).toContain(text('en', 'review.pendingText', 'songs'));
      expect(await offers(page)).toEqual({ vote: 0, share: 0, copyLink: 0 });

      // Rejected with a reason: the owner reads it.
      const reason = 'The link plays a different song';
      const rejected = await callApi(browser.baseUrl, admin.token, 'PUT', `/admin/songs/${id}/verify`, {
        action: 'reject',
        reason,
      });
      expect(rejected.status).toBe(200);
      await page.reload();
      const notice = page.getByRole('region', { name: text('en', 'review.rejectedTitle', 'songs') });
      await notice.waitFor();
      expect(await notice.innerText()).toContain(reason);
      expect(await offers(page)).toEqual({ vote: 0, share: 0, copyLink: 0 });

      // A fan, and a guest, opening the same link: not found.
      for (const who of ['fan', 'guest'] as const) {
        page = await browser.reset();
        await blockExternalNetwork(page);
        if (who === 'fan') await signInAs(browser.context, browser.baseUrl, FAN);
        await page.goto(`/songs/${id}`);
        await page
          .getByRole('heading', { level: 1, name: text('en', 'detail.notFoundTitle', 'songs') })
          .waitFor();
        expect(await offers(page)).toEqual({ vote: 0, share: 0, copyLink: 0 });
      }
    } finally {
      await deleteSongs(browser.baseUrl, admin.token, [id]);
    }
  });
});
