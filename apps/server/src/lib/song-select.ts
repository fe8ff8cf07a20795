import { type SQL, sql } from 'drizzle-orm';
import { images, songs } from '../db/schema';

/**
 * What every read of a song selects, whichever view it feeds: the public catalog's and the admin's
 * moderation list (features/catalog and features/songs) spread these columns and add their own. Their
 * queries join the category (inner), the uploader and the cover image (left) to `songs`.
 */

/** A song's valid vote total: the sum of its tally shards. */
export const songTotalVotes: SQL<number> = sql<number>`coalesce((select sum(t.votes) from song_vote_tallies t where t.song_id = "songs"."id"), 0)::int`;

/** The cover image's columns (all null for a song without an uploaded cover). */
export const songCoverColumns = {
  storageKey: images.storageKey,
  width: images.width,
  height: images.height,
  widths: images.widths,
};

/** The columns both views of a song read. */
export const songBaseColumns = {
  id: songs.id,
  title: songs.title,
  artist: songs.artist,
  songLink: songs.songLink,
  description: songs.description,
  status: songs.status,
  createdAt: songs.createdAt,
  totalVotes: songTotalVotes,
  cover: songCoverColumns,
};
