import { MAX_IMAGE_BYTES } from '@ovation/shared/constants';

/** The part of a File the checks read, so tests need no DOM. */
export interface FileCandidate {
  name: string;
  type: string;
  size: number;
}

/** Some systems leave `file.type` empty; the extension then decides. */
const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|avif|svg|bmp)$/i;

export type ImageProblem = 'notImage' | 'tooLarge';

/**
 * Checks a picked image before anything is sent (the admin spec: 'Please select an image file.', 'Image size must
 * be less than 5MB.'): an image type, at most MAX_IMAGE_BYTES, the server's limit.
 */
export function checkImageFile(file: FileCandidate, maxBytes = MAX_IMAGE_BYTES): ImageProblem | null {
  const isImage = file.type ? file.type.toLowerCase().startsWith('image/') : IMAGE_EXTENSIONS.test(file.name);
  if (!isImage) return 'notImage';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/**
 * True when a file matches an `accept` list ('.csv,text/csv', 'image/*'), as the browser's picker would:
 * dropped files skip the picker's filter, so the drop zone checks them here.
 */
export function matchesAccept(file: FileCandidate, accept: string | undefined): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry.startsWith('.')) return name.endsWith(entry);
      if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
      return type === entry;
    });
}
