import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ads, banners, images, songs } from '../../db/schema';
import { bannerPortraitKey, bannerPortraitSize } from '../../lib/banner-images';
import type { Database } from '../../lib/db';
import { imageVariantKey } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';

/*
 * The images table and its files, for every feature that stores a picture (song covers, banners, the
 * image library): one way to record a processed upload (image-service.ts) and one way to remove the
 * files of an image whose row is gone.
 */

/** Where a file that could not be removed is logged: the request's logger (request.log), or the app's. */
export type FileRemovalLog = Pick<FastifyBaseLogger, 'warn'>;

/** What locates an image's files; `height` also names the banner phone crop, when one may exist. */
export interface ImageFiles {
  storageKey: string;
  widths: number[];
  height?: number;
}

/** A picture's columns as a banner or an ad shows it (renditions and size), joined to the item. */
export const pictureColumns = {
  id: images.id,
  kind: images.kind,
  storageKey: images.storageKey,
  width: images.width,
  height: images.height,
  widths: images.widths,
};

/**
 * Deletes a banner's or an ad's own uploaded picture (`kind`) once nothing shows it any more (library
 * images stay: the library manages them), answering its files for removal after the commit.
 */
export async function deleteUnusedOwnImage(
  tx: Database,
  imageId: string,
  kind: Extract<(typeof images.$inferSelect)['kind'], 'ad' | 'banner'>,
) {
  const rows = await tx
    .delete(images)
    .where(
      and(
        eq(images.id, imageId),
        eq(images.kind, kind),
        sql`not exists (select 1 from ${banners} where ${banners.imageId} = ${imageId})`,
        sql`not exists (select 1 from ${ads} where ${ads.imageId} = ${imageId})`,
        sql`not exists (select 1 from ${songs} where ${songs.coverImageId} = ${imageId})`,
      ),
    )
    .returning({ storageKey: images.storageKey, widths: images.widths, height: images.height });
  return rows[0];
}

/**
 * Records a processed upload (`processImage(...).row`) inside the caller's transaction, and answers the
 * stored row.
 */
export async function insertImage(tx: Database, row: typeof images.$inferInsert) {
  const [inserted] = await tx.insert(images).values(row).returning();
  return inserted!;
}

/**
 * Every file an image may have: each stored width and, when its height is known, the upright phone crop
 * written when the image shows as a home page banner (lib/banner-images.ts). Removing one that was never
 * written is harmless.
 */
export function storedFileKeys(image: ImageFiles): string[] {
  const keys = image.widths.map((width) => imageVariantKey(image.storageKey, width));
  if (image.height !== undefined && image.widths.length > 0) {
    keys.push(bannerPortraitKey(image.storageKey, bannerPortraitSize({ height: image.height }).width));
  }
  return keys;
}

/**
 * Removes the files of images whose rows are gone (after the commit; `undefined` entries are skipped).
 * A file that cannot be removed is logged on `log` and not answered as a failure: the row is already gone
 * and nothing links to the file any more, so it is an orphan on disk for an operator to sweep.
 */
export async function removeImageFiles(
  storage: FileStorage,
  removed: ReadonlyArray<ImageFiles | undefined>,
  log: FileRemovalLog,
) {
  const keys = removed.flatMap((image) => (image ? storedFileKeys(image) : []));
  await Promise.all(
    keys.map((key) =>
      storage.remove(key).catch((error: unknown) => log.warn({ err: error, key }, 'image file not removed')),
    ),
  );
}
