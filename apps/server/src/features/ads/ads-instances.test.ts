import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads } from '../../db/schema';
import { click, createAd, newDevice, sendImpressions, serveSlots, totalsOf } from '../../test/ads';
import { sharedSetUp, useTwoInstances } from '../../test/instances';
import type { TestServer } from '../../test/server';

describe('ads across instances sharing PostgreSQL and Redis', () => {
  const servers = useTwoInstances();
  const both = () => [servers.first, servers.second] as const;
  const at = (instant: string) => {
    for (const server of both()) server.clock.set(new Date(instant));
  };
  const flushBoth = () => Promise.all(both().map((server) => server.app.ads.flush()));
  const servedIds = async (server: TestServer, slots: string[]) =>
    (await serveSlots(server, slots, { device: newDevice() })).map((served) => served.id);

  it.runIf(sharedSetUp)(
    'holds the caps when both instances count the last impressions at once',
    async () => {
      const { first, second } = servers;
      at('2026-03-10T10:00:00Z');
      const total = await createAd(first.db, { locations: ['header'], maxTotalImpressions: 5 });
      const daily = await createAd(first.db, { locations: ['footer'], maxDailyImpressions: 3 });
      await first.app.ads.changed();
      // 16 viewers, served by either instance, their impressions sent to the other one all at once.
      const pages = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          serveSlots(index % 2 ? first : second, ['header', 'footer'], { device: newDevice() }),
        ),
      );
      for (const page of pages) expect(page.map((served) => served.id)).toEqual([total.id, daily.id]);
      const answers = await Promise.all(
        pages.map((page, index) =>
          sendImpressions(
            index % 2 ? second : first,
            page.map((served) => served.token),
          ),
        ),
      );
      expect(answers.every((answer) => answer.status === 202)).toBe(true);
      await flushBoth();
      expect(await totalsOf(first.db, total.id, 'ad_minute_stats')).toMatchObject({ impressions: 5 });
      expect(await totalsOf(first.db, daily.id, 'ad_hour_stats')).toMatchObject({ impressions: 3 });
      // Neither instance serves them any more today; tomorrow the daily one is back, on both.
      for (const server of both()) expect(await servedIds(server, ['header', 'footer'])).toEqual([]);
      at('2026-03-11T10:00:00Z');
      for (const server of both()) expect(await servedIds(server, ['header', 'footer'])).toEqual([daily.id]);
    },
    30_000,
  );

  it.runIf(sharedSetUp)('knows a viewer whichever instance they reach', async () => {
    const { first, second } = servers;
    at('2026-03-12T10:00:00Z');
    const ad = await createAd(first.db, { locations: ['sidebar'] });
    await first.app.ads.changed();
    const device = newDevice();
    await expect.poll(async () => (await serveSlots(second, ['sidebar'], { device })).length).toBe(1);
    const [served] = await serveSlots(second, ['sidebar'], { device });
    await sendImpressions(first, [served!.token]);
    // A repeat on the other instance, then a click there after the impression counted here.
    await sendImpressions(second, [served!.token]);
    expect((await click(second, `/api/ad-click/${served!.token}`)).location).toBe(
      'https://sponsor.example/landing?from=ovation',
    );
    await click(first, `/api/ad-click/${served!.token}`);
    // 61 s after the counted impression (on the servers' clocks): the same token replayed on either instance
    // is filtered (each token counts once); a newly served one counts, the hour's viewer still one.
    at('2026-03-12T10:01:01Z');
    await sendImpressions(second, [served!.token]);
    await click(first, `/api/ad-click/${served!.token}`);
    const [again] = await serveSlots(first, ['sidebar'], { device });
    await sendImpressions(second, [again!.token]);
    await flushBoth();
    expect(await totalsOf(first.db, ad.id, 'ad_minute_stats')).toMatchObject({
      impressions: 2,
      uniqueViewers: 2,
      filteredImpressions: 2,
      clicks: 1,
      filteredClicks: 2,
    });
    expect(await totalsOf(first.db, ad.id, 'ad_hour_stats')).toMatchObject({
      impressions: 2,
      uniqueViewers: 1,
    });
  });

  it.runIf(sharedSetUp)('drops the other instance’s cached ads when an admin changes one', async () => {
    const { first, second } = servers;
    at('2026-03-12T11:00:00Z');
    // Cached by the second instance: nothing at the popup yet.
    expect(await servedIds(second, ['popup'])).toEqual([]);
    const ad = await createAd(first.db, { locations: ['popup'] });
    await first.app.ads.changed();
    await expect.poll(() => servedIds(second, ['popup']), { timeout: 2000 }).toEqual([ad.id]);
    await first.db.update(ads).set({ isActive: false }).where(eq(ads.id, ad.id));
    await first.app.ads.changed();
    await expect.poll(() => servedIds(second, ['popup']), { timeout: 2000 }).toEqual([]);
  });
});
