import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';

const browser = setUpBrowser();

/** Longest wait a reader should have between the server's "no" and the page saying so. */
const NOT_FOUND_WITHIN_MS = 1000;

describe('a song page that cannot exist', () => {
  it('shows Song not found at once for a malformed id, after exactly one request (a 4xx is never retried)', async () => {
    const page = browser.page;
    const songRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/songs/not-a-uuid'))
        songRequests.push(request.url());
    });
    const answered = page.waitForResponse((response: Response) =>
      new URL(response.url()).pathname.startsWith('/api/songs/not-a-uuid'),
    );

    await page.goto('/songs/not-a-uuid');
    const response = await answered;
    expect(response.status()).toBe(400);
    const answeredAt = Date.now();
    const heading = page.getByRole('heading', {
      level: 1,
      name: text('en', 'detail.notFoundTitle', 'songs'),
    });
    await heading.waitFor({ timeout: NOT_FOUND_WITHIN_MS });
    expect(Date.now() - answeredAt).toBeLessThan(NOT_FOUND_WITHIN_MS);

    // Long enough for the old three tries (800 ms apart) to have shown up.
    await page.waitForTimeout(1800);
    expect(songRequests).toHaveLength(1);
    expect(
      await page.getByRole('link', { name: text('en', 'detail.allSongs', 'songs') }).count(),
    ).toBeGreaterThan(0);
  });

  it('shows Song not found for a well-formed id that matches no song, also after one request', async () => {
    const page = browser.page;
    const missing = '00000000-0000-4000-8000-000000000000';
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/songs/${missing}`) requests += 1;
    });
    await page.goto(`/songs/${missing}`);
    await page
      .getByRole('heading', { level: 1, name: text('en', 'detail.notFoundTitle', 'songs') })
      .waitFor({ timeout: 5000 });
    await page.waitForTimeout(1800);
    expect(requests).toBe(1);
  });
});
