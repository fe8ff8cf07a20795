import {
  type BulkUploadResult,
  bulkUploadBodySchema,
  bulkUploadQuerySchema,
  bulkUploadResponseSchema,
  MAX_BULK_UPLOAD_BYTES,
} from '@ovation/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { sendCsv } from '../../lib/downloads';
import { ok } from '../../lib/envelope';
import { Invalid, PayloadTooLarge } from '../../lib/errors';
import { successMessage } from '../../lib/language';
import { type MultipartRules, readMultipart } from '../../lib/multipart';
import {
  type BulkUploadDependencies,
  bulkUploadSongs,
  numberJsonRows,
  readCsvFile,
  templateRows,
} from './bulk-upload-service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * What a bulk upload's form may hold: one file in `file`, at most 8 MiB. No file, or more parts than that,
 * is not a CSV upload: 'Please select a valid CSV file'.
 */
const BULK_UPLOAD_FORM: MultipartRules = {
  fileFields: ['file'],
  maxFileBytes: MAX_BULK_UPLOAD_BYTES,
  maxFields: 5,
  keepEmptyFile: true,
  fileTooLarge: () => PayloadTooLarge('BULK_UPLOAD_FILE_TOO_LARGE'),
  tooManyParts: () => Invalid('INVALID_CSV_FILE'),
};

async function readUploadedFile(request: FastifyRequest) {
  const { file } = await readMultipart(request, BULK_UPLOAD_FORM);
  if (!file) throw Invalid('INVALID_CSV_FILE');
  return { bytes: file.bytes, filename: file.originalName ?? '', mimetype: file.mimetype };
}

/** The upload's one-line summary: how many songs were stored, and how many rows failed when some did. */
function summaryMessage(request: FastifyRequest, reply: FastifyReply, result: BulkUploadResult) {
  const created = result.successful.length;
  const failed = result.failed.length;
  if (result.dryRun) return successMessage(request, reply, 'bulkUploadPreview', { count: created, failed });
  if (failed === 0) return successMessage(request, reply, 'songsUploaded', { count: created });
  if (created === 0) return successMessage(request, reply, 'noSongsUploaded', { count: failed });
  return successMessage(request, reply, 'songsUploadedWithFailures', {
    uploaded: successMessage(request, reply, 'songsUploaded', { count: created }),
    failed: successMessage(request, reply, 'rowsFailed', { count: failed }),
  });
}

/** GET the CSV template and POST a bulk upload (the admin spec): inside the admin scope. */
export function registerBulkUploadAdminRoutes(app: RouteApp, deps: BulkUploadDependencies) {
  app.get(
    '/admin/bulk-upload/template',
    {
      schema: {
        tags,
        security,
        description: 'The CSV template (UTF-8 with BOM): header and two example rows in real categories',
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => {
      const template = await templateRows(deps.db);
      await sendCsv(reply, {
        filename: 'bulk-upload-template.csv',
        header: template.header,
        rows: [template.rows],
      });
      return reply;
    },
  );

  app.post(
    '/admin/bulk-upload/songs',
    {
      // 5,000 rows of JSON outgrow the app's 1 MiB body limit.
      bodyLimit: MAX_BULK_UPLOAD_BYTES,
      // A body over the limit is this upload's clear 413, not the generic one.
      errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
        const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
        return app.errorHandler(
          tooLarge ? PayloadTooLarge('BULK_UPLOAD_FILE_TOO_LARGE') : error,
          request,
          reply,
        );
      },
      schema: {
        tags,
        security,
        consumes: ['application/json', 'multipart/form-data'],
        description:
          'JSON `{ songs: [row, ...] }` with each row by header name (title, artist, song_link, category_name or ' +
          'category_id, description, duration, release_date, tags), or multipart with one `file` field holding ' +
          'the .csv file. At most 5,000 rows and 8 MB. Rows are numbered from 1 (the first data row). ' +
          '`?dryRun=true` checks every row the same way and stores nothing: a preview of what would be created and refused.',
        querystring: bulkUploadQuerySchema,
        // Multipart requests carry no parsed body; JSON ones must match.
        body: bulkUploadBodySchema.nullish(),
        response: { 200: bulkUploadResponseSchema },
      },
    },
    async (request, reply) => {
      let rows: ReturnType<typeof numberJsonRows>;
      if (request.isMultipart()) rows = readCsvFile(await readUploadedFile(request));
      else if (request.body) rows = numberJsonRows(request.body.songs);
      else throw Invalid('NO_VALID_SONGS');
      const result = await bulkUploadSongs(deps, adminActor(request), rows, {
        dryRun: request.query.dryRun,
      });
      return ok(result, summaryMessage(request, reply, result));
    },
  );
}
