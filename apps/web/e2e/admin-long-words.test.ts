import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSongsPage } from './pages/admin-songs';
import { callApi, coverPng, deleteSongs, uploadSong } from './support/api';
import { setUpBrowser } from './support/browser';
import { ADMIN, ARTIST, apiAs, logIn, storeSession } from './support/session';

const browser = setUpBrowser();

/** A word no seeded song has, so the screen shows only this journey's songs. */
const MARKER = `Lw${Date.now().toString(36)}`;
/** The longest reason the server takes (500 characters), as one word without a space. */
const LONG_WORD = 'W'.repeat(500);
/** A long link as a reason, the way an admin pastes one. */
const LONG_URL = `Breaks the rules, see https://ovation.example.org/${'policy-section/'.repeat(20)}#${'x'.repeat(80)}`;
const created: string[] = [];
let adminToken: string;
const titles = { word: `${MARKER} Word`, link: `${MARKER} Link` };

/** Two songs by the demo artist, rejected by the admin with a 500-character word and a long URL. */
beforeAll(async () => {
  adminToken = (await logIn(browser.baseUrl, ADMIN)).token;
  const artistToken = (await logIn(browser.baseUrl, ARTIST)).token;
  const categories = await apiAs<{ _id: string }[]>(browser.baseUrl, artistToken, '/categories');
  const cover = await coverPng('#7a3b8f');
  for (const [title, reason] of [
    [titles.word, LONG_WORD],
    [titles.link, LONG_URL],
  ] as const) {
    const id = await uploadSong(browser.baseUrl, artistToken, {
      title,
      artist: 'E2E Long Words',
      category: categories[0]!._id,
      songLink: 'https://www.youtube.com/watch?v=e2eLongWords',
      description: `${'D'.repeat(300)} ${title}`,
      cover,
    });
    created.push(id);
    const response = await callApi(browser.baseUrl, adminToken, 'PUT', `/admin/songs/${id}/verify`, {
      action: 'reject',
      reason,
    });
    if (!response.ok) throw new Error(`reject failed: ${response.status} ${await response.text()}`);
  }
});

afterAll(async () => {
  await deleteSongs(browser.baseUrl, adminToken, created);
});

describe('long words on /admin/songs', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const viewport of ['phone', 'desktop'] as const) {
      it(`wrap inside the page (${language}, ${viewport === 'phone' ? 390 : 1366} px)`, async () => {
        const page = await browser.reset({ language, viewport });
        if (viewport === 'desktop') await page.setViewportSize({ width: 1366, height: 900 });
        await storeSession(page.context(), await logIn(browser.baseUrl, ADMIN));
        const songs = new AdminSongsPage(page);
        await songs.openIn(language, `?search=${MARKER}&status=rejected`);
        await songs.deleteButton(titles.word, language).waitFor();
        await songs.deleteButton(titles.link, language).waitFor();

        const { scrollWidth, viewport: width } = await songs.pageWidth();
        expect(scrollWidth).toBeLessThanOrEqual(width);
        for (const title of Object.values(titles)) {
          expect(await songs.insideWindowWidth(songs.deleteButton(title, language))).toBe(true);
        }
        // The whole reason is on the page (wrapped, not cut).
        expect(await page.getByText(LONG_WORD, { exact: false }).locator('visible=true').count()).toBe(1);
      });
    }
  }
});
