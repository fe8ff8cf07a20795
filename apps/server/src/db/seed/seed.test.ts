import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AD_LOCATIONS, detectLinkKind, LINK_KINDS, listSongsQuerySchema, REGIONS } from '@ovation/shared';
import { and, count, eq, max, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdAnalytics } from '../../features/ads/analytics-service';
import { forgetIntegritySignals, getIntegritySignals } from '../../features/integrity/signal-service';
import { listSongs } from '../../features/songs/public-service';
import { getVotingStatus } from '../../features/voting/service';
import { ManualClock } from '../../lib/clock';
import type { DatabaseHandle } from '../../lib/db';
import { imageVariantKey } from '../../lib/images';
import { verifyPassword } from '../../lib/passwords';
import { createDiskStorage, type FileStorage } from '../../lib/storage';
import { foldForSearch } from '../../lib/text';
import { createTestDatabase } from '../../test/database';
import {
  ads,
  banners,
  categories,
  images,
  songs,
  songVoteTallies,
  users,
  voteQuotas,
  votes,
} from '../schema';
import { buildAdPlan } from './ads';
import { DEMO_FANS, DEMO_PASSWORD } from './demo-accounts';
import { buildDemoPlan } from './plan';
import { PLANTED_ACCOUNTS } from './planted-cluster';
import { seedDemoDataIfEmpty } from './seed';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The three sign-in accounts, the voting fans and the planted cluster's accounts. */
const DEMO_ACCOUNT_COUNT = 3 + DEMO_FANS.length + PLANTED_ACCOUNTS;

