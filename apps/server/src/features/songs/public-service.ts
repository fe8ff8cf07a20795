import type { ListSongsQuery, Song } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { Forbidden, NotFound } from '../../lib/errors';
import { compareByTitle, compareByVotes, competitionRanks } from '../../lib/ranking';
import type { FileStorage } from '../../lib/storage';
import type { Viewer } from '../../lib/viewer';
import { getPublicResults, type PublicResults, seesRanking, seesResults } from '../analytics/results-service';
import { canSeeUnapprovedSong } from './policy';
import { toSong } from './presenter';
import type { SongRow } from './repository';
import * as repository from './repository';

export interface PublicSongsDependencies {
  db: Database;
  storage: FileStorage;
}

/** The API's view of a song as `viewer` may see it (see presenter.ts toSong). */
function present(
  storage: FileStorage,
  row: SongRow,
  viewer: Viewer,
  results: Pick<PublicResults, 'published'>,
) {
  return toSong(storage, row, {
    showResults: seesResults(viewer, results),
    showModerationReason:
      row.status !== 'approved' && canSeeUnapprovedSong(viewer, { uploaderId: row.uploader?.id ?? null }),
  });
}

/**
 * Lists approved songs; sorting by votes is for admins only until the results are published, since the
 * order would reveal the totals.
 */
export async function listSongs(deps: PublicSongsDependencies, query: ListSongsQuery, viewer: Viewer) {
  const results = await getPublicResults(deps.db);
  if (query.sortBy === 'totalVotes' && !seesResults(viewer, results)) {
    throw Forbidden('MOST_VOTED_ADMIN_ONLY');
  }
  const { rows, total } = await repository.findSongsPage(deps.db, query);
  return { songs: rows.map((row) => present(deps.storage, row, viewer, results)), total };
}

/** One song: approved songs are public; a pending or rejected one only to its uploader and admins. */
export async function getSong(deps: PublicSongsDependencies, id: string, viewer: Viewer) {
  const [row, results] = await Promise.all([repository.findSongById(deps.db, id), getPublicResults(deps.db)]);
  if (
    !row ||
    (row.status !== 'approved' && !canSeeUnapprovedSong(viewer, { uploaderId: row.uploader?.id ?? null }))
  ) {
    throw NotFound('SONG_NOT_FOUND');
  }
  return present(deps.storage, row, viewer, results);
}

/**
 * A category's approved songs as its page shows them under `results`: ranked by valid votes (with their
 * rank) when `viewer` may see the ranking, else in a neutral title order. Totals only as seesResults says.
 */
export async function listCategorySongs(
  deps: PublicSongsDependencies,
  categoryId: string,
  viewer: Viewer,
  results: PublicResults,
): Promise<Array<Song & { rank?: number }>> {
  const rows = await repository.findApprovedSongsInCategory(deps.db, categoryId);
  const ranked = seesRanking(viewer, results);
  const ordered = [...rows].sort(ranked ? compareByVotes((row) => row.totalVotes) : compareByTitle);
  const ranks = ranked ? competitionRanks(ordered, (row) => row.totalVotes) : null;
  return ordered.map((row, index) => ({
    ...present(deps.storage, row, viewer, results),
    ...(ranks ? { rank: ranks[index]! } : {}),
  }));
}

/** Every song a user uploaded, whatever its status (their dashboard). */
export async function listSongsByUploader(deps: PublicSongsDependencies, uploaderId: string) {
  const [rows, results] = await Promise.all([
    repository.findSongsByUploader(deps.db, uploaderId),
    getPublicResults(deps.db),
  ]);
  const uploader: Viewer = { id: uploaderId, role: 'artist', emailVerified: true };
  return rows.map((row) => present(deps.storage, row, uploader, results));
}
