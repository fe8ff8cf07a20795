import { randomUUID } from 'node:crypto';
import {
  BULK_UPLOAD_TEMPLATE_COLUMNS,
  type BulkUploadFailure,
  type BulkUploadResult,
  type BulkUploadSong,
  bulkUploadCodeFailure,
  type CategoryTranslations,
  type CsvParse,
  decodeCsvBytes,
  detectLinkKind,
  MAX_BULK_UPLOAD_ROWS,
  normalizeBulkUploadRow,
  type ReadCsvRow,
  readBulkUploadCsv,
  sameSongKey,
  splitIncompleteRows,
  validateBulkUploadRow,
} from '@ovation/shared';
import Papa from 'papaparse';
import type { songs } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Invalid, PayloadTooLarge } from '../../lib/errors';
import type { ResponseCache } from '../../lib/response-cache';
import { foldForSearch } from '../../lib/text';
import { type Actor, auditAll } from '../audit/service';
import * as repository from './bulk-upload-repository';
import { toAuditedSong } from './presenter';

export interface BulkUploadDependencies {
  db: Database;
  clock: Clock;
  cache: ResponseCache;
}

/** Audit entries per INSERT: 5,000 songs take ten statements, each far below the parameter limit. */
const AUDIT_BATCH = 500;

/**
 * File types a browser or a script may give a .csv file: Windows labels it as an Excel file when Excel
 * is installed, some systems say nothing or octet-stream. The content is checked anyway.
 */
