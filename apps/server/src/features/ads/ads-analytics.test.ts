import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adHourStats, adMinuteStats, ads, adViewerHours, users } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { setPlatformTimezone } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { AdAnalytics, resolveRange } from './analytics-service';

/**
 * The ad and traffic report: GET /ads/public/analytics, /ads/public/traffic and its CSV export.
 * Buckets are written here as the counting buffer writes them (a minute row, its hour row, the viewer's
 * hour), so these tests read exactly what production reads without going through the counting pipeline.
 * The server keeps the unique views of hours that are over (analytics-viewers.ts): in production those
 * never change, but here every test rewrites the past, so each test uses dates of its own.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const ROUTES = ['/api/ads/public/analytics', '/api/ads/public/traffic', '/api/ads/public/traffic/export'];

let server: TestServer;
let admin: { token: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.db.delete(ads);
  await server.db.delete(adViewerHours);
  await setPlatformTimezone(server.db, 'UTC');
});

async function createAd(title: string) {
  const [row] = await server.db
    .insert(ads)
    .values({ title, targetUrl: 'https://sponsor.example/', locations: ['header', 'between-songs'] })
    .returning({ id: ads.id });
  return row!.id;
}

interface Counts {
  impressions?: number;
  clicks?: number;
  filteredImpressions?: number;
  filteredClicks?: number;
  /** Viewer keys with a counted impression in this minute. */
  viewers?: number[];
}

/** Adds counts to one (ad, location, minute) bucket, its hour bucket and its viewers' hours, as a flush does. */
async function record(adId: string, location: string, at: string, counts: Counts) {
  const instant = new Date(at).getTime();
  const minute = new Date(Math.floor(instant / MINUTE) * MINUTE);
  const hour = new Date(Math.floor(instant / HOUR) * HOUR);
  const viewers = counts.viewers ?? [];
  const values = {
    adId,
    location,
    impressions: counts.impressions ?? 0,
    clicks: counts.clicks ?? 0,
    uniqueViewers: viewers.length,
    filteredImpressions: counts.filteredImpressions ?? 0,
    filteredClicks: counts.filteredClicks ?? 0,
  };
  const add = (table: typeof adMinuteStats | typeof adHourStats) => ({
    impressions: sql`${table.impressions} + ${values.impressions}`,
    clicks: sql`${table.clicks} + ${values.clicks}`,
    uniqueViewers: sql`${table.uniqueViewers} + ${values.uniqueViewers}`,
    filteredImpressions: sql`${table.filteredImpressions} + ${values.filteredImpressions}`,
    filteredClicks: sql`${table.filteredClicks} + ${values.filteredClicks}`,
  });
  await server.db.transaction(async (tx) => {
    await tx
      .insert(adMinuteStats)
      .values({ ...values, minute })
      .onConflictDoUpdate({
        target: [adMinuteStats.minute, adMinuteStats.adId, adMinuteStats.location],
        set: add(adMinuteStats),
      });
    await tx
      .insert(adHourStats)
      .values({ ...values, hour })
      .onConflictDoUpdate({
        target: [adHourStats.hour, adHourStats.adId, adHourStats.location],
        set: add(adHourStats),
      });
    if (viewers.length) {
      await tx
        .insert(adViewerHours)
        .values(viewers.map((viewer) => ({ hour, viewer: BigInt(viewer) })))
        .onConflictDoNothing();
    }
  });
}

/**
 * Sets the server's clock and signs the admin in again: a session idle for longer than the inactivity
 * limit (or started in the clock's future) is over.
 */
async function moveClock(at: string) {
  server.clock.set(new Date(at));
  admin = await signIn(server, 'admin');
}

/** A GET as the admin, or with another token (null: as a guest). */
function get(url: string, token: string | null = admin.token) {
  return server.request('GET', url, { token: token ?? undefined });
}

/** The traffic rows' periods with their counted impressions, for compact assertions. */
function impressionsByPeriod(stats: Array<{ period: string; totalImpressions: number }>) {
  return Object.fromEntries(stats.map((stat) => [stat.period, stat.totalImpressions]));
}

