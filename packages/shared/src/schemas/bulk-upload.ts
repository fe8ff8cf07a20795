import { z } from 'zod';
import {
  describeValidationMessage,
  ERROR_MESSAGES,
  type ErrorCode,
  validationMessage as message,
} from '../messages';
import { requiredArtistSchema, songFieldsSchema } from './song-writes';

/**
 * Bulk upload of songs from a CSV file (the admin spec). The browser parses the file and
 * sends the rows as JSON; the server also takes the file itself (multipart) and parses it under the
 * very same rules, which live here so the two can never disagree.
 */

/** 5,000 rows: a whole awards season's nominees in one file, and one transaction that stays short. */
export const MAX_BULK_UPLOAD_ROWS = 5000;
/**
 * 8 MiB: a file or JSON body of 5,000 rows at ~1.6 KB each (a long description and link included);
 * the app's 1 MiB JSON limit would stop a few hundred rows.
 */
export const MAX_BULK_UPLOAD_BYTES = 8 * 1024 * 1024;

/** The template's header, in this order; `category_id` is accepted instead of `category_name`. */
export const BULK_UPLOAD_TEMPLATE_COLUMNS = [
  'title',
  'artist',
  'song_link',
  'category_name',
  'description',
  'duration',
  'release_date',
  'tags',
] as const;
export const BULK_UPLOAD_COLUMNS = [...BULK_UPLOAD_TEMPLATE_COLUMNS, 'category_id'] as const;
export type BulkUploadColumn = (typeof BULK_UPLOAD_COLUMNS)[number];

/** A row without one of these is dropped before upload (the admin spec). */
export const BULK_UPLOAD_REQUIRED_COLUMNS = ['title', 'artist', 'song_link'] as const;
export type BulkUploadRequiredColumn = (typeof BULK_UPLOAD_REQUIRED_COLUMNS)[number];

/** A column's name as written in the file, reduced to letters and digits: `Song Link`, `songLink` → `songlink`. */
const squash = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const CANONICAL_COLUMNS = new Map<string, BulkUploadColumn>([
  ...BULK_UPLOAD_COLUMNS.map((column) => [squash(column), column] as const),
  // A bare `category` column is read as the category's name.
  ['category', 'category_name'],
  ['link', 'song_link'],
]);

/**
 * The column a header names: `Title`, ` song link `, `songLink` and `SONG_LINK` are all understood, so a
 * file saved by a spreadsheet program or written by hand still maps. Unknown columns keep a tidy name
 * (and are ignored).
 */
export function normalizeColumnName(name: string): string {
  const squashed = squash(name);
  return CANONICAL_COLUMNS.get(squashed) ?? squashed;
}

