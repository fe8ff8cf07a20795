import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Public pages are the same for every guest and fan for a moment: 2 s in process, 5 s in Redis. */
const LOCAL_TTL_MS = 2000;
/** Also the s-maxage of public answers (lib/http-caching.ts): a CDN keeps a page as long as Redis does. */
export const SHARED_TTL_SECONDS = 5;
/**
 * How long after expiring an answer is still handed out while its refresh runs (a query's time, usually
 * milliseconds); a refresh slower than this, or one that failed, makes readers wait for the next one.
 */
const REFRESH_GRACE_MS = 1000;
/** Bounds the in-process map: search pages have endless URLs. */
const MAX_LOCAL_ENTRIES = 1000;
/** 2 KiB, @fastify/compress's threshold in app.ts: below it compressing gains less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 2048;
/**
 * Brotli quality 5: under a millisecond for a category page, once per entry and encoding, and within a few
 * per cent of quality 9's size; 11 takes tens of milliseconds.
 */
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type ContentEncoding = 'br' | 'gzip';

/** One form of a cached answer: its exact bytes and a strong validator hashed from them. */
export interface Representation {
  body: Buffer;
  etag: string;
  encoding?: ContentEncoding;
}

function representationOf(body: Buffer, encoding?: ContentEncoding): Representation {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, encoding };
}

/**
 * A cached public answer: its JSON bytes and, made on first demand and then kept beside them, its brotli and
 * gzip forms, each with the ETag of its own bytes. A request then only picks one: nothing is serialised,
 * compressed or hashed per request.
 */
export class CachedAnswer {
  readonly identity: Representation;
  private readonly encoded = new Map<ContentEncoding, Representation>();
  private readonly compressing = new Map<ContentEncoding, Promise<Representation>>();

  constructor(json: string) {
    this.identity = representationOf(Buffer.from(json));
  }

  /** The form to send in `encoding`: the JSON itself when small; the compressed bytes, once made, at once. */
  representation(encoding: ContentEncoding | undefined): Representation | Promise<Representation> {
    if (!encoding || this.identity.body.length < COMPRESS_THRESHOLD_BYTES) return this.identity;
    return this.encoded.get(encoding) ?? this.compress(encoding);
  }

  private compress(encoding: ContentEncoding) {
    let compressing = this.compressing.get(encoding);
    if (!compressing) {
      // Off the event loop (zlib's thread pool), once: requests arriving meanwhile wait for the same bytes.
      const bytes =
        encoding === 'br' ? brotliCompress(this.identity.body, BROTLI_OPTIONS) : gzip(this.identity.body);
      compressing = bytes.then((body) => {
        const representation = representationOf(body, encoding);
        this.encoded.set(encoding, representation);
        return representation;
      });
      this.compressing.set(encoding, compressing);
    }
    return compressing;
  }
}

/**
 * Caches serialised JSON answers of public reads by key (the URL). The first level lives in the
 * process, with each answer's compressed forms and validators; with REDIS_URL a second level is shared by
 * every instance, so a burst of page loads costs the database one query per page every few seconds,
 * whatever the number of servers.
 */
