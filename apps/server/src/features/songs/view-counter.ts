import { createHmac } from 'node:crypto';
import type { Database } from '../../lib/db';
import { addSongViews, recordSongView } from './repository';

/** Views are added to the song rows in batches, so a crowd on one song does not queue on its row. */
const FLUSH_INTERVAL_MS = 5000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts a song's views once per visitor per hour. The (song, visitor, hour) row decides whether a
 * view is new; new views are summed in memory and added to `songs.views` every few seconds and at
 * shutdown. The visitor is a keyed hash of the user (or IP and browser), never stored in clear.
 */
export class ViewCounter {
  private readonly pending = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly key: Buffer,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async record(songId: string, visitor: { userId?: string; ip: string; userAgent: string | null }, at: Date) {
    const identity = visitor.userId
      ? `user:${visitor.userId}`
      : `anon:${visitor.ip}:${visitor.userAgent ?? ''}`;
    const visitorHash = createHmac('sha256', this.key).update(identity).digest('base64url').slice(0, 22);
    const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
    if (await recordSongView(this.db, songId, visitorHash, hour)) {
      this.pending.set(songId, (this.pending.get(songId) ?? 0) + 1);
    }
  }

  /** Adds the counted views to the songs. */
  async flush() {
    const batch = [...this.pending];
    this.pending.clear();
    for (const [songId, views] of batch) {
      await addSongViews(this.db, songId, views);
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
