import type { FastifyBaseLogger } from 'fastify';
import { imageVariantKey } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { bannerPortraitKey, bannerPortraitSize } from './banner-renditions';

/** Where a file that could not be removed is logged: the request's logger (request.log), or the app's. */
export type FileRemovalLog = Pick<FastifyBaseLogger, 'warn'>;

/** What locates an image's files; `height` also names the banner phone crop, when one may exist. */
export interface ImageFiles {
  storageKey: string;
  widths: number[];
  height?: number;
}

/**
 * Every file an image may have: each stored width and, when its height is known, the upright phone crop
 * written when the image shows as a home page banner (banner-renditions.ts). Removing one that was never
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
