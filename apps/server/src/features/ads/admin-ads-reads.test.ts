import type { AdminAd } from '@ovation/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads } from '../../db/schema';
import { signIn } from '../../test/accounts';
import {
  addCounts,
  admin,
  analytics,
  auditFor,
  counts,
  create,
  createAd,
  edit,
  GHOST,
  list,
  NOW,
  remove,
  server,
  setUpAdsAdmin,
  TODAY,
  toggle,
  valid,
} from '../../test/admin-ads';

setUpAdsAdmin();

describe('GET /api/ads', () => {
  it('lists newest first in pages of the list contract, searched by title or description, filtered by status', async () => {
    const first = await createAd({ title: 'Zebra 100% cola' });
    const second = await createAd({ title: 'Zebra juice' });
    const third = await createAd({ title: 'Zebra water' });
    const described = await createAd({
      title: 'Plain title',
      description: 'Sponsored by the striped ZEBRA fund',
    });
    await toggle(second._id);

    // The description is searched too.
    const byDescription = await list('?search=striped zebra');
    expect(byDescription.body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([described._id]);
    await remove(described._id);

    const page = await list('?search=zebra&limit=2');
    expect(page.status).toBe(200);
    expect(page.body.success).toBe(true);
    expect(page.body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([third._id, second._id]);
    expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    const next = await list('?search=zebra&limit=2&page=2');
    expect(next.body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([first._id]);
    const oldest = await list('?search=zebra&order=asc&limit=1');
    expect(oldest.body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([first._id]);

    // '%' matches itself, not anything.
    expect((await list('?search=100%25')).body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([first._id]);
    const inactive = await list('?search=zebra&status=inactive');
    expect(inactive.body.data.ads.map((ad: AdminAd) => ad.title)).toEqual(['Zebra juice']);
    const active = await list('?search=zebra&status=active');
    expect(active.body.data.ads.map((ad: AdminAd) => ad.title)).toEqual(['Zebra water', 'Zebra 100% cola']);
    for (const all of ['all', '']) {
      expect((await list(`?search=zebra&status=${all}`)).body.pagination.total).toBe(3);
    }
    const empty = await list('?search=no-such-ad');
    expect(empty.body).toEqual({
      success: true,
      data: { ads: [] },
      pagination: { page: 1, limit: 20, total: 0, pages: 1 },
    });
    const bad = await list('?status=paused');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({
      field: 'status',
      message: 'Choose one of: all, active, inactive',
    });
  });

  it('shows each ad’s counted totals, CTR and today’s impressions, today being the platform’s day', async () => {
    const ad = await createAd({ title: 'Counted in the list' });
    // 22:50 UTC is 23:50 on the 10th in Lagos: yesterday there, though the same UTC date as now.
    await addCounts(ad._id, 'banner', '2026-03-10T22:50:00Z', { impressions: 5, clicks: 1 });
    await addCounts(ad._id, 'banner', '2026-03-10T23:05:00Z', {
      impressions: 3,
      clicks: 1,
      filteredClicks: 4,
    });
    const [listed] = (await list('?search=Counted in the list')).body.data.ads;
    expect(listed.analytics).toEqual({ totalImpressions: 8, totalClicks: 2, ctr: 25, todayImpressions: 3 });
  });
});

describe('the state of an ad', () => {
  /** The state the list shows for an ad (found by its title). */
  const stateOf = async (id: string, token = admin.token) => {
    const [row] = await server.db.select().from(ads).where(eq(ads.id, id));
    const response = await list(`?search=${encodeURIComponent(row!.title)}`, token);
    return response.body.data.ads[0].state;
  };

  it('follows the dates in the platform’s timezone: scheduled, running through its end date, then ended', async () => {
    const scheduled = await createAd({
      title: 'State scheduled',
      displaySettings: '{"startDate": "2026-03-12"}',
    });
    expect(scheduled.state).toBe('scheduled');
    const startsToday = await createAd({
      title: 'State starts today',
      displaySettings: `{"startDate": "${TODAY}"}`,
    });
    expect(startsToday.state).toBe('active');
    const endsToday = await createAd({
      title: 'State ends today',
      displaySettings: `{"startDate": "2026-03-01", "endDate": "${TODAY}"}`,
    });
    expect(endsToday.state).toBe('active');
    // The 10th is still today in UTC, but yesterday on the platform's clock.
    const ended = await createAd({
      title: 'State ended',
      displaySettings: '{"startDate": "2026-03-01", "endDate": "2026-03-10"}',
    });
    expect(ended.state).toBe('ended');
    const off = (await toggle(ended._id)).body.data;
    expect(off.state).toBe('inactive');
  });

  it('is capped once the total cap is reached, capped today once today’s cap is, and active again tomorrow', async () => {
    const total = await createAd({
      title: 'State total cap',
      displaySettings: '{"maxTotalImpressions": 10}',
    });
    await addCounts(total._id, 'banner', '2026-03-09T12:00:00Z', { impressions: 6 });
    expect(await stateOf(total._id)).toBe('active');
    await addCounts(total._id, 'banner', '2026-03-10T23:01:00Z', { impressions: 4, filteredImpressions: 9 });
    expect(await stateOf(total._id)).toBe('capped');

    const daily = await createAd({ title: 'State daily cap', displaySettings: '{"maxDailyImpressions": 5}' });
    await addCounts(daily._id, 'banner', '2026-03-10T22:59:00Z', { impressions: 5 });
    expect(await stateOf(daily._id)).toBe('active');
    await addCounts(daily._id, 'header', '2026-03-10T23:20:00Z', { impressions: 2 });
    await addCounts(daily._id, 'banner', '2026-03-10T23:25:00Z', { impressions: 3 });
    expect(await stateOf(daily._id)).toBe('cappedToday');
    // 00:10 on the 12th in Lagos. Signed in afresh: the other sessions would count a day idle.
    server.clock.set(new Date('2026-03-11T23:10:00Z'));
    try {
      const tomorrow = await signIn(server, 'admin');
      expect(await stateOf(daily._id, tomorrow.token)).toBe('active');
    } finally {
      server.clock.set(NOW);
    }
  });
});

describe('GET /api/ads/{id}/analytics', () => {
  it('answers all-time totals, the filtered counts, today’s impressions and each location, CTR to two decimals', async () => {
    const ad = await createAd({
      title: 'Analysed',
      displaySettings: JSON.stringify({ locations: ['header', 'between-songs', 'popup'] }),
    });
    await addCounts(ad._id, 'header', '2026-03-08T10:15:00Z', {
      impressions: 4,
      clicks: 1,
      filteredImpressions: 2,
    });
    await addCounts(ad._id, 'header', '2026-03-10T23:12:00Z', {
      impressions: 3,
      clicks: 2,
      filteredClicks: 5,
    });
    await addCounts(ad._id, 'between-songs', '2026-03-10T22:40:00Z', { impressions: 3 });
    // Counted at a location an edit later took the ad away from: still part of its history.
    await addCounts(ad._id, 'footer', '2026-03-07T09:00:00Z', { impressions: 2, clicks: 1 });

    const response = await analytics(ad._id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        ad: { _id: ad._id, title: 'Analysed' },
        performance: {
          totalImpressions: 12,
          totalClicks: 4,
          ctr: 33.33,
          filteredImpressions: 2,
          filteredClicks: 5,
          todayImpressions: 3,
          locations: [
            { location: 'header', impressions: 7, clicks: 3, ctr: 42.86 },
            { location: 'footer', impressions: 2, clicks: 1, ctr: 50 },
            { location: 'between-songs', impressions: 3, clicks: 0, ctr: 0 },
            { location: 'popup', impressions: 0, clicks: 0, ctr: 0 },
          ],
        },
      },
    });
  });

  it('answers zeros for an ad never shown, and 404 AD_NOT_FOUND for an unknown one', async () => {
    const ad = await createAd({ title: 'Never shown' });
    const response = await analytics(ad._id);
    expect(response.body.data.performance).toEqual({
      totalImpressions: 0,
      totalClicks: 0,
      ctr: 0,
      filteredImpressions: 0,
      filteredClicks: 0,
      todayImpressions: 0,
      locations: [{ location: 'banner', impressions: 0, clicks: 0, ctr: 0 }],
    });
    const missing = await analytics(GHOST);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('AD_NOT_FOUND');
  });
});

describe('review fixes', () => {
  it('refuses years outside 2000..2100 and weights that are not numbers, naming the field', async () => {
    const before = await counts();
    const cases: Array<[object, string, string]> = [
      [{ endDate: '9999-12-31' }, 'displaySettings.endDate', 'Please enter a valid date'],
      [{ startDate: '0000-01-01' }, 'displaySettings.startDate', 'Please enter a valid date'],
      [{ weight: true }, 'displaySettings.weight', 'Weight must be a whole number from 1 to 10'],
      [{ weight: [5] }, 'displaySettings.weight', 'Weight must be a whole number from 1 to 10'],
      [{ weight: null }, 'displaySettings.weight', 'Weight must be a whole number from 1 to 10'],
    ];
    for (const [settings, field, message] of cases) {
      const response = await create(valid({ displaySettings: JSON.stringify(settings) }));
      expect(response.status, JSON.stringify(settings)).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field, message })]);
    }
    expect(await counts()).toEqual(before);
    // Digits as text are a number.
    const digits = await createAd({ displaySettings: '{"weight": "7", "maxTotalImpressions": "100"}' });
    expect(digits.displaySettings).toMatchObject({ weight: 7, maxTotalImpressions: 100 });
  });

  it('changes only the display settings sent on PUT; blank settings change nothing', async () => {
    const settings = {
      locations: ['header', 'footer'],
      weight: 2,
      startDate: '2026-03-05',
      endDate: '2026-04-30',
      maxDailyImpressions: 10,
      maxTotalImpressions: 500,
    };
    const created = await createAd({ title: 'Partial edit', displaySettings: JSON.stringify(settings) });
    const weighted = await edit(created._id, { displaySettings: '{"weight": 3}' });
    expect(weighted.status).toBe(200);
    expect(weighted.body.data.displaySettings).toEqual({ ...settings, weight: 3 });
    const blank = await edit(created._id, { displaySettings: ' ', title: 'Partial edit, renamed' });
    expect(blank.body.data.displaySettings).toEqual({ ...settings, weight: 3 });
    // A null end removes it; an end before the stored start is refused on the merged settings.
    const open = await edit(created._id, { displaySettings: '{"endDate": null}' });
    expect(open.body.data.displaySettings).toEqual({ ...settings, weight: 3, endDate: null });
    const backwards = await edit(created._id, { displaySettings: '{"endDate": "2026-03-01"}' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      expect.objectContaining({
        field: 'displaySettings.endDate',
        message: 'The end date must be on or after the start date',
      }),
    ]);
  });

  it('answers 200 to an edit that changes nothing, without an audit entry or a new updatedAt', async () => {
    const created = await createAd({ title: 'Unchanged', displaySettings: '{"weight": 4}' });
    server.clock.advance(5000);
    const same = await edit(created._id, {
      title: 'Unchanged',
      targetUrl: created.targetUrl,
      displaySettings: '{"weight": 4, "locations": ["banner"]}',
    });
    expect(same.status).toBe(200);
    expect(same.body.data.updatedAt).toBe(created.updatedAt);
    expect(await auditFor('ad.updated', created._id)).toHaveLength(0);
  });
});
