import { randomUUID } from 'node:crypto';
import type { AdLocation } from '@ovation/shared';
import { sql } from 'drizzle-orm';
import { AD_IMAGE_WIDTHS } from '../../features/images/picture-kinds';
import type { Database } from '../../lib/db';
import { ads, images } from '../schema';
import { type AdDesign, buildAdSvg, SHAPES } from './ad-artwork';
import {
  type AdTraffic,
  DEMO_VIEWER_BASE,
  type SeedBucket,
  simulateAdTraffic,
  VIEWER_POOL,
  VIEWER_STEP,
} from './ad-traffic';
import type { ArtworkJob } from './artwork';

/**
 * The demo's sponsors: six ads with generated pictures, every location served by at least one
 * active ad, varied weights and caps, one scheduled to start next week and one switched off, and a month
 * of traffic (ad-traffic.ts) for the ad analytics screen.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface AdSeed {
  title: string;
  description: string;
  targetUrl: string;
  locations: AdLocation[];
  weight: number;
  /** Days from the seed's day: negative in the past. */
  startDay: number;
  endDay?: number;
  /** Switched off this many days ago (no traffic since); absent: active. */
  switchedOffDaysAgo?: number;
  maxDailyImpressions: number;
  maxTotalImpressions: number;
  /** Counted clicks per counted impression in the simulated month. */
  clickRate: number;
  design: AdDesign;
}

export const AD_SEEDS: readonly AdSeed[] = [
  {
    title: 'Savanna Mobile: 10 GB for awards week',
    description: 'Stream every nominee all week long with the Savanna awards bundle.',
    targetUrl: 'https://savanna-mobile.example/awards',
    locations: ['header', 'footer'],
    weight: 7,
    startDay: -35,
    maxDailyImpressions: 0,
    maxTotalImpressions: 0,
    clickRate: 0.012,
    design: {
      brand: 'SAVANNA MOBILE',
      shape: 'strip',
      colours: { from: '#0B3D2E', to: '#16A34A', accent: '#FACC15' },
      motif: 'signal',
      seed: 101,
    },
  },
  {
    title: 'Kora Records: the new releases',
    description: 'Fresh Afrobeats, amapiano and highlife from the Kora catalogue.',
    targetUrl: 'https://kora-records.example/new',
    locations: ['between-songs', 'banner'],
    weight: 5,
    startDay: -35,
    maxDailyImpressions: 5000,
    maxTotalImpressions: 0,
    clickRate: 0.024,
    design: {
      brand: 'KORA RECORDS',
      shape: 'billboard',
      colours: { from: '#1E1B4B', to: '#7C3AED', accent: '#F472B6' },
      motif: 'vinyl',
      seed: 202,
    },
  },
  {
    title: 'Jollof Express: dinner in 30 minutes',
    description: 'Order before the show starts and eat while you vote.',
    targetUrl: 'https://jollof-express.example/order',
    locations: ['sidebar', 'popup'],
    weight: 3,
    startDay: -35,
    endDay: 20,
    maxDailyImpressions: 0,
    maxTotalImpressions: 0,
    clickRate: 0.008,
    design: {
      brand: 'JOLLOF EXPRESS',
      shape: 'rectangle',
      colours: { from: '#7C2D12', to: '#EA580C', accent: '#FDE68A' },
      motif: 'bowl',
      seed: 303,
    },
  },
  {
    title: 'Afrobeats Live: festival tickets',
    description: 'Three nights, forty artists, one stage by the lagoon.',
    targetUrl: 'https://afrobeats-live.example/tickets',
    locations: ['banner', 'header', 'between-songs'],
    weight: 9,
    startDay: -35,
    maxDailyImpressions: 0,
    maxTotalImpressions: 400_000,
    clickRate: 0.031,
    design: {
      brand: 'AFROBEATS LIVE',
      shape: 'billboard',
      colours: { from: '#0A0614', to: '#B45309', accent: '#FDE68A' },
      motif: 'stage',
      seed: 404,
    },
  },
  {
    title: 'Lake Kivu Coffee: the morning after',
    description: 'Single-origin beans from Rwanda, roasted this week.',
    targetUrl: 'https://kivu-coffee.example/',
    locations: ['sidebar', 'footer'],
    weight: 2,
    // Scheduled: starts next week, so nothing counted yet.
    startDay: 5,
    endDay: 40,
    maxDailyImpressions: 2000,
    maxTotalImpressions: 50_000,
    clickRate: 0,
    design: {
      brand: 'KIVU COFFEE',
      shape: 'rectangle',
      colours: { from: '#1C1917', to: '#78350F', accent: '#FCD34D' },
      motif: 'cup',
      seed: 505,
    },
  },
  {
    title: 'Harmattan Sale: 40% off',
    description: 'The season sale is over; switched off when it ended.',
    targetUrl: 'https://harmattan-store.example/sale',
    locations: ['popup', 'footer'],
    weight: 4,
    startDay: -35,
    switchedOffDaysAgo: 12,
    maxDailyImpressions: 0,
    maxTotalImpressions: 0,
    clickRate: 0.015,
    design: {
      brand: 'HARMATTAN SALE',
      shape: 'rectangle',
      colours: { from: '#451A03', to: '#D97706', accent: '#FEF3C7' },
      motif: 'sun',
      seed: 606,
    },
  },
];

