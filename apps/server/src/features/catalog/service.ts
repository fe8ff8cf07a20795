import type { CategoryTranslations, ListSongsQuery, Song } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { Forbidden, NotFound } from '../../lib/errors';
import { toImageRef } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { isAdmin, type Viewer } from '../../lib/viewer';
import { compareByTitle, compareByVotes, competitionRanks } from '../analytics/ranking';
import { getPublicResults, standingsOf } from '../analytics/results-service';
import * as categories from '../categories/service';
import type { SongRow } from './repository';
import * as repository from './repository';

export interface CatalogDependencies {
  db: Database;
  storage: FileStorage;
}

/** A song's category names in the other languages: song cards show the name, never the description. */
function categoryNames(translations: CategoryTranslations | null): CategoryTranslations {
  const names: CategoryTranslations = {};
  for (const [language, words] of Object.entries(translations ?? {}) as Array<
    [keyof CategoryTranslations, { name?: string } | undefined]
  >) {
    if (words?.name) names[language] = { name: words.name };
  }
  return names;
}

/** The song's uploader or an admin: the only viewers of a song that is not approved. */
function mayReview(row: SongRow, viewer: Viewer): boolean {
  return isAdmin(viewer) || (viewer !== null && row.uploader?.id === viewer.id);
}

/**
 * The API's view of a song. Vote totals and the winner marker are for admins, and for everyone once the
 * results are published (`resultsPublished`): until then no public answer carries them.
 */
function toSong(storage: FileStorage, row: SongRow, viewer: Viewer, resultsPublished: boolean): Song {
  const cover = row.cover?.storageKey ? toImageRef(storage, row.cover) : null;
  return {
    _id: row.id,
    title: row.title,
    artist: row.artist,
    // The artist profile is the uploader's only when an artist uploaded it (admins upload for artists).
    artistId:
      row.uploader?.id && row.uploader.role === 'artist'
        ? {
            _id: row.uploader.id,
            name: row.uploader.name,
            avatar: row.uploader.avatar,
            bio: row.uploader.bio,
          }
        : null,
    category: {
      _id: row.category.id,
      name: row.category.name,
      icon: row.category.icon,
      translations: categoryNames(row.category.translations),
    },
    songLink: row.songLink,
    linkKind: row.linkKind,
    audioUrl: row.audioUrl,
    albumCover: cover?.url ?? null,
    cover,
    duration: row.duration,
    releaseDate: row.releaseDate,
    tags: row.tags,
    description: row.description,
    views: row.views,
    isVerified: row.status === 'approved',
    status: row.status,
    // The admin's reason shows on the owner's pending or rejected page; never on a public one.
    ...(row.status !== 'approved' && mayReview(row, viewer)
      ? { moderationReason: row.moderationReason ?? null }
      : {}),
    createdAt: row.createdAt.toISOString(),
    ...(isAdmin(viewer) || resultsPublished
      ? { totalVotes: row.totalVotes, isWinner: row.category.winnerSongId === row.id }
      : {}),
  };
}

/**
 * Lists approved songs; sorting by votes is for admins only until the results are published, since the
 * order would reveal the totals.
 */
export async function listSongs(deps: CatalogDependencies, query: ListSongsQuery, viewer: Viewer) {
  const { published } = await getPublicResults(deps.db);
  if (query.sortBy === 'totalVotes' && !isAdmin(viewer) && !published) {
    throw Forbidden('MOST_VOTED_ADMIN_ONLY');
  }
  const { rows, total } = await repository.findSongsPage(deps.db, query);
  return { songs: rows.map((row) => toSong(deps.storage, row, viewer, published)), total };
}

/** One song: approved songs are public; a pending or rejected one only to its uploader and admins. */
export async function getSong(deps: CatalogDependencies, id: string, viewer: Viewer) {
  const [row, { published }] = await Promise.all([
    repository.findSongById(deps.db, id),
    getPublicResults(deps.db),
  ]);
  if (!row || (row.status !== 'approved' && !mayReview(row, viewer))) throw NotFound('SONG_NOT_FOUND');
  return toSong(deps.storage, row, viewer, published);
}

/** Every category; vote totals and winners for admins, and for everyone once the results are published. */
export async function listCategories(deps: CatalogDependencies, viewer: Viewer) {
  const { published } = await getPublicResults(deps.db);
  return categories.listCategories(deps.db, viewer, published);
}

/**
 * A category with its approved songs and how the public may see them rank (`standings`): by valid votes
 * once the results are published ('final') or while live standings are on ('live', without numbers), else
 * in a neutral title order ('hidden'). Admins always get the songs ranked by votes, with their totals.
 */
export async function getCategoryWithSongs(deps: CatalogDependencies, id: string, viewer: Viewer) {
  const [results, rows] = await Promise.all([
    getPublicResults(deps.db),
    repository.findApprovedSongsInCategory(deps.db, id),
  ]);
  const category = await categories.getCategory(deps.db, id, viewer, results.published);
  const standings = standingsOf(results);
  const ranked = isAdmin(viewer) || standings !== 'hidden';
  const ordered = [...rows].sort(ranked ? compareByVotes((row) => row.totalVotes) : compareByTitle);
  const ranks = ranked ? competitionRanks(ordered, (row) => row.totalVotes) : null;
  return {
    category,
    songs: ordered.map((row, index) => ({
      ...toSong(deps.storage, row, viewer, results.published),
      ...(ranks ? { rank: ranks[index]! } : {}),
    })),
    standings,
  };
}

export function getStats(deps: CatalogDependencies) {
  return repository.countCatalog(deps.db);
}

/** Every song a user uploaded, whatever its status (their dashboard). */
export async function listSongsByUploader(deps: CatalogDependencies, uploaderId: string) {
  const [rows, { published }] = await Promise.all([
    repository.findSongsByUploader(deps.db, uploaderId),
    getPublicResults(deps.db),
  ]);
  return rows.map((row) =>
    toSong(deps.storage, row, { id: uploaderId, role: 'artist', emailVerified: true }, published),
  );
}
