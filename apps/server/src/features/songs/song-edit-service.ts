import { detectLinkKind, type SongEditFields } from '@ovation/shared';
import type { songs } from '../../db/schema';
import type { Database } from '../../lib/db';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { foldForSearch } from '../../lib/text';
import type { Viewer } from '../../lib/viewer';
import { type Actor, audit } from '../audit/service';
import {
  deleteUnusedPicture,
  type FileRemovalLog,
  findReusableCover,
  type ImageFiles,
  type ProcessedPicture,
  processPicture,
  recordPicture,
  removeImageFiles,
  type Upload,
} from '../images/picture-service';
import * as repository from './admin-repository';
import { getAdminSong, type SongsDependencies } from './admin-service';
import { auditsSongEdit, canEditSong, canMoveSong } from './policy';
import { toAuditedSong } from './presenter';
import { fetchRemoteImage } from './remote-image';
import {
  findSongRow,
  hasAnyVotes,
  hasSameSongInCategory,
  isCategoryWinner,
  shareLockCategory,
} from './song-write-repository';

type SongRow = typeof songs.$inferSelect;

/** A stored image's URL path: `/uploads/<storageKey>-<width>.webp` (lib/images.ts). */
const STORED_IMAGE_PATH = /^\/uploads\/([a-z0-9][a-z0-9/_.-]*)-\d+\.webp$/i;

function assertMayEdit(viewer: NonNullable<Viewer>, song: SongRow) {
  if (!canEditSong(viewer, song)) throw Forbidden('SONG_NOT_EDITABLE');
}

function categoryInvalid() {
  return Invalid('VALIDATION_ERROR', {
    errors: [
      { field: 'categoryId', message: 'Please select a category', key: 'validation.categoryRequired' },
    ],
  });
}

/**
 * Inside the edit's transaction: the category the song ends in. Moving is an admin's change; the target is
 * share-locked (a delete waits); a song that has votes stays where they were cast, since each category's
 * totals and rankings count the votes cast in it (SONG_HAS_VOTES: copy it instead), and a category's
 * winner stays in its category; the target must not hold the same title and artist already.
 */
async function chooseCategory(
  tx: Database,
  viewer: NonNullable<Viewer>,
  before: SongRow,
  fields: SongEditFields,
): Promise<string> {
  const target = fields.categoryId;
  if (!target || target === before.categoryId) return before.categoryId;
  if (!canMoveSong(viewer)) throw Forbidden('SONG_CATEGORY_ADMIN_ONLY');
  if (!(await shareLockCategory(tx, target))) throw categoryInvalid();
  if (await isCategoryWinner(tx, before.id)) throw Conflict('SONG_IS_WINNER');
  if (await hasAnyVotes(tx, before.id)) throw Conflict('SONG_HAS_VOTES');
  if (await hasSameSongInCategory(tx, target, fields.title, fields.artist)) {
    throw Conflict('DUPLICATE_SONG_IN_CATEGORY');
  }
  return target;
}

/** Refuses an edit made on a copy of the song older than its last change. */
function assertNotStale(song: SongRow, expectedUpdatedAt: string | undefined) {
  if (expectedUpdatedAt && song.updatedAt.getTime() !== Date.parse(expectedUpdatedAt)) {
    throw Conflict('SONG_EDIT_CONFLICT', { extra: { currentUpdatedAt: song.updatedAt.toISOString() } });
  }
}

function coverLinkInvalid() {
  return Invalid('VALIDATION_ERROR', {
    errors: [
      {
        field: 'albumCover',
        message: 'Album cover must be a valid http(s) link or an uploaded image',
        key: 'validation.albumCoverInvalid',
      },
    ],
  });
}

type CoverChoice =
  | { kind: 'keep' }
  | { kind: 'existing'; imageId: string }
  | { kind: 'new'; image: ProcessedPicture };

/**
 * What the edit does with the cover: a new file is decoded and re-encoded like any upload; a link to one
 * of our own stored images (the current cover, a library image) points the song at it; any other http(s)
 * link is downloaded (see remote-image.ts) and then treated as an upload; nothing keeps the cover.
 */
