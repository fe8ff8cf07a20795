import {
  type AdminBanner,
  type Banner,
  type BannerFields,
  type BannerUpdateFields,
  MAX_BANNERS,
} from '@ovation/shared';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { fileNameOf, imageVariantKey, toImageRef } from '../../lib/images';
import { type Actor, audit } from '../audit/service';
import {
  choosePicture,
  deleteUnusedPicture,
  ensureBannerPicture,
  type FileRemovalLog,
  type ImageFiles,
  removeImageFiles,
  storePicture,
  type Upload,
  withPicture,
} from '../images/picture-service';
import type { ImagesDependencies } from '../images/service';
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
      const image = await ensureBannerPicture(deps, row.imageId, row);
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
        portrait: image.portrait,
        order: row.sortOrder,
      };
    }),
  );
  return listed.filter((banner) => banner !== null);
}

// ---------------------------------------------------------------------------------------------------
// Writing

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
  const picture = await choosePicture(deps, 'banner', upload, fields.libraryImage, actor.id);
  const id = await withPicture(picture, () =>
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
  const picture = await choosePicture(deps, 'banner', upload, fields.libraryImage, actor.id);
  const removed = await withPicture(picture, () =>
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
      return replaced ? await deleteUnusedPicture(tx, replaced, 'banner') : undefined;
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
    return before.imageId ? await deleteUnusedPicture(tx, before.imageId, 'banner') : undefined;
  });
  await removeImageFiles(deps.storage, [removed], log);
}
