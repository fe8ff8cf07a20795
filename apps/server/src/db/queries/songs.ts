import { type SQL, sql } from 'drizzle-orm';
import { images, songs } from '../schema';

/*
 * Query builders the repositories of several features share, kept beside the schema rather than in one
 * feature: a repository may not import another feature's repository, and a song's vote total must mean
 * the same SQL on every screen (the public pages and the moderation list in features/songs, the analytics
 * screen in features/analytics). Only repositories import this folder (scripts/check-one-way.mjs).
 *
 * What every read of a song selects, whichever view it feeds: the public pages' and the admin's
 * moderation list spread these columns and add their own. Their queries join the category (inner), the
 * uploader and the cover image (left) to `songs`.
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
