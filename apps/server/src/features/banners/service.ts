import {
  type AdminBanner,
  type Banner,
  type BannerFields,
  type BannerUpdateFields,
  MAX_BANNERS,
} from '@ovation/shared';
import {
  BANNER_ASPECT,
  BANNER_WIDTHS,
  bannerPortraitKey,
  bannerPortraitSize,
  ensureBannerRenditions,
  toBannerPortraitRef,
} from '../../lib/banner-images';
import { type Database, FOREIGN_KEY_VIOLATION, hasSqlState } from '../../lib/db';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { imageVariantKey, toImageRef } from '../../lib/images';
import { type Actor, audit } from '../audit/service';
import { fileNameOf } from '../images/files';
import {
  findLibraryImageByFilename,
  type ImagesDependencies,
  type Upload,
  withSizeMessage,
} from '../images/service';
import {
  deleteUnusedOwnImage,
  type FileRemovalLog,
  type ImageFiles,
  insertImage,
  removeImageFiles,
} from '../uploads/image-files';
import { type ProcessedImage, processImage } from '../uploads/image-service';
import type { AdminBannerRow, StoredBanner } from './repository';
import * as repository from './repository';

/** The image library's (app.ts hands both screens one object): a banner's picture is an image. */
export type BannersDependencies = ImagesDependencies;

// ---------------------------------------------------------------------------------------------------
// Reading

