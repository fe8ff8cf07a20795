import type { AdminSong } from '@ovation/shared';
import type { songs } from '../../db/schema';
import { toImageRef } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import type { AdminSongRow } from './admin-repository';

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
