import type { AdminSong, CategoryTranslations, Song } from '@ovation/shared';
import type { songs } from '../../db/schema';
import { toImageRef } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import type { AdminSongRow } from './admin-repository';
import type { SongRow } from './repository';

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

/**
 * The public API's view of a song, for every route that answers one. What the viewer may see is decided
 * by the caller (policy.ts, the results' policy): `showResults` adds the vote total and the winner marker,
 * `showModerationReason` the admin's reason on a song not approved (never on a public page).
 */
export function toSong(
  storage: FileStorage,
  row: SongRow,
  show: { showResults: boolean; showModerationReason: boolean },
): Song {
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
    ...(show.showModerationReason ? { moderationReason: row.moderationReason ?? null } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(show.showResults
      ? { totalVotes: row.totalVotes, isWinner: row.category.winnerSongId === row.id }
      : {}),
  };
}

/** The admin's view of a song: every admin route that answers a song uses this one function. */
export function toAdminSong(storage: FileStorage, row: AdminSongRow): AdminSong {
  const cover = row.cover?.storageKey ? toImageRef(storage, row.cover) : null;
  return {
    _id: row.id,
    title: row.title,
    artist: row.artist,
    albumCover: cover?.url ?? null,
    cover,
    category: { _id: row.category.id, name: row.category.name },
    status: row.status,
    description: row.description,
    songLink: row.songLink,
    totalVotes: Number(row.totalVotes),
    moderationReason: row.moderationReason,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
    uploader: row.uploader?.id ? { _id: row.uploader.id, name: row.uploader.name } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a song before and after an admin's change: its editable, reviewable fields. */
export function toAuditedSong(row: typeof songs.$inferSelect) {
  return {
    title: row.title,
    artist: row.artist,
    songLink: row.songLink,
    description: row.description,
    categoryId: row.categoryId,
    coverImageId: row.coverImageId,
    status: row.status,
    moderationReason: row.moderationReason,
    uploaderId: row.uploaderId,
  };
}