describe('access', () => {
  it('refuses a guest (401) and a fan (403) on every call', async () => {
    await moveClock('2031-01-01T00:00:00Z');
    const fan = await signIn(server, 'fan');
    for (const route of ROUTES) {
      expect((await get(route, null)).status, route).toBe(401);
      const forbidden = await get(route, fan.token);
      expect(forbidden.status, route).toBe(403);
      expect(forbidden.body.code).toBe('ADMIN_ONLY');
    }
  });
});

describe('the range', () => {
  it('defaults to the last 30 days up to today in the platform timezone', async () => {
    await setPlatformTimezone(server.db, 'Africa/Lagos');
    // 23:30 UTC on 1 March is already 2 March in Lagos.
    await moveClock('2026-03-01T23:30:00Z');
    const page = await get('/api/ads/public/analytics');
    expect(page.status).toBe(200);
    expect(page.body.data.range).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-03-02',
      timezone: 'Africa/Lagos',
    });
    expect(page.body.data.trafficStats).toHaveLength(30);
    expect(page.body.data.trafficStats[0]).toMatchObject({
      period: '2026-02-01',
      start: '2026-01-31T23:00:00.000Z',
    });
    const traffic = await get('/api/ads/public/traffic?startDate=2026-02-20');
    expect(traffic.body.data).toMatchObject({
      range: { startDate: '2026-02-20', endDate: '2026-03-02' },
      groupBy: 'day',
    });
    expect(traffic.body.data.trafficStats).toHaveLength(11);
  });

  it('refuses an end before the start, over 366 days, a date that does not exist, an unknown grouping', async () => {
    await moveClock('2025-03-01T12:00:00Z');
    for (const route of ROUTES) {
      const backwards = await get(`${route}?startDate=2025-02-10&endDate=2025-02-09`);
      expect(backwards.status, route).toBe(400);
      expect(backwards.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'The end date must be on or after the start date',
        errors: [
          {
            field: 'endDate',
            key: 'validation.dateRangeInvalid',
            message: 'The end date must be on or after the start date',
          },
        ],
      });
      const tooLong = await get(`${route}?startDate=2024-01-01&endDate=2025-01-01`);
      expect(tooLong.status, route).toBe(400);
      expect(tooLong.body.errors).toEqual([
        {
          field: 'endDate',
          key: 'validation.dateRangeTooLong',
          params: { maximum: '366' },
          message: 'The date range can span at most 366 days',
        },
      ]);
      // 366 days exactly (a leap year) is allowed.
      expect((await get(`${route}?startDate=2024-01-01&endDate=2024-12-31`)).status, route).toBe(200);
      const missing = await get(`${route}?startDate=2025-02-30`);
      expect(missing.status, route).toBe(400);
      expect(missing.body.errors[0]).toMatchObject({
        field: 'startDate',
        key: 'validation.calendarDateInvalid',
        message: 'Please enter a valid date',
      });
      // Years out of 2000..2100: the field's message, never a 500.
      for (const [query, field] of [
        ['endDate=9999-12-31', 'endDate'],
        ['startDate=0000-01-01', 'startDate'],
      ]) {
        const extreme = await get(`${route}?${query}`);
        expect(extreme.status, `${route} ${query}`).toBe(400);
        expect(extreme.body.errors[0]).toMatchObject({ field, key: 'validation.calendarDateInvalid' });
      }
    }
    // A start after today with no end: the end defaults to today, before the start.
    const future = await get('/api/ads/public/traffic?startDate=2025-03-05');
    expect(future.body.errors[0].key).toBe('validation.dateRangeInvalid');
    for (const route of ROUTES.slice(1)) {
      const unknown = await get(`${route}?groupBy=year`);
      expect(unknown.status, route).toBe(400);
      expect(unknown.body.errors[0]).toMatchObject({ field: 'groupBy', key: 'validation.optionInvalid' });
    }
  });

  it("answers the refusal in the admin's language", async () => {
    const french = await signIn(server, 'admin');
    await server.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.user.id));
    const tooLong = await get(
      '/api/ads/public/traffic?startDate=2023-01-01&endDate=2025-01-01',
      french.token,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('La période peut couvrir au plus 366 jours');
  });
});

