import { COVER_WIDTHS, detectLinkKind, type SongFields } from '@ovation/shared';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { foldForSearch } from '../../lib/text';
import type { Viewer } from '../../lib/viewer';
import { processImage } from '../uploads/image-service';
import type { CatalogDependencies } from './service';
import { getSong } from './service';
import * as repository from './song-write-repository';

function categoryError() {
  return Invalid('VALIDATION_ERROR', {
    message: 'Please select a category',
    errors: [{ field: 'category', message: 'Please select a category', key: 'validation.categoryRequired' }],
  });
}

/**
 * Publishes an artist's (or an admin's) song with its cover. The cover is decoded and re-encoded; the
 * song waits for an admin's approval unless an admin uploaded it. Files and rows are written together
 * or not at all.
 */
export async function createSong(
  deps: CatalogDependencies,
  viewer: NonNullable<Viewer>,
  fields: SongFields,
  cover: { bytes: Buffer; originalName?: string } | undefined,
) {
  if (!(await repository.findCategoryName(deps.db, fields.category))) throw categoryError();
  if (!cover) {
    throw Invalid('IMAGE_REQUIRED', {
      errors: [{ field: 'image', message: 'Please select an album cover', key: 'errors.IMAGE_REQUIRED' }],
    });
  }
  const artist = fields.artist ?? (await repository.findUserName(deps.db, viewer.id)) ?? '';
  const image = await processImage(deps.storage, cover, {
    kind: 'cover',
    widths: COVER_WIDTHS,
    aspect: 1,
    uploadedBy: viewer.id,
  });
  let songId: string;
  try {
    songId = await repository.insertSongWithCover(deps.db, image.row, {
      title: fields.title,
      artist,
      uploaderId: viewer.id,
      categoryId: fields.category,
      songLink: fields.songLink,
      linkKind: detectLinkKind(fields.songLink),
      audioUrl: detectLinkKind(fields.songLink) === 'mp3' ? fields.songLink : null,
      duration: fields.duration ?? null,
      releaseDate: fields.releaseDate ?? null,
      tags: fields.tags,
      description: fields.description ?? '',
      status: viewer.role === 'admin' ? 'approved' : 'pending',
      searchText: foldForSearch(`${fields.title} ${artist}`),
    });
  } catch (error) {
    await image.discard();
    throw error;
  }
  return getSong(deps, songId, viewer);
}

/** Copies a song into another category (admins), unless that category already has the same song. */
export async function copySong(
  deps: CatalogDependencies,
  viewer: NonNullable<Viewer>,
  songId: string,
  targetCategoryId: string,
) {
  const song = await repository.findSongRow(deps.db, songId);
  if (!song) throw NotFound('SONG_NOT_FOUND');
  if (!(await repository.findCategoryName(deps.db, targetCategoryId))) throw categoryError();
  if (await repository.hasSameSongInCategory(deps.db, targetCategoryId, song.title, song.artist)) {
    throw Conflict('DUPLICATE_SONG_IN_CATEGORY');
  }
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, views: _views, ...copy } = song;
  const copyId = await repository.insertSong(deps.db, {
    ...copy,
    categoryId: targetCategoryId,
    status: 'approved',
    copiedFromId: song.id,
  });
  return getSong(deps, copyId, viewer);
}

/** Deletes a song and its votes (admins). */
export async function deleteSong(deps: CatalogDependencies, songId: string) {
  const song = await repository.findSongRow(deps.db, songId);
  if (!song) throw NotFound('SONG_NOT_FOUND');
  await repository.deleteSongAndVotes(deps.db, songId);
}
