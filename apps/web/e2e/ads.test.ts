import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AD_ANALYTICS_CSV_HEADER, adAnalyticsFileName } from '@ovation/shared/schemas/ad-analytics';
import type { ServedAd } from '@ovation/shared/schemas/ad-serving';
import type { AdAnalytics, AdminAd } from '@ovation/shared/schemas/ads';
import type { BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAdAnalyticsPage } from './pages/admin-ad-analytics';
import { text } from './pages/catalogs';
import { callApi } from './support/api';
import { markAdPopupSeen, setUpBrowser, VIEWPORTS } from './support/browser';
import { ADMIN, apiAs, logIn, type SignedIn, storeSession } from './support/session';

const browser = setUpBrowser();
const AD_TITLE = `Between-songs journey ${Date.now().toString(36)}`;

let admin: SignedIn;
let adId: string | undefined;
/** The other between-songs ads (the demo's), switched off for the journey so the draw can only pick ours. */
let paused: string[] = [];
let sponsor: Awaited<ReturnType<typeof startSponsorSite>>;

/** The sponsor's site: a local page the ad leads to, recording what was asked of it. */
async function startSponsorSite() {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Sponsor</title><h1>Thanks for visiting</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, paths, close: () => server.close() };
}

/** POST /api/ads (multipart), as the admin screen sends it: a between-songs ad leading to the sponsor. */
async function createAd(targetUrl: string): Promise<string> {
  const picture = await sharp({ create: { width: 728, height: 90, channels: 3, background: '#5d2352' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'ad.png');
  form.append('title', AD_TITLE);
  form.append('description', 'Seen between the song cards');
  form.append('targetUrl', targetUrl);
  form.append('displaySettings', JSON.stringify({ locations: ['between-songs'], weight: 10 }));
  const response = await fetch(`${browser.baseUrl}/api/ads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`create ad: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** Switches off (or back on) the active ads of a location other than ours; the ids switched. */
async function toggleOtherAds(ids: string[]) {
  for (const id of ids) await callApi(browser.baseUrl, admin.token, 'PATCH', `/ads/${id}/toggle`);
}

async function activeBetweenSongsAds(): Promise<string[]> {
  const ads = await apiAs<{ ads: AdminAd[] }>(browser.baseUrl, admin.token, '/ads?limit=100');
  return ads.ads
    .filter((ad) => ad.isActive && ad.displaySettings.locations.includes('between-songs'))
    .map((ad) => ad._id);
}

function performance() {
  return apiAs<AdAnalytics>(browser.baseUrl, admin.token, `/ads/${adId}/analytics`).then(
    (analytics) => analytics.performance,
  );
}

/**
 * A visitor's browser. Headless Chromium names itself 'HeadlessChrome', which the counting rightly takes for
 * a bot: the visitor's context carries the same browser's ordinary name.
 */
async function openVisitor(): Promise<{ context: BrowserContext; page: Page }> {
  const headless = await browser.page.evaluate(() => navigator.userAgent);
  const context = await browser.context.browser()!.newContext({
    viewport: VIEWPORTS.desktop,
    baseURL: browser.baseUrl,
    serviceWorkers: 'block',
    userAgent: headless.replace('HeadlessChrome', 'Chrome'),
  });
  await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await context.addInitScript(markAdPopupSeen);
  return { context, page: await context.newPage() };
}

/** The impression batches the page sent (a beacon's body is not shown to the test: the server's counts are). */
function recordImpressionBatches(page: Page) {
  const batches: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/ad-events')
      batches.push(request);
  });
  return batches;
}

/** The /api/ad-slots calls the page made. */
function recordAdRequests(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/ad-slots') calls.push(request.url());
  });
  return calls;
}

beforeAll(async () => {
  admin = await logIn(browser.baseUrl, ADMIN);
  sponsor = await startSponsorSite();
  paused = await activeBetweenSongsAds();
  await toggleOtherAds(paused);
  adId = await createAd(`${sponsor.url}/landing?from=ovation`);
});

