import type { AdminSongsQuery, ModerationAction, SongStatus } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import type { ResponseCache } from '../../lib/response-cache';
import type { FileStorage } from '../../lib/storage';
import { type Actor, audit, auditAll } from '../audit/service';
import * as repository from './admin-repository';
import { toAdminSong, toAuditedSong } from './presenter';
import { countSongsByStatus } from './song-count-repository';

export interface SongsDependencies {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  /** The public pages' cache: dropped on every instance when a change shows on them. */
  cache: ResponseCache;
}

const STATUS_OF: Record<ModerationAction, Exclude<SongStatus, 'pending'>> = {
  approve: 'approved',
  reject: 'rejected',
};

/** The moderation list, 20 a page by default, newest first: the page's songs and how many match. */
export async function listAdminSongs(deps: SongsDependencies, query: AdminSongsQuery) {
  const { rows, total } = await repository.findAdminSongsPage(deps.db, query);
  return { songs: rows.map((row) => toAdminSong(deps.storage, row)), total };
}

/** The newest songs awaiting review (the dashboard's 'Pending Approvals'). */
export async function listPendingSongs(deps: SongsDependencies, limit: number) {
  const rows = await repository.findNewestPendingSongs(deps.db, limit);
  return rows.map((row) => toAdminSong(deps.storage, row));
}

/** The moderation tiles: Pending Review, Approved, Rejected, Total Songs (the dashboard's song figures too). */
export function getSongStats(deps: Pick<SongsDependencies, 'db'>) {
  return countSongsByStatus(deps.db);
}

/** One song in the admin's view, after a change. */
export async function getAdminSong(deps: SongsDependencies, id: string) {
  const row = await repository.findAdminSong(deps.db, id);
  if (!row) throw NotFound('SONG_NOT_FOUND');
  return toAdminSong(deps.storage, row);
}

/**
 * Approves or rejects a pending song, audited in the same transaction. Only a pending song can be
 * moderated: when another admin got there first the answer is 409 with the song's current status, so
 * two admins working the same queue never overwrite each other's decision. An approved song shows on
 * the public pages at once (the cache is dropped on every instance).
 */
export async function verifySong(
  deps: SongsDependencies,
  actor: Actor,
  id: string,
  decision: { action: ModerationAction; reason?: string },
) {
  const status = STATUS_OF[decision.action];
  await deps.db.transaction(async (tx) => {
    const before = await repository.lockSong(tx, id);
    if (!before) throw NotFound('SONG_NOT_FOUND');
    if (before.status !== 'pending') {
      throw Conflict('SONG_ALREADY_MODERATED', { extra: { currentStatus: before.status } });
    }
    await repository.setModeration(tx, [id], {
      status,
      reason: decision.reason ?? null,
      moderatedBy: actor.id,
      moderatedAt: deps.clock.now(),
    });
    const after = (await repository.lockSong(tx, id))!;
    await audit(tx, actor, {
      action: `song.${status}`,
      targetType: 'song',
      targetId: id,
      before: toAuditedSong(before),
      after: toAuditedSong(after),
    });
  });
  if (status === 'approved') await deps.cache.invalidate();
  return getAdminSong(deps, id);
}

/**
 * Approves or rejects several songs in one transaction, one audit entry each. Songs another admin
 * moderated meanwhile (or deleted) are left as they are and reported in `skipped` with their status: the
 * moderator's intent, "these are no longer waiting", holds for them too, and the rest need not be
 * selected again. When none of them exists the answer is 404; when none was still pending, 409.
 */
export async function verifySongs(
  deps: SongsDependencies,
  actor: Actor,
  decision: { ids: string[]; action: ModerationAction; reason?: string },
) {
  const status = STATUS_OF[decision.action];
  const ids = [...new Set(decision.ids)];
  const outcome = await deps.db.transaction(async (tx) => {
    const rows = await repository.lockSongs(tx, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const pending = rows.filter((row) => row.status === 'pending');
    const skipped = ids
      .filter((id) => byId.get(id)?.status !== 'pending')
      .map((id) => ({ _id: id, status: byId.get(id)?.status ?? ('missing' as const) }));
    if (rows.length === 0) throw NotFound('SONG_NOT_FOUND');
    if (pending.length === 0) throw Conflict('SONG_ALREADY_MODERATED', { extra: { skipped } });
    const moderatedIds = pending.map((row) => row.id);
    await repository.setModeration(tx, moderatedIds, {
      status,
      reason: decision.reason ?? null,
      moderatedBy: actor.id,
      moderatedAt: deps.clock.now(),
    });
    const after = new Map((await repository.lockSongs(tx, moderatedIds)).map((row) => [row.id, row]));
    await auditAll(
      tx,
      actor,
      pending.map((before) => ({
        action: `song.${status}` as const,
        targetType: 'song',
        targetId: before.id,
        before: toAuditedSong(before),
        after: toAuditedSong(after.get(before.id)!),
        details: { bulk: true },
      })),
    );
    return { moderatedIds, skipped };
  });
  if (status === 'approved') await deps.cache.invalidate();
  const moderated = await repository.findAdminSongs(deps.db, outcome.moderatedIds);
  return {
    status,
    moderated: moderated.map((row) => toAdminSong(deps.storage, row)),
    skipped: outcome.skipped,
  };
}
