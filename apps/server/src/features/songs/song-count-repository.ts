import { sql } from 'drizzle-orm';
import { songs } from '../../db/schema';
import type { Database } from '../../lib/db';

export interface SongCounts {
  pending: number;
  approved: number;
  rejected: number;
  total: number;
}

/** How many songs are in each review state, counted in one pass over the songs table. */
export async function countSongsByStatus(db: Database): Promise<SongCounts> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${songs.status} = 'pending')::int`,
      approved: sql<number>`count(*) filter (where ${songs.status} = 'approved')::int`,
      rejected: sql<number>`count(*) filter (where ${songs.status} = 'rejected')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(songs);
  return {
    pending: Number(row?.pending ?? 0),
    approved: Number(row?.approved ?? 0),
    rejected: Number(row?.rejected ?? 0),
    total: Number(row?.total ?? 0),
  };
}