export function toAdminBanner(deps: Pick<BannersDependencies, 'storage'>, row: AdminBannerRow): AdminBanner {
  const image = row.image && row.image.widths.length > 0 ? row.image : null;
  const largest = image ? Math.max(...image.widths) : 0;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    translations: row.translations ?? {},
    order: row.sortOrder,
    isActive: row.isActive,
    fullUrl: image ? deps.storage.urlFor(imageVariantKey(image.storageKey, largest)) : null,
    srcSet: image ? (toImageRef(deps.storage, image)?.srcSet ?? '') : '',
    imageFilename: image ? fileNameOf(image.storageKey, largest) : null,
    imageSource: image ? (image.kind === 'library' ? 'library' : 'upload') : null,
    size: image?.bytes ?? 0,
    width: image?.width ?? null,
    height: image?.height ?? null,
    uploadedBy: row.uploaderName ? { name: row.uploaderName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /admin/banners: every banner (at most MAX_BANNERS), by order then newest. */
export async function listAdminBanners(deps: BannersDependencies): Promise<AdminBanner[]> {
  const rows = await repository.listAdminBanners(deps.db);
  return rows.map((row) => toAdminBanner(deps, row));
}

async function adminView(deps: BannersDependencies, id: string): Promise<AdminBanner> {
  const row = await repository.findAdminBanner(deps.db, id);
  if (!row) throw NotFound('BANNER_NOT_FOUND');
  return toAdminBanner(deps, row);
}

/**
 * GET /stats/banners: the active banners that have a picture, in display order, with their words in the
 * other languages: the widest file as `fullUrl`, every wide width in `srcSet`, and an upright crop for
 * phones (`portrait`). Renditions a banner is missing are written on this first listing.
 */
export async function listPublicBanners(
  deps: Pick<BannersDependencies, 'db' | 'storage'>,
): Promise<Banner[]> {
  const rows = await repository.findPublicBanners(deps.db);
  const listed = await Promise.all(
    rows.map(async (row) => {
      if (row.widths.length === 0) return null;
      const ensured = await ensureBannerRenditions(deps.storage, row);
      if (ensured.widthsAdded && ensured.widths.length !== row.widths.length) {
        await repository.updateImageWidths(deps.db, row.imageId, ensured.widths);
      }
      const image = { ...row, widths: ensured.widths };
      const width = Math.max(...image.widths);
      const key = imageVariantKey(row.storageKey, width);
      return {
        _id: row.id,
        title: row.title,
        description: row.description,
        translations: row.translations ?? {},
        filename: fileNameOf(row.storageKey, width),
        fullUrl: deps.storage.urlFor(key),
        srcSet: toImageRef(deps.storage, image)?.srcSet ?? '',
        width: row.width,
        height: row.height,
        portrait: toBannerPortraitRef(deps.storage, image),
        order: row.sortOrder,
      };
    }),
  );
  return listed.filter((banner) => banner !== null);
}

// ---------------------------------------------------------------------------------------------------
// The picture of a create or an edit

type PictureChoice =
  | { kind: 'none' }
  | { kind: 'library'; imageId: string }
  | { kind: 'upload'; image: ProcessedImage; portraitKey: string };

/**
 * A new uploaded banner is decoded and re-encoded like every upload, at the hero's wide widths (5:2),
 * and its upright phone crop is written at once (lib/banner-images.ts).
 */
async function processBannerUpload(deps: BannersDependencies, upload: Upload, actor: Actor) {
  const image = await withSizeMessage(
    () =>
      processImage(deps.storage, upload, {
        kind: 'banner',
        widths: BANNER_WIDTHS,
        aspect: BANNER_ASPECT,
        uploadedBy: actor.id,
      }),
    'banner',
    'bannerFileTooLarge',
  );
  const stored = { storageKey: image.row.storageKey, width: image.row.width, height: image.row.height };
  const portraitKey = bannerPortraitKey(stored.storageKey, bannerPortraitSize(stored).width);
  try {
    await ensureBannerRenditions(deps.storage, { ...stored, widths: image.row.widths ?? [] });
  } catch (error) {
    await image.discard();
    await deps.storage.remove(portraitKey).catch(() => undefined);
    throw error;
  }
  return { kind: 'upload' as const, image, portraitKey };
}

/** The picture a form names: its `banner` file, else its `libraryImage` (a library filename), else none. */
async function choosePicture(
  deps: BannersDependencies,
  upload: Upload | undefined,
  libraryImage: string | undefined,
  actor: Actor,
): Promise<PictureChoice> {
  if (upload) return processBannerUpload(deps, upload, actor);
  if (!libraryImage) return { kind: 'none' };
  const image = await findLibraryImageByFilename(deps.db, libraryImage);
  return { kind: 'library', imageId: image.id };
}

/** Removes a new upload's files again when the banner that needed them could not be saved. */
async function discardPicture(deps: BannersDependencies, picture: PictureChoice) {
  if (picture.kind !== 'upload') return;
  await picture.image.discard();
  await deps.storage.remove(picture.portraitKey).catch(() => undefined);
}

/** Inside the transaction: records a new upload and answers the image id the banner now points at. */
async function storePicture(tx: Database, picture: PictureChoice): Promise<string | undefined> {
  if (picture.kind === 'upload') {
    await insertImage(tx, picture.image.row);
    return picture.image.row.id;
  }
  if (picture.kind === 'library') return picture.imageId;
  return undefined;
}

/** Runs a write with a new picture: its files are removed when the write fails; a vanished library image is a 404. */
async function withPicture<T>(
  deps: BannersDependencies,
  picture: PictureChoice,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discardPicture(deps, picture);
    // The library image was deleted between the check and the write.
    if (hasSqlState(error, FOREIGN_KEY_VIOLATION)) throw NotFound('IMAGE_NOT_FOUND');
    throw error;
  }
}

/** What the audit log keeps of a banner. */
function auditView(banner: StoredBanner) {
  const { updatedAt: _updatedAt, ...values } = banner;
  return values;
}

/**
 * The banner's next `updatedAt`: now, or just after the stored one when the clock has not moved on, so
 * every change is seen by an edit opened before it (`expectedUpdatedAt`).
 */
function nextStamp(now: Date, previous: Date): Date {
  return now.getTime() > previous.getTime() ? now : new Date(previous.getTime() + 1);
}

function assertFresh(banner: { updatedAt: Date }, expectedUpdatedAt: string | undefined) {
  if (expectedUpdatedAt && new Date(expectedUpdatedAt).getTime() !== banner.updatedAt.getTime()) {
    throw Conflict('BANNER_EDIT_CONFLICT');
  }
}

// ---------------------------------------------------------------------------------------------------
// Writing

/**
 * POST /admin/banners: a banner with its own uploaded picture (`banner`) or a library image
 * (`libraryImage`). New files are written first; the image row, the banner and the audit entry commit
 * together; the files are removed again when that fails. At most MAX_BANNERS banners (409 BANNER_LIMIT).
 */
export async function createBanner(
  deps: BannersDependencies,
  fields: BannerFields,
  upload: Upload | undefined,
  actor: Actor,
): Promise<AdminBanner> {
  if (!upload && !fields.libraryImage) {
    throw Invalid('BANNER_IMAGE_REQUIRED', {
      errors: [
        { field: 'banner', key: 'errors.BANNER_IMAGE_REQUIRED', message: 'Please select a banner image' },
      ],
    });
  }
  // Checked before any file is processed; checked again under the lock for two creations at once.
  if ((await repository.countBanners(deps.db)) >= MAX_BANNERS) throw Conflict('BANNER_LIMIT');
  const picture = await choosePicture(deps, upload, fields.libraryImage, actor);
  const id = await withPicture(deps, picture, () =>
    deps.db.transaction(async (tx) => {
      await repository.lockBannerSet(tx);
      if ((await repository.countBanners(tx)) >= MAX_BANNERS) throw Conflict('BANNER_LIMIT');
      const imageId = (await storePicture(tx, picture)) ?? null;
      const created = await repository.insertBanner(tx, {
        title: fields.title,
        description: fields.description,
        translations: fields.translations,
        imageId,
        sortOrder: fields.order,
        isActive: fields.isActive,
        uploadedBy: actor.id,
        updatedAt: deps.clock.now(),
      });
      await audit(tx, actor, {
        action: 'banner.created',
        targetType: 'banner',
        targetId: created.id,
        after: auditView(created),
      });
      return created.id;
    }),
  );
  return adminView(deps, id);
}

/**
 * PUT /admin/banners/{id}: what is sent replaces what is stored; a new `banner` file or `libraryImage`
 * replaces the picture, and the banner's old uploaded picture is deleted when nothing else shows it
 * (files after the commit; one left behind is logged on `log`). `expectedUpdatedAt` refuses an edit made
 * on a stale copy (409).
 */
export async function updateBanner(
  deps: BannersDependencies,
  id: string,
  fields: BannerUpdateFields,
  upload: Upload | undefined,
  actor: Actor,
  log: FileRemovalLog,
): Promise<AdminBanner> {
  const current = await repository.findAdminBanner(deps.db, id);
  if (!current) throw NotFound('BANNER_NOT_FOUND');
  assertFresh(current, fields.expectedUpdatedAt);
  const picture = await choosePicture(deps, upload, fields.libraryImage, actor);
  const removed = await withPicture(deps, picture, () =>
    deps.db.transaction(async (tx) => {
      const before = await repository.lockBanner(tx, id);
      if (!before) throw NotFound('BANNER_NOT_FOUND');
      assertFresh(before, fields.expectedUpdatedAt);
      const imageId = await storePicture(tx, picture);
      const after = await repository.updateBanner(tx, id, {
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.translations !== undefined ? { translations: fields.translations } : {}),
        ...(fields.order !== undefined ? { sortOrder: fields.order } : {}),
        ...(fields.isActive !== undefined ? { isActive: fields.isActive } : {}),
        ...(imageId !== undefined ? { imageId } : {}),
        updatedAt: nextStamp(deps.clock.now(), before.updatedAt),
      });
      await audit(tx, actor, {
        action: 'banner.updated',
        targetType: 'banner',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
      });
      const replaced = before.imageId && before.imageId !== after.imageId ? before.imageId : null;
      return replaced ? await deleteUnusedOwnImage(tx, replaced, 'banner') : undefined;
    }),
  );
  await removeImageFiles(deps.storage, [removed], log);
  return adminView(deps, id);
}

