import { createHash } from 'node:crypto';
import type { AdminImage, AdminImagesQuery, ImageSource, ImageUsage } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict, fieldError, Invalid, NotFound } from '../../lib/errors';
import { fileNameOf, imageVariantKey, toImageRef } from '../../lib/images';
import { offsetOf } from '../../lib/pagination';
import type { ResponseCache } from '../../lib/response-cache';
import type { FileStorage } from '../../lib/storage';
import { type Actor, audit } from '../audit/service';
import type { FileRemovalLog } from './picture-files';
import {
  namesImage,
  parseImageFilename,
  processPicture,
  removeImageFiles,
  type Upload,
} from './picture-service';
import type { ImageRow } from './repository';
import * as repository from './repository';

export interface ImagesDependencies {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  cache: ResponseCache;
  /** The server's public origin: AdminImage.fullUrl is what Copy URL copies. */
  publicUrl: string;
}

/** An absolute address for a relative one (`/uploads/...`), on the server's public origin. */
function absoluteUrl(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url}`;
}

/** What the audit log keeps of an image. */
function auditView(image: ImageRow) {
  return {
    filename: fileNameOf(image.storageKey, Math.max(...image.widths)),
    width: image.width,
    height: image.height,
    size: image.bytes,
    originalName: image.originalName,
  };
}

export function toAdminImage(
  deps: Pick<ImagesDependencies, 'storage' | 'publicUrl'>,
  image: ImageRow,
  usage: ImageUsage[],
): AdminImage {
  const largest = Math.max(...image.widths);
  const filename = fileNameOf(image.storageKey, largest);
  const url = deps.storage.urlFor(imageVariantKey(image.storageKey, largest));
  return {
    filename,
    url,
    fullUrl: absoluteUrl(deps.publicUrl, url),
    srcSet: toImageRef(deps.storage, image)?.srcSet ?? '',
    size: image.bytes,
    width: image.width,
    height: image.height,
    createdAt: image.createdAt.toISOString(),
    modifiedAt: image.updatedAt.toISOString(),
    usage,
    // Only these kinds are listed (repository.listLibraryImages); an upload answers a library image.
    source: image.kind as ImageSource,
    originalName: image.originalName,
  };
}

/**
 * GET /admin/images: library images (or every source's: the banners' and ads' own pictures too), newest
 * first (or oldest with order=asc), searched by the server's or the original file name; each with what uses it.
 */
export async function listImages(deps: ImagesDependencies, query: AdminImagesQuery) {
  const { rows, total } = await repository.listLibraryImages(deps.db, {
    search: query.search,
    source: query.source,
    limit: query.limit,
    offset: offsetOf(query),
    newestFirst: query.order !== 'asc',
  });
  const usage = await repository.findUsage(
    deps.db,
    rows.map((row) => row.id),
  );
  return { images: rows.map((row) => toAdminImage(deps, row, usage.get(row.id) ?? [])), total };
}

/**
 * POST /admin/images/upload: the bytes are decoded and re-encoded to WebP at each library width (metadata
 * stripped, a server-generated name), then recorded and audited in one transaction; the files are removed
 * again when the record cannot be saved, so nothing is left half-written.
 */
export async function uploadImage(
  deps: ImagesDependencies,
  upload: Upload | undefined,
  actor: Actor,
): Promise<AdminImage> {
  if (!upload) throw Invalid('IMAGE_REQUIRED', { errors: [fieldError('image', 'imageFileRequired')] });
  const processed = await processPicture(deps.storage, upload, 'library', actor.id);
  try {
    const image = await deps.db.transaction(async (tx) => {
      const inserted = await repository.insertImage(tx, processed.row);
      await audit(tx, actor, {
        action: 'image.uploaded',
        targetType: 'image',
        targetId: inserted.id,
        after: auditView(inserted),
      });
      return inserted;
    });
    return toAdminImage(deps, image, []);
  } catch (error) {
    await processed.discard();
    throw error;
  }
}

/**
 * The token of an image's usage (the 409's `usageToken`, IMAGE_USAGE_TOKEN_PATTERN): the first 16 hex
 * characters of the SHA-256 of its sorted `kind:id` list, whatever order the usage was read in.
 */
export function usageTokenOf(usage: ImageUsage[]): string {
  const entries = usage.map((entry) => `${entry.kind}:${entry.id}`).sort();
  return createHash('sha256').update(entries.join('\n')).digest('hex').slice(0, 16);
}

/**
 * DELETE /admin/images/{filename}: an image in use is refused (409 IMAGE_IN_USE with what uses it and its
 * `usageToken`) unless `confirm` is the token of what uses it now, read under the row's lock: a banner,
 * ad or song that took the image since the admin was told is not lost without telling them (409 again,
 * with the new usage and token). Then one transaction deletes the row (its banners, ads and songs lose
 * their picture) and the audit entry, and the files go after the commit (a file left behind is logged on
 * `log`). Answers what lost its picture (the caller refreshes the public pages when anything did).
 */
export async function deleteImage(
  deps: ImagesDependencies,
  filename: string,
  confirm: string | undefined,
  actor: Actor,
  log: FileRemovalLog,
): Promise<{ usage: ImageUsage[] }> {
  const parsed = parseImageFilename(filename);
  const { image, usage } = await deps.db.transaction(async (tx) => {
    const image = await repository.lockLibraryImage(tx, parsed.uuid);
    if (!image || !namesImage(parsed, image)) throw NotFound('IMAGE_NOT_FOUND');
    const usage = (await repository.findUsage(tx, [image.id])).get(image.id) ?? [];
    const usageToken = usageTokenOf(usage);
    if (usage.length > 0 && confirm !== usageToken) {
      throw Conflict('IMAGE_IN_USE', { extra: { usage, usageToken } });
    }
    await repository.deleteImage(tx, image.id, deps.clock.now());
    await audit(tx, actor, {
      action: 'image.deleted',
      targetType: 'image',
      targetId: image.id,
      before: auditView(image),
      details: { usage },
    });
    return { image, usage };
  });
  await removeImageFiles(deps.storage, [image], log);
  return { usage };
}
