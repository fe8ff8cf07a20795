import { ApiError } from './api-client';
import { i18next } from './i18n';

/** The part of i18next the mapping reads, so tests can pass a plain catalog. */
export interface Translator {
  exists: (key: string) => boolean;
  t: (key: string) => string;
}

/** The app's i18next, reading the shell catalog ('translation') of the current language. */
const shellCatalog: Translator = {
  exists: (key) => i18next.exists(key),
  t: (key) => String(i18next.t(key as never)),
};

/** Codes the client makes up itself (no answer, or not our envelope): they carry no message worth showing. */
const CLIENT_CODES = new Set(['NETWORK_ERROR', 'INVALID_RESPONSE', 'HTTP_ERROR']);

/**
 * The one place a failed call becomes the text a user reads (spec 2 section 8: "where the server supplies a
 * message it is shown first; otherwise the fallback"):
 *   1. `errors.<CODE>` of the shell catalog, in the user's language, when the catalog has that code;
 *   2. else the server's own message (a code this client does not know yet);
 *   3. else `fallback`, the screen's already translated text ('Failed to delete song').
 * A server crash (INTERNAL_ERROR), an unreachable server and a non-API answer all get the fallback, which
 * names what failed.
 */
export function apiErrorMessage(
  error: unknown,
  fallback: string,
  translator: Translator = shellCatalog,
): string {
  if (!(error instanceof ApiError)) return fallback;
  if (CLIENT_CODES.has(error.code) || error.status === 0 || error.code === 'INTERNAL_ERROR') return fallback;
  const key = `errors.${error.code}`;
  if (translator.exists(key)) return translator.t(key);
  const message = error.message.trim();
  return message && message !== error.code ? message : fallback;
}

/** True when a call was refused for lack of a session (401) or of the admin role (403). */
export function accessProblem(error: unknown): 'signIn' | 'forbidden' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return 'signIn';
  if (error.status === 403) return 'forbidden';
  return null;
}