const CSV_CONTENT_TYPES = new Set([
  '',
  'text/csv',
  'text/plain',
  'text/x-csv',
  'text/comma-separated-values',
  'application/csv',
  'application/x-csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

const parseCsv: CsvParse = (text, options) => Papa.parse<Record<string, unknown>>(text, { ...options });

/**
 * The rows of an uploaded file, read under the browser's rules (shared/schemas/bulk-upload.ts). A file
 * that is not CSV (another extension or type, binary or non-UTF-8 content, a quote left open) is
 * refused: 'Please select a valid CSV file'.
 */
export function readCsvFile(file: { bytes: Buffer; filename: string; mimetype: string }): ReadCsvRow[] {
  const contentType = file.mimetype.split(';')[0]!.trim().toLowerCase();
  if (!file.filename.toLowerCase().endsWith('.csv') || !CSV_CONTENT_TYPES.has(contentType)) {
    throw Invalid('INVALID_CSV_FILE');
  }
  const text = decodeCsvBytes(file.bytes);
  const rows = text === undefined ? undefined : readBulkUploadCsv(text, parseCsv);
  if (!rows) throw Invalid('INVALID_CSV_FILE');
  return rows;
}

/** Rows sent as JSON are numbered by their place in the list (1 = the first). */
export function numberJsonRows(rows: Array<Record<string, unknown>>): ReadCsvRow[] {
  return rows.map((row, position) => ({ index: position + 1, row: normalizeBulkUploadRow(row) }));
}

/** Finds a category by id, by English name, or by a translated name, ignoring case. */
function categoryResolver(
  categories: Array<{ id: string; name: string; translations: CategoryTranslations }>,
) {
  const ids = new Set(categories.map((category) => category.id));
  const byName = new Map<string, string>();
  for (const category of categories) byName.set(category.name.trim().toLowerCase(), category.id);
  // English names first: a translated name never hides another category's English name.
  for (const category of categories) {
    for (const words of Object.values(category.translations ?? {})) {
      const name = words?.name?.trim().toLowerCase();
      if (name && !byName.has(name)) byName.set(name, category.id);
    }
  }
  return (song: BulkUploadSong): string | undefined => {
    if (song.categoryId)
      return ids.has(song.categoryId.toLowerCase()) ? song.categoryId.toLowerCase() : undefined;
    return byName.get(song.categoryName!.toLowerCase());
  };
}

interface Candidate {
  index: number;
  song: BulkUploadSong;
  categoryId: string;
}

/**
 * Stores the good rows of a bulk upload as approved songs of the admin (the admin spec) and reports
 * every other row with its reason. Each row is checked with the single upload's rules, its category
 * resolved, and compared with the database and the rest of the file: the same title and artist in one
 * category is a duplicate. The songs and their audit entries are written in one transaction holding the
 * categories' locks, so two uploads of one file at once (or a retry) store each song once. A dry run
 * answers the same report (what would be created, what would be refused) and stores nothing.
 */
export async function bulkUploadSongs(
  deps: BulkUploadDependencies,
  actor: Actor,
  rows: ReadCsvRow[],
  options: { dryRun: boolean } = { dryRun: false },
): Promise<BulkUploadResult> {
  if (rows.length > MAX_BULK_UPLOAD_ROWS) throw PayloadTooLarge('BULK_UPLOAD_TOO_LARGE');
  // The browser drops rows lacking title, artist or song_link; none left means nothing to upload. The
  // ones another client sent anyway are reported below with the missing field.
  if (splitIncompleteRows(rows).complete.length === 0) throw Invalid('NO_VALID_SONGS');

  const failed: BulkUploadFailure[] = [];
  const resolveCategory = categoryResolver(await repository.findCategoryNames(deps.db));
  const candidates: Candidate[] = [];
  for (const { index, row } of rows) {
    const checked = validateBulkUploadRow(index, row);
    if (checked.failure) {
      failed.push(checked.failure);
      continue;
    }
    const categoryId = resolveCategory(checked.song);
    if (!categoryId) failed.push(bulkUploadCodeFailure(index, checked.song.title, 'UNKNOWN_CATEGORY'));
    else candidates.push({ index, song: checked.song, categoryId });
  }

  const created = await deps.db.transaction(async (tx) => {
    const categoryIds = [...new Set(candidates.map((candidate) => candidate.categoryId))];
    await repository.lockCategoriesForNewSongs(tx, categoryIds);
    const existing = await repository.shareLockCategories(tx, categoryIds);
    const taken = new Set(
      (await repository.findSongNamesInCategories(tx, categoryIds)).map((song) =>
        sameSongKey(song.categoryId, song.title, song.artist),
      ),
    );
    const accepted: Array<Candidate & { id: string }> = [];
    for (const candidate of candidates) {
      // Deleted since the file was checked: reported like a category that never existed.
      if (!existing.has(candidate.categoryId)) {
        failed.push(bulkUploadCodeFailure(candidate.index, candidate.song.title, 'UNKNOWN_CATEGORY'));
        continue;
      }
      const key = sameSongKey(candidate.categoryId, candidate.song.title, candidate.song.artist);
      // In the database already, or earlier in this file: the first one wins.
      if (taken.has(key)) {
        failed.push(
          bulkUploadCodeFailure(candidate.index, candidate.song.title, 'DUPLICATE_SONG_IN_CATEGORY'),
        );
        continue;
      }
      taken.add(key);
      accepted.push({ ...candidate, id: options.dryRun ? '' : randomUUID() });
    }
    // A preview: the same checks under the same locks, and nothing written.
    if (options.dryRun) return accepted;
    const now = deps.clock.now();
    const inserted = await repository.insertSongs(
      tx,
      accepted.map((candidate) => toSongValues(candidate, actor.id, now)),
    );
    // One audit entry per song, as every other song change is audited, so a song's history starts
    // with its creation; the batch id ties one upload's entries together.
    const batchId = randomUUID();
    const rowOf = new Map(accepted.map((candidate) => [candidate.id, candidate.index]));
    const entries = inserted.map((song) => ({
      action: 'song.bulk-created' as const,
      targetType: 'song',
      targetId: song.id,
      after: toAuditedSong(song),
      details: { batchId, row: rowOf.get(song.id) },
    }));
    for (let start = 0; start < entries.length; start += AUDIT_BATCH) {
      await auditAll(tx, actor, entries.slice(start, start + AUDIT_BATCH));
    }
    return accepted;
  });

  if (created.length > 0 && !options.dryRun) await deps.cache.invalidate();
  failed.sort((a, b) => a.index - b.index);
  return {
    dryRun: options.dryRun,
    total: rows.length,
    successful: created.map((candidate) => ({
      index: candidate.index,
      _id: candidate.id,
      title: candidate.song.title,
    })),
    failed,
  };
}

/** A song row from a checked line: approved by the uploading admin, without a cover (cards show a placeholder). */
function toSongValues(
  candidate: Candidate & { id: string },
  adminId: string,
  now: Date,
): typeof songs.$inferInsert & { id: string } {
  const { song } = candidate;
  const linkKind = detectLinkKind(song.songLink);
  return {
    id: candidate.id,
    title: song.title,
    artist: song.artist,
    uploaderId: adminId,
    categoryId: candidate.categoryId,
    songLink: song.songLink,
    linkKind,
    audioUrl: linkKind === 'mp3' ? song.songLink : null,
    duration: song.duration ?? null,
    releaseDate: song.releaseDate ?? null,
    tags: song.tags,
    description: song.description ?? '',
    status: 'approved',
    moderatedBy: adminId,
    moderatedAt: now,
    searchText: foldForSearch(`${song.title} ${song.artist}`),
  };
}

/** The downloadable template: the header and two example rows in real categories, so it uploads as is. */
export async function templateRows(db: Database) {
  const [first = '', second = first] = await repository.findFirstCategoryNames(db, 2);
  return {
    header: [...BULK_UPLOAD_TEMPLATE_COLUMNS],
    rows: [
      [
        'Sunrise Anthem',
        'Example Artist',
        'https://www.youtube.com/watch?v=example0001',
        first,
        'An example row: replace it with your own songs.',
        '3:45',
        '2025-09-10',
        'afrobeats, example',
      ],
      [
        'Harmattan Groove',
        'Another Example Artist',
        'https://open.spotify.com/track/example0002',
        second,
        'Category names must match a category exactly (case does not matter).',
        '4:02',
        '2025-10-01',
        'amapiano',
      ],
    ],
  };
}
