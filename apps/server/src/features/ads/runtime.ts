import {
  AD_LOCATIONS,
  AD_TOKEN_MAX_AGE_SECONDS,
  type AdLocation,
  isAdTargetUrl,
  MAX_AD_IMPRESSIONS_PER_BATCH,
  type ServedAd,
} from '@ovation/shared';
import { calendarDateAt } from '@ovation/shared/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { isbot } from 'isbot';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { memoizeFor, settingsMemo } from '../../lib/memo';
import { deriveKey } from '../../lib/secrets';
import type { FileStorage } from '../../lib/storage';
import { dateRangeIn } from '../../lib/zoned-calendar';
import { platformTimezone } from '../voting/settings-service';
import { CountingBuffer } from './counting';
import { type CountingStore, MemoryCountingStore, type SeedUsage } from './counting-store';
import { RedisCountingStore } from './redis-counting-store';
import {
  type AdPick,
  type AdUsage,
  hasCaps,
  isShowable,
  isUnderCaps,
  type KnownAd,
  loadKnownAds,
  pickAds,
  targetHostOf,
} from './serving';
import { sumsByAd } from './stats-repository';
import { type AdTokenPayload, AdTokens, isFresh } from './tokens';

export type AdEventKind = 'impression' | 'click';
export type AdEventOutcome = 'counted' | 'filtered' | 'capped';
/** bot: a crawler's user agent (or none); replay: a token used again; repeat: the same viewer within a minute; stale: an expired token; unseen: a click with no impression before it. */
export type AdFilterReason = 'bot' | 'replay' | 'repeat' | 'stale' | 'unseen';

export interface AdsRuntimeOptions {
  db: Database;
  clock: Clock;
  redis?: Redis;
  /** Tells apart deployments sharing one Redis (app.ts). */
  namespace: string;
  /** The server secret; serve tokens and viewer keys are keyed from it. */
  secret: string;
  storage: FileStorage;
  logger: FastifyBaseLogger;
  /** Told of each impression and click received: counted, filtered (and why) or over a cap (metrics). */
  onEvent?: (kind: AdEventKind, outcome: AdEventOutcome, reason: AdFilterReason | '') => void;
  /** Answers in [0, 1): the weighted draw's dice (Math.random; a seeded one in tests). */
  random?: () => number;
}

/** Who asks for ads: 'user:<id>' signed in, else 'device:<X-Device-Id>', else null (a random viewer). */
export interface AdServeRequest {
  slots: readonly AdLocation[];
  identity: string | null;
}

/**
 * The ads' moving parts of one server process: the serving cache, the cap counters (Redis when
 * set, so every instance sees the same counts), the de-duplication of viewers, and the counting buffer
 * that writes per-minute buckets in batches. Built once in app.ts.
 */
export interface AdsRuntime {
  /** Locations with at least one ad that can be served now (for the public settings: slots reserve space). */
  servableLocations(): Promise<AdLocation[]>;
  /** An admin changed ads: every instance drops what it cached about them. */
  changed(): Promise<void>;
  /** Writes the buffered counts now (tests; shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
  /** The ads of a page's slots (GET /ad-slots), each with its signed token. */
  serve(request: AdServeRequest): Promise<ServedAd[]>;
  /** Counts a batch of impression tokens (POST /ad-events); bad or old tokens are dropped silently. */
  recordImpressions(tokens: readonly string[], userAgent: string | undefined): Promise<void>;
  /** Counts a click (GET /ad-click/:token); answers the ad's stored target, or null for a bad token. */
  recordClick(token: string, userAgent: string | undefined): Promise<string | null>;
}

/** The ads list is read at most this often per instance (an admin's change drops it at once). */
const ADS_TTL_MS = 5000;
/** The platform's timezone changes rarely; a settings change drops it at once. */
const TIMEZONE_TTL_MS = 5000;

interface KnownAds {
  list: KnownAd[];
  byId: Map<string, KnownAd>;
}

/** A crawler, a monitor, a script: never counted. A browser always sends a user agent. */
function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

const MINUTE_MS = 60_000;
/** The last date worked out: every request asks, and Intl's formatting is a few % of an impression batch. */
let lastDate = { timeZone: '', minute: Number.NaN, date: '' };

/**
 * The calendar date of `now` in `timeZone`, 'YYYY-MM-DD'. Worked out once a minute: every zone's midnight
 * falls on a whole minute (offsets are whole quarter hours), so a minute is all on one date.
 */
function dateIn(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  if (lastDate.minute === minute && lastDate.timeZone === timeZone) return lastDate.date;
  const date = calendarDateAt(minute * MINUTE_MS, timeZone);
  lastDate = { timeZone, minute, date };
  return date;
}

/** The viewer key as the counting store names it: 16 hex digits. */
const viewerHex = (viewer: bigint) => BigInt.asUintN(64, viewer).toString(16).padStart(16, '0');