async function chooseCover(
  deps: SongsDependencies,
  viewer: NonNullable<Viewer>,
  link: string | undefined,
  upload: Upload | undefined,
): Promise<CoverChoice> {
  const process = async (source: Upload): Promise<CoverChoice> => ({
    kind: 'new',
    image: await processPicture(deps.storage, source, 'cover', viewer.id),
  });
  if (upload) return process(upload);
  if (!link) return { kind: 'keep' };
  const isLink = /^https?:\/\//i.test(link);
  // URL.canParse: a link the schema's pattern lets through can still be no URL at all ('http://[').
  if (isLink && !URL.canParse(link)) throw coverLinkInvalid();
  const path = isLink ? new URL(link).pathname : link;
  const storageKey = STORED_IMAGE_PATH.exec(path)?.[1];
  const stored = storageKey ? await findReusableCover(deps.db, storageKey) : undefined;
  if (stored) return { kind: 'existing', imageId: stored.id };
  if (!isLink) throw coverLinkInvalid();
  return process(await fetchRemoteImage(link));
}

/**
 * Edits a song's title, artist, link, description, cover and (admins) category. The cover is replaced
 * atomically: new files are written first, the row is updated in one transaction (audited when an admin
 * edits), the old files are removed only after the commit (one left behind is logged on `log`), and the
 * new ones are removed if it fails.
 * `expectedUpdatedAt` refuses an edit made on a stale copy (409 SONG_EDIT_CONFLICT).
 */
export async function editSong(
  deps: SongsDependencies,
  viewer: NonNullable<Viewer>,
  actor: Actor,
  id: string,
  fields: SongEditFields,
  upload: Upload | undefined,
  log: FileRemovalLog,
) {
  const current = await findSongRow(deps.db, id);
  if (!current) throw NotFound('SONG_NOT_FOUND');
  assertMayEdit(viewer, current);
  assertNotStale(current, fields.expectedUpdatedAt);
  const cover = await chooseCover(deps, viewer, fields.albumCover, upload);
  let outcome: { removedCover?: ImageFiles; wasPublic: boolean };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const before = await repository.lockSong(tx, id);
      if (!before) throw NotFound('SONG_NOT_FOUND');
      assertMayEdit(viewer, before);
      assertNotStale(before, fields.expectedUpdatedAt);
      if (cover.kind === 'new') await recordPicture(tx, cover.image);
      const coverImageId =
        cover.kind === 'new'
          ? cover.image.row.id
          : cover.kind === 'existing'
            ? cover.imageId
            : before.coverImageId;
      const categoryId = await chooseCategory(tx, viewer, before, fields);
      const linkKind = detectLinkKind(fields.songLink);
      await repository.updateSong(tx, id, {
        categoryId,
        title: fields.title,
        artist: fields.artist,
        songLink: fields.songLink,
        linkKind,
        audioUrl: linkKind === 'mp3' ? fields.songLink : null,
        description: fields.description ?? '',
        coverImageId,
        searchText: foldForSearch(`${fields.title} ${fields.artist}`),
        // Strictly later than the last change, so every change gives a new expectedUpdatedAt.
        updatedAt: new Date(Math.max(deps.clock.now().getTime(), before.updatedAt.getTime() + 1)),
      });
      const after = (await repository.lockSong(tx, id))!;
      const removedCover =
        before.coverImageId && before.coverImageId !== coverImageId
          ? await deleteUnusedPicture(tx, before.coverImageId, 'cover')
          : undefined;
      if (auditsSongEdit(viewer)) {
        await audit(tx, actor, {
          action: 'song.updated',
          targetType: 'song',
          targetId: id,
          before: toAuditedSong(before),
          after: toAuditedSong(after),
        });
      }
      return { removedCover, wasPublic: before.status === 'approved' };
    });
  } catch (error) {
    if (cover.kind === 'new') await cover.image.discard();
    throw error;
  }
  await removeImageFiles(deps.storage, [outcome.removedCover], log);
  if (outcome.wasPublic) await deps.cache.invalidate();
  return getAdminSong(deps, id);
}