/**
 * PUT /admin/banners/order: `ids` is every banner exactly once, in the new order; each gets its place
 * (0..n-1). Another set (a banner added or deleted meanwhile, a repeat) is 400 BANNER_ORDER_MISMATCH.
 */
export async function reorderBanners(
  deps: BannersDependencies,
  ids: string[],
  actor: Actor,
): Promise<AdminBanner[]> {
  await deps.db.transaction(async (tx) => {
    await repository.lockBannerSet(tx);
    const current = await repository.listBannerOrder(tx);
    const known = new Set(current.map((banner) => banner.id));
    const sameSet =
      ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => known.has(id));
    if (!sameSet) throw Invalid('BANNER_ORDER_MISMATCH');
    const byId = new Map(current.map((banner) => [banner.id, banner]));
    const now = deps.clock.now();
    for (const [index, id] of ids.entries()) {
      const banner = byId.get(id)!;
      if (banner.sortOrder === index) continue;
      await repository.updateBanner(tx, id, {
        sortOrder: index,
        updatedAt: nextStamp(now, banner.updatedAt),
      });
    }
    await audit(tx, actor, {
      action: 'banner.reordered',
      targetType: 'banner',
      targetId: 'order',
      before: current.map((banner) => banner.id),
      after: ids,
    });
  });
  return listAdminBanners(deps);
}

/**
 * DELETE /admin/banners/{id}: the banner goes with its own uploaded picture (when nothing else shows it);
 * a library picture stays in the library. Files are removed after the commit.
 */
export async function deleteBanner(deps: BannersDependencies, id: string, actor: Actor, log: FileRemovalLog) {
  const removed: ImageFiles | undefined = await deps.db.transaction(async (tx) => {
    const before = await repository.lockBanner(tx, id);
    if (!before) throw NotFound('BANNER_NOT_FOUND');
    await repository.deleteBanner(tx, id);
    await audit(tx, actor, {
      action: 'banner.deleted',
      targetType: 'banner',
      targetId: id,
      before: auditView(before),
    });
    return before.imageId ? await deleteUnusedOwnImage(tx, before.imageId, 'banner') : undefined;
  });
  await removeImageFiles(deps.storage, [removed], log);
}
