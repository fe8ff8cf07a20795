import { ApiError, authHeaders, buildUrl, networkError, type QueryValue, readEnvelope } from './api-client';
import type { TransferProgress } from './send-multipart';

export interface DownloadOptions {
  /** A JSON body: the download is then a POST (a file made in answer to something recorded). */
  body?: unknown;
  /** Bytes received so far; `total` is 0 when the server streams without a length. */
  onProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  fileName: string;
  bytes: number;
}

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*` (UTF-8, so Arabic and accents
 * survive) when present, else `filename`. Folders are stripped: the server names a file, not a place.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    if (plain) name = (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim();
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; a minute is plenty.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function readBody(response: Response, onProgress?: (progress: TransferProgress) => void) {
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
  const body = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Downloads an export (CSV, XLSX) from the API with the session's token, which a plain link cannot send,
 * and saves it under the server's Content-Disposition name (else `fallbackName`). A refusal is read like
 * every other call (readEnvelope: same ApiError, same sign-out on a rejected token), so `useAction` shows
 * it translated. Resolves with the saved name and size.
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue> = {},
  fallbackName = 'download',
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const { headers, sentToken } = authHeaders();
  headers.accept = '*/*';
  let response: Response;
  try {
    const post = options.body !== undefined;
    if (post) headers['content-type'] = 'application/json';
    response = await fetch(buildUrl(path, query), {
      method: post ? 'POST' : 'GET',
      headers,
      body: post ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) {
    readEnvelope(response.status, response.statusText, await response.text().catch(() => ''), sentToken);
    throw new ApiError(response.status, 'HTTP_ERROR', response.statusText);
  }
  let body: Uint8Array;
  try {
    body = await readBody(response, options.onProgress);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(new Blob([body as BlobPart], { type }), fileName);
  return { fileName, bytes: body.byteLength };
}
