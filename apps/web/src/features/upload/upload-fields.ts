import { type SongFields, songFieldsSchema } from '@ovation/shared/schemas/song-writes';
import { ApiError } from '../../lib/api-client';
import { errorMessageSource } from '../../lib/api-error-message';

/** The text fields of the upload form, as typed (every field a string, empty when left blank). */
export interface UploadFormValues {
  title: string;
  artist: string;
  category: string;
  songLink: string;
  description: string;
  duration: string;
  releaseDate: string;
  tags: string;
}

export type UploadField = keyof UploadFormValues;
/** Fields an error can point at: the text fields and the cover image. */
export type ErrorTarget = UploadField | 'image';

export const EMPTY_UPLOAD_VALUES: UploadFormValues = {
  title: '',
  artist: '',
  category: '',
  songLink: '',
  description: '',
  duration: '',
  releaseDate: '',
  tags: '',
};

/** The order fields appear in, so the first invalid one gets the focus. */
export const FIELD_ORDER: readonly ErrorTarget[] = [
  'image',
  'title',
  'artist',
  'category',
  'songLink',
  'description',
  'duration',
  'releaseDate',
  'tags',
];

/**
 * A message to show, kept as a catalog key (so it follows a language switch) or as the server's text
 * when the server gave no key. `ns` 'translation' is the main catalog (validation.*, errors.*).
 */
export type FormMessage =
  | { ns: 'translation' | 'upload'; key: string; values?: Record<string, string> }
  | { text: string };

export type FieldErrors = Partial<Record<ErrorTarget, FormMessage>>;

function isErrorTarget(field: string): field is ErrorTarget {
  return (FIELD_ORDER as readonly string[]).includes(field);
}

/** Validates the text fields with the shared schema the server uses; errors carry `validation.*` keys. */
export function validateUploadFields(
  values: UploadFormValues,
): { ok: true; fields: SongFields } | { ok: false; errors: FieldErrors } {
  const parsed = songFieldsSchema.safeParse(values);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!isErrorTarget(field) || errors[field]) continue;
    errors[field] = issue.message.startsWith('validation.')
      ? { ns: 'translation', key: issue.message }
      : { text: issue.message };
  }
  return { ok: false, errors };
}

/**
 * The multipart body of POST /songs: the cover as `image`, then only the fields that hold something
 * (the public spec: empty fields are not sent; an empty artist lets the server use the account's name).
 */
export function buildSongFormData(fields: SongFields, image: Blob, imageName: string): FormData {
  const form = new FormData();
  form.append('image', image, imageName);
  const text: Record<string, string | undefined> = {
    title: fields.title,
    artist: fields.artist,
    category: fields.category,
    songLink: fields.songLink,
    description: fields.description,
    duration: fields.duration,
    releaseDate: fields.releaseDate,
    tags: fields.tags.length > 0 ? fields.tags.join(', ') : undefined,
  };
  for (const [name, value] of Object.entries(text)) {
    if (value !== undefined && value !== '') form.append(name, value);
  }
  return form;
}

/** The server's `errors` array: `[{ field, message, key? }]`. */
function readServerFieldErrors(body: unknown): Array<{ field: string; message: string; key?: string }> {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return [];
  const { errors } = body as { errors: unknown };
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (entry): entry is { field: string; message: string; key?: string } =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as { field?: unknown }).field === 'string' &&
      typeof (entry as { message?: unknown }).message === 'string',
  );
}

/** Server codes about the cover image: shown on the cover field, not as a form-wide message. */
const IMAGE_CODES = new Set(['IMAGE_REQUIRED', 'IMAGE_INVALID', 'IMAGE_TOO_LARGE']);

/**
 * Turns a failed upload into messages: field errors on their fields, image codes on the cover, and
 * anything else as one form-level message, worded by the app's one rule (lib/api-error-message.ts): the
 * translated `errors.<CODE>`, else the server's text, else 'Failed to upload song' ('You appear to be
 * offline' when the server could not be reached). `knownCode` says whether the catalog has `errors.<code>`.
 */
export function describeUploadFailure(
  error: unknown,
  knownCode?: (code: string) => boolean,
): { fields: FieldErrors; form: FormMessage | null } {
  const fields: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const entry of readServerFieldErrors(error.body)) {
      const field = entry.field.split('.')[0] ?? '';
      if (!isErrorTarget(field) || fields[field]) continue;
      fields[field] = entry.key ? { ns: 'translation', key: entry.key } : { text: entry.message };
    }
    if (IMAGE_CODES.has(error.code)) {
      fields.image = { ns: 'translation', key: `errors.${error.code}` };
      return { fields, form: null };
    }
    if (Object.keys(fields).length > 0) return { fields, form: null };
  }
  const source = errorMessageSource(error, { knownCode });
  if ('key' in source) return { fields, form: { ns: 'translation', key: source.key } };
  if ('text' in source) return { fields, form: { text: source.text } };
  if ('unreachable' in source) return { fields, form: { ns: 'upload', key: 'form.offline' } };
  return { fields, form: { ns: 'upload', key: 'form.failed' } };
}

/** Whether two titles name the same song: case, accents' composition and spacing do not count. */
export function isSameTitle(a: string, b: string): boolean {
  const fold = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return fold(a) !== '' && fold(a) === fold(b);
}

/** The tags the server will store: split on commas, trimmed, blanks dropped (as the shared schema does). */
export function splitTags(value: string): string[] {
  return value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}
