import { randomUUID } from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@ovation/shared';
import sharp, { type Metadata } from 'sharp';
import type { images } from '../../db/schema';
import { Invalid } from '../../lib/errors';
import { imageVariantKey } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { PICTURE_KINDS, type PictureKind } from './picture-kinds';

/** What the bytes may be: decoded formats, whatever the file name or declared type says. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** 40 megapixels: refuses decompression bombs long before they fill memory. */
const MAX_INPUT_PIXELS = 40_000_000;
/** WebP quality: visually clean covers at a third of JPEG's bytes on slow networks. */
export const WEBP_QUALITY = 74;

/** Where each kind's files are stored: `<folder>/<uuid>-<width>.webp`. */
const FOLDERS: Record<PictureKind, string> = {
  cover: 'covers',
  banner: 'banners',
  ad: 'ads',
  library: 'library',
};

/** A file as it arrived: its bytes and the name the sender gave it. */
export interface Upload {
  bytes: Buffer;
  originalName?: string;
}

export interface EncodedPicture {
  row: typeof images.$inferInsert & { id: string };
  /** Removes the written files again, when the record that needed them could not be saved. */
  discard(): Promise<void>;
}

/**
 * Decodes an upload, refuses anything that is not a real JPEG, PNG, GIF or WebP of at most 5 MB
 * (IMAGE_TOO_LARGE, IMAGE_INVALID), and re-encodes it to WebP at each width of its kind (orientation
 * applied, metadata stripped, a server-made name). Files are written before the database row, and
 * `discard` removes them if the row cannot be saved.
 */
export async function encodePicture(
  storage: FileStorage,
  upload: Upload,
  kind: PictureKind,
  uploadedBy: string | null,
): Promise<EncodedPicture> {
  const options: { widths: readonly number[]; aspect?: number; noEnlargement?: boolean } =
    PICTURE_KINDS[kind];
  if (upload.bytes.length > MAX_IMAGE_BYTES) throw Invalid('IMAGE_TOO_LARGE');
  let metadata: Metadata;
  try {
    metadata = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw Invalid('IMAGE_INVALID');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw Invalid('IMAGE_INVALID');
  }
  const id = randomUUID();
  const storageKey = `${FOLDERS[kind]}/${id}`;
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.map((key) => storage.remove(key)));
  };
  const original = metadata.width;
  const widths = options.noEnlargement
    ? [
        ...new Set([
          ...options.widths.filter((width) => width < original),
          Math.min(original, Math.max(...options.widths)),
        ]),
      ]
    : options.widths.filter((width, index) => index === 0 || width <= original * 2);
  const renditions = await renderWidths(upload.bytes, widths, options.aspect);
  try {
    let bytes = 0;
    let outputHeight = 0;
    for (const [index, width] of widths.entries()) {
      const output = renditions[index]!;
      const key = imageVariantKey(storageKey, width);
      await storage.put(key, output.data);
      written.push(key);
      bytes += output.data.length;
      outputHeight = output.info.height;
    }
    const largest = Math.max(...widths);
    return {
      row: {
        id,
        kind,
        storageKey,
        originalName: upload.originalName?.slice(0, 200) ?? null,
        width: largest,
        height: outputHeight,
        widths,
        bytes,
        uploadedBy,
      },
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * Re-encodes the picture at each width, in memory, before anything is stored. A header can read well
 * while the pixels behind it are truncated or corrupt, and the decoder says so in words of its own
 * ("read error", "premature end", ...): any failure here is the file's, so it is IMAGE_INVALID (400),
 * never a server error. Storing the results is a separate step whose failures stay the server's.
 */
async function renderWidths(bytes: Buffer, widths: number[], aspect: number | undefined) {
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  try {
    const renditions = [];
    for (const width of widths) {
      const height = aspect ? Math.round(width / aspect) : undefined;
      renditions.push(
        await source
          .clone()
          .resize({ width, height, fit: 'cover', position: 'attention', withoutEnlargement: false })
          .webp({ quality: WEBP_QUALITY, effort: 4 })
          .toBuffer({ resolveWithObject: true }),
      );
    }
    return renditions;
  } catch {
    throw Invalid('IMAGE_INVALID');
  }
}
