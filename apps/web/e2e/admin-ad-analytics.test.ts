import { randomUUID } from 'node:crypto';
import {
  AD_ANALYTICS_CSV_HEADER,
  type AdAnalyticsPage,
  type AdTraffic,
  adAnalyticsFileName,
} from '@ovation/shared/schemas/ad-analytics';
import type { ServedAd } from '@ovation/shared/schemas/ad-serving';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAdAnalyticsPage } from './pages/admin-ad-analytics';
import { text } from './pages/catalogs';
import { callApi } from './support/api';
import { setUpBrowser } from './support/browser';
import { expectAdminDesktopLayout, expectReachable, openNarrowPage, openWidePage } from './support/reach';
import { ADMIN, apiAs, logIn, type SignedIn, signInAs, storeSession } from './support/session';

const browser = setUpBrowser();
const AD_TITLE = `Analytics journey ad ${Date.now().toString(36)}`;
/** A browser's user agent: the counting leaves out bots, and Node's own fetch is not a browser. */
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const BOT_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Three viewers see the ad, one of them twice within the minute (a repeat), one clicks; a bot sees it too. */
const VIEWERS = 3;

let admin: SignedIn;
let adId: string | undefined;

/** A wide picture of one colour, for the ad. */
function adPng(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 400, channels: 3, background: '#2d6a4f' } })
    .png()
    .toBuffer();
}