afterAll(async () => {
  if (adId) await callApi(browser.baseUrl, admin.token, 'DELETE', `/ads/${adId}`);
  await toggleOtherAds(paused);
  sponsor?.close();
});

describe('ads on the public site', () => {
  it('counts the between-songs ad once, after a second half on screen, and a click opens the sponsor', async () => {
    const { context, page } = await openVisitor();
    const batches = recordImpressionBatches(page);
    const adRequests = recordAdRequests(page);
    const served = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ad-slots');
    await page.goto('/songs');
    const { data } = (await (await served).json()) as { data: { ads: ServedAd[] } };
    const ours = data.ads.find((ad) => ad.location === 'between-songs');
    expect(ours?.id).toBe(adId);

    // After the 6th card, labelled, lazy, leading to the click redirect in a new tab.
    const slot = page.locator('[data-ad-location="between-songs"]');
    const link = slot.getByRole('link', { name: new RegExp(AD_TITLE) });
    await link.waitFor({ state: 'attached' });
    const cards = page.locator('main ul:has(> li[data-ad-location]) > li');
    expect(await cards.nth(6).getAttribute('data-ad-location')).toBe('between-songs');
    expect(await slot.locator('p > span').first().textContent()).toBe(text('en', 'ads.label'));
    expect(await link.getAttribute('href')).toBe(ours?.clickUrl);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('sponsored noopener');
    expect(await link.locator('img').getAttribute('loading')).toBe('lazy');

    // Below the fold: not counted until the visitor scrolls to it and it stays a second.
    expect((await link.boundingBox())!.y).toBeGreaterThan(VIEWPORTS.desktop.height);
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => batches.length, { timeout: 12_000 }).toBe(1);
    await expect.poll(async () => (await performance()).totalImpressions, { timeout: 10_000 }).toBe(1);

    // Scrolled away and back: the same ad is not counted again.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await link.scrollIntoViewIfNeeded();
    await page.waitForTimeout(7000);
    expect(batches).toHaveLength(1);
    // Not sent twice either: a second report of the token would show as a filtered repeat.
    expect(await performance()).toMatchObject({ totalImpressions: 1, filteredImpressions: 0 });
    expect(adRequests).toHaveLength(1);

    // The click: the sponsor's page opens in a new tab, through the redirect that counts it.
    const [sponsorPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await sponsorPage.waitForLoadState();
    expect(sponsorPage.url()).toBe(`${sponsor.url}/landing?from=ovation`);
    expect(sponsor.paths.filter((path) => path.startsWith('/landing'))).toEqual(['/landing?from=ovation']);
    await expect.poll(async () => (await performance()).totalClicks, { timeout: 10_000 }).toBe(1);
    await context.close();
  });

  it('serves no ads on the sign-in page nor in the admin area', async () => {
    const page = browser.page;
    const adRequests = recordAdRequests(page);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('[data-ad-location]').count()).toBe(0);

    await storeSession(browser.context, admin);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('[data-ad-location]').count()).toBe(0);
    expect(adRequests).toEqual([]);
  });

  it('shows the impression and the click on the ad analytics screen and exports the CSV', async () => {
    await storeSession(browser.context, admin);
    const screen = new AdminAdAnalyticsPage(browser.page);
    await screen.open();
    const row = (await screen.rows('topAds.title')).find((cells) => cells.includes(AD_TITLE));
    expect(row?.slice(1)).toEqual([AD_TITLE, '1', '1', '100.00%']);

    const csv = await screen.exportCsv();
    const startDate = await screen.startDate.inputValue();
    const endDate = await screen.endDate.inputValue();
    expect(csv.name).toBe(adAnalyticsFileName(startDate, endDate));
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(AD_ANALYTICS_CSV_HEADER.join(','));
    // Today's line counts at least this journey's impression and click.
    const today = lines.find((line) => line.startsWith(`${endDate},`))?.split(',');
    expect(Number(today?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(today?.[2])).toBeGreaterThanOrEqual(1);
  });
});
