import { eq, sql } from 'drizzle-orm';
import { voteArchive, votes } from '../../db/schema';
import type { Database } from '../../lib/db';

export interface VoteCounts {
  /** Every valid vote ever cast: the rows, and those past their retention counted in the vote archive. */
  total: number;
  /** Valid votes cast since `todayStart`. */
  today: number;
  /** Valid votes cast since `weekStart`. */
  week: number;
}

/**
 * The dashboard's vote figures, counted in one pass over the valid votes (a vote voided by fraud review
 * no longer counts, as in the song totals), with the archived valid votes added to the total. The caller
 * says when today and this week began, in the platform's timezone.
 */
export async function countValidVotes(
  db: Database,
  since: { todayStart: Date; weekStart: Date },
): Promise<VoteCounts> {
  const today = since.todayStart.toISOString();
  const week = since.weekStart.toISOString();
  const [row] = await db
    .select({
      total: sql<number>`(count(*) + (select coalesce(sum(${voteArchive.votes}), 0) from ${voteArchive} where ${voteArchive.status} = 'valid'))::int`,
      today: sql<number>`count(*) filter (where ${votes.createdAt} >= ${today}::timestamptz)::int`,
      week: sql<number>`count(*) filter (where ${votes.createdAt} >= ${week}::timestamptz)::int`,
    })
    .from(votes)
    .where(eq(votes.status, 'valid'));
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0), week: Number(row?.week ?? 0) };
}
