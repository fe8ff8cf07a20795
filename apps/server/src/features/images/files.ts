import { imageVariantKey } from '../../lib/images';

/** A library image's renditions: grid thumbnails (320, 640), a page-wide picture (1280), a full-screen one. */
export const LIBRARY_WIDTHS = [320, 640, 1280, 1920] as const;

/** `<uuid>-<width>.webp`: the name of a stored rendition, without its folder. */
export function fileNameOf(storageKey: string, width: number): string {
  return imageVariantKey(storageKey, width).split('/').pop()!;
}

/** An absolute address for a relative one (`/uploads/...`), on the server's public origin. */
export function absoluteUrl(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url}`;
}
