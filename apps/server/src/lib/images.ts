import type { ImageRef } from '@ovation/shared';
import type { FileStorage } from './storage';

export interface StoredImage {
  storageKey: string;
  width: number;
  height: number;
  widths: number[];
}

/** The default width a card shows; the largest rendered width when the image is smaller. */
const DEFAULT_DISPLAY_WIDTH = 320;

export function imageVariantKey(storageKey: string, width: number) {
  return `${storageKey}-${width}.webp`;
}

/** `<uuid>-<width>.webp`: the name of a stored rendition without its folder, as the admin screens show it. */
export function fileNameOf(storageKey: string, width: number): string {
  return imageVariantKey(storageKey, width).split('/').pop()!;
}

/** Builds the `{ url, srcSet }` the web app renders responsive images from. */
export function toImageRef(storage: FileStorage, image: StoredImage | null | undefined): ImageRef | null {
  if (!image || image.widths.length === 0) return null;
  const widths = [...image.widths].sort((a, b) => a - b);
  const display = widths.find((width) => width >= DEFAULT_DISPLAY_WIDTH) ?? widths[widths.length - 1]!;
  return {
    url: storage.urlFor(imageVariantKey(image.storageKey, display)),
    srcSet: widths
      .map((width) => `${storage.urlFor(imageVariantKey(image.storageKey, width))} ${width}w`)
      .join(', '),
    width: image.width,
    height: image.height,
  };
}
