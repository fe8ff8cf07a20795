import {
  AD_EVENTS_BODY_LIMIT,
  AD_TOKEN_MAX_AGE_SECONDS,
  MAX_AD_IMPRESSIONS_PER_BATCH,
  MAX_AD_TOKEN_LENGTH,
} from '@ovation/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ads, adViewerHours } from '../../db/schema';
import type { Database } from '../../lib/db';
import { signIn } from '../../test/accounts';
import {
  BOT_AGENT,
  BROWSER_AGENT,
  buckets,
  click,
  createAd,
  newDevice,
  sendImpressions,
  serveSlots,
  totalsOf,
  viewerHours,
} from '../../test/ads';
import { startTestServer, type TestServer } from '../../test/server';
import { CountingBuffer } from './counting';
import { ViewerField, ViewerTable } from './viewer-table';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(async () => {
  await server.app.ads.flush();
  await server.db.delete(ads);
  await server.db.delete(adViewerHours);
  await server.app.ads.changed();
  server.clock.set(new Date('2026-03-10T10:00:10Z'));
});

const MINUTE = 60_000;

/** One page view of `device` with a single slot: the served ad's token. */
async function tokenFor(device: string, location = 'header') {
  const [served] = await serveSlots(server, [location], { device });
  if (!served) throw new Error(`nothing served at ${location}`);
  return served.token;
}

async function countedOf(adId: string) {
  await server.app.ads.flush();
  return totalsOf(server.db, adId, 'ad_minute_stats');
}

