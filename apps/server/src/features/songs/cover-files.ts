import { imageVariantKey } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';

/** Removes an image's files once the transaction that deleted its row has committed. */
export async function removeImageFiles(
  storage: FileStorage,
  image: { storageKey: string; widths: number[] } | undefined,
) {
  if (!image) return;
  // The row is gone already; a file that cannot be removed now is an orphan on disk, not an error.
  await Promise.allSettled(
    image.widths.map((width) => storage.remove(imageVariantKey(image.storageKey, width))),
  );
}
