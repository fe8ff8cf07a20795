import {
  type AdminSongsQuery,
  type ModerationAction,
  type SongStatus,
  STATUS_OF_ACTION,
} from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import type { ResponseCache } from '../../lib/response-cache';
import type { FileStorage } from '../../lib/storage';
import { lockResults } from '../analytics/results-service';
import { type Actor, audit, auditAll } from '../audit/service';
import * as repository from './admin-repository';
import { toAdminSong, toAuditedSong } from './presenter';
import { countSongsByStatus } from './song-count-repository';
import { hasAnyVotes, isCategoryWinner } from './song-write-repository';

export interface SongsDependencies {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  /** The public pages' cache: dropped on every instance when a change shows on them. */
  cache: ResponseCache;
}

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

/** The audit action of a decision, by the status it gives the song. */
const AUDIT_ACTION_OF = {
  approved: 'song.approved',
  rejected: 'song.rejected',
  pending: 'song.reopened',
} as const satisfies Record<SongStatus, string>;

/**
 * A decision that takes a song out of the approved ones, or brings back one that has votes, changes the
 * count: refused while the results are published (unpublish first), and a category's winner must be
 * cleared before it stops being approved. A song keeps its votes whatever its status; while not approved
 * it is hidden from the public pages and takes no new votes.
 */
async function assertCountMayChange(
  tx: Database,
  before: { id: string; status: SongStatus },
  status: SongStatus,
) {
  const leavesApproved = before.status === 'approved';
  const entersApproved = status === 'approved';
  if (!leavesApproved && !entersApproved) return;
  const results = await lockResults(tx);
  if (results.published && (leavesApproved || (await hasAnyVotes(tx, before.id)))) {
    throw Conflict('RESULTS_PUBLISHED');
  }
  if (leavesApproved && (await isCategoryWinner(tx, before.id))) throw Conflict('SONG_IS_WINNER');
}

/**
 * Decides one song, audited in the same transaction: approves or rejects a pending song, or changes a
 * decision already taken (approved to rejected and back, or back to pending) with the reason the artist
 * reads on their dashboard. `expectedStatus` is the status the admin saw (pending when absent): when the
 * song no longer has it, another admin decided first and the answer is 409 with the song's current status,
 * so two admins never overwrite each other. Public pages change at once (the cache is dropped everywhere).
 */
export async function verifySong(
  deps: SongsDependencies,
  actor: Actor,
  id: string,
  decision: { action: ModerationAction; reason?: string; expectedStatus?: SongStatus },
) {
  const status = STATUS_OF_ACTION[decision.action];
  const expected = decision.expectedStatus ?? 'pending';
  const changed = await deps.db.transaction(async (tx) => {
    // The results lock (taken by assertCountMayChange) comes before the song's, as for every change of the count.
    if (expected === 'approved' || status === 'approved') await lockResults(tx);
    const before = await repository.lockSong(tx, id);
    if (!before) throw NotFound('SONG_NOT_FOUND');
    if (before.status !== expected) {
      throw Conflict('SONG_ALREADY_MODERATED', { extra: { currentStatus: before.status } });
    }
    // Also a first approval: a song sent back to review keeps its votes, and they would count again.
    await assertCountMayChange(tx, before, status);
    await repository.setModeration(tx, [id], {
      status,
      reason: decision.reason ?? null,
      moderatedBy: actor.id,
      moderatedAt: deps.clock.now(),
    });
    const after = (await repository.lockSong(tx, id))!;
    await audit(tx, actor, {
      action: AUDIT_ACTION_OF[status],
      targetType: 'song',
      targetId: id,
      before: toAuditedSong(before),
      after: toAuditedSong(after),
      ...(expected !== 'pending' ? { details: { reversal: true } } : {}),
    });
    return before.status === 'approved' || status === 'approved';
  });
  if (changed) await deps.cache.invalidate();
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
  decision: { ids: string[]; action: Exclude<ModerationAction, 'reopen'>; reason?: string },
) {
  const status = STATUS_OF_ACTION[decision.action] as Exclude<SongStatus, 'pending'>;
  const ids = [...new Set(decision.ids)];
  const outcome = await deps.db.transaction(async (tx) => {
    // The results lock comes before the songs', as for every change of the count.
    const results = status === 'approved' ? await lockResults(tx) : null;
    const rows = await repository.lockSongs(tx, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const pending = rows.filter((row) => row.status === 'pending');
    const skipped = ids
      .filter((id) => byId.get(id)?.status !== 'pending')
      .map((id) => ({ _id: id, status: byId.get(id)?.status ?? ('missing' as const) }));
    if (rows.length === 0) throw NotFound('SONG_NOT_FOUND');
    if (pending.length === 0) throw Conflict('SONG_ALREADY_MODERATED', { extra: { skipped } });
    // A pending song with votes was sent back to review: approving it would change a published count.
    if (results?.published) {
      for (const row of pending) if (await hasAnyVotes(tx, row.id)) throw Conflict('RESULTS_PUBLISHED');
    }
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