class Runtime implements AdsRuntime {
  private readonly tokens: AdTokens;
  private readonly known;
  private readonly timezone;
  private readonly locations;
  private readonly store: CountingStore;
  private readonly buffer: CountingBuffer;
  private readonly random: () => number;
  private stopListening?: () => void;

  constructor(private readonly options: AdsRuntimeOptions) {
    const { db, storage, redis, namespace } = options;
    this.tokens = new AdTokens(
      deriveKey(options.secret, 'ad-tokens'),
      deriveKey(options.secret, 'ad-viewers'),
    );
    this.random = options.random ?? Math.random;
    this.known = memoizeFor(ADS_TTL_MS, async (): Promise<KnownAds> => {
      const list = await loadKnownAds(db, storage);
      return { list, byId: new Map(list.map((ad) => [ad.id, ad])) };
    });
    this.timezone = settingsMemo(db, TIMEZONE_TTL_MS, () => platformTimezone(db));
    this.locations = memoizeFor(ADS_TTL_MS, () => this.computeServableLocations());
    const seed: SeedUsage = (adId, day) => this.seedUsage(adId, day);
    this.store = redis ? new RedisCountingStore(redis, namespace, seed) : new MemoryCountingStore(seed);
    this.buffer = new CountingBuffer(db, (error) =>
      options.logger.warn({ err: error }, 'ad counts not written yet; retrying'),
    );
  }

  private get channel() {
    return `ovation:${this.options.namespace}:ads-changed`;
  }

  /** With Redis: hears the other instances' changes. */
  async listen() {
    const { redis } = this.options;
    if (!redis) return;
    const subscriber = redis.duplicate();
    subscriber.on('message', () => this.dropCaches());
    await subscriber.subscribe(this.channel);
    this.stopListening = () => subscriber.disconnect();
  }

  servableLocations() {
    return this.locations.get();
  }

  async changed() {
    this.dropCaches();
    const { redis, logger } = this.options;
    if (!redis) return;
    // The admin's change has committed: an instance that cannot be told catches up within ADS_TTL_MS.
    await redis
      .publish(this.channel, '1')
      .catch((error: unknown) => logger.warn({ err: error }, 'ads change not shared'));
  }

  flush() {
    return this.buffer.flush();
  }