export class ResponseCache {
  private readonly local = new Map<string, { answer: CachedAnswer; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  /**
   * Bumped by `invalidate`: shared keys carry it, so entries written before an admin's change are never
   * read again; a load that started before the change does not store its now-stale answer.
   */
  private generation = 0;
  private stopListening?: () => void;

  /**
   * @param namespace tells apart the databases that may share one Redis (two deployments, tests).
   */
  constructor(
    private readonly namespace: string,
    private readonly redis?: Redis,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached answer for `key`, or the result of `produce` serialised and stored. */
  get(key: string, produce: () => Promise<unknown>): CachedAnswer | Promise<CachedAnswer> {
    // A hit is answered synchronously: the busiest path of the server, it waits for nothing.
    const hit = this.local.get(key);
    if (hit) {
      const now = this.now();
      if (hit.expiresAt > now) return hit.answer;
      // Just expired: one reader refreshes it and the others keep the answer they had meanwhile, instead of
      // every reader of a busy page waiting on the database every LOCAL_TTL_MS. An admin's change never
      // reaches this: `invalidate` drops the entries themselves.
      if (now - hit.expiresAt < REFRESH_GRACE_MS) {
        if (!this.pending.has(key)) this.start(key, produce).catch(() => undefined);
        return hit.answer;
      }
    }
    return this.pending.get(key) ?? this.start(key, produce);
  }

  /** The answer cached for `key` if it is fresh; nothing is produced or refreshed. */
  peek(key: string): CachedAnswer | undefined {
    const hit = this.local.get(key);
    return hit && hit.expiresAt > this.now() ? hit.answer : undefined;
  }

  /**
   * Forgets every cached answer on every instance: an admin approved a song or changed a category, and
   * the public pages must show it at once. With Redis, the generation is shared and every instance
   * drops its in-process entries when it hears of the change (milliseconds). Answers false when Redis
   * could not be told (the other instances then catch up as their entries expire).
   */
  async invalidate(): Promise<boolean> {
    this.forgetLocal(this.generation + 1);
    if (!this.redis) return true;
    try {
      const generation = await this.redis.incr(this.generationKey);
      this.forgetLocal(generation);
      await this.redis.publish(this.channel, String(generation));
      return true;
    } catch {
      // Never fails the admin's change, already committed: the shared entries expire within 5 s anyway.
      return false;
    }
  }

  /** With Redis: reads the shared generation and listens for other instances' invalidations. */
  async listen(): Promise<void> {
    if (!this.redis) return;
    const subscriber = this.redis.duplicate();
    subscriber.on('message', (_channel: string, message: string) => {
      const generation = Number(message);
      if (Number.isInteger(generation) && generation > this.generation) this.forgetLocal(generation);
    });
    await subscriber.subscribe(this.channel);
    const stored = Number(await this.redis.get(this.generationKey));
    if (Number.isInteger(stored) && stored > this.generation) this.forgetLocal(stored);
    this.stopListening = () => subscriber.disconnect();
  }

  close() {
    this.stopListening?.();
  }

  private get generationKey() {
    return `ovation:${this.namespace}:response-generation`;
  }

  private get channel() {
    return `ovation:${this.namespace}:response-invalidated`;
  }

  private forgetLocal(generation: number) {
    this.generation = Math.max(this.generation, generation);
    this.local.clear();
    this.pending.clear();
  }

  private start(key: string, produce: () => Promise<unknown>) {
    const loading = this.load(key, produce).finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
  }

  private async load(key: string, produce: () => Promise<unknown>): Promise<CachedAnswer> {
    const generation = this.generation;
    const sharedKey = `ovation:${this.namespace}:response:${generation}:${key}`;
    let body: string | null = null;
    if (this.redis) body = await this.redis.get(sharedKey).catch(() => null);
    if (body === null) {
      body = JSON.stringify(await produce());
      if (this.redis) await this.redis.set(sharedKey, body, 'EX', SHARED_TTL_SECONDS).catch(() => undefined);
    }
    const answer = new CachedAnswer(body);
    // An invalidation arrived while this answer was produced: serve it to this caller, keep nothing.
    if (generation !== this.generation) return answer;
    if (this.local.size >= MAX_LOCAL_ENTRIES) {
      const oldest = this.local.keys().next().value;
      if (oldest !== undefined) this.local.delete(oldest);
    }
    this.local.set(key, { answer, expiresAt: this.now() + LOCAL_TTL_MS });
    return answer;
  }
}

/**
 * Tells every instance's public pages to follow an admin's change at once. The change has committed by
 * now: a cache that cannot be told (Redis down) is logged, not answered as a failure the admin would
 * retry, and its entries expire within seconds.
 */
export async function refreshPublicPages(cache: ResponseCache, log: FastifyBaseLogger) {
  await cache
    .invalidate()
    .catch((error: unknown) => log.warn({ err: error }, 'public cache not invalidated'));
}
