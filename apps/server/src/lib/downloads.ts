import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** A cell value of an export row; dates are written as ISO 8601 text in UTC. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** What a finished download was: the audit log records both (admin-design.md, server 4). */
export interface DownloadReceipt {
  rowCount: number;
  sha256: string;
  bytes: number;
}

/**
 * Characters that make a spreadsheet program read a cell as a formula (OWASP "CSV injection"): a
 * leading =, +, -, @, tab or carriage return. Such text gets a leading apostrophe, which the programs
 * show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe against formula injection; numbers, booleans and dates pass through as they are. */
export function safeCell(value: CellValue): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** `attachment; filename=...` with an RFC 5987 fallback for names outside ASCII. */
function contentDisposition(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Pipes `body` to the client while hashing and counting what is sent. */
function streamDownload(reply: FastifyReply, contentType: string, filename: string) {
  const body = new PassThrough();
  const hash = createHash('sha256');
  let bytes = 0;
  body.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(filename))
    // Personal data: never kept by a proxy or the browser cache.
    .header('cache-control', 'private, no-store')
    .send(body);
  const finished = new Promise<void>((resolve, reject) => {
    body.on('end', resolve);
    body.on('error', reject);
  });
  return {
    body,
    /** Waits for the client to take what was written when the buffer is full: memory stays flat. */
    async drain() {
      if (body.writableNeedDrain) await new Promise((resolve) => body.once('drain', resolve));
    },
    async receipt(rowCount: number): Promise<DownloadReceipt> {
      await finished;
      return { rowCount, sha256: hash.digest('hex'), bytes };
    },
  };
}

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180), formula-safe. */
function csvField(value: CellValue) {
  const text = String(safeCell(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Streams a CSV file: UTF-8 with a BOM (so spreadsheet programs show Arabic and accents), CRLF lines,
 * every cell formula-safe. `rows` is read batch by batch, never held whole. Resolves once the client
 * has received the whole file.
 */
export async function sendCsv(
  reply: FastifyReply,
  file: { filename: string; header: string[]; rows: AsyncIterable<CellValue[][]> | Iterable<CellValue[][]> },
): Promise<DownloadReceipt> {
  const download = streamDownload(reply, 'text/csv; charset=utf-8', file.filename);
  download.body.write(`\ufeff${file.header.map(csvField).join(',')}\r\n`);
  let rowCount = 0;
  for await (const batch of file.rows) {
    download.body.write(batch.map((row) => `${row.map(csvField).join(',')}\r\n`).join(''));
    rowCount += batch.length;
    await download.drain();
  }
  download.body.end();
  return download.receipt(rowCount);
}

export interface XlsxColumn {
  header: string;
  /** Width in characters. */
  width?: number;
}

/**
 * Streams an XLSX workbook of one sheet with ExcelJS's streaming writer: each row is committed (written
 * to the zip) as soon as it is added, inline strings instead of a shared-strings table, so memory does
 * not grow with the number of rows. Cells are formula-safe; the header row is bold and frozen.
 */
export async function sendXlsx(
  reply: FastifyReply,
  file: {
    filename: string;
    sheetName: string;
    columns: XlsxColumn[];
    rows: AsyncIterable<CellValue[][]> | Iterable<CellValue[][]>;
  },
): Promise<DownloadReceipt> {
  const download = streamDownload(
    reply,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    file.filename,
  );
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: download.body,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(file.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = file.columns.map((column) => ({ header: column.header, width: column.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rowCount = 0;
  for await (const batch of file.rows) {
    for (const row of batch) sheet.addRow(row.map(safeCell)).commit();
    rowCount += batch.length;
    await download.drain();
  }
  sheet.commit();
  await workbook.commit();
  return download.receipt(rowCount);
}
