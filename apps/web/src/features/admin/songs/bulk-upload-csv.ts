import { VALIDATION_MESSAGES, type ValidationMessageKey } from '@ovation/shared/messages';
import {
  type BulkUploadFailure,
  type BulkUploadRequiredColumn,
  type BulkUploadResult,
  type BulkUploadRow,
  type CsvParse,
  decodeCsvBytes,
  MAX_BULK_UPLOAD_BYTES,
  MAX_BULK_UPLOAD_ROWS,
  readBulkUploadCsv,
  splitIncompleteRows,
} from '@ovation/shared/schemas/bulk-upload';
import Papa from 'papaparse';

/**
 * The browser's half of a bulk upload (the admin spec), free of React so it is tested on its own: the
 * file is checked and parsed with the rules shared with the server, rows lacking title, artist or
 * song_link are dropped (and remembered, so the summary can say which), and the server's answer is
 * told in the file's row numbers.
 */

/** Why a file cannot be sent; each has its message in the admin-bulk-upload catalog. */
export type CsvProblem =
  | 'noFile'
  | 'invalidFile'
  | 'readFailed'
  | 'noValidSongs'
  | 'tooManyRows'
  | 'tooLarge';

/** What is sent, and what the summary needs to tell the server's answer in the file's terms. */
export interface PreparedUpload {
  /** The rows sent, by column name. */
  songs: BulkUploadRow[];
  /** The file's row number of each row sent (1 = the first data row under the header). */
  rowNumbers: number[];
  /** Rows dropped before sending because they lack title, artist or song_link. */
  skipped: BulkUploadFailure[];
}

export type Prepared =
  | { upload: PreparedUpload; problem?: undefined }
  | { upload?: undefined; problem: CsvProblem };

const parseCsv: CsvParse = (text, options) => Papa.parse<Record<string, unknown>>(text, { ...options });

/** `.csv` whatever the case: the one kind of file the upload takes. */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

const MISSING_KEYS: Record<BulkUploadRequiredColumn, ValidationMessageKey> = {
  title: 'titleRequired',
  artist: 'artistRequired',
  song_link: 'songLinkRequired',
};

/** Parses a CSV text under the spec's rules into what the upload sends. */
export function prepareBulkUpload(text: string): Prepared {
  const rows = readBulkUploadCsv(text, parseCsv);
  if (!rows) return { problem: 'invalidFile' };
  if (rows.length > MAX_BULK_UPLOAD_ROWS) return { problem: 'tooManyRows' };
  const { complete, incomplete } = splitIncompleteRows(rows);
  if (complete.length === 0) return { problem: 'noValidSongs' };
  return {
    upload: {
      songs: complete.map((entry) => entry.row),
      rowNumbers: complete.map((entry) => entry.index),
      skipped: incomplete.map((entry) => {
        const key = MISSING_KEYS[entry.missing];
        return {
          index: entry.index,
          title: (entry.row.title ?? '').trim(),
          error: VALIDATION_MESSAGES[key],
          code: 'VALIDATION_ERROR',
          key: `validation.${key}`,
          field: entry.missing,
        };
      }),
    },
  };
}

/** The file's bytes: CSV in UTF-8 (BOM or not) without binary content, else 'invalidFile'. */
export function prepareBulkUploadBytes(bytes: Uint8Array): Prepared {
  const text = decodeCsvBytes(bytes);
  return text === undefined ? { problem: 'invalidFile' } : prepareBulkUpload(text);
}

/** Checks the chosen file before reading it: there is one, it is a .csv, it is not over 8 MB. */
export function checkChosenFile(
  file: { name: string; size: number } | null | undefined,
): CsvProblem | undefined {
  if (!file) return 'noFile';
  if (!isCsvFileName(file.name)) return 'invalidFile';
  if (file.size > MAX_BULK_UPLOAD_BYTES) return 'tooLarge';
  return undefined;
}

/** Reads and prepares a chosen file; a file the browser cannot read is 'readFailed' ('Failed to read file'). */
export async function prepareFile(file: File): Promise<Prepared> {
  const problem = checkChosenFile(file);
  if (problem) return { problem };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { problem: 'readFailed' };
  }
  return prepareBulkUploadBytes(bytes);
}

/**
 * The summary in the file's terms: the server numbers the rows it received (1 = the first sent); the
 * rows dropped before sending join the failures, so every data row of the file is accounted for and
 * total = successful + failed.
 */
export function summarize(result: BulkUploadResult, upload: PreparedUpload): BulkUploadResult {
  const fileRow = (index: number) => upload.rowNumbers[index - 1] ?? index;
  return {
    dryRun: result.dryRun,
    total: result.total + upload.skipped.length,
    successful: result.successful.map((row) => ({ ...row, index: fileRow(row.index) })),
    failed: [...result.failed.map((row) => ({ ...row, index: fileRow(row.index) })), ...upload.skipped].sort(
      (a, b) => a.index - b.index,
    ),
  };
}
