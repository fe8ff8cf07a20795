import type { Database } from '../../lib/db';
import { touchSessions } from './repository';

/** How often the sessions' last activity is written: one statement a second, however many sessions. */
const FLUSH_INTERVAL_MS = 1000;
/**
 * How far the stored last activity may lag behind a session's real one: the flush interval and the
 * write itself, on whichever instance served the request. Idle expiry allows for it.
 */
export const ACTIVITY_LAG_MS = 5000;

/**
 * Session activity, written in batches off the request path: a request records its session's activity
 * here, and one UPDATE a second stores the latest of every session. When a show airs, thousands of
 * sessions become active at once; this keeps that from adding a write to each of their first votes.
 * This process reads its own pending activity (`latest`); other instances see it within a second.
 */
export class SessionActivity {
  private pending = new Map<string, Date>();
  /** The batch being written: still this process's latest knowledge until the write commits. */
  private writing = new Map<string, Date>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Set by the app to log a failed write; the activity is kept for the next attempt. */
  onError?: (error: unknown) => void;

  constructor(private readonly db: Database) {}

  record(sessionId: string, at: Date) {
    const known = this.pending.get(sessionId);
    if (!known || known < at) this.pending.set(sessionId, at);
    this.schedule();
  }

  /** Activity recorded here and not yet written (or being written). */
  latest(sessionId: string): Date | undefined {
    return this.pending.get(sessionId) ?? this.writing.get(sessionId);
  }

  private schedule() {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, FLUSH_INTERVAL_MS).unref();
  }

  /** Writes what is pending (after any write already under way). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      this.writing = batch;
      try {
        await touchSessions(this.db, batch);
      } catch (error) {
        // Kept for the next attempt, a second later.
        for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
        this.schedule();
        this.onError?.(error);
      } finally {
        this.writing = new Map();
      }
    });
    return this.flushing;
  }

  /** Stops the timer and writes what is pending: call before the database closes. */
  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

const activities = new WeakMap<Database, SessionActivity>();

/** The session activity writer of a database: one per app. */
export function sessionActivityFor(db: Database): SessionActivity {
  let activity = activities.get(db);
  if (!activity) {
    activity = new SessionActivity(db);
    activities.set(db, activity);
  }
  return activity;
}