/** A row as a client sends it: cells by column name. */
export const bulkUploadRowSchema = z.record(
  z.string().max(200),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type BulkUploadRow = Record<string, string>;

/**
 * POST /admin/bulk-upload/songs (JSON): the rows as the browser parsed them, by header name. The 5,000
 * row limit is checked by the service (413 BULK_UPLOAD_TOO_LARGE, not a validation error).
 */
export const bulkUploadBodySchema = z.object({ songs: z.array(bulkUploadRowSchema) });
export type BulkUploadBody = z.infer<typeof bulkUploadBodySchema>;

/** A row with its column names normalised and every cell as text (numbers from JSON, blanks as ''). */
export function normalizeBulkUploadRow(raw: Record<string, unknown>): BulkUploadRow {
  const row: BulkUploadRow = {};
  for (const [name, value] of Object.entries(raw)) {
    const column = normalizeColumnName(name);
    if (!column || column in row) continue;
    if (typeof value === 'string') row[column] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') row[column] = String(value);
    else if (value === null || value === undefined) row[column] = '';
    // Anything else (papaparse's `__parsed_extra` array of cells beyond the header) is not a column.
  }
  return row;
}

/** The first of title, artist and song_link the row lacks (blank counts as lacking), if any. */
export function missingRequiredColumn(row: BulkUploadRow): BulkUploadRequiredColumn | undefined {
  return BULK_UPLOAD_REQUIRED_COLUMNS.find((column) => !row[column]?.trim());
}

const optionalCell = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * One song of a bulk upload: the very same field rules as a single upload (songFieldsSchema), except
 * that the artist is required and the category is named by `category_id` or `category_name` (the
 * server resolves it; an id that is not a UUID is simply not found).
 */
export const bulkUploadSongSchema = songFieldsSchema
  .omit({ category: true, artist: true })
  .extend({
    artist: requiredArtistSchema,
    categoryId: optionalCell,
    categoryName: optionalCell.pipe(z.string().max(100, message('categoryNameTooLong')).optional()),
  })
  .superRefine((song, context) => {
    if (!song.categoryId && !song.categoryName) {
      context.addIssue({ code: 'custom', path: ['category'], message: message('categoryRequired') });
    }
  });
export type BulkUploadSong = z.infer<typeof bulkUploadSongSchema>;

/** The schema's field names for a row's columns (what the single upload form calls them). */
function toSongInput(row: BulkUploadRow) {
  return {
    title: row.title ?? '',
    artist: row.artist ?? '',
    songLink: row.song_link ?? '',
    description: row.description,
    duration: row.duration,
    releaseDate: row.release_date,
    tags: row.tags,
    categoryId: row.category_id,
    categoryName: row.category_name,
  };
}

/** Why one row was not stored: English text for the log and API clients, a code and key to translate. */
export const bulkUploadFailureSchema = z.object({
  /** The row's number: 1 is the first data row under the header (blank and # lines not counted). */
  index: z.number().int(),
  title: z.string(),
  error: z.string(),
  /** VALIDATION_ERROR, UNKNOWN_CATEGORY or DUPLICATE_SONG_IN_CATEGORY. */
  code: z.string(),
  /** The catalog key the client shows: `validation.<key>` or `errors.<CODE>`. */
  key: z.string(),
  /** For a validation failure, the column at fault (`title`, `song_link`, `category`, ...). */
  field: z.string().optional(),
});
export type BulkUploadFailure = z.infer<typeof bulkUploadFailureSchema>;

/** A failure of one row for an error code (unknown category, duplicate). */
export function bulkUploadCodeFailure(index: number, title: string, code: ErrorCode): BulkUploadFailure {
  return { index, title, error: ERROR_MESSAGES[code], code, key: `errors.${code}` };
}

const SCHEMA_FIELD_COLUMNS: Record<string, string> = {
  songLink: 'song_link',
  releaseDate: 'release_date',
  categoryId: 'category_id',
  categoryName: 'category_name',
};

/**
 * Validates one row with the single upload's rules: the song, or the first thing wrong with it (the
 * schema checks title first, then artist, link, and so on, as the columns read).
 */
export function validateBulkUploadRow(
  index: number,
  row: BulkUploadRow,
): { song: BulkUploadSong; failure?: undefined } | { song?: undefined; failure: BulkUploadFailure } {
  const parsed = bulkUploadSongSchema.safeParse(toSongInput(row));
  if (parsed.success) return { song: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  return {
    failure: {
      index,
      title: (row.title ?? '').trim(),
      error: describeValidationMessage(issue.message),
      code: 'VALIDATION_ERROR',
      key: issue.message.startsWith('validation.') ? issue.message : 'errors.VALIDATION_ERROR',
      field: SCHEMA_FIELD_COLUMNS[field] ?? field,
    },
  };
}

/**
 * Two rows are the same song when title and artist match ignoring case (and surrounding spaces) in one
 * category: the key both the file and the database are compared by.
 */
export function sameSongKey(categoryId: string, title: string, artist: string) {
  return `${categoryId}\u0000${title.trim().toLowerCase()}\u0000${artist.trim().toLowerCase()}`;
}

// --- Reading the file: the same on both sides ----------------------------------------------------

/** The papaparse options of the spec's rules; papaparse itself is handed in by each side. */
export const BULK_UPLOAD_CSV_OPTIONS: {
  header: true;
  comments: string;
  skipEmptyLines: 'greedy';
  delimitersToGuess: string[];
  transformHeader: (header: string) => string;
} = {
  /** The first line is the header. */
  header: true,
  /** Lines starting with # are ignored. */
  comments: '#',
  /** Blank lines, and lines of empty cells (`,,,` as spreadsheet programs save them), are ignored. */
  skipEmptyLines: 'greedy',
  /** Commas, or the semicolons spreadsheet programs write in countries with decimal commas. */
  delimitersToGuess: [',', ';', '\t'],
  transformHeader: (header: string) => normalizeColumnName(header),
};

/** What papaparse's `parse(text, options)` answers, as far as the rules read it. */
export interface CsvParseResult {
  data: unknown[];
  errors: Array<{ code: string }>;
}
export type CsvParse = (text: string, options: typeof BULK_UPLOAD_CSV_OPTIONS) => CsvParseResult;

/** The byte-order mark spreadsheet programs (and our template) put first. */
const BYTE_ORDER_MARK = '\ufeff';

/**
 * The text of a file that is CSV as far as bytes go: UTF-8 (a byte-order mark is dropped) with no NUL
 * byte. Anything else (a spreadsheet saved as .xlsx, an image, UTF-16 text) answers undefined: 'Please
 * select a valid CSV file'.
 */
export function decodeCsvBytes(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
  if (text.includes('\u0000')) return undefined;
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
}

export interface ReadCsvRow {
  /** 1 is the first data row under the header; blank and # lines are not counted. */
  index: number;
  row: BulkUploadRow;
}

/**
 * Reads a CSV text under the spec's rules: header first, blank and # lines ignored, quoted values with
 * doubled quotes. Answers every data row numbered, or undefined when the text is not CSV (a quote left
 * open swallows the rest of the file: better refused than half-read).
 */
export function readBulkUploadCsv(text: string, parse: CsvParse): ReadCsvRow[] | undefined {
  const clean = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const result = parse(clean, BULK_UPLOAD_CSV_OPTIONS);
  if (result.errors.some((error) => error.code === 'MissingQuotes')) return undefined;
  return result.data.map((row, position) => ({
    index: position + 1,
    row: normalizeBulkUploadRow((row ?? {}) as Record<string, unknown>),
  }));
}

/** Splits rows into those the upload takes and those lacking title, artist or song_link (dropped). */
export function splitIncompleteRows<T extends { row: BulkUploadRow }>(rows: T[]) {
  const complete: T[] = [];
  const incomplete: Array<T & { missing: BulkUploadRequiredColumn }> = [];
  for (const entry of rows) {
    const missing = missingRequiredColumn(entry.row);
    if (missing) incomplete.push({ ...entry, missing });
    else complete.push(entry);
  }
  return { complete, incomplete };
}

// --- The answer ---------------------------------------------------------------------------------

/**
 * POST /admin/bulk-upload/songs?dryRun=true: a preview. Every row is checked exactly as the upload checks
 * it (categories, duplicates in the database and in the file), and nothing is stored.
 */
export const bulkUploadQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const bulkUploadSuccessSchema = z.object({
  index: z.number().int(),
  /** The new song's id; empty in a preview (nothing was stored). */
  _id: z.string(),
  title: z.string(),
});

/**
 * Bulk upload result (the admin spec): every row sent is in `successful` or in `failed`. In a preview
 * (`dryRun`), `successful` are the rows the upload would create and nothing is stored.
 */
export const bulkUploadResultSchema = z.object({
  dryRun: z.boolean(),
  total: z.number().int(),
  successful: z.array(bulkUploadSuccessSchema),
  failed: z.array(bulkUploadFailureSchema),
});
export type BulkUploadResult = z.infer<typeof bulkUploadResultSchema>;

export const bulkUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bulkUploadResultSchema,
});
export type BulkUploadResponse = z.infer<typeof bulkUploadResponseSchema>;
