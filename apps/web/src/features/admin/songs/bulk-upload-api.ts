import type { BulkUploadResult, BulkUploadRow } from '@ovation/shared/schemas/bulk-upload';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** The template's name when the server gives none (it does: Content-Disposition). */
const TEMPLATE_FILE_NAME = 'bulk-upload-template.csv';

/** GET /admin/bulk-upload/template: saved under the server's file name. */
export function downloadBulkUploadTemplate() {
  return downloadFile('/admin/bulk-upload/template', {}, TEMPLATE_FILE_NAME);
}

/**
 * POST /admin/bulk-upload/songs with the rows the browser parsed (the admin spec). The answer numbers
 * the rows as sent (1 = the first); bulk-upload-csv.ts `summarize` turns them into the file's rows.
 * `dryRun`: the preview, every row checked as the upload checks it and nothing stored.
 */
export async function uploadBulkSongs(
  songs: BulkUploadRow[],
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<BulkUploadResult> {
  const result = await apiRequest<BulkUploadResult>('/admin/bulk-upload/songs', {
    method: 'POST',
    body: { songs },
    ...(dryRun ? { query: { dryRun: 'true' } } : {}),
  });
  return result.data;
}