  async close() {
    this.stopListening?.();
    await this.buffer
      .close()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'ad counts lost at shutdown'));
  }

  async serve(request: AdServeRequest): Promise<ServedAd[]> {
    const now = this.options.clock.now();
    const candidates = await this.candidatesAt(now, request.slots);
    const picks = pickAds(request.slots, candidates, this.random);
    if (picks.length === 0) return [];
    const viewer = this.tokens.viewerOf(request.identity);
    const servedAtSeconds = Math.floor(now.getTime() / 1000);
    return picks.map((pick) => this.present(pick, viewer, servedAtSeconds));
  }

  async recordImpressions(tokens: readonly string[], userAgent: string | undefined) {
    const now = this.options.clock.now();
    const payloads = tokens
      .slice(0, MAX_AD_IMPRESSIONS_PER_BATCH)
      .map((token) => ({ token, payload: this.tokens.verify(token) }))
      .filter(
        (event): event is { token: string; payload: AdTokenPayload } =>
          !!event.payload && isFresh(event.payload, now, AD_TOKEN_MAX_AGE_SECONDS),
      );
    if (payloads.length === 0) return;
    const [known, timezone] = await Promise.all([this.known.get(), this.timezone.get()]);
    const day = dateIn(now, timezone);
    const bot = isBotAgent(userAgent);
    const results = await Promise.allSettled(
      payloads.map(async ({ token, payload }) => {
        // An ad deleted since it was served: nothing to count it against.
        const ad = known.byId.get(payload.adId);
        if (ad) await this.countImpression(ad, token, payload, now, day, bot);
      }),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) this.options.logger.warn({ err: failure.reason }, 'ad impressions not counted');
  }

  async recordClick(token: string, userAgent: string | undefined): Promise<string | null> {
    const payload = this.tokens.verify(token);
    if (!payload) return null;
    const ad = (await this.known.get()).byId.get(payload.adId);
    if (!ad || !isAdTargetUrl(ad.targetUrl)) return null;
    const now = this.options.clock.now();
    await this.countClick(token, payload, now, isBotAgent(userAgent)).catch((error: unknown) =>
      this.options.logger.warn({ err: error }, 'ad click not counted'),
    );
    return ad.targetUrl;
  }

  /** Whether this is the token's first use for `kind` (i impression, c click): a replay is filtered. */
  private firstUse(kind: 'i' | 'c', token: string, payload: AdTokenPayload, now: Date): Promise<boolean> {
    const expiresAt = (payload.servedAtSeconds + AD_TOKEN_MAX_AGE_SECONDS) * 1000;
    return this.store.firstUse(`${kind}:${token}`, now.getTime(), expiresAt);
  }

  private async countImpression(
    ad: KnownAd,
    token: string,
    payload: AdTokenPayload,
    now: Date,
    day: string,
    bot: boolean,
  ) {
    const { location } = payload;
    const filtered = (reason: AdFilterReason) => {
      this.options.onEvent?.('impression', 'filtered', reason);
      this.buffer.add(ad.id, location, now, 'filteredImpressions');
    };
    if (bot) return filtered('bot');
    if (!(await this.firstUse('i', token, payload, now))) return filtered('replay');
    const outcome = await this.store.impression({
      adId: ad.id,
      location,
      viewer: viewerHex(payload.viewer),
      now: now.getTime(),
      day,
      maxTotal: ad.maxTotalImpressions,
      maxDaily: ad.maxDailyImpressions,
    });
    if (outcome.kind === 'counted') {
      this.options.onEvent?.('impression', 'counted', '');
      this.buffer.countImpression(ad.id, location, now, payload.viewer, outcome.firstInHour);
    } else if (outcome.kind === 'repeat') filtered('repeat');
    // Over a cap: the ad should not have been shown any more; the impression is neither counted nor kept.
    else this.options.onEvent?.('impression', 'capped', '');
  }

  /**
   * A click counts when a person (not a bot) clicks a token still fresh, after an impression of the same
   * ad at the same place, and not again within the minute; every other click is filtered. The redirect
   * happens either way.
   */
  private async countClick(token: string, payload: AdTokenPayload, now: Date, bot: boolean) {
    const { adId, location } = payload;
    const filtered = (reason: AdFilterReason) => {
      this.options.onEvent?.('click', 'filtered', reason);
      this.buffer.add(adId, location, now, 'filteredClicks');
    };
    if (bot) return filtered('bot');
    if (!isFresh(payload, now, AD_TOKEN_MAX_AGE_SECONDS)) return filtered('stale');
    if (!(await this.firstUse('c', token, payload, now))) return filtered('replay');
    const outcome = await this.store.click({
      adId,
      location,
      viewer: viewerHex(payload.viewer),
      now: now.getTime(),
    });
    if (outcome !== 'counted') return filtered(outcome);
    this.options.onEvent?.('click', 'counted', '');
    this.buffer.add(adId, location, now, 'clicks');
  }

  /** The ads that may be shown now at any of `locations`: showable today and under their caps. */
  private async candidatesAt(now: Date, locations: readonly AdLocation[]): Promise<KnownAd[]> {
    const [known, timezone] = await Promise.all([this.known.get(), this.timezone.get()]);
    const today = dateIn(now, timezone);
    const showable = known.list.filter(
      (ad) => isShowable(ad, today) && ad.locations.some((location) => locations.includes(location)),
    );
    const usage = await this.usageOf(showable.filter(hasCaps), today);
    return showable.filter((ad) => (usage ? isUnderCaps(ad, usage.get(ad.id)) : !hasCaps(ad)));
  }

  /** The caps' counters, or null when they cannot be read (then no capped ad is shown: never over a cap). */
  private async usageOf(ads: KnownAd[], today: string): Promise<Map<string, AdUsage> | null> {
    if (ads.length === 0) return new Map();
    try {
      return await this.store.usage(
        ads.map((ad) => ad.id),
        today,
      );
    } catch (error) {
      this.options.logger.warn({ err: error }, 'ad caps not read; capped ads left out');
      return null;
    }
  }

  private async computeServableLocations(): Promise<AdLocation[]> {
    const candidates = await this.candidatesAt(this.options.clock.now(), AD_LOCATIONS);
    return AD_LOCATIONS.filter((location) => candidates.some((ad) => ad.locations.includes(location)));
  }

  /** An ad's counted impressions in the database: all time, and on `day` (from its start, platform time). */
  private async seedUsage(adId: string, day: string): Promise<AdUsage> {
    const timezone = await this.timezone.get();
    const { start } = dateRangeIn({ from: day }, timezone);
    const [allTime, onDay] = await Promise.all([
      sumsByAd(this.options.db, {}, [adId]),
      sumsByAd(this.options.db, { from: start }, [adId]),
    ]);
    return { total: allTime.get(adId)?.impressions ?? 0, daily: onDay.get(adId)?.impressions ?? 0 };
  }

  private present(pick: AdPick, viewer: bigint, servedAtSeconds: number): ServedAd {
    const { ad, slot, location } = pick;
    const image = ad.image!;
    const token = this.tokens.sign({ adId: ad.id, location, viewer, servedAtSeconds });
    return {
      slot,
      location,
      id: ad.id,
      title: ad.title,
      description: ad.description,
      imageUrl: image.url,
      srcSet: image.srcSet,
      width: image.width,
      height: image.height,
      token,
      clickUrl: `/api/ad-click/${token}`,
      targetHost: targetHostOf(ad.targetUrl),
    };
  }

  private dropCaches() {
    this.known.invalidate();
    this.locations.invalidate();
  }
}

export async function createAdsRuntime(options: AdsRuntimeOptions): Promise<AdsRuntime> {
  const runtime = new Runtime(options);
  await runtime.listen();
  return runtime;
}
