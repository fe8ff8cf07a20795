import { ApiError, type ApiResult } from '../../../lib/api-client';
import { endSession, getSession } from '../../../lib/session';

/** Same prefix as the shared API client. */
const API_BASE = '/api';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Reads the API envelope of a finished request: `{ success: true, data, message? }`, or an ApiError with
 * the server's stable code and its body (which may hold field errors). Mirrors apiRequest's rules.
 */
export function readEnvelope<T>(status: number, statusText: string, responseText: string): ApiResult<T> {
  let payload: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(responseText);
    if (typeof parsed === 'object' && parsed !== null) payload = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page): the status decides.
  }
  const ok = status >= 200 && status < 300;
  if (!ok || payload?.success !== true) {
    const code = typeof payload?.code === 'string' ? payload.code : ok ? 'INVALID_RESPONSE' : 'HTTP_ERROR';
    const message = typeof payload?.message === 'string' ? payload.message : statusText;
    throw new ApiError(ok ? 500 : status, code, message, payload);
  }
  return {
    data: payload.data as T,
    message: typeof payload.message === 'string' ? payload.message : undefined,
    body: payload,
  };
}

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch cannot report how much of a request body has
 * been sent: `onProgress` drives the upload bar (a 5 MB cover takes a while on a slow mobile link).
 * Resolves like apiRequest; an abort rejects with an AbortError DOMException.
 */
export function sendMultipart<T>(
  path: string,
  body: FormData,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('accept', 'application/json');
    const { token } = getSession();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      try {
        resolve(readEnvelope<T>(request.status, request.statusText, request.responseText));
      } catch (error) {
        // A token the server no longer accepts: sign out, as the shared client does.
        if (error instanceof ApiError && error.status === 401) {
          endSession(error.code === 'SESSION_EXPIRED' ? 'expired' : 'ended');
        }
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Failed to connect to backend'));
    request.ontimeout = request.onerror;
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(body);
  });
}
