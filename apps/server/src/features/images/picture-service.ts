import { type ImageRef, isImageFilename, MAX_IMAGE_BYTES } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { AppError, fieldError, Invalid, NotFound, PayloadTooLarge } from '../../lib/errors';
import type { StoredImage } from '../../lib/images';
import type { MultipartRules } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage';
import {
  bannerPortraitKey,
  bannerPortraitSize,
  ensureBannerRenditions,
  toBannerPortraitRef,
} from './banner-renditions';
import { type EncodedPicture, encodePicture, type Upload } from './picture-encoding';
import { type ImageFiles, removeImageFiles } from './picture-files';
import {
  PICTURE_KINDS,
  type PictureFormField,
  type PictureKind,
  type PictureKindRules,
} from './picture-kinds';
import * as repository from './repository';

/*
 * The one picture pipeline: song covers, library images, banners and ads are read from the same multipart
 * rules, decoded and re-encoded the same way (picture-encoding.ts) at their kind's widths
 * (picture-kinds.ts), recorded in the images table, which this feature alone writes, and their files
 * removed the same way. Other features call what this file exports.
 */

export type { Upload } from './picture-encoding';
export type { FileRemovalLog, ImageFiles } from './picture-files';
export { AD_IMAGE_WIDTHS, BANNER_ASPECT, BANNER_WIDTHS, type PictureKind } from './picture-kinds';
export { removeImageFiles, toBannerPortraitRef };

/** File field names the clients use for the picture of a form. */
const PICTURE_FIELDS = ['image', 'albumCover', 'cover', 'banner'];
/** A picture form's text fields: a few short ones (titles, translations and display settings as JSON). */
const MAX_FORM_FIELDS = 30;
const MAX_FORM_FIELD_BYTES = 10_000;

const formOf = (kind: PictureKind): PictureFormField | undefined =>
  (PICTURE_KINDS[kind] as PictureKindRules).form;

/** The 5 MB refusal (413 IMAGE_TOO_LARGE), in the words of the screen that sends this kind. */
function tooLarge(kind: PictureKind) {
  const form = formOf(kind);
  return PayloadTooLarge('IMAGE_TOO_LARGE', form ? { errors: [fieldError(form.field, form.tooLarge)] } : {});
}

/**
 * How a route reads a form with a picture of this kind (lib/multipart.ts): one file of at most 5 MB in
 * one of the picture fields, a file over it refused with the screen's own message on its field.
 */
export function pictureForm(kind: PictureKind): MultipartRules {
  return {
    fileFields: PICTURE_FIELDS,
    maxFileBytes: MAX_IMAGE_BYTES,
    maxFields: MAX_FORM_FIELDS,
    maxFieldBytes: MAX_FORM_FIELD_BYTES,
    fileTooLarge: () => tooLarge(kind),
    tooManyParts: () => PayloadTooLarge('PAYLOAD_TOO_LARGE'),
  };
}

/** A processed upload: its files are written, its row is not yet. */
export interface ProcessedPicture {
  row: EncodedPicture['row'];
  /** Removes every file written for it, when the record that needed them could not be saved. */
  discard(): Promise<void>;
}

/** A banner also gets its upright phone crop at once; discarding the upload removes that too. */
async function withPhoneCrop(storage: FileStorage, picture: EncodedPicture): Promise<ProcessedPicture> {
  const { storageKey, width, height, widths } = picture.row;
  const portraitKey = bannerPortraitKey(storageKey, bannerPortraitSize({ height }).width);
  const discard = async () => {
    await picture.discard();
    await storage.remove(portraitKey).catch(() => undefined);
  };
  try {
    await ensureBannerRenditions(storage, { storageKey, width, height, widths: widths ?? [] });
  } catch (error) {
    await discard();
    throw error;
  }
  return { row: picture.row, discard };
}

/**
 * Decodes and re-encodes an upload as a picture of `kind` (a real JPEG, PNG, GIF or WebP of at most 5 MB,
 * else 413 IMAGE_TOO_LARGE or 400 IMAGE_INVALID, in the words of the screen that sends this kind), writing
 * its files; the caller records it (`recordPicture`) in the transaction of what shows it.
 */
export async function processPicture(
  storage: FileStorage,
  upload: Upload,
  kind: PictureKind,
  uploadedBy: string | null,
): Promise<ProcessedPicture> {
  let picture: EncodedPicture;
  try {
    picture = await encodePicture(storage, upload, kind, uploadedBy);
  } catch (error) {
    const form = formOf(kind);
    if (form && error instanceof AppError && error.code === 'IMAGE_TOO_LARGE') throw tooLarge(kind);
    if (form?.notAPicture && error instanceof AppError && error.code === 'IMAGE_INVALID') {
      throw Invalid('IMAGE_INVALID', { errors: [fieldError(form.field, form.notAPicture)] });
    }
    throw error;
  }
  return (PICTURE_KINDS[kind] as PictureKindRules).phoneCrop ? withPhoneCrop(storage, picture) : picture;
}