describe('GET /ads/public/analytics', () => {
  it('sums the counted buckets, with the filtered counts beside them, per location and per ad', async () => {
    await moveClock('2025-03-10T12:00:00Z');
    const concert = await createAd('Concert tickets');
    const drinks = await createAd('Cold drinks');
    const idle = await createAd('Never seen');
    await record(concert, 'header', '2025-03-01T10:15:00Z', {
      impressions: 300,
      clicks: 6,
      filteredImpressions: 40,
      filteredClicks: 500,
      viewers: [1, 2, 3],
    });
    await record(concert, 'between-songs', '2025-03-02T08:00:00Z', {
      impressions: 100,
      clicks: 4,
      viewers: [1],
    });
    await record(drinks, 'header', '2025-03-02T08:30:00Z', { impressions: 50, clicks: 0, viewers: [4] });
    // Only filtered: a bot's impressions make no ad "counted" at the footer.
    await record(idle, 'footer', '2025-03-03T09:00:00Z', { filteredImpressions: 7 });
    // Outside the range: before it, and after it.
    await record(concert, 'header', '2025-02-28T23:59:00Z', { impressions: 1000, viewers: [9] });
    await record(concert, 'header', '2025-03-06T00:00:00Z', { impressions: 1000, viewers: [9] });

    const response = await get('/api/ads/public/analytics?startDate=2025-03-01&endDate=2025-03-05');
    expect(response.status).toBe(200);
    const page = response.body.data;
    expect(page.totals).toEqual({
      totalImpressions: 450,
      totalClicks: 10,
      ctr: 2.22,
      // Viewer 1 on two days is one viewer over the range.
      totalUniqueViews: 4,
      filteredImpressions: 47,
      filteredClicks: 500,
    });
    expect(page.locationStats).toEqual([
      { location: 'header', totalImpressions: 350, totalClicks: 6, ctr: 1.71, adCount: 2 },
      { location: 'sidebar', totalImpressions: 0, totalClicks: 0, ctr: 0, adCount: 0 },
      { location: 'footer', totalImpressions: 0, totalClicks: 0, ctr: 0, adCount: 0 },
      { location: 'between-songs', totalImpressions: 100, totalClicks: 4, ctr: 4, adCount: 1 },
      { location: 'popup', totalImpressions: 0, totalClicks: 0, ctr: 0, adCount: 0 },
      { location: 'banner', totalImpressions: 0, totalClicks: 0, ctr: 0, adCount: 0 },
    ]);
    expect(page.topAds).toEqual([
      {
        adId: concert,
        title: 'Concert tickets',
        imageUrl: null,
        totalImpressions: 400,
        totalClicks: 10,
        ctr: 2.5,
      },
      { adId: drinks, title: 'Cold drinks', imageUrl: null, totalImpressions: 50, totalClicks: 0, ctr: 0 },
    ]);
    expect(
      page.trafficStats.map((stat: Record<string, unknown>) => [
        stat.period,
        stat.totalImpressions,
        stat.totalClicks,
        stat.totalUniqueViews,
        stat.ctr,
        stat.uniqueAdCount,
        stat.filteredImpressions,
      ]),
    ).toEqual([
      ['2025-03-01', 300, 6, 3, 2, 1, 40],
      ['2025-03-02', 150, 4, 2, 2.67, 2, 0],
      ['2025-03-03', 0, 0, 0, 0, 0, 7],
      ['2025-03-04', 0, 0, 0, 0, 0, 0],
      ['2025-03-05', 0, 0, 0, 0, 0, 0],
    ]);
    expect(page.trafficStats[0]).toMatchObject({ hour: null, day: 1, week: null, month: 3, year: 2025 });
  });

  it('answers zeros, every location and no top ads when nothing was counted', async () => {
    await moveClock('2027-05-01T00:00:00Z');
    const response = await get('/api/ads/public/analytics?startDate=2027-04-01&endDate=2027-04-02');
    expect(response.body.data.totals).toMatchObject({ totalImpressions: 0, ctr: 0, totalUniqueViews: 0 });
    expect(response.body.data.locationStats).toHaveLength(6);
    expect(response.body.data.topAds).toEqual([]);
    expect(response.body.data.trafficStats).toHaveLength(2);
  });
});

