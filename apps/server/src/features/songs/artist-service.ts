import type { Viewer } from '../../lib/viewer';
import { getPublicResults, standingsOf } from '../analytics/results-service';
import { listSongsByUploader, type PublicSongsDependencies } from './public-service';
import * as repository from './song-write-repository';

/**
 * The artist's own songs, any status, with their votes, '#n in category' for approved ones and the
 * admin's reason for a rejected one. While an admin hides the live standings (and the results are not
 * published) the rank is left out too: it would tell the artist what the public pages no longer show.
 */
export async function listArtistSongs(deps: PublicSongsDependencies, viewer: NonNullable<Viewer>) {
  const [songs, ranks, results] = await Promise.all([
    listSongsByUploader(deps, viewer.id),
    repository.findUploaderSongRanks(deps.db, viewer.id),
    getPublicResults(deps.db),
  ]);
  const ranked = standingsOf(results) !== 'hidden';
  const byId = new Map(ranks.map((rank) => [rank.id, rank]));
  return songs.map((song) => {
    const rank = byId.get(song._id);
    return {
      ...song,
      totalVotes: Number(rank?.total_votes ?? 0),
      rankInCategory: !ranked || rank?.rank_in_category == null ? null : Number(rank.rank_in_category),
      moderationReason: rank?.moderation_reason ?? null,
    };
  });
}

/** The dashboard tiles: the artist's songs, their votes and views, and how many artists compete. */
export async function getArtistStats(deps: PublicSongsDependencies, viewer: NonNullable<Viewer>) {
  const totals = await repository.countUploaderTotals(deps.db, viewer.id);
  return {
    totalSongs: Number(totals.total_songs),
    totalVotes: Number(totals.total_votes),
    totalViews: Number(totals.total_views),
    totalArtists: Number(totals.total_artists),
  };
}
