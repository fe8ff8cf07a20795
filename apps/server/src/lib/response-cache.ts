import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Public pages are the same for every guest and fan for a moment: 2 s in process, 5 s in Redis. */
const LOCAL_TTL_MS = 2000;
const SHARED_TTL_SECONDS = 5;
/** Bounds the in-process map: search pages have endless URLs. */
const MAX_LOCAL_ENTRIES = 1000;

/**
 * Caches serialised JSON answers of public reads by key (the URL). The first level lives in the
 * process; with REDIS_URL a second level is shared by every instance, so a burst of page loads costs
 * the database one query per page every few seconds, whatever the number of servers.
 */
export class ResponseCache {
  private readonly local = new Map<string, { body: string; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<string>>();
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

  /** The cached JSON for `key`, or the result of `produce` serialised and stored. */
  async get(key: string, produce: () => Promise<unknown>): Promise<string> {
    const hit = this.local.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.body;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const loading = this.load(key, produce).finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
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

  private async load(key: string, produce: () => Promise<unknown>) {
    const generation = this.generation;
    const sharedKey = `ovation:${this.namespace}:response:${generation}:${key}`;
    let body: string | null = null;
    if (this.redis) body = await this.redis.get(sharedKey).catch(() => null);
    if (body === null) {
      body = JSON.stringify(await produce());
      if (this.redis) await this.redis.set(sharedKey, body, 'EX', SHARED_TTL_SECONDS).catch(() => undefined);
    }
    // An invalidation arrived while this answer was produced: serve it to this caller, keep nothing.
    if (generation !== this.generation) return body;
    if (this.local.size >= MAX_LOCAL_ENTRIES) {
      const oldest = this.local.keys().next().value;
      if (oldest !== undefined) this.local.delete(oldest);
    }
    this.local.set(key, { body, expiresAt: this.now() + LOCAL_TTL_MS });
    return body;
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