describe('impressions', () => {
  it('counts an impression once per viewer, ad and place; a repeat within the minute is filtered', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    const device = newDevice();
    const token = await tokenFor(device);
    expect(await sendImpressions(server, [token])).toMatchObject({ status: 202, body: { success: true } });
    // The same token again (a second beacon), and the same viewer on a new page: repeats.
    expect((await sendImpressions(server, [token])).status).toBe(202);
    server.clock.advance(30_000);
    expect((await sendImpressions(server, [await tokenFor(device)])).status).toBe(202);
    expect(await countedOf(ad.id)).toMatchObject({
      impressions: 1,
      uniqueViewers: 1,
      filteredImpressions: 2,
    });

    // 61 s after the counted one: counted again, in the next minute; the hour's viewer is still one.
    server.clock.advance(31_000);
    await sendImpressions(server, [await tokenFor(device)]);
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 2, filteredImpressions: 2 });
    const minutes = (await buckets(server.db, 'ad_minute_stats')).filter((row) => row.adId === ad.id);
    expect(
      minutes.map(({ at, impressions, uniqueViewers, filteredImpressions }) => ({
        at,
        impressions,
        uniqueViewers,
        filteredImpressions,
      })),
    ).toEqual([
      { at: '2026-03-10T10:00:00.000Z', impressions: 1, uniqueViewers: 1, filteredImpressions: 2 },
      { at: '2026-03-10T10:01:00.000Z', impressions: 1, uniqueViewers: 1, filteredImpressions: 0 },
    ]);
    const hours = await buckets(server.db, 'ad_hour_stats');
    expect(hours).toEqual([
      {
        at: '2026-03-10T10:00:00.000Z',
        adId: ad.id,
        location: 'header',
        impressions: 2,
        clicks: 0,
        uniqueViewers: 1,
        filteredImpressions: 2,
        filteredClicks: 0,
      },
    ]);
    expect(await viewerHours(server.db)).toHaveLength(1);
  });

  it('counts each token once: the same beacon replayed after the minute is filtered', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    const token = await tokenFor(newDevice());
    await sendImpressions(server, [token]);
    server.clock.advance(61_000);
    expect((await sendImpressions(server, [token])).status).toBe(202);
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 1, filteredImpressions: 1 });
  });

  it('refuses a body over 16 KB with 413, while a full batch of full-length tokens fits', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    const full = JSON.stringify({
      impressions: Array(MAX_AD_IMPRESSIONS_PER_BATCH * 4).fill('x'.repeat(MAX_AD_TOKEN_LENGTH)),
    });
    expect(full.length).toBeLessThanOrEqual(AD_EVENTS_BODY_LIMIT);
    const fits = await server.request('POST', '/api/ad-events', {
      rawBody: full,
      headers: { 'content-type': 'application/json' },
    });
    expect(fits.status).toBe(202);
    const padded = `{"impressions": [], "pad": "${'x'.repeat(AD_EVENTS_BODY_LIMIT)}"}`;
    for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
      const response = await server.request('POST', '/api/ad-events', {
        rawBody: padded,
        headers: { 'content-type': type },
      });
      expect(`${type}: ${response.status}`).toBe(`${type}: 413`);
    }
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 0, filteredImpressions: 0 });
  });

  it('tells viewers apart by account or device, and places apart', async () => {
    const ad = await createAd(server.db, { locations: ['header', 'footer'] });
    await server.app.ads.changed();
    const fan = await signIn(server, 'fan');
    const device = newDevice();
    const asFan = await serveSlots(server, ['header'], { token: fan.token, device });
    // The same fan on another device is the same viewer; signed out, that device is another one.
    const asFanElsewhere = await serveSlots(server, ['header'], { token: fan.token, device: newDevice() });
    const signedOut = await serveSlots(server, ['header'], { device });
    const footer = await serveSlots(server, ['footer'], { device });
    const tokens = [asFan, asFanElsewhere, signedOut, footer].map((served) => served[0]!.token);
    await sendImpressions(server, tokens);
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 3, filteredImpressions: 1 });
    const rows = await buckets(server.db, 'ad_minute_stats');
    expect(
      rows.map(({ location, impressions, uniqueViewers }) => ({ location, impressions, uniqueViewers })),
    ).toEqual([
      { location: 'footer', impressions: 1, uniqueViewers: 1 },
      { location: 'header', impressions: 2, uniqueViewers: 2 },
    ]);
    // Two people saw an ad this hour.
    expect(await viewerHours(server.db)).toHaveLength(2);
  });

  it('is a public route of the access table, like the other two', () => {
    const declared = server.app
      .declaredRoutes()
      .filter((route) => route.url.startsWith('/api/ad-'))
      .map((route) => `${route.method} ${route.url} ${route.access}`);
    expect(declared.sort()).toEqual([
      'GET /api/ad-click/:token public',
      'GET /api/ad-slots public',
      'POST /api/ad-events public',
    ]);
  });

  it('reads a beacon sent as text (sendBeacon with a string)', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    const response = await server.request('POST', '/api/ad-events', {
      rawBody: JSON.stringify({ impressions: [await tokenFor(newDevice())] }),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_AGENT },
    });
    expect(response.status).toBe(202);
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 1 });
  });

  it('filters bots and requests without a user agent', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    await sendImpressions(server, [await tokenFor(newDevice())], BOT_AGENT);
    const bare = await fetch(`${server.baseUrl}/api/ad-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': '' },
      body: JSON.stringify({ impressions: [await tokenFor(newDevice())] }),
    });
    expect(bare.status).toBe(202);
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 0, filteredImpressions: 2 });
    expect(await viewerHours(server.db)).toEqual([]);
  });

  it('drops tokens that are forged, tampered with or too old, and cuts long batches', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    const token = await tokenFor(newDevice());
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const old = await tokenFor(newDevice());
    server.clock.advance((AD_TOKEN_MAX_AGE_SECONDS + 1) * 1000);
    expect((await sendImpressions(server, ['garbage', tampered, old, ''])).status).toBe(202);
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 0, filteredImpressions: 0 });

    const many = await Promise.all(
      Array.from({ length: MAX_AD_IMPRESSIONS_PER_BATCH + 5 }, () => tokenFor(newDevice())),
    );
    expect((await sendImpressions(server, many)).status).toBe(202);
    expect(await countedOf(ad.id)).toMatchObject({ impressions: MAX_AD_IMPRESSIONS_PER_BATCH });
  });

  it('answers a malformed batch 400, never 500, and counts nothing from it', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    const token = await tokenFor(newDevice());
    const bodies: Array<[string, string]> = [
      ['application/json', '{"impressions": ['],
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '{"impressions": "abc"}'],
      ['application/json', `{"impressions": [1, "${token}"]}`],
      ['application/json', `{"impressions": ["${'x'.repeat(201)}"]}`],
      ['application/json', JSON.stringify({ impressions: Array(201).fill(token) })],
      ['application/json', ''],
    ];
    for (const [type, body] of bodies) {
      const response = await server.request('POST', '/api/ad-events', {
        rawBody: body,
        headers: { 'content-type': type },
      });
      expect(`${body.slice(0, 30)}: ${response.status}`).toBe(`${body.slice(0, 30)}: 400`);
    }
    const notJson = await server.request('POST', '/api/ad-events', {
      rawBody: '{"impressions": [',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(notJson.status).toBe(400);
    const xml = await server.request('POST', '/api/ad-events', {
      rawBody: '<a/>',
      headers: { 'content-type': 'text/xml' },
    });
    expect(xml.status).toBe(415);
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 0, filteredImpressions: 0 });
  });

  it('stops counting at a cap: the impressions over it are dropped, not filtered', async () => {
    const ad = await createAd(server.db, { maxTotalImpressions: 2 });
    await server.app.ads.changed();
    const tokens = await Promise.all([1, 2, 3, 4].map(() => tokenFor(newDevice())));
    await Promise.all(tokens.map((token) => sendImpressions(server, [token])));
    expect(await countedOf(ad.id)).toMatchObject({
      impressions: 2,
      uniqueViewers: 2,
      filteredImpressions: 0,
    });
  });

  it('drops the pending counts of an ad deleted before they are written', async () => {
    const kept = await createAd(server.db);
    const deleted = await createAd(server.db, { locations: ['footer'] });
    await server.app.ads.changed();
    const device = newDevice();
    const served = await serveSlots(server, ['header', 'footer'], { device });
    await sendImpressions(
      server,
      served.map((entry) => entry.token),
    );
    await server.db.delete(ads).where(eq(ads.id, deleted.id));
    await server.app.ads.flush();
    const rows = await buckets(server.db, 'ad_minute_stats');
    expect(rows.map((row) => [row.adId, row.impressions])).toEqual([[kept.id, 1]]);
  });

  it('adds every flush to the same buckets, minutes and hours alike', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    const devices = [newDevice(), newDevice(), newDevice()];
    for (const device of devices) {
      await sendImpressions(server, [await tokenFor(device)]);
      await server.app.ads.flush();
    }
    // Ten minutes later, the first two again (counted: over a minute apart), then the next hour.
    server.clock.advance(10 * MINUTE);
    for (const device of devices.slice(0, 2)) await sendImpressions(server, [await tokenFor(device)]);
    server.clock.set(new Date('2026-03-10T11:05:00Z'));
    await sendImpressions(server, [await tokenFor(devices[0]!)]);
    await server.app.ads.flush();

    const minutes = await buckets(server.db, 'ad_minute_stats');
    expect(minutes.map(({ at, impressions, uniqueViewers }) => [at, impressions, uniqueViewers])).toEqual([
      ['2026-03-10T10:00:00.000Z', 3, 3],
      ['2026-03-10T10:10:00.000Z', 2, 2],
      ['2026-03-10T11:05:00.000Z', 1, 1],
    ]);
    const hours = await buckets(server.db, 'ad_hour_stats');
    expect(hours.map(({ at, impressions, uniqueViewers }) => [at, impressions, uniqueViewers])).toEqual([
      ['2026-03-10T10:00:00.000Z', 5, 3],
      ['2026-03-10T11:00:00.000Z', 1, 1],
    ]);
    const hourly = await viewerHours(server.db);
    expect(hourly.map((row) => row.hour)).toEqual([
      '2026-03-10T10:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
      '2026-03-10T11:00:00.000Z',
    ]);
    expect(await totalsOf(server.db, ad.id, 'ad_hour_stats')).toMatchObject({ impressions: 6 });
  });
});

describe('clicks', () => {
  it('redirects to the stored target; a click without an impression is filtered', async () => {
    const ad = await createAd(server.db, { targetUrl: 'https://sponsor.example/offer?id=7' });
    await server.app.ads.changed();
    const token = await tokenFor(newDevice());
    const answer = await click(server, `/api/ad-click/${token}`);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('https://sponsor.example/offer?id=7');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin');
    expect(await countedOf(ad.id)).toMatchObject({ clicks: 0, filteredClicks: 1 });
  });

  it('counts a click after an impression, once a minute, and never a bot’s', async () => {
    const ad = await createAd(server.db);
    await server.app.ads.changed();
    const device = newDevice();
    const token = await tokenFor(device);
    await sendImpressions(server, [token]);
    server.clock.advance(5000);
    expect((await click(server, `/api/ad-click/${token}`)).status).toBe(302);
    expect((await click(server, `/api/ad-click/${token}`)).status).toBe(302);
    expect((await click(server, `/api/ad-click/${token}`, BOT_AGENT)).location).toBe(
      'https://sponsor.example/landing?from=ovation',
    );
    expect(await countedOf(ad.id)).toMatchObject({ impressions: 1, clicks: 1, filteredClicks: 2 });
    // A minute later the same link replayed is filtered (each token clicks once), still redirected...
    server.clock.advance(MINUTE + 1000);
    expect((await click(server, `/api/ad-click/${token}`)).location).toBe(
      'https://sponsor.example/landing?from=ovation',
    );
    expect(await countedOf(ad.id)).toMatchObject({ clicks: 1, filteredClicks: 3 });
    // ...while the same viewer's click on a newly served link counts: the impression is within the hour.
    await click(server, `/api/ad-click/${await tokenFor(device)}`);
    expect(await countedOf(ad.id)).toMatchObject({ clicks: 2, filteredClicks: 3 });
    // Past the token's age: still redirected, not counted.
    server.clock.advance(AD_TOKEN_MAX_AGE_SECONDS * 1000);
    expect((await click(server, `/api/ad-click/${token}`)).location).toBe(
      'https://sponsor.example/landing?from=ovation',
    );
    expect(await countedOf(ad.id)).toMatchObject({ clicks: 2, filteredClicks: 4 });
  });

  it('goes nowhere but the stored target: not another ad’s, not one in the query, home when in doubt', async () => {
    const mine = await createAd(server.db, { targetUrl: 'https://mine.example/', locations: ['header'] });
    const other = await createAd(server.db, { targetUrl: 'https://other.example/', locations: ['footer'] });
    await server.app.ads.changed();
    const device = newDevice();
    const [served] = await serveSlots(server, ['header'], { device });
    expect(served!.id).toBe(mine.id);
    const [otherServed] = await serveSlots(server, ['footer'], { device });
    expect(otherServed!.id).toBe(other.id);

    const follow = async (path: string) => (await click(server, path)).location;
    expect(await follow(`/api/ad-click/${served!.token}`)).toBe('https://mine.example/');
    expect(
      await follow(`/api/ad-click/${served!.token}?url=https://evil.example/&target=//evil.example`),
    ).toBe('https://mine.example/');
    // Another ad's id spliced into a token breaks its signature.
    const spliced = `${served!.token.slice(0, 2)}${otherServed!.token.slice(2, 22)}${served!.token.slice(22)}`;
    for (const token of [
      spliced,
      `${served!.token.slice(0, -1)}${served!.token.endsWith('A') ? 'B' : 'A'}`,
      'garbage',
      'https%3A%2F%2Fevil.example',
    ]) {
      expect(await follow(`/api/ad-click/${token}`)).toBe('/');
    }
    // Longer than the router's 100-character parameter limit (tokens are 62): refused before the route, a
    // 400 (FST_ERR_MAX_PARAM_LENGTH in lib/error-handler.ts). Sending it home needs an app-level change.
    expect((await click(server, `/api/ad-click/${'a'.repeat(300)}`)).status).toBe(400);
    // Up to the limit, any token that does not verify goes home.
    expect(await follow(`/api/ad-click/${'a'.repeat(100)}`)).toBe('/');
    // A deleted ad's token goes home.
    await server.db.delete(ads).where(eq(ads.id, mine.id));
    await server.app.ads.changed();
    expect(await follow(`/api/ad-click/${served!.token}`)).toBe('/');
    expect(await countedOf(other.id)).toMatchObject({ clicks: 0 });
  });
});

