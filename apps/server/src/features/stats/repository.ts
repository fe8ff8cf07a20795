import { sql } from 'drizzle-orm';
import { categories, songs, songVoteTallies, users } from '../../db/schema';
import type { Database } from '../../lib/db';

/**
 * The home page's figures in one statement, so they are one snapshot: approved songs, valid votes (the
 * tally shards), active fans and categories.
 */
export async function countPlatformFigures(db: Database) {
  const [row] = await db
    .select({
      totalSongs: sql<number>`(select count(*) from ${songs} where ${songs.status} = 'approved')::int`,
      totalVotes: sql<number>`(select coalesce(sum(${songVoteTallies.votes}), 0) from ${songVoteTallies})::int`,
      totalUsers: sql<number>`(select count(*) from ${users} where ${users.role} = 'fan' and ${users.isActive})::int`,
      totalCategories: sql<number>`(select count(*) from ${categories})::int`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}
