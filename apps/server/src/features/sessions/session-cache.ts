import type { Viewer } from '../../lib/viewer';

/**
 * How long a resolved session is trusted without asking the database again. Revocations (logout,
 * password change, deactivation, expiry) evict at once here and, through Redis, on every instance.
 */
const CACHE_TTL_MS = 10_000;
/** Bounds memory: about 10 MB at most. */
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  viewer: NonNullable<Viewer>;
  sessionId: string;
  lastActivityAt: Date;
}

export type Eviction = { kind: 'session' | 'user'; id: string };

/** The sessions this process resolved recently, by token hash, with indexes to evict them. */
export class SessionCache {
  private readonly byToken = new Map<string, CachedSession & { cachedAt: number }>();
  private readonly tokensBySession = new Map<string, string>();
  private readonly tokensByUser = new Map<string, Set<string>>();
  /** When each session or user was last evicted: a row read before that must not be cached. */
  private readonly evictedAt = new Map<string, number>();
  /** Set by the app to tell other instances (Redis pub/sub); not called for evictions they sent. */
  onEvict?: (eviction: Eviction) => void;

  constructor(private readonly now: () => number = Date.now) {}

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.cachedAt > CACHE_TTL_MS) {
      this.remove(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** The moment a database read starts; pass it to `set` with what the read found. */
  readStarted(): number {
    return this.now();
  }

  /**
   * Stores the session and answers the stored entry (update its lastActivityAt in place). A row read
   * before the session or its user was evicted is answered but not stored, so a logout racing with a
   * request cannot bring the revoked session back.
   */
  set(tokenHash: string, session: CachedSession, readStartedAt: number): CachedSession {
    const evicted = Math.max(
      this.evictedAt.get(`session:${session.sessionId}`) ?? -1,
      this.evictedAt.get(`user:${session.viewer.id}`) ?? -1,
    );
    if (evicted >= readStartedAt) return { ...session };
    if (this.byToken.size >= MAX_ENTRIES) {
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    const entry = { ...session, cachedAt: this.now() };
    this.byToken.set(tokenHash, entry);
    this.tokensBySession.set(session.sessionId, tokenHash);
    const tokens = this.tokensByUser.get(session.viewer.id) ?? new Set<string>();
    tokens.add(tokenHash);
    this.tokensByUser.set(session.viewer.id, tokens);
    return entry;
  }

  /** Forgets a session or every session of a user; `broadcast` tells the other instances too. */
  evict(eviction: Eviction, broadcast = true) {
    this.rememberEviction(`${eviction.kind}:${eviction.id}`);
    if (eviction.kind === 'session') {
      const token = this.tokensBySession.get(eviction.id);
      if (token) this.remove(token);
    } else {
      for (const token of this.tokensByUser.get(eviction.id) ?? []) this.remove(token);
    }
    if (broadcast) this.onEvict?.(eviction);
  }

  private rememberEviction(key: string) {
    const now = this.now();
    this.evictedAt.set(key, now);
    if (this.evictedAt.size > MAX_ENTRIES) {
      // Reads take milliseconds: evictions older than the cache lifetime cannot race any more.
      for (const [name, at] of this.evictedAt) if (now - at > CACHE_TTL_MS) this.evictedAt.delete(name);
    }
  }

  private remove(tokenHash: string) {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return;
    this.byToken.delete(tokenHash);
    this.tokensBySession.delete(entry.sessionId);
    const tokens = this.tokensByUser.get(entry.viewer.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensByUser.delete(entry.viewer.id);
  }
}