describe('unique views', () => {
  it('stay exact while the hours settle: kept for the past, read for the last hours', async () => {
    await moveClock('2028-01-10T12:10:00Z');
    const ad = await createAd('Returning audience');
    // Keys are signed 64-bit hashes: negative and large ones travel and sort like the rest.
    await record(ad, 'header', '2028-01-02T08:00:00Z', {
      impressions: 3,
      viewers: [1, -9, Number.MAX_SAFE_INTEGER],
    });
    await record(ad, 'header', '2028-01-10T11:30:00Z', { impressions: 1, viewers: [2] });
    const url = '/api/ads/public/analytics?startDate=2028-01-01&endDate=2028-01-10';
    const uniqueViews = async () => {
      const page = (await get(url)).body.data;
      return [page.totals.totalUniqueViews, page.trafficStats.at(-1).totalUniqueViews];
    };
    expect(await uniqueViews()).toEqual([4, 1]);
    // Viewer 1 comes back this hour (not a new viewer of the range), viewer 3 is new.
    await record(ad, 'header', '2028-01-10T12:05:00Z', { impressions: 2, viewers: [1, 3] });
    expect(await uniqueViews()).toEqual([5, 3]);
    // Three hours on, those hours have settled into the kept list; viewer 4 arrives.
    await moveClock('2028-01-10T15:10:00Z');
    await record(ad, 'header', '2028-01-10T15:01:00Z', { impressions: 2, viewers: [2, 4] });
    expect(await uniqueViews()).toEqual([6, 4]);
    await moveClock('2028-01-11T03:00:00Z');
    expect(await uniqueViews()).toEqual([6, 4]);
  });
});