/** POST /api/ads (multipart): an ad for every location, weight 10, so a page soon serves it. */
async function createAd(): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await adPng())], { type: 'image/png' }), 'ad.png');
  form.append('title', AD_TITLE);
  form.append('description', 'Counted by the analytics journey');
  form.append('targetUrl', 'https://example.com/analytics-journey');
  form.append(
    'displaySettings',
    JSON.stringify({ locations: ['header', 'sidebar', 'footer', 'between-songs', 'banner'], weight: 10 }),
  );
  const response = await fetch(`${browser.baseUrl}/api/ads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`create ad: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/**
 * The journey's ad as a page serves it to one viewer (a device id, a user agent): pages are asked for
 * until the draw picks it (other ads share its locations).
 */
async function serveOurAd(headers: Record<string, string>): Promise<ServedAd> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${browser.baseUrl}/api/ad-slots?slots=header,between-songs,footer,banner`, {
      headers,
    });
    const { data } = (await response.json()) as { data: { ads: ServedAd[] } };
    const ours = data.ads.find((ad) => ad.id === adId);
    if (ours) return ours;
  }
  throw new Error('the ad was never served');
}

async function sendImpressions(headers: Record<string, string>, tokens: string[]) {
  const response = await fetch(`${browser.baseUrl}/api/ad-events`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ impressions: tokens }),
  });
  expect(response.status).toBe(202);
}

/** Counted and filtered events for the ad, through the public calls a visitor's browser makes. */
async function makeTraffic() {
  for (let viewer = 0; viewer < VIEWERS; viewer++) {
    const headers = { 'x-device-id': randomUUID(), 'user-agent': BROWSER_AGENT };
    const served = await serveOurAd(headers);
    // The first viewer's page reports the same impression twice: the repeat is filtered.
    await sendImpressions(headers, viewer === 0 ? [served.token, served.token] : [served.token]);
    if (viewer === 0) {
      const click = await fetch(`${browser.baseUrl}${served.clickUrl}`, { headers, redirect: 'manual' });
      expect(click.status).toBe(302);
    }
  }
  const bot = { 'x-device-id': randomUUID(), 'user-agent': BOT_AGENT };
  await sendImpressions(bot, [(await serveOurAd(bot)).token]);
}

function analytics(query = '') {
  return apiAs<AdAnalyticsPage>(browser.baseUrl, admin.token, `/ads/public/analytics${query}`);
}

function traffic(query: string) {
  return apiAs<AdTraffic>(browser.baseUrl, admin.token, `/ads/public/traffic${query}`);
}

/** Counts are written in batches about every second: waits until the click is in the report. */
async function countsWritten() {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const ours = (await analytics()).topAds.find((ad) => ad.adId === adId);
    if (ours?.totalClicks === 1) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the counts never reached the report');
}

beforeAll(async () => {
  admin = await logIn(browser.baseUrl, ADMIN);
  adId = await createAd();
  await makeTraffic();
  await countsWritten();
});

afterAll(async () => {
  if (adId) await callApi(browser.baseUrl, admin.token, 'DELETE', `/ads/${adId}`);
});

const number = (value: number) => value.toLocaleString('en');
const percent = (value: number) => `${value.toFixed(2)}%`;

describe('ad and traffic analytics', () => {
  it('shows the counted figures in the cards, tables and chart, groups by week and exports the CSV', async () => {
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    const screen = new AdminAdAnalyticsPage(browser.page);
    await screen.open();
    const page = await analytics();
    const byDay = await traffic('?groupBy=day');

    // The last 30 days, by default, in the inputs as the server answered them.
    expect(await screen.startDate.inputValue()).toBe(page.range.startDate);
    expect(await screen.endDate.inputValue()).toBe(page.range.endDate);
    expect(await screen.cards()).toEqual({
      [screen.text('cards.impressions')]: number(page.totals.totalImpressions),
      [screen.text('cards.clicks')]: number(page.totals.totalClicks),
      [screen.text('cards.ctr')]: percent(page.totals.ctr),
      [screen.text('cards.uniqueViews')]: number(page.totals.totalUniqueViews),
    });
    // Beyond the spec: the repeat and the bot are not counted, and the screen says how many were left out.
    expect(page.totals.filteredImpressions).toBeGreaterThanOrEqual(2);
    expect(await screen.filteredLine().innerText()).toContain(
      `Not counted: ${number(page.totals.filteredImpressions)} bot or repeat impressions`,
    );

    // Top Performing Ads: the journey's ad, three viewers, one click.
    const ourRow = (await screen.rows('topAds.title')).find((row) => row.includes(AD_TITLE));
    expect(ourRow).toEqual(['', AD_TITLE, '3', '1', '33.33%']);
    expect(await screen.table('topAds.title').locator('tbody tr').count()).toBe(page.topAds.length);

    // Performance by Location: every location, named, with the server's figures.
    const locations = await screen.rows('locations.title');
    expect(locations).toEqual(
      page.locationStats.map((stat) => [
        screen.locationName(stat.location),
        number(stat.totalImpressions),
        number(stat.totalClicks),
        percent(stat.ctr),
        number(stat.adCount),
      ]),
    );

    // Traffic Over Time: a row a day, today's last; the chart draws them.
    const days = await screen.rows('traffic.title');
    expect(days).toHaveLength(byDay.trafficStats.length);
    const today = byDay.trafficStats.at(-1)!;
    expect(days.at(-1)?.slice(1)).toEqual([
      number(today.totalImpressions),
      number(today.totalClicks),
      number(today.totalUniqueViews),
      percent(today.ctr),
      number(today.uniqueAdCount),
    ]);
    expect(today.totalImpressions).toBeGreaterThanOrEqual(VIEWERS);
    await screen.chart.locator('canvas').first().waitFor();

    // Group by week: the address keeps it, the table shows a row a week.
    await screen.chooseGroup('week');
    await expect.poll(() => new URL(browser.page.url()).searchParams.get('groupBy')).toBe('week');
    const byWeek = await traffic('?groupBy=week');
    await expect
      .poll(async () => (await screen.rows('traffic.title')).length)
      .toBe(byWeek.trafficStats.length);
    // A whole week reads as its days ('Nov 9 – 15, 2026'); the first and last may be cut by the range.
    expect((await screen.rows('traffic.title'))[1]?.[0]).toMatch(/ – /);

    // Export CSV: the server's file name for the range, the spec's header, a line a week.
    const csv = await screen.exportCsv();
    expect(csv.name).toBe(adAnalyticsFileName(page.range.startDate, page.range.endDate));
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(AD_ANALYTICS_CSV_HEADER.join(','));
    expect(lines.slice(1)).toEqual(
      byWeek.trafficStats.map((stat) =>
        [
          stat.period,
          stat.totalImpressions,
          stat.totalClicks,
          stat.totalUniqueViews,
          stat.ctr.toFixed(2),
        ].join(','),
      ),
    );
  });

  it("keeps a chosen range in the address and shows the server's refusal of an end before the start", async () => {
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    const { range } = await analytics();
    const hours = await traffic(`?startDate=${range.endDate}&endDate=${range.endDate}&groupBy=hour`);
    const screen = new AdminAdAnalyticsPage(browser.page);
    await screen.open(`?startDate=${range.endDate}&endDate=${range.endDate}&groupBy=hour`);
    expect(await screen.groupBy.inputValue()).toBe('hour');
    expect(await screen.rows('traffic.title')).toHaveLength(hours.trafficStats.length);

    // An end before the start: the server's message, in the reader's language, under the dates.
    await screen.setRange(range.endDate, range.startDate);
    await expect.poll(() => new URL(browser.page.url()).searchParams.get('endDate')).toBe(range.startDate);
    await screen.refusal().waitFor();
    expect(await screen.refusal().innerText()).toBe(text('en', 'validation.dateRangeInvalid'));
    expect(await screen.exportButton().isDisabled()).toBe(true);

    // Back to a good range: the figures return.
    await screen.setRange(range.startDate, range.endDate);
    await screen.ready();
    expect(await screen.refusal().count()).toBe(0);
  });

  it('reads at 320 px in English and Arabic without sideways scrolling or serious axe findings', async () => {
    for (const language of ['en', 'ar']) {
      const page = await openNarrowPage(browser, language);
      await storeSession(browser.context, admin);
      const screen = new AdminAdAnalyticsPage(page, language);
      await screen.open();
      await screen.chart.locator('canvas').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expectReachable(page, `ad analytics, ${language}`);
    }
  });

  it('lays the screen out at 1366 px in English and Arabic, the sidebar at the inline start', async () => {
    for (const language of ['en', 'ar']) {
      const page = await openWidePage(browser, language);
      await storeSession(browser.context, admin);
      const screen = new AdminAdAnalyticsPage(page, language);
      await screen.open();
      await screen.chart.locator('canvas').first().waitFor();
      await expectAdminDesktopLayout(page, language, `ad analytics, ${language}, 1366 px`);
      await expectReachable(page, `ad analytics, ${language}, 1366 px`);
    }
  });
});
