import type { ImageRef } from '@ovation/shared';
import sharp from 'sharp';
import { imageVariantKey, type StoredImage } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { WEBP_QUALITY } from './picture-encoding';
import { BANNER_WIDTHS } from './picture-kinds';

/**
 * A phone shows the hero upright (390 x ~720 CSS px), so a wide banner covering it shows only a fifth of
 * its width: a 3:5 crop of the middle, at the wide image's own height (no enlarging), gives the same
 * pixels on screen at about a quarter of the bytes of the 1600 px file.
 */
export const BANNER_PORTRAIT_ASPECT = 3 / 5;

/** Where a banner's upright phone crop of the given width is stored. */
export function bannerPortraitKey(storageKey: string, width: number) {
  return `${storageKey}-portrait-${width}.webp`;
}

/** The phone crop's size for a banner whose widest rendition is `width` x `height`. */
export function bannerPortraitSize(image: Pick<StoredImage, 'height'>) {
  return { width: Math.round(image.height * BANNER_PORTRAIT_ASPECT), height: image.height };
}

/** The `{ url, srcSet, width, height }` of a banner's phone crop. */
export function toBannerPortraitRef(storage: FileStorage, image: StoredImage): ImageRef {
  const { width, height } = bannerPortraitSize(image);
  const url = storage.urlFor(bannerPortraitKey(image.storageKey, width));
  return { url, srcSet: `${url} ${width}w`, width, height };
}

export interface EnsuredBannerImage {
  /** Every wide width now stored, ascending. */
  widths: number[];
  /** True when wide widths were added, so the image's record needs the new list. */
  widthsAdded: boolean;
}

/**
 * Writes whatever renditions a banner is missing (the wide widths of BANNER_WIDTHS up to its widest,
 * and the phone crop), each derived once from the widest stored file. Banners stored before these
 * sizes existed get them on their first listing; later listings find them and read nothing.
 */
async function writeMissingRenditions(storage: FileStorage, image: StoredImage): Promise<EnsuredBannerImage> {
  const largest = Math.max(...image.widths);
  const missing = BANNER_WIDTHS.filter((width) => width < largest && !image.widths.includes(width));
  const portrait = bannerPortraitSize(image);
  const portraitKey = bannerPortraitKey(image.storageKey, portrait.width);
  const needsPortrait = (await storage.get(portraitKey)) === undefined;
  if (missing.length === 0 && !needsPortrait) return { widths: [...image.widths], widthsAdded: false };

  const source = await storage.get(imageVariantKey(image.storageKey, largest));
  if (!source) return { widths: [...image.widths], widthsAdded: false };
  for (const width of missing) {
    const output = await sharp(source).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
    await storage.put(imageVariantKey(image.storageKey, width), output);
  }
  if (needsPortrait) {
    const output = await sharp(source)
      .resize({ ...portrait, fit: 'cover', position: 'centre' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    await storage.put(portraitKey, output);
  }
  return {
    widths: [...image.widths, ...missing].sort((a, b) => a - b),
    widthsAdded: missing.length > 0,
  };
}

/** One check per banner image, storage and process: the files are immutable once written. */
const ensured = new WeakMap<FileStorage, Map<string, Promise<EnsuredBannerImage>>>();

/**
 * Makes sure a banner has every rendition the home page asks for, writing the missing ones (see
 * writeMissingRenditions). Concurrent listings share one run; a failed run is tried again next time.
 */
export function ensureBannerRenditions(
  storage: FileStorage,
  image: StoredImage,
): Promise<EnsuredBannerImage> {
  if (image.widths.length === 0) return Promise.resolve({ widths: [], widthsAdded: false });
  let runs = ensured.get(storage);
  if (!runs) {
    runs = new Map();
    ensured.set(storage, runs);
  }
  let run = runs.get(image.storageKey);
  if (!run) {
    run = writeMissingRenditions(storage, image);
    runs.set(image.storageKey, run);
    run.catch(() => runs.delete(image.storageKey));
  }
  return run;
}