/** Inside the caller's transaction: records a processed upload; answers its image id. */
export async function recordPicture(tx: Database, picture: ProcessedPicture): Promise<string> {
  await repository.insertImage(tx, picture.row);
  return picture.row.id;
}

/** The library image a filename names, checked first for its form: `..`, slashes and the like are a 400. */
export function parseImageFilename(filename: string): { uuid: string; width?: number } {
  if (!isImageFilename(filename)) throw Invalid('INVALID_FILENAME');
  const width = /-(\d+)\.webp$/.exec(filename.slice(36))?.[1];
  return { uuid: filename.slice(0, 36), ...(width ? { width: Number(width) } : {}) };
}

/** Whether a row is the image a parsed filename names (any of its stored widths, or none given). */
export function namesImage(parsed: { width?: number }, image: { widths: number[] }): boolean {
  return parsed.width === undefined || image.widths.includes(parsed.width);
}

/**
 * The library image a filename names (a banner's or an ad's `libraryImage`): INVALID_FILENAME when the
 * name is not one the server makes, IMAGE_NOT_FOUND when no library image goes by it.
 */
export async function findLibraryImageByFilename(db: Database, filename: string): Promise<{ id: string }> {
  const parsed = parseImageFilename(filename);
  const image = await repository.findLibraryImage(db, parsed.uuid);
  if (!image || !namesImage(parsed, image)) throw NotFound('IMAGE_NOT_FOUND');
  return { id: image.id };
}

/** The picture a create or an edit brings: none, a library image, or a new upload already processed. */
export type PictureChoice =
  | { kind: 'none' }
  | { kind: 'library'; imageId: string }
  | { kind: 'upload'; picture: ProcessedPicture };

/**
 * The picture a banner or ad form names: its file (processed as `kind`), else its `libraryImage` (a
 * library filename), else none. Called once every other field is valid: no file is written for a form
 * that will be refused.
 */
export async function choosePicture(
  deps: { db: Database; storage: FileStorage },
  kind: PictureKind,
  upload: Upload | undefined,
  libraryImage: string | undefined,
  uploadedBy: string,
): Promise<PictureChoice> {
  if (upload)
    return { kind: 'upload', picture: await processPicture(deps.storage, upload, kind, uploadedBy) };
  if (!libraryImage) return { kind: 'none' };
  const image = await findLibraryImageByFilename(deps.db, libraryImage);
  return { kind: 'library', imageId: image.id };
}

/** Inside the transaction: records a new upload; answers the image id the item now points at, if any. */
export async function storePicture(tx: Database, choice: PictureChoice): Promise<string | undefined> {
  if (choice.kind === 'upload') return recordPicture(tx, choice.picture);
  if (choice.kind === 'library') return choice.imageId;
  return undefined;
}

/** Runs the write that needs a new picture: when it fails, the picture's files are removed again. */
export async function withPicture<T>(choice: PictureChoice, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (choice.kind === 'upload') await choice.picture.discard();
    throw error;
  }
}

/**
 * Inside the transaction: deletes an item's own uploaded picture (`kind`) once nothing shows it any more;
 * library images stay. Answers its files, for `removeImageFiles` after the commit.
 */
export function deleteUnusedPicture(
  tx: Database,
  imageId: string,
  kind: 'ad' | 'banner' | 'cover',
): Promise<ImageFiles | undefined> {
  return repository.deleteUnusedImage(tx, imageId, kind);
}

/**
 * A stored picture a song's cover may point at, by its storage key: song covers and library images (the
 * library is where admins keep pictures to link to: its screen shows each song using one). A banner or ad
 * picture is not a cover to reuse.
 */
export function findReusableCover(db: Database, storageKey: string) {
  return repository.findImageByStorageKey(db, storageKey, ['cover', 'library']);
}

/**
 * A banner's picture with every rendition the home page asks for: the ones it is missing (stored before
 * these sizes existed) are written on its first listing, and its record gets the new widths.
 */
export async function ensureBannerPicture(
  deps: { db: Database; storage: FileStorage },
  imageId: string,
  image: StoredImage,
): Promise<StoredImage & { portrait: ImageRef }> {
  const ensured = await ensureBannerRenditions(deps.storage, image);
  if (ensured.widthsAdded && ensured.widths.length !== image.widths.length) {
    await repository.updateImageWidths(deps.db, imageId, ensured.widths);
  }
  const complete = { ...image, widths: ensured.widths };
  return { ...complete, portrait: toBannerPortraitRef(deps.storage, complete) };
}