describe('the counting buffer', () => {
  it('keeps the counts of a failed write and writes them once with the next', async () => {
    const ad = await createAd(server.db);
    let failures = 1;
    const flaky = {
      transaction: (write: Parameters<typeof server.db.transaction>[0]) => {
        if (failures-- > 0) return Promise.reject(new Error('connection lost'));
        return server.db.transaction(write);
      },
    } as unknown as Database;
    const errors: unknown[] = [];
    const buffer = new CountingBuffer(flaky, (error) => errors.push(error));
    const at = new Date('2026-03-10T10:00:10Z');
    buffer.countImpression(ad.id, 'header', at, 42n, true);
    buffer.add(ad.id, 'header', at, 'filteredClicks');
    await expect(buffer.flush()).rejects.toThrow('connection lost');
    buffer.countImpression(ad.id, 'header', at, 43n, true);
    await buffer.close();
    expect(await totalsOf(server.db, ad.id, 'ad_minute_stats')).toMatchObject({
      impressions: 2,
      uniqueViewers: 2,
      filteredClicks: 1,
    });
    expect(await totalsOf(server.db, ad.id, 'ad_hour_stats')).toMatchObject({
      impressions: 2,
      uniqueViewers: 2,
    });
    expect((await viewerHours(server.db)).map((row) => row.viewer)).toEqual(['42', '43']);
  });
});

describe('the viewers kept in memory', () => {
  it('forgets the oldest first once full, and keeps each entry’s times apart', () => {
    const table = new ViewerTable(3);
    const first = table.slotFor('a');
    table.set(first, ViewerField.seenAt, 1);
    table.set(table.slotFor('b'), ViewerField.clickedAt, 2);
    expect(table.slotFor('a')).toBe(first);
    table.slotFor('c');
    // Full: 'd' takes the oldest slot ('a'), with fresh times.
    const fourth = table.slotFor('d');
    expect(fourth).toBe(first);
    expect(table.find('a')).toBeUndefined();
    expect(table.get(fourth, ViewerField.seenAt)).toBe(Number.NEGATIVE_INFINITY);
    expect(table.get(table.find('b')!, ViewerField.clickedAt)).toBe(2);
    expect(table.size).toBe(3);
  });
});
