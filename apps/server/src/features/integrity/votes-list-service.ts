import type { IntegrityVote, IntegrityVotesQuery } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { shortDeviceId } from '../devices/service';
import { assertFilterIdsExist } from './vote-filter-repository';
import { findVotesPage, type IntegrityVoteRow } from './votes-list-repository';

function presentVote(row: IntegrityVoteRow): IntegrityVote {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    // A vote goes with its user (foreign key, cascade) and its song (deleted in the same transaction);
    // a row read while one is being deleted still answers in shape.
    fan: { _id: row.fanId, name: row.fanName ?? '', email: row.fanEmail ?? '' },
    song: { _id: row.songId, title: row.songTitle ?? '' },
    category: { _id: row.categoryId, name: row.categoryName ?? '' },
    ipPrefix: row.ipPrefix,
    deviceType: row.deviceType,
    deviceSignature: row.deviceSignature,
    deviceId: shortDeviceId(row.deviceId),
    review:
      row.reviewId !== null && row.reviewReason !== null
        ? { id: row.reviewId, reason: row.reviewReason }
        : null,
  };
}

/**
 * GET /admin/integrity/votes: the votes a filter selects (a cluster's `filter`, or the admin's own),
 * newest first, paged. Each shows its network prefix and device, never the full IP address. A filter
 * naming a category, song or review that does not exist is a 404, not an empty list (asked only when
 * nothing matched: the common answer costs no extra statement).
 */
export async function listIntegrityVotes(deps: { db: Database }, query: IntegrityVotesQuery) {
  const { rows, total } = await findVotesPage(deps.db, query);
  if (total === 0) await assertFilterIdsExist(deps.db, query);
  return { votes: rows.map(presentVote), total };
}
