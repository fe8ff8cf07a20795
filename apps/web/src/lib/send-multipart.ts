import { type ApiResult, authHeaders, buildUrl, networkError, readEnvelope } from './api-client';

export interface TransferProgress {
  loaded: number;
  /** 0 when the size is not known in advance. */
  total: number;
}

export interface SendMultipartOptions {
  /** POST unless said otherwise (an edit with a new image is a PUT). */
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Bytes of the request body sent so far: drives an upload bar. */
  onProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

function abortError() {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * Sends a multipart form (files and fields) with XMLHttpRequest, because fetch cannot report how much of a
 * request body has been sent: `onProgress` drives the upload bar (a 5 MB image takes a while on a slow
 * mobile link). Sends the session's token and reads the answer with the JSON client's own `readEnvelope`,
 * so a failure is the same ApiError, and a rejected token ends the session the same way, as for apiRequest.
 * An abort rejects with an AbortError DOMException.
 */
export function sendMultipart<T>(
  path: string,
  body: FormData,
  options: SendMultipartOptions = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', buildUrl(path));
    const { headers, sentToken } = authHeaders();
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);

    request.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    };
    request.onload = () => {
      try {
        resolve(readEnvelope<T>(request.status, request.statusText, request.responseText, sentToken));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(networkError());
    request.ontimeout = request.onerror;
    request.onabort = () => reject(abortError());
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