describe('GET /ads/public/traffic', () => {
  /** Lagos is UTC+1 all year: 23:30 UTC on 31 January is 00:30 on 1 February there. */
  async function recordAroundFebruary() {
    await moveClock('2025-03-10T00:00:00Z');
    await setPlatformTimezone(server.db, 'Africa/Lagos');
    const ad = await createAd('Month edge');
    await record(ad, 'header', '2025-01-30T22:59:00Z', { impressions: 1, viewers: [1] }); // 30 Jan 23:59
    await record(ad, 'header', '2025-01-31T22:59:00Z', { impressions: 2, viewers: [1] }); // 31 Jan 23:59
    await record(ad, 'header', '2025-01-31T23:00:00Z', { impressions: 4, clicks: 1, viewers: [2] }); // 1 Feb 00:00
    await record(ad, 'footer', '2025-01-31T23:30:00Z', { impressions: 8, viewers: [2] }); // 1 Feb 00:30
    await record(ad, 'header', '2025-02-02T22:10:00Z', { impressions: 16, viewers: [3] }); // Sun 2 Feb 23:10
    await record(ad, 'header', '2025-02-02T23:10:00Z', { impressions: 32, viewers: [3] }); // Mon 3 Feb 00:10
    return ad;
  }
  const range = 'startDate=2025-01-30&endDate=2025-02-03';

  it('groups by day and by month across the month boundary, on the platform clock', async () => {
    await recordAroundFebruary();
    const days = await get(`/api/ads/public/traffic?${range}&groupBy=day`);
    expect(days.status).toBe(200);
    expect(impressionsByPeriod(days.body.data.trafficStats)).toEqual({
      '2025-01-30': 1,
      '2025-01-31': 2,
      '2025-02-01': 12,
      '2025-02-02': 16,
      '2025-02-03': 32,
    });
    // One viewer seen twice on 1 February is one unique view that day.
    expect(days.body.data.trafficStats[2]).toMatchObject({ totalUniqueViews: 1, totalClicks: 1, ctr: 8.33 });

    const months = await get(`/api/ads/public/traffic?${range}&groupBy=month`);
    expect(months.body.data.trafficStats).toEqual([
      expect.objectContaining({
        period: '2025-01',
        start: '2024-12-31T23:00:00.000Z',
        totalImpressions: 3,
        totalUniqueViews: 1,
        hour: null,
        day: null,
        week: null,
        month: 1,
        year: 2025,
      }),
      expect.objectContaining({
        period: '2025-02',
        totalImpressions: 60,
        totalUniqueViews: 2,
        uniqueAdCount: 1,
      }),
    ]);
  });

  it('groups by week from Monday, naming each week by its Monday', async () => {
    await recordAroundFebruary();
    const weeks = await get(`/api/ads/public/traffic?${range}&groupBy=week`);
    expect(weeks.body.data.trafficStats).toEqual([
      // The week of Monday 27 January, of which the range holds Thursday to Sunday.
      expect.objectContaining({ period: '2025-01-27', week: 5, day: 27, month: 1, totalImpressions: 31 }),
      expect.objectContaining({ period: '2025-02-03', week: 6, day: 3, month: 2, totalImpressions: 32 }),
    ]);
  });

  it('groups by hour, one row for each hour of each day, zero-filled', async () => {
    await recordAroundFebruary();
    const hours = await get(`/api/ads/public/traffic?${range}&groupBy=hour`);
    const stats = hours.body.data.trafficStats;
    expect(stats).toHaveLength(5 * 24);
    expect(stats[0]).toMatchObject({
      period: '2025-01-30 00:00',
      start: '2025-01-29T23:00:00.000Z',
      hour: 0,
    });
    const counted = stats.filter((stat: { totalImpressions: number }) => stat.totalImpressions > 0);
    expect(impressionsByPeriod(counted)).toEqual({
      '2025-01-30 23:00': 1,
      '2025-01-31 23:00': 2,
      '2025-02-01 00:00': 12,
      '2025-02-02 23:00': 16,
      '2025-02-03 00:00': 32,
    });
    expect(counted[2]).toMatchObject({ hour: 0, day: 1, month: 2, year: 2025, totalUniqueViews: 1 });
  });

  it('follows the clock back and forward in New York: 25 and 23 hours, 01:00 twice', async () => {
    await moveClock('2025-12-01T00:00:00Z');
    await setPlatformTimezone(server.db, 'America/New_York');
    const ad = await createAd('Daylight saving');
    await record(ad, 'header', '2025-11-02T05:30:00Z', { impressions: 1 }); // 01:30 EDT
    await record(ad, 'header', '2025-11-02T06:30:00Z', { impressions: 2 }); // 01:30 EST
    const back = await get('/api/ads/public/traffic?startDate=2025-11-02&endDate=2025-11-02&groupBy=hour');
    const stats = back.body.data.trafficStats;
    expect(stats).toHaveLength(25);
    expect(stats.slice(1, 3)).toEqual([
      expect.objectContaining({
        period: '2025-11-02 01:00',
        start: '2025-11-02T05:00:00.000Z',
        totalImpressions: 1,
      }),
      expect.objectContaining({
        period: '2025-11-02 01:00',
        start: '2025-11-02T06:00:00.000Z',
        totalImpressions: 2,
      }),
    ]);
    const forward = await get('/api/ads/public/traffic?startDate=2025-03-09&endDate=2025-03-09&groupBy=hour');
    expect(forward.body.data.trafficStats.map((stat: { hour: number }) => stat.hour).slice(0, 3)).toEqual([
      0, 1, 3,
    ]);
    const day = await get('/api/ads/public/traffic?startDate=2025-11-02&endDate=2025-11-02');
    expect(day.body.data.trafficStats).toEqual([expect.objectContaining({ totalImpressions: 3 })]);
  });
});

