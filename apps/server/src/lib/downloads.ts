import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { wallClockAt } from '@ovation/shared/zoned-time';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** A cell value of an export row; dates are written as ISO 8601 text in UTC. */
export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * What a finished download was: the audit log records both (admin-design.md, server 4). A type, not an
 * interface, so it spreads into an audit entry's details (a Record) as it is.
 */
export type DownloadReceipt = {
  rowCount: number;
  sha256: string;
  bytes: number;
};

/**
 * The client closed the connection before the whole file was sent (a cancelled download): the sender
 * stops reading rows at once. `receipt` is what had been written by then, for the audit log.
 */
export class DownloadAborted extends Error {
  constructor(readonly receipt: DownloadReceipt) {
    super('The client closed the connection before the download finished');
    this.name = 'DownloadAborted';
  }
}

/**
 * How every export's audit entry ends, in its details: `stage: 'completed'` with the receipt, or, when the
 * client went away mid-download, `stage: 'aborted'` with what had been sent by then and `completed: false`.
 */
export type DownloadOutcome =
  | ({ stage: 'completed' } & DownloadReceipt)
  | ({ stage: 'aborted'; completed: false } & DownloadReceipt);

/**
 * Sends a download (`send`: sendCsv or sendXlsx) and audits how it ended (`audit` gets a DownloadOutcome
 * to spread into the entry's details): the same shape for every export. A cancelled download is audited
 * too (it may have sent personal data), then ends quietly; any other failure is audited by nobody here
 * and thrown.
 */
export async function sendAudited(
  send: () => Promise<DownloadReceipt>,
  audit: (outcome: DownloadOutcome) => Promise<unknown>,
): Promise<void> {
  let outcome: DownloadOutcome;
  try {
    outcome = { stage: 'completed', ...(await send()) };
  } catch (error) {
    if (!(error instanceof DownloadAborted)) throw error;
    outcome = { stage: 'aborted', ...error.receipt, completed: false };
  }
  await audit(outcome);
}

/**
 * A file name dated on a wall clock: `<prefix>-YYYY-MM-DD.<extension>`, the date of `now` in `timeZone`
 * (the platform's timezone, so a report taken at 00:30 in Lagos carries Lagos's date, not UTC's).
 */
export function datedFileName(prefix: string, timeZone: string, now: Date, extension = 'csv'): string {
  const { year, month, day } = wallClockAt(now.getTime(), timeZone);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${prefix}-${pad(year, 4)}-${pad(month)}-${pad(day)}.${extension}`;
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
  // Fastify destroys the body when the client goes away: 'close' without 'end'. Never rejects, so an
  // early failure cannot become an unhandled rejection; receipt() reads what happened.
  let failure: Error | undefined;
  const finished = new Promise<void>((resolve) => {
    body.once('end', resolve);
    body.once('close', resolve);
    body.on('error', (error) => {
      failure ??= error;
      resolve();
    });
  });
  const abortedEarly = () => body.destroyed && !body.readableEnded;
  const aborted = (rowCount: number) => new DownloadAborted({ rowCount, sha256: hash.digest('hex'), bytes });
  return {
    body,
    /** Settles when the body ended, failed or was destroyed (the client went away). */
    finished,
    /**
     * Waits for the client to take what was written when the buffer is full: memory stays flat. Throws
     * DownloadAborted when the client went away, so no more rows are read for nobody.
     */
    async drain(rowCount: number) {
      if (body.writableNeedDrain && !body.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            body.off('drain', done);
            body.off('close', done);
            resolve();
          };
          body.on('drain', done);
          body.on('close', done);
        });
      }
      if (abortedEarly()) throw aborted(rowCount);
    },
    async receipt(rowCount: number): Promise<DownloadReceipt> {
      await finished;
      if (failure) throw failure;
      if (abortedEarly()) throw aborted(rowCount);
      return { rowCount, sha256: hash.digest('hex'), bytes };
    },
  };
}

/** One CSV field: quoted when it holds a separator, quote or line break (RFC 4180), formula-safe. */
export function csvField(value: CellValue) {
  const text = String(safeCell(value));
  // Also quoted: a semicolon or a tab, the separators French and Portuguese spreadsheet programs split on,
  // so 'x;=HYPERLINK(...)' stays one text cell there too instead of starting a formula cell.
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
    await download.drain(rowCount);
  }
  download.body.end();
  return download.receipt(rowCount);
}

export interface XlsxColumn {
  header: string;
  /** Width in characters. */
  width?: number;
}

/** 1 MiB: how much sheet XML may wait for the zip compressor before no more rows are read. */
const XLSX_PENDING_LIMIT = 1024 * 1024;

/** What sendXlsx reads of ExcelJS's sheet buffer (a StreamBuf): its unsent buffers and its consumers. */
interface SheetBuffer {
  buffers?: unknown[];
  /** Node streams (the zip's PassThrough in front of its compressor); bytes waiting in both of their ends. */
  pipes?: Array<{ _writableState?: { length?: number }; _readableState?: { length?: number } }>;
}

/**
 * ExcelJS's streaming writer takes committed rows without backpressure: they wait in the sheet's buffer
 * until the zip compressor behind it takes them, and the compressor only runs when the event loop turns.
 * On a database that answers without turning it (embedded PGlite) the whole sheet would pile up in
 * memory before the first byte left. So after each batch this gives the event loop turns until the
 * compressor has caught up (at most XLSX_PENDING_LIMIT waiting), or the client went away.
 */
async function waitForZip(sheet: ExcelJS.Worksheet, clientGone: () => boolean) {
  const buffer = (sheet as unknown as { stream?: SheetBuffer }).stream;
  // Not the ExcelJS this was written for: no backpressure rather than waiting for ever.
  if (!Array.isArray(buffer?.buffers) || !Array.isArray(buffer.pipes)) return;
  for (;;) {
    const pending = buffer.pipes.reduce(
      (sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0),
      0,
    );
    const caughtUp = buffer.pipes.length > 0 && buffer.buffers.length <= 1 && pending <= XLSX_PENDING_LIMIT;
    if (caughtUp || clientGone()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * Streams an XLSX workbook of one sheet with ExcelJS's streaming writer: each row is committed (written
 * to the zip) as soon as it is added, inline strings instead of a shared-strings table, and no more rows
 * are read until the zip and the client have taken the previous ones, so memory does not grow with the
 * number of rows. Cells are formula-safe; the header row is bold and frozen.
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
    await waitForZip(sheet, () => download.body.destroyed);
    await download.drain(rowCount);
  }
  sheet.commit();
  // The zip's last bytes wait for a client that may have gone: stop waiting when the body closes.
  const committed = workbook.commit();
  committed.catch(() => undefined); // failing after the client left: reported by receipt() below
  await Promise.race([committed, download.finished]);
  return download.receipt(rowCount);
}
