import { and, eq, sql } from 'drizzle-orm';
import { songVoteTallies, votes } from '../../db/schema';
import type { Database } from '../../lib/db';

export interface VoteCounts {
  /** Every valid vote ever cast: the tallies, which every total shows (votes past their retention included). */
  total: number;
  /** Valid votes cast since `todayStart`. */
  today: number;
  /** Valid votes cast since `weekStart`. */
  week: number;
}

/**
 * The dashboard's vote figures: the total from the tallies, as every total; today and this week in one
 * pass over the recent valid votes (a vote voided by fraud review no longer counts, as in the song totals). The caller says when today and this week began, in the
 * platform's timezone.
 */
export async function countValidVotes(
  db: Database,
  since: { todayStart: Date; weekStart: Date },
): Promise<VoteCounts> {
  const today = since.todayStart.toISOString();
  const week = since.weekStart.toISOString();
  const [row] = await db
    .select({
      total: sql<number>`(select coalesce(sum(${songVoteTallies.votes}), 0) from ${songVoteTallies})::int`,
      today: sql<number>`count(*) filter (where ${votes.createdAt} >= ${today}::timestamptz)::int`,
      week: sql<number>`count(*) filter (where ${votes.createdAt} >= ${week}::timestamptz)::int`,
    })
    .from(votes)
    .where(
      and(
        eq(votes.status, 'valid'),
        sql`${votes.createdAt} >= least(${today}::timestamptz, ${week}::timestamptz)`,
      ),
    );
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0), week: Number(row?.week ?? 0) };
}
