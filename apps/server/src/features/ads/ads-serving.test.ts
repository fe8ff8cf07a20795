import { adSlotsResponseSchema } from '@ovation/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ads } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createAd, newDevice, sendImpressions, serveSlots } from '../../test/ads';
import { setPlatformTimezone } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { type KnownAd, pickAds } from './serving';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Every ad gone, the caches dropped, the clock at a known instant (a Tuesday, 10:00 UTC). */
beforeEach(async () => {
  await server.db.delete(ads);
  await server.app.ads.changed();
  server.clock.set(new Date('2026-03-10T10:00:00Z'));
  await setPlatformTimezone(server.db, 'UTC');
});

const servedIds = async (slots: string[], device = newDevice()) =>
  (await serveSlots(server, slots, { device })).map((served) => served.id);

/** A random number generator with a fixed seed (mulberry32): the same draws on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('GET /api/ad-slots', () => {
  it('answers the served ads with their tokens, never cached', async () => {
    const ad = await createAd(server.db, { title: 'Zed Telecom', description: 'Data for the night' });
    await server.app.ads.changed();
    const response = await server.request('GET', '/api/ad-slots?slots=header', {
      headers: { 'x-device-id': newDevice() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = adSlotsResponseSchema.parse(response.body);
    expect(body.data.ads).toHaveLength(1);
    const [served] = body.data.ads;
    expect(served).toMatchObject({
      slot: 0,
      location: 'header',
      id: ad.id,
      title: 'Zed Telecom',
      description: 'Data for the night',
      width: 1200,
      height: 300,
      targetHost: 'sponsor.example',
    });
    expect(served!.imageUrl).toMatch(/^\/uploads\/ads\/.+\.webp$/);
    expect(served!.srcSet).toContain('1200w');
    expect(served!.clickUrl).toBe(`/api/ad-click/${served!.token}`);
    // The token names nothing in clear: neither the ad nor the device.
    expect(served!.token).not.toContain(ad.id.replace(/-/g, ''));
  });

  it('serves only active ads with a picture, inside their dates, at the slot’s location', async () => {
    const good = await createAd(server.db, { title: 'Good', locations: ['sidebar'] });
    await createAd(server.db, { title: 'Off', locations: ['sidebar'], isActive: false });
    await createAd(server.db, { title: 'No picture', locations: ['sidebar'], withImage: false });
    await createAd(server.db, {
      title: 'Ended',
      locations: ['sidebar'],
      startDate: '2026-03-01',
      endDate: '2026-03-09',
    });
    await createAd(server.db, { title: 'Later', locations: ['sidebar'], startDate: '2026-03-11' });
    await createAd(server.db, { title: 'Elsewhere', locations: ['footer'] });
    const lastDay = await createAd(server.db, {
      title: 'Last day',
      locations: ['popup'],
      endDate: '2026-03-10',
    });
    const firstDay = await createAd(server.db, {
      title: 'First day',
      locations: ['banner'],
      startDate: '2026-03-10',
    });
    await server.app.ads.changed();
    for (let page = 0; page < 20; page++) expect(await servedIds(['sidebar'])).toEqual([good.id]);
    expect(await servedIds(['popup', 'banner'])).toEqual([lastDay.id, firstDay.id]);
  });

  it('leaves out the slots with no ad, and never shows one ad twice on a page', async () => {
    const first = await createAd(server.db, { locations: ['between-songs'] });
    const second = await createAd(server.db, { locations: ['between-songs', 'footer'] });
    await server.app.ads.changed();
    for (let page = 0; page < 20; page++) {
      const served = await serveSlots(
        server,
        ['header', 'between-songs', 'between-songs', 'between-songs', 'footer'],
        {
          device: newDevice(),
        },
      );
      // The header has no ad; the two ads fill the first two between-songs slots, and nothing is left for
      // the third one nor for the footer (the second ad is already on the page).
      expect(served.map((entry) => entry.slot)).toEqual([1, 2]);
      expect(served.map((entry) => entry.id).sort()).toEqual([first.id, second.id].sort());
    }
    expect(await servedIds(['header', 'popup'])).toEqual([]);
  });

  it('reads the dates as calendar days in the platform’s timezone', async () => {
    // 02:00 UTC on 10 March is still 9 March, 22:00, in New York.
    server.clock.set(new Date('2026-03-10T02:00:00Z'));
    const starting = await createAd(server.db, { locations: ['header'], startDate: '2026-03-10' });
    const ending = await createAd(server.db, { locations: ['footer'], endDate: '2026-03-09' });
    await server.app.ads.changed();
    expect(await servedIds(['header', 'footer'])).toEqual([starting.id]);
    await setPlatformTimezone(server.db, 'America/New_York');
    expect(await servedIds(['header', 'footer'])).toEqual([ending.id]);
  });

  it('stops serving an ad at its daily cap until the next day, and at its total cap for good', async () => {
    const daily = await createAd(server.db, { locations: ['header'], maxDailyImpressions: 2 });
    const total = await createAd(server.db, { locations: ['footer'], maxTotalImpressions: 3 });
    await server.app.ads.changed();
    const seeOnce = async () => {
      const served = await serveSlots(server, ['header', 'footer'], { device: newDevice() });
      expect(
        (
          await sendImpressions(
            server,
            served.map((entry) => entry.token),
          )
        ).status,
      ).toBe(202);
      return served.map((entry) => entry.id);
    };
    expect(await seeOnce()).toEqual([daily.id, total.id]);
    expect(await seeOnce()).toEqual([daily.id, total.id]);
    // Two impressions today: the daily cap is reached; the total cap has one left.
    expect(await seeOnce()).toEqual([total.id]);
    expect(await seeOnce()).toEqual([]);
    const settings = await server.request('GET', '/api/public/public-settings');
    expect(settings.body.data.ads.locations).toEqual([]);

    server.clock.advance(24 * 60 * 60 * 1000);
    await server.app.ads.changed();
    expect(await seeOnce()).toEqual([daily.id]);
    await server.app.ads.flush();
  });

  it('starts the caps from the counts already in the database', async () => {
    // Counted before this process knew the ad: 2 impressions today, 5 yesterday (buckets only).
    const ad = await createAd(server.db, {
      locations: ['header'],
      maxDailyImpressions: 3,
      maxTotalImpressions: 9,
    });
    await server.app.ads.changed();
    for (const [at, impressions] of [
      ['2026-03-10T08:15:00Z', 2],
      ['2026-03-09T12:00:00Z', 5],
    ] as const) {
      const hour = `${at.slice(0, 13)}:00:00Z`;
      await server.db.execute(sql`
        insert into ad_minute_stats (minute, ad_id, location, impressions, unique_viewers)
        values (${at}::timestamptz, ${ad.id}, 'header', ${impressions}, ${impressions})`);
      await server.db.execute(sql`
        insert into ad_hour_stats (hour, ad_id, location, impressions, unique_viewers)
        values (${hour}::timestamptz, ${ad.id}, 'header', ${impressions}, ${impressions})`);
    }
    const first = await serveSlots(server, ['header'], { device: newDevice() });
    expect(first.map((entry) => entry.id)).toEqual([ad.id]);
    await sendImpressions(server, [first[0]!.token]);
    // 3 today: the daily cap. Tomorrow one more makes 9 in all: the total cap.
    expect(await serveSlots(server, ['header'], { device: newDevice() })).toEqual([]);
    server.clock.advance(24 * 60 * 60 * 1000);
    expect(await servedIds(['header'])).toEqual([ad.id]);
    const [next] = await serveSlots(server, ['header'], { device: newDevice() });
    await sendImpressions(server, [next!.token]);
    expect(await servedIds(['header'])).toEqual([]);
    await server.app.ads.flush();
  });

  it('serves signed-in fans, and follows an admin’s change at once', async () => {
    const fan = await signIn(server, 'fan');
    expect(await serveSlots(server, ['banner'], { token: fan.token })).toEqual([]);
    const ad = await createAd(server.db, { locations: ['banner'] });
    // Cached for a few seconds: the admin routes call changed(), which drops the cache.
    expect(await serveSlots(server, ['banner'], { token: fan.token })).toEqual([]);
    await server.app.ads.changed();
    expect((await serveSlots(server, ['banner'], { token: fan.token })).map((entry) => entry.id)).toEqual([
      ad.id,
    ]);
    const settings = await server.request('GET', '/api/public/public-settings');
    expect(settings.body.data.ads.locations).toEqual(['banner']);
    await server.db.update(ads).set({ isActive: false }).where(eq(ads.id, ad.id));
    await server.app.ads.changed();
    expect(await serveSlots(server, ['banner'], { token: fan.token })).toEqual([]);
  });

  it('refuses a slot list that is empty, too long or names no location', async () => {
    for (const query of ['', 'slots=', 'slots=nowhere', `slots=${Array(13).fill('header').join(',')}`]) {
      const response = await server.request('GET', `/api/ad-slots?${query}`);
      expect(`${query}: ${response.status}`).toBe(`${query}: 400`);
    }
  });
});

describe('the weighted draw', () => {
  const ad = (id: string, weight: number): KnownAd => ({
    id,
    title: id,
    description: '',
    targetUrl: 'https://example.com',
    isActive: true,
    locations: ['header', 'footer'],
    weight,
    startDate: '2000-01-01',
    endDate: null,
    maxDailyImpressions: 0,
    maxTotalImpressions: 0,
    image: { url: '', srcSet: '', width: 1, height: 1 },
  });

  it('shows ads in proportion to their weights (1, 3, 6 over 10,000 pages, fixed seed)', () => {
    const random = seeded(20261110);
    const candidates = [ad('one', 1), ad('three', 3), ad('six', 6)];
    const shown = new Map<string, number>();
    const draws = 10_000;
    for (let page = 0; page < draws; page++) {
      const [pick] = pickAds(['header'], candidates, random);
      shown.set(pick!.ad.id, (shown.get(pick!.ad.id) ?? 0) + 1);
    }
    // Expected 10%, 30%, 60%: three standard deviations over 10,000 draws are at most 1.5 points.
    expect(Math.abs(shown.get('one')! / draws - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(shown.get('three')! / draws - 0.3)).toBeLessThan(0.015);
    expect(Math.abs(shown.get('six')! / draws - 0.6)).toBeLessThan(0.015);
  });

  it('draws the second slot among the ads the first one left', () => {
    const random = seeded(7);
    const candidates = [ad('light', 1), ad('heavy', 9)];
    let lightSecond = 0;
    for (let page = 0; page < 1000; page++) {
      const picks = pickAds(['header', 'footer', 'header'], candidates, random);
      expect(picks.map((pick) => pick.slot)).toEqual([0, 1]);
      expect(new Set(picks.map((pick) => pick.ad.id)).size).toBe(2);
      if (picks[1]!.ad.id === 'light') lightSecond++;
    }
    // The heavy ad takes the first slot 9 times in 10, leaving the light one the second.
    expect(lightSecond / 1000).toBeGreaterThan(0.85);
  });
});
