import { detectLinkKind, type SongFields } from '@ovation/shared';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { foldForSearch } from '../../lib/text';
import type { Viewer } from '../../lib/viewer';
import { lockResults } from '../analytics/results-service';
import { type Actor, audit } from '../audit/service';
import {
  deleteUnusedPicture,
  type FileRemovalLog,
  processPicture,
  recordPicture,
  removeImageFiles,
  type Upload,
} from '../images/picture-service';
import { lockSong } from './admin-repository';
import type { SongsDependencies } from './admin-service';
import { auditsSongUpload, canEditSong, publishesAtOnce } from './policy';
import { toAuditedSong } from './presenter';
import { getSong } from './public-service';
import * as repository from './song-write-repository';

function categoryError() {
  return Invalid('VALIDATION_ERROR', {
    errors: [{ field: 'category', message: 'Please select a category', key: 'validation.categoryRequired' }],
  });
}

/**
 * Publishes an artist's (or an admin's) song with its cover. The cover is decoded and re-encoded; the
 * song waits for an admin's approval unless an admin uploaded it, and an admin's upload is an admin
 * write, audited as `song.created` in the song's transaction. Files and rows are written together or
 * not at all. The category is share-locked while the song goes in, so a category deleted meanwhile
 * answers 404 CATEGORY_NOT_FOUND instead of breaking on its foreign key.
 */
export async function createSong(
  deps: SongsDependencies,
  viewer: NonNullable<Viewer>,
  actor: Actor,
  fields: SongFields,
  cover: Upload | undefined,
) {
  if (!(await repository.findCategoryName(deps.db, fields.category))) throw categoryError();
  if (!cover) {
    throw Invalid('IMAGE_REQUIRED', {
      errors: [{ field: 'image', message: 'Please select an album cover', key: 'errors.IMAGE_REQUIRED' }],
    });
  }
  const artist = fields.artist ?? (await repository.findUserName(deps.db, viewer.id)) ?? '';
  const image = await processPicture(deps.storage, cover, 'cover', viewer.id);
  const publishedAtOnce = publishesAtOnce(viewer);
  let songId: string;
  try {
    // The cover's image row and the song together: both or neither.
    songId = await deps.db.transaction(async (tx) => {
      // Deleting a category takes its row's update lock: the two take turns, and a deleted one is seen.
      if (!(await repository.shareLockCategory(tx, fields.category))) throw NotFound('CATEGORY_NOT_FOUND');
      const coverImageId = await recordPicture(tx, image);
      const song = await repository.insertSong(tx, {
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
        status: publishedAtOnce ? 'approved' : 'pending',
        searchText: foldForSearch(`${fields.title} ${artist}`),
        coverImageId,
      });
      if (auditsSongUpload(viewer)) {
        await audit(tx, actor, {
          action: 'song.created',
          targetType: 'song',
          targetId: song.id,
          after: toAuditedSong(song),
        });
      }
      return song.id;
    });
  } catch (error) {
    await image.discard();
    throw error;
  }
  // A song published at once must show on the public pages.
  if (publishedAtOnce) await deps.cache.invalidate();
  return getSong(deps, songId, viewer);
}

/**
 * Refuses an edit of a song the viewer may not edit before its form is read: 404 SONG_NOT_FOUND, 403
 * SONG_NOT_EDITABLE whatever the body holds. The edit checks again under the song's lock.
 */
export async function assertMayEditSong(
  deps: SongsDependencies,
  viewer: NonNullable<Viewer>,
  songId: string,
) {
  const song = await repository.findSongRow(deps.db, songId);
  if (!song) throw NotFound('SONG_NOT_FOUND');
  if (!canEditSong(viewer, song)) throw Forbidden('SONG_NOT_EDITABLE');
}

/**
 * Copies a song into another category (admins), unless that category already has the same song. The
 * copy is approved, so it shows on the public pages at once; audited as `song.copied`.
 */
export async function copySong(
  deps: SongsDependencies,
  viewer: NonNullable<Viewer>,
  actor: Actor,
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
  const copyId = await deps.db.transaction(async (tx) => {
    const inserted = await repository.insertSong(tx, {
      ...copy,
      categoryId: targetCategoryId,
      status: 'approved',
      copiedFromId: song.id,
    });
    await audit(tx, actor, {
      action: 'song.copied',
      targetType: 'song',
      targetId: inserted.id,
      after: toAuditedSong(inserted),
      details: { copiedFromId: song.id, targetCategoryId },
    });
    return inserted.id;
  });
  await deps.cache.invalidate();
  return getSong(deps, copyId, viewer);
}

/**
 * Deletes a song with its votes and tallies (admins), in one transaction with its audit entry (the
 * deleted song as `before`). Its cover goes too unless another song (a copy) still shows it. A nominee
 * leaves the published results only once they are unpublished (409 RESULTS_PUBLISHED), and a song with
 * votes waiting in a vote review only once that review is decided (409 SONG_HAS_OPEN_REVIEW), so no
 * review is left holding votes that are gone.
 */
export async function deleteSong(deps: SongsDependencies, actor: Actor, songId: string, log: FileRemovalLog) {
  const removedCover = await deps.db.transaction(async (tx) => {
    // The results lock first, as every change of the count takes it (winners, vote reviews).
    const results = await lockResults(tx);
    const before = await lockSong(tx, songId);
    if (!before) throw NotFound('SONG_NOT_FOUND');
    if (before.status === 'approved' && results.published) throw Conflict('RESULTS_PUBLISHED');
    if (await repository.hasQuarantinedVotes(tx, songId)) throw Conflict('SONG_HAS_OPEN_REVIEW');
    const totalVotes = await repository.countSongVotes(tx, songId);
    await repository.deleteSongAndVotes(tx, songId);
    const cover = before.coverImageId
      ? await deleteUnusedPicture(tx, before.coverImageId, 'cover')
      : undefined;
    await audit(tx, actor, {
      action: 'song.deleted',
      targetType: 'song',
      targetId: songId,
      before: toAuditedSong(before),
      details: { totalVotes },
    });
    return cover;
  });
  await removeImageFiles(deps.storage, [removedCover], log);
  await deps.cache.invalidate();
}