export interface PlannedAdArtwork extends ArtworkJob {
  imageId: string;
}

export interface AdPlan {
  artwork: PlannedAdArtwork[];
  ads: Array<typeof ads.$inferInsert & { id: string }>;
  traffic: AdTraffic;
  uploadedBy: string;
  createdAt: Date;
}

/** 'YYYY-MM-DD' `days` from `now`'s date; the demo platform's timezone is UTC (plan.ts). */
function demoDate(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The demo's ads, their picture jobs and their simulated month, created by the demo admin. */
export function buildAdPlan(now: Date, adminId: string): AdPlan {
  const createdAt = new Date(now.getTime() - 36 * DAY_MS);
  const planned = AD_SEEDS.map((seed) => {
    const imageId = randomUUID();
    const { width, height } = SHAPES[seed.design.shape];
    const artwork: PlannedAdArtwork = {
      imageId,
      storageKey: `ads/${imageId}`,
      svg: buildAdSvg(seed.design),
      width,
      height,
      widths: AD_IMAGE_WIDTHS,
    };
    const switchedOffAt = seed.switchedOffDaysAgo
      ? new Date(now.getTime() - seed.switchedOffDaysAgo * DAY_MS)
      : undefined;
    const row = {
      id: randomUUID(),
      title: seed.title,
      description: seed.description,
      targetUrl: seed.targetUrl,
      imageId,
      isActive: !switchedOffAt,
      locations: seed.locations,
      weight: seed.weight,
      startDate: demoDate(now, seed.startDay),
      endDate: seed.endDay === undefined ? null : demoDate(now, seed.endDay),
      maxDailyImpressions: seed.maxDailyImpressions,
      maxTotalImpressions: seed.maxTotalImpressions,
      createdBy: adminId,
      createdAt,
      updatedAt: switchedOffAt ?? createdAt,
    };
    return { seed, artwork, row, switchedOffAt };
  });
  const traffic = simulateAdTraffic(
    planned.map(({ seed, row, switchedOffAt }) => ({
      id: row.id,
      locations: seed.locations,
      weight: seed.weight,
      clickRate: seed.clickRate,
      from: new Date(now.getTime() + seed.startDay * DAY_MS),
      until: switchedOffAt,
    })),
    now,
  );
  return {
    artwork: planned.map((item) => item.artwork),
    ads: planned.map((item) => item.row),
    traffic,
    uploadedBy: adminId,
    createdAt,
  };
}

/** One multi-row insert of buckets from arrays (unnest), as the counting buffer writes them. */
async function insertBuckets(
  tx: Database,
  table: 'ad_minute_stats' | 'ad_hour_stats',
  buckets: SeedBucket[],
) {
  if (buckets.length === 0) return;
  const column = table === 'ad_minute_stats' ? 'minute' : 'hour';
  const list = (read: (bucket: SeedBucket) => string | number) => sql.param(buckets.map(read));
  await tx.execute(sql`
    insert into ${sql.identifier(table)}
      (${sql.identifier(column)}, ad_id, location, impressions, clicks, unique_viewers, filtered_impressions, filtered_clicks)
    select * from unnest(${list((b) => b.at.toISOString())}::timestamptz[], ${list((b) => b.adId)}::uuid[],
                         ${list((b) => b.location)}::text[], ${list((b) => b.impressions)}::int4[],
                         ${list((b) => b.clicks)}::int4[], ${list((b) => b.uniqueViewers)}::int4[],
                         ${list((b) => b.filteredImpressions)}::int4[], ${list((b) => b.filteredClicks)}::int4[])`);
}

/**
 * Writes the ads, their pictures' records and their traffic (inside the seed's transaction; the picture
 * files are rendered before it, with the rest of the demo artwork). Viewers are generated in the database:
 * each hour's `count` keys stepping through the returning audience from `first`.
 */
export async function insertAdPlan(
  tx: Database,
  plan: AdPlan,
  bytesByKey: ReadonlyMap<string, number>,
): Promise<void> {
  await tx.insert(images).values(
    plan.artwork.map((item) => ({
      id: item.imageId,
      kind: 'ad' as const,
      storageKey: item.storageKey,
      width: item.width,
      height: item.height,
      widths: [...item.widths],
      bytes: bytesByKey.get(item.storageKey) ?? 0,
      uploadedBy: plan.uploadedBy,
      createdAt: plan.createdAt,
      updatedAt: plan.createdAt,
    })),
  );
  await tx.insert(ads).values(plan.ads);
  await insertBuckets(tx, 'ad_hour_stats', plan.traffic.hours);
  await insertBuckets(tx, 'ad_minute_stats', plan.traffic.minutes);
  const hours = plan.traffic.viewerHours;
  if (hours.length === 0) return;
  await tx.execute(sql`
    insert into ad_viewer_hours (hour, viewer)
    select v.hour, ${DEMO_VIEWER_BASE}::int8 + (v.first + g * ${VIEWER_STEP}) % ${VIEWER_POOL}
      from unnest(${sql.param(hours.map((hour) => hour.hour.toISOString()))}::timestamptz[],
                  ${sql.param(hours.map((hour) => hour.count))}::int4[],
                  ${sql.param(hours.map((hour) => hour.first))}::int4[]) as v(hour, count, first)
     cross join lateral generate_series(0, v.count - 1) g`);
}
