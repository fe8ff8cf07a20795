import { MAX_IMAGE_BYTES } from '@ovation/shared/constants';

/** The image types the server decodes (the public spec: JPEG, PNG, GIF, WebP); the file input offers only these. */
export const COVER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const COVER_ACCEPT = COVER_MIME_TYPES.join(',');

/** Some systems leave `file.type` empty; the extension then decides. */
const COVER_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

export type CoverProblem = 'coverRequired' | 'coverWrongType' | 'coverTooLarge';

/** The part of a File the checks read, so tests need no DOM. */
export interface CoverCandidate {
  name: string;
  type: string;
  size: number;
}

/**
 * Checks a chosen cover before anything is sent: present, one of the four image types, at most 5 MB
 * (MAX_IMAGE_BYTES, the server's limit). A file that passes may still fail to decode; the preview catches that.
 */
export function checkCoverFile(file: CoverCandidate | null | undefined): CoverProblem | null {
  if (!file) return 'coverRequired';
  const knownType = (COVER_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  if (!knownType && (file.type !== '' || !COVER_EXTENSIONS.test(file.name))) return 'coverWrongType';
  if (file.size > MAX_IMAGE_BYTES) return 'coverTooLarge';
  return null;
}
