import type { Database } from '../../lib/db';
import { FOREIGN_KEY_VIOLATION, hasSqlState } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { Actor } from '../audit/service';
import { findLibraryImageByFilename, type Upload, withSizeMessage } from '../images/service';
import { insertImage } from '../uploads/image-files';
import { type ProcessedImage, processImage } from '../uploads/image-service';

/**
 * An ad's renditions: a sidebar or between-songs card (320, 640), a header or footer strip and the popup
 * (960, 1280). Never wider than the sponsor's own picture, and never cropped: each location frames the
 * picture at its own proportions, and the creative is the sponsor's to design.
 */
export const AD_IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/** The picture a create or an edit brings: none, a library image, or a new upload already processed. */
export type AdPicture =
  | { kind: 'none' }
  | { kind: 'library'; imageId: string }
  | { kind: 'upload'; image: ProcessedImage };

/**
 * The picture a form names: its `image` file (decoded and re-encoded like every upload; over 5 MB is the
 * ads screen's 413, a file that is not a picture its 400), else its `libraryImage` filename, else none.
 * Called only once every other field is valid: no file is written for a form that will be refused.
 */
export async function chooseAdPicture(
  deps: { db: Database; storage: FileStorage },
  upload: Upload | undefined,
  libraryImage: string | undefined,
  actor: Actor,
): Promise<AdPicture> {
  if (upload) {
    const image = await withSizeMessage(
      () =>
        processImage(deps.storage, upload, {
          kind: 'ad',
          widths: AD_IMAGE_WIDTHS,
          uploadedBy: actor.id,
          noEnlargement: true,
        }),
      'image',
      'adFileTooLarge',
      // Spec 2 section 4: 'Please select an image file' for anything that is not one.
      'adImageRequired',
    );
    return { kind: 'upload', image };
  }
  if (!libraryImage) return { kind: 'none' };
  const image = await findLibraryImageByFilename(deps.db, libraryImage);
  return { kind: 'library', imageId: image.id };
}

/** Inside the transaction: records a new upload and answers the image id the ad now points at. */
export async function storeAdPicture(tx: Database, picture: AdPicture): Promise<string | undefined> {
  if (picture.kind === 'upload') {
    await insertImage(tx, picture.image.row);
    return picture.image.row.id;
  }
  if (picture.kind === 'library') return picture.imageId;
  return undefined;
}

/**
 * Runs the write that needs a new picture: when it fails, the picture's files are removed again (nothing
 * half-written), and a library image deleted between the check and the write is a 404.
 */
export async function withAdPicture<T>(picture: AdPicture, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (picture.kind === 'upload') await picture.image.discard();
    if (hasSqlState(error, FOREIGN_KEY_VIOLATION)) throw NotFound('IMAGE_NOT_FOUND');
    throw error;
  }
}