async function countFiles(directory: string): Promise<number> {
  const entries = await fs.readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

describe('seedDemoDataIfEmpty', () => {
  let database: DatabaseHandle;
  let storage: FileStorage;
  let storageDir: string;
  const clock = new ManualClock(new Date('2025-10-01T12:00:00Z'));
  let firstRun: boolean;

  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-seed-'));
    storage = createDiskStorage(storageDir);
    firstRun = await seedDemoDataIfEmpty({ db: database.db, storage, clock });
  });
  afterAll(async () => {
    await database?.close();
    if (storageDir) await fs.rm(storageDir, { recursive: true, force: true });
  });

  it('seeds an empty database once, and leaves it (and the files) alone afterwards', async () => {
    expect(firstRun).toBe(true);
    const filesBefore = await countFiles(storageDir);
    expect(await seedDemoDataIfEmpty({ db: database.db, storage, clock })).toBe(false);
    expect(await countFiles(storageDir)).toBe(filesBefore);
    const [accounts] = await database.db.select({ value: count() }).from(users);
    expect(accounts?.value).toBe(DEMO_ACCOUNT_COUNT);
  });

  it('creates the continental categories and one regional category per region', async () => {
    const rows = await database.db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const regional = rows.filter((row) => row.type === 'regional');
    expect(regional.map((row) => row.region).sort()).toEqual([...REGIONS].sort());
    expect(rows.filter((row) => row.type === 'continental').every((row) => row.region === null)).toBe(true);
    for (const row of rows) {
      expect(row.icon).not.toBe('');
      expect(row.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(row.description.length).toBeGreaterThan(20);
    }
    expect(new Set(rows.map((row) => row.sortOrder)).size).toBe(rows.length);
  });

  it('creates a catalogue covering every link kind, with at least 3 approved songs per category', async () => {
    const rows = await database.db.select().from(songs);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((row) => row.linkKind))).toEqual(new Set(LINK_KINDS));
    for (const row of rows) {
      expect(detectLinkKind(row.songLink)).toBe(row.linkKind);
      expect(row.searchText).toBe(foldForSearch(`${row.title} ${row.artist}`));
      expect(row.duration).toMatch(/^\d{1,2}:\d{2}$/);
      expect(row.releaseDate).toMatch(/^202[45]-\d{2}-\d{2}$/);
      expect(row.createdAt.getTime()).toBeLessThan(clock.now().getTime());
    }
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(3);
    expect(rows.filter((row) => row.status === 'rejected')).toHaveLength(1);
    const approvedByCategory = await database.db
      .select({ categoryId: categories.id, approved: sql<number>`count(${songs.id})::int` })
      .from(categories)
      .leftJoin(songs, and(eq(songs.categoryId, categories.id), eq(songs.status, 'approved')))
      .groupBy(categories.id);
    for (const row of approvedByCategory) expect(row.approved).toBeGreaterThanOrEqual(3);
  });

  it('finds songs without accents in the search', async () => {
    const query = listSongsQuerySchema.parse({ search: 'joe dwet file' });
    const { songs: found } = await listSongs({ db: database.db, storage }, query, null);
    expect(found.map((song) => song.title)).toEqual(['4 Kampé II']);
  });

  it('gives every song a cover whose WebP variants exist and decode', async () => {
    const rows = await database.db
      .select({ status: songs.status, image: images })
      .from(songs)
      .leftJoin(images, eq(images.id, songs.coverImageId));
    for (const { image } of rows) {
      expect(image).toMatchObject({ kind: 'cover', width: 640, height: 640, widths: [160, 320, 640] });
      expect(image!.storageKey).toMatch(/^covers\/[0-9a-f-]{36}$/);
      let bytes = 0;
      for (const width of image!.widths) {
        const file = await storage.get(imageVariantKey(image!.storageKey, width));
        expect(file).toBeDefined();
        const metadata = await sharp(file!).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width, height: width });
        bytes += file!.length;
      }
      expect(image!.bytes).toBe(bytes);
    }
  });

  it('creates four active hero banners with wide WebP artwork, worded in every language', async () => {
    const rows = await database.db.select().from(banners).innerJoin(images, eq(images.id, banners.imageId));
    expect(rows).toHaveLength(4);
    for (const { banners: banner, images: image } of rows) {
      expect(banner.isActive).toBe(true);
      for (const language of ['fr', 'pt', 'ar', 'sw'] as const) {
        expect(banner.translations[language]?.title, `${banner.title} in ${language}`).toBeTruthy();
        expect(banner.translations[language]?.description, `${banner.title} in ${language}`).toBeTruthy();
      }
      expect(image).toMatchObject({
        kind: 'banner',
        width: 1600,
        height: 640,
        widths: [480, 800, 1200, 1600],
      });
      const metadata = await sharp(await storage.get(imageVariantKey(image.storageKey, 1600))).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 640 });
    }
  });

  it('puts two stage pictures in the image library', async () => {
    const rows = await database.db.select().from(images).where(eq(images.kind, 'library'));
    expect(rows).toHaveLength(2);
    for (const image of rows) {
      expect(image).toMatchObject({ width: 1600, height: 640, widths: [320, 640, 1280, 1600] });
      expect(image.storageKey).toMatch(/^library\/[0-9a-f-]{36}$/);
      expect(await storage.get(imageVariantKey(image.storageKey, 320))).toBeDefined();
    }
  });

  it('creates the three verified demo accounts with the shared password', async () => {
    const expected = {
      'admin@ovation.test': 'admin',
      'artist@ovation.test': 'artist',
      'fan@ovation.test': 'fan',
    };
    for (const [email, role] of Object.entries(expected)) {
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({ role, emailVerified: true, isActive: true });
      expect(user!.phoneNumber).toMatch(/^\+23[34]\d+$/);
      expect(await verifyPassword(user!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('leaves the main fan without votes, so a new visitor can vote at once', async () => {
    const [fan] = await database.db.select().from(users).where(eq(users.email, 'fan@ovation.test'));
    const [cast] = await database.db.select({ value: count() }).from(votes).where(eq(votes.userId, fan!.id));
    const [quotas] = await database.db
      .select({ value: count() })
      .from(voteQuotas)
      .where(eq(voteQuotas.userId, fan!.id));
    expect([cast?.value, quotas?.value]).toEqual([0, 0]);
  });

  it('keeps tallies and quotas equal to the vote rows, one vote per fan and category per 24 h', async () => {
    const voteRows = await database.db.select().from(votes);
    expect(voteRows.length).toBeGreaterThan(300);
    const tallies = await database.db
      .select({ songId: songs.id, total: sql<number>`coalesce(sum(${songVoteTallies.votes}), 0)::int` })
      .from(songs)
      .leftJoin(songVoteTallies, eq(songVoteTallies.songId, songs.id))
      .groupBy(songs.id);
    for (const { songId, total } of tallies) {
      expect(total).toBe(voteRows.filter((vote) => vote.songId === songId).length);
    }
    const quotas = await database.db.select().from(voteQuotas);
    const expectedQuotas = await database.db
      .select({
        userId: votes.userId,
        categoryId: votes.categoryId,
        cast: count(),
        last: max(votes.createdAt),
      })
      .from(votes)
      .groupBy(votes.userId, votes.categoryId);
    expect(quotas).toHaveLength(expectedQuotas.length);
    for (const expected of expectedQuotas) {
      const quota = quotas.find(
        (row) => row.userId === expected.userId && row.categoryId === expected.categoryId,
      );
      expect(quota?.votesCast).toBe(expected.cast);
      expect(quota?.lastVoteAt?.getTime()).toBe(expected.last?.getTime());
      const times = voteRows
        .filter((vote) => vote.userId === expected.userId && vote.categoryId === expected.categoryId)
        .map((vote) => vote.createdAt.getTime())
        .sort((a, b) => a - b);
      for (let index = 1; index < times.length; index += 1) {
        expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(DAY_MS);
      }
    }
  });

  it('gives every vote a carrier network prefix and a browser signature, never one address for all', async () => {
    const voteRows = await database.db.select().from(votes);
    for (const vote of voteRows) {
      expect(vote.ipPrefix).toMatch(/^\d+\.\d+\.\d+\.0\/24$/);
      expect(vote.ip!.startsWith(vote.ipPrefix!.replace('0/24', ''))).toBe(true);
      expect(vote.deviceSignature).toMatch(/^[0-9a-f]{16}$/);
      expect(vote.status).toBe('valid');
    }
    expect(voteRows.some((vote) => vote.ip === '127.0.0.1')).toBe(false);
    expect(new Set(voteRows.map((vote) => vote.ipPrefix)).size).toBeGreaterThan(100);
    expect(new Set(voteRows.map((vote) => vote.deviceSignature)).size).toBeGreaterThan(5);
  });

  it('records when every verified account was verified', async () => {
    const accounts = await database.db.select().from(users);
    for (const account of accounts) {
      expect(account.emailVerified).toBe(true);
      expect(account.emailVerifiedAt!.getTime()).toBeGreaterThan(account.createdAt.getTime());
      expect(account.emailVerifiedAt!.getTime()).toBeLessThan(clock.now().getTime());
    }
  });

  it('plants one suspicious cluster the fraud review finds in its default window, and nothing else', async () => {
    const planted = await database.db.select().from(users).where(sql`${users.email} like 'afrovote%'`);
    expect(planted).toHaveLength(PLANTED_ACCOUNTS);
    const created = planted.map((account) => account.createdAt.getTime());
    expect(Math.max(...created) - Math.min(...created)).toBeLessThanOrEqual(10 * 60_000);
    const plantedVotes = await database.db
      .select()
      .from(votes)
      .where(sql`${votes.userId} in (select id from users where email like 'afrovote%')`);
    expect(plantedVotes).toHaveLength(PLANTED_ACCOUNTS);
    for (const vote of plantedVotes) {
      const account = planted.find((row) => row.id === vote.userId)!;
      const sinceVerified = vote.createdAt.getTime() - account.emailVerifiedAt!.getTime();
      expect(sinceVerified).toBeGreaterThan(0);
      expect(sinceVerified).toBeLessThanOrEqual(3 * 60_000);
    }
    const songId = plantedVotes[0]!.songId;
    expect(
      new Set(plantedVotes.map((vote) => `${vote.songId} ${vote.ipPrefix} ${vote.deviceSignature}`)).size,
    ).toBe(1);

    // The signals of the default window point at the planted votes, by every kind, and at nothing else.
    const deps = { db: database.db, clock };
    forgetIntegritySignals(database.db);
    const signals = await getIntegritySignals(deps, { window: '24h' });
    expect(signals.clusters.map((cluster) => cluster.kind).sort()).toEqual([
      'device',
      'email-pattern',
      'network',
      'registration-burst',
    ]);
    for (const cluster of signals.clusters) {
      expect(cluster).toMatchObject({ songId, accounts: PLANTED_ACCOUNTS, votes: PLANTED_ACCOUNTS });
    }
    expect(signals.clusters.find((cluster) => cluster.kind === 'email-pattern')?.label).toBe(
      'afrovote#@inbox.test',
    );
    const plantedSeries = signals.velocity.series.find((series) => series.songId === songId);
    expect(plantedSeries?.spikes.length).toBeGreaterThan(0);
    // The ordinary week of votes is not a lead in any window.
    for (const window of ['1h', '6h', '7d', 'all'] as const) {
      const wider = await getIntegritySignals(deps, { window });
      expect(wider.clusters.every((cluster) => cluster.songId === songId)).toBe(true);
    }
  });

  it('creates six ads with pictures, every location served by an active ad, one scheduled, one switched off', async () => {
    const rows = await database.db.select().from(ads).innerJoin(images, eq(images.id, ads.imageId));
    expect(rows).toHaveLength(6);
    const today = clock.now().toISOString().slice(0, 10);
    const servable = rows.filter(
      ({ ads: ad }) => ad.isActive && ad.startDate <= today && (!ad.endDate || ad.endDate >= today),
    );
    for (const location of AD_LOCATIONS) {
      expect(
        servable.some(({ ads: ad }) => ad.locations.includes(location)),
        location,
      ).toBe(true);
    }
    expect(rows.filter(({ ads: ad }) => ad.isActive && ad.startDate > today)).toHaveLength(1);
    expect(rows.filter(({ ads: ad }) => !ad.isActive)).toHaveLength(1);
    expect(new Set(rows.map(({ ads: ad }) => ad.weight)).size).toBeGreaterThan(4);
    for (const { images: image } of rows) {
      expect(image).toMatchObject({ kind: 'ad', width: 1280, widths: [320, 640, 960, 1280] });
      const metadata = await sharp(await storage.get(imageVariantKey(image.storageKey, 640))).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 640 });
    }
  });

  it('adds a month of ad traffic whose hours agree with their minutes, under every cap', async () => {
    const { rows: disagreeing } = (await database.db.execute(sql`
      select h.hour from ad_hour_stats h
        join (select date_trunc('hour', minute) as hour, ad_id, location, sum(impressions) as impressions,
                     sum(clicks) as clicks, sum(filtered_impressions) as filtered_impressions,
                     sum(filtered_clicks) as filtered_clicks
                from ad_minute_stats group by 1, 2, 3) m using (hour, ad_id, location)
       where (h.impressions, h.clicks, h.filtered_impressions, h.filtered_clicks)
             <> (m.impressions, m.clicks, m.filtered_impressions, m.filtered_clicks)`)) as unknown as {
      rows: unknown[];
    };
    expect(disagreeing).toEqual([]);
    const { rows: minuteHours } = (await database.db.execute(
      sql`select count(distinct date_trunc('hour', minute))::int as hours from ad_minute_stats`,
    )) as unknown as { rows: Array<{ hours: number }> };
    expect(minuteHours[0]!.hours).toBeGreaterThanOrEqual(23);

    const page = await new AdAnalytics({ db: database.db, clock, storage }).page({});
    expect(page.trafficStats).toHaveLength(30);
    for (const day of page.trafficStats) {
      expect(day.totalImpressions, day.period).toBeGreaterThan(1000);
      expect(day.totalClicks, day.period).toBeGreaterThan(0);
      expect(day.totalUniqueViews, day.period).toBeGreaterThan(0);
      expect(day.filteredImpressions, day.period).toBeGreaterThan(0);
    }
    expect(page.totals.totalUniqueViews).toBeLessThan(
      page.trafficStats.reduce((sum, day) => sum + day.totalUniqueViews, 0),
    );
    expect(page.topAds).toHaveLength(5);
    expect(page.locationStats.every((location) => location.totalImpressions > 0)).toBe(true);
    const adRows = await database.db.select().from(ads);
    for (const top of page.topAds) {
      const ad = adRows.find((row) => row.id === top.adId)!;
      if (ad.maxTotalImpressions > 0) expect(top.totalImpressions).toBeLessThan(ad.maxTotalImpressions);
      if (ad.maxDailyImpressions > 0) {
        const { rows: days } = (await database.db.execute(sql`
          select date_trunc('day', hour) as day, sum(impressions)::int as impressions
            from ad_hour_stats where ad_id = ${ad.id} group by 1`)) as unknown as {
          rows: Array<{ impressions: number }>;
        };
        for (const day of days) expect(day.impressions).toBeLessThan(ad.maxDailyImpressions);
      }
    }
  });

  it('opens the voting window from now for 30 days', async () => {
    const status = await getVotingStatus(database.db, clock);
    expect(status.isAllowed).toBe(true);
    expect(status.startDate).toBe(clock.now().toISOString());
    expect(status.endDate).toBe(new Date(clock.now().getTime() + 30 * DAY_MS).toISOString());
  });
});

describe('two seeds started together', () => {
  it('seed once; the loser removes the artwork it rendered', async () => {
    const database = await createTestDatabase();
    const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-seed-race-'));
    try {
      const deps = { db: database.db, storage: createDiskStorage(storageDir), clock: new ManualClock() };
      const results = await Promise.all([seedDemoDataIfEmpty(deps), seedDemoDataIfEmpty(deps)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const [accounts] = await database.db.select({ value: count() }).from(users);
      expect(accounts?.value).toBe(DEMO_ACCOUNT_COUNT);
      const [artwork] = await database.db
        .select({ files: sql<number>`sum(cardinality(${images.widths}))::int` })
        .from(images);
      expect(await countFiles(storageDir)).toBe(artwork?.files);
    } finally {
      await database.close();
      await fs.rm(storageDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('buildDemoPlan', () => {
  it('gives the same catalogue and the same votes on every run', () => {
    const now = new Date('2025-10-01T12:00:00Z');
    const describePlan = () => {
      const plan = buildDemoPlan(now);
      const titleById = new Map(plan.songs.map((song) => [song.id, song.title]));
      return {
        songs: plan.songs.map(({ title, artist, songLink, status, views, createdAt }) => ({
          title,
          artist,
          songLink,
          status,
          views,
          createdAt,
        })),
        covers: plan.artwork.map((item) => item.svg),
        votes: plan.votes.map((vote) => [titleById.get(vote.songId), vote.createdAt, vote.deviceType]),
      };
    };
    expect(describePlan()).toEqual(describePlan());
  });

  it('gives the same ads and the same month of ad traffic on every run', () => {
    const now = new Date('2025-10-01T12:34:00Z');
    const describeAds = () => {
      const plan = buildAdPlan(now, '00000000-0000-4000-8000-000000000000');
      const titleById = new Map(plan.ads.map((ad) => [ad.id, ad.title]));
      const withoutIds = ({ adId, ...bucket }: { adId: string }) => ({ ad: titleById.get(adId), ...bucket });
      return {
        pictures: plan.artwork.map((item) => item.svg),
        hours: plan.traffic.hours.map(withoutIds),
        minutes: plan.traffic.minutes.map(withoutIds),
        viewers: plan.traffic.viewerHours,
      };
    };
    expect(describeAds()).toEqual(describeAds());
  });
});