describe('timezones off the whole hour (the report read directly: the platform offers whole-hour zones)', () => {
  it('reads the minutes of an hour a day boundary cuts in Kolkata (UTC+5:30), at the range edges and inside', async () => {
    const ad = await createAd('Half hour');
    const now = new Date('2025-03-10T00:00:00Z');
    // Kolkata's 1 March begins at 18:30 UTC on 28 February.
    await record(ad, 'header', '2025-02-28T18:29:00Z', { impressions: 1, viewers: [1] }); // 28 Feb 23:59: outside
    await record(ad, 'header', '2025-02-28T18:30:00Z', { impressions: 2, viewers: [2] }); // 1 Mar 00:00
    await record(ad, 'header', '2025-03-01T18:29:00Z', { impressions: 4, viewers: [3] }); // 1 Mar 23:59
    await record(ad, 'header', '2025-03-01T18:31:00Z', { impressions: 8, clicks: 2, viewers: [4] }); // 2 Mar 00:01
    await record(ad, 'header', '2025-03-02T18:29:59Z', { impressions: 16 }); // 2 Mar 23:59:59
    await record(ad, 'header', '2025-03-02T18:30:00Z', { impressions: 32 }); // 3 Mar: outside
    const range = resolveRange({ startDate: '2025-03-01', endDate: '2025-03-02' }, 'Asia/Kolkata', now);
    expect(range.from.toISOString()).toBe('2025-02-28T18:30:00.000Z');

    const analytics = new AdAnalytics(server);
    const days = await analytics.trafficOf(range, 'day');
    expect(days.map((stat) => [stat.period, stat.totalImpressions, stat.totalClicks])).toEqual([
      ['2025-03-01', 6, 0],
      ['2025-03-02', 24, 2],
    ]);
    const hours = await analytics.trafficOf(range, 'hour');
    expect(hours).toHaveLength(48);
    expect(hours[0]).toMatchObject({ period: '2025-03-01 00:00', start: '2025-02-28T18:30:00.000Z' });
    expect(impressionsByPeriod(hours.filter((stat) => stat.totalImpressions > 0))).toEqual({
      '2025-03-01 00:00': 2,
      '2025-03-01 23:00': 4,
      '2025-03-02 00:00': 8,
      '2025-03-02 23:00': 16,
    });
    // A viewer hour goes to the period holding its middle (:30): 18:00-19:00 UTC belongs to the next day.
    expect(days.map((stat) => stat.totalUniqueViews)).toEqual([2, 2]);
  });

  it('puts the first half hour after midnight in Nairobi (UTC+3) into the new day and month', async () => {
    const ad = await createAd('Nairobi');
    await record(ad, 'sidebar', '2025-01-31T20:59:00Z', { impressions: 1 }); // 31 Jan 23:59
    await record(ad, 'sidebar', '2025-01-31T21:30:00Z', { impressions: 2 }); // 1 Feb 00:30
    const range = resolveRange(
      { startDate: '2025-01-31', endDate: '2025-02-01' },
      'Africa/Nairobi',
      new Date(),
    );
    const analytics = new AdAnalytics(server);
    expect(impressionsByPeriod(await analytics.trafficOf(range, 'day'))).toEqual({
      '2025-01-31': 1,
      '2025-02-01': 2,
    });
    expect(impressionsByPeriod(await analytics.trafficOf(range, 'month'))).toEqual({
      '2025-01': 1,
      '2025-02': 2,
    });
  });
});

describe('GET /ads/public/traffic/export', () => {
  it('sends the spec CSV line by line: BOM, header, one row per period, two-decimal CTR, formula-safe', async () => {
    await moveClock('2025-07-01T00:00:00Z');
    await setPlatformTimezone(server.db, 'Africa/Lagos');
    const ad = await createAd('=HYPERLINK("https://evil.example")');
    await record(ad, 'header', '2025-06-01T09:00:00Z', { impressions: 400, clicks: 3, viewers: [1, 2] });
    await record(ad, 'popup', '2025-06-02T09:00:00Z', { impressions: 3, clicks: 1, viewers: [2] });
    const response = await fetch(
      `${server.baseUrl}/api/ads/public/traffic/export?startDate=2025-06-01&endDate=2025-06-03&groupBy=day`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(
      'filename="ad-analytics-2025-06-01-to-2025-06-03.csv"',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toEqual([
      'Date,Impressions,Clicks,Unique Views,CTR (%)',
      '2025-06-01,400,3,2,0.75',
      '2025-06-02,3,1,1,33.33',
      '2025-06-03,0,0,0,0.00',
      '',
    ]);
    // No cell a spreadsheet would run as a formula (an ad's title never reaches this file, by design).
    expect(lines.flatMap((line) => line.split(',')).filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    const weeks = await get(
      '/api/ads/public/traffic/export?startDate=2025-06-01&endDate=2025-06-03&groupBy=week',
    );
    expect(weeks.body.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Date,Impressions,Clicks,Unique Views,CTR (%)',
      // Sunday 1 June belongs to the week of Monday 26 May.
      '2025-05-26,400,3,2,0.75',
      '2025-06-02,3,1,1,33.33',
      '',
    ]);
  });
});
