import type { AdminAnalytics } from '@ovation/shared/schemas/admin-analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAnalyticsPage } from './pages/admin-analytics';
import { text } from './pages/catalogs';
import { callApi } from './support/api';
import { setUpBrowser } from './support/browser';
import {
  countElements,
  SCALED_SONGS,
  type ScaledServer,
  startScaledServer,
} from './support/scaled-analytics';
import { apiAs, storeSession } from './support/session';

const browser = setUpBrowser();
/** What the screen may hold at 5,000 songs: a page an admin's phone still scrolls smoothly. */
const MAX_ELEMENTS = 20_000;
const LAYOUTS = [
  { language: 'en', width: 390 },
  { language: 'en', width: 1366 },
  { language: 'ar', width: 390 },
  { language: 'ar', width: 1366 },
] as const;
const t = (key: string, language = 'en') => text(language, key, 'admin-analytics');

let server: ScaledServer;

beforeAll(async () => {
  server = await startScaledServer();
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

/** A fresh page on the private server, signed in as its admin, in this language and width. */
async function openScreen(language: string, width: number) {
  const page = await browser.reset({ language, viewport: width < 600 ? 'phone' : 'desktop' });
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await storeSession(browser.context, server.admin);
  const screen = new AdminAnalyticsPage(page);
  await screen.open(server.baseUrl, language);
  return { page, screen };
}

const analytics = () => apiAs<AdminAnalytics>(server.baseUrl, server.admin.token, '/admin/analytics');

describe(`vote analytics with ${SCALED_SONGS.toLocaleString('en')} more approved songs`, () => {
  it('opens on each category’s leaders, pages the rest on demand, jumps to a category, and Select Winner opens', async () => {
    const { page, screen } = await openScreen('en', 1366);
    expect(await countElements(page)).toBeLessThan(MAX_ELEMENTS);

    const whole = await analytics();
    const biggest = [...whole.categories].sort((a, b) => b.totalSongs - a.totalSongs)[0]!;
    expect(biggest.totalSongs).toBeGreaterThan(100);
    const section = screen.categoryById(biggest._id);
    expect(await screen.rows(section).count()).toBe(5);
    await screen.showMore(section).click();
    await expect.poll(() => screen.rows(section).count()).toBe(55);
    expect(await countElements(page)).toBeLessThan(MAX_ELEMENTS);

    const last = whole.categories.at(-1)!;
    await screen.jumpTo(last.name);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`ranking-${last._id}`);

    const dialog = await screen.startSelectingRow(screen.rows(section).nth(1));
    expect(await dialog.isVisible()).toBe(true);
  });

  it('flags a winner whose votes were set aside, on the screen and when publishing, in English and Arabic', async () => {
    const before = await analytics();
    const category = before.categories.find((each) => each.songs[0] && each.songs[0].totalVotes > 0)!;
    const leader = category.songs[0]!;
    const token = server.admin.token;
    const chosen = await callApi(server.baseUrl, token, 'POST', `/admin/categories/${category._id}/winner`, {
      songId: leader._id,
      confirmVotingOpen: true,
    });
    expect(chosen.ok).toBe(true);
    // The leader's votes are quarantined as one cluster: it no longer leads, and the lead rests on the review.
    const quarantined = await callApi(server.baseUrl, token, 'POST', '/admin/integrity/quarantine', {
      reason: 'One network in one minute',
      filter: { categoryId: category._id, songId: leader._id },
    });
    expect(quarantined.status).toBe(201);
    const review = ((await quarantined.json()) as { data: { review: { id: number } } }).data.review;

    for (const { language, width } of LAYOUTS) {
      const { page, screen } = await openScreen(language, width);
      const section = screen.categoryById(category._id);
      await screen.winnerNotLeading(section).waitFor();
      expect(await screen.winnerNotLeading(section).innerText()).toContain(leader.title);
      await screen.leadUnderReview(section).waitFor();
      await screen.winnersNotLeading().waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Choosing the new leader: the confirmation says the lead rests on votes under review.
      const dialog = await screen.startSelectingRow(screen.rows(section).first(), language);
      expect(await screen.wordsOf(dialog)).toContain(t('winner.leadUnderReview', language));
      await dialog
        .getByRole('button', { name: t('winner.confirm', language), exact: true })
        .or(dialog.getByRole('button', { name: t('winner.openConfirm', language), exact: true }))
        .waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Publishing: the dialog names the winner that no longer leads before anything is sent.
      await page.getByRole('switch', { name: t('results.publish', language) }).click();
      const publish = page.getByRole('dialog', { name: t('results.publishTitle', language) });
      await publish.waitFor();
      expect(await publish.getByTestId('publish-not-leading').innerText()).toContain(leader.title);
      await page.keyboard.press('Escape');
      await publish.waitFor({ state: 'hidden' });
    }

    // Confirmed invalid: no vote is under review any more, and the winner still does not lead.
    const invalidated = await callApi(
      server.baseUrl,
      token,
      'POST',
      `/admin/integrity/reviews/${review.id}/invalidate`,
      {},
    );
    expect(invalidated.ok).toBe(true);
    const { screen } = await openScreen('en', 1366);
    const section = screen.categoryById(category._id);
    await screen.winnerNotLeading(section).waitFor();
    expect(await screen.leadUnderReview(section).count()).toBe(0);
  });
});
