import type { ErrorCode, Pagination } from '@ovation/shared';
import { endSession, getSession } from './session';

/** Every API path lives under this prefix; the dev server proxies it and the server serves it. */
const API_BASE = '/api';

/** Codes the client itself produces, next to the server's stable ERROR_CODES. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/** A failed call: `status` is 0 when the server could not be reached at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode | (string & {}),
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The backend is down or broken (no answer, or a 5xx): the UI says "Failed to connect to backend". */
  get isUnreachable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export function isUnreachableError(error: unknown): boolean {
  return error instanceof ApiError && error.isUnreachable;
}

export interface ApiResult<T> {
  data: T;
  pagination?: Pagination;
  message?: string;
  /** The whole envelope, for the few calls that answer beside `data` (login: `token`, `user`). */
  body: Record<string, unknown>;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData as multipart (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Headers beyond the usual ones (the device id of a sign-in or a vote: lib/device-id.ts). */
  headers?: Record<string, string>;
  /**
   * A public read whose answer is the same for a guest and a fan (the catalog, the stats, the voting
   * status): guests and fans send it bare, with no token and no header of ours, so it is the very request
   * the server's `<link rel="preload">` in the page already started and the browser hands that answer
   * over instead of asking twice. Admins and artists, who may see more, still send their token.
   */
  publicRead?: boolean;
}

/**
 * The 401s that refuse what was typed in (a wrong password, an unverified or deactivated account), not the
 * session the call carried: they must not end it. Decided on the server's stable code, never on its
 * message, which comes in the user's language.
 */
const KEEP_SESSION_ON_401: ReadonlySet<string> = new Set<ErrorCode>([
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_DEACTIVATED',
  // A wrong second-factor code (set-up, turning it off) is about the code typed in, too.
  'SECOND_FACTOR_INVALID',
  'SECOND_FACTOR_CHALLENGE_EXPIRED',
]);

/** `/api` + path + the query's non-empty values. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function endSessionOn401(payload: Record<string, unknown> | null) {
  if (payload?.emailNotVerified === true) return;
  if (typeof payload?.code === 'string' && KEEP_SESSION_ON_401.has(payload.code)) return;
  endSession(payload?.code === 'SESSION_EXPIRED' ? 'expired' : 'ended');
}

/**
 * Reads a finished call's answer, for every transport (fetch here, XMLHttpRequest in send-multipart.ts, the
 * download helper): the `{ success: true, data, pagination?, message? }` envelope, or an ApiError carrying the
 * server's stable code, its message and its body (field errors). A 401 to a call that carried a token ends
 * the session, except the few 401s that are about the credentials typed in (KEEP_SESSION_ON_401).
 */
export function readEnvelope<T>(
  status: number,
  statusText: string,
  responseText: string,
  sentToken = false,
): ApiResult<T> {
  let payload: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(responseText);
    if (typeof parsed === 'object' && parsed !== null) payload = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: a proxy error page or an empty body; the status decides below.
  }
  const ok = status >= 200 && status < 300;
  if (!ok || payload?.success !== true) {
    // A 401 to a call sent without a token says nothing about a session (it may have just ended).
    if (status === 401 && sentToken) endSessionOn401(payload);
    const code = typeof payload?.code === 'string' ? payload.code : ok ? 'INVALID_RESPONSE' : 'HTTP_ERROR';
    const message = typeof payload?.message === 'string' ? payload.message : statusText;
    throw new ApiError(ok ? 500 : status, code, message, payload);
  }
  return {
    data: payload.data as T,
    pagination: payload.pagination as Pagination | undefined,
    message: typeof payload.message === 'string' ? payload.message : undefined,
    body: payload,
  };
}

/** The request headers every call sends: JSON accepted, and the stored token as a Bearer header. */
export function authHeaders(): { headers: Record<string, string>; sentToken: boolean } {
  const headers: Record<string, string> = { accept: 'application/json' };
  const { token } = getSession();
  if (token) headers.authorization = `Bearer ${token}`;
  return { headers, sentToken: Boolean(token) };
}

/** Addresses whose preload (in the page's HTML) has been taken already: each serves one read. */
const takenPreloads = new Set<string>();

/**
 * True the first time a read asks for an address the server preloaded in this page's HTML (`<link
 * rel="preload" as="fetch">`): that answer was fetched moments ago, for this very read. Its `max-age=0`
 * would otherwise make the browser ask the server again instead of handing it over.
 */
function takePreload(url: string): boolean {
  if (typeof document === 'undefined' || takenPreloads.has(url)) return false;
  const hinted = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].some(
    (link) => link.getAttribute('href') === url,
  );
  if (hinted) takenPreloads.add(url);
  return hinted;
}

/** Guests and fans see the public view of the catalog; admins and artists (their own songs) may see more. */
function seesPublicView(): boolean {
  const { user } = getSession();
  return !user || user.role === 'fan';
}

/** The error a call that never reached the server rejects with. */
export function networkError(): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', 'Failed to connect to backend');
}

/**
 * Calls the API and unwraps its `{ success, data, pagination }` envelope. Sends the stored token as a
 * Bearer header. Throws ApiError for every failure, with the server's stable code when it gave one.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const bare = options.publicRead === true && seesPublicView();
  const { headers: baseHeaders, sentToken } = bare ? { headers: {}, sentToken: false } : authHeaders();
  const headers: Record<string, string> = { ...options.headers, ...baseHeaders };

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const url = buildUrl(path, options.query);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      // Public answers may be kept by a CDN for seconds (stale-while-revalidate); the browser asks the
      // server every time instead, which costs a 304 when nothing changed, so an admin's change (a switch,
      // an approved song) shows on the visitor's next page load. The one exception is the answer this page
      // load's own preload has just fetched: taken as it is, once.
      cache: bare && takePreload(url) ? 'force-cache' : 'no-cache',
    });
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  return readEnvelope<T>(response.status, response.statusText, text, sentToken);
}

/** GET that returns only `data`. */
export async function apiGet<T>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
