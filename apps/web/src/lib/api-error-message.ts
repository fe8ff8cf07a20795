import { ApiError } from './api-client';
import { i18next } from './i18n';
import { isErrorCode } from './validate';

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
 * Where the words for a failed call come from, before anything is translated: a key of the shell catalog
 * (`errors.<CODE>`), the server's own message (already in the user's language), the server being out of
 * reach, or the screen's fallback. A form that keeps a message on screen keeps this, so the text follows a
 * language switch.
 */
export type ErrorMessageSource =
  | { key: `errors.${string}` }
  | { text: string }
  | { unreachable: true }
  | { fallback: true };

export interface ErrorSourceOptions {
  /**
   * Whether the shell catalog has `errors.<code>`. Default: the code is one of the shared ERROR_CODES, whose
   * words every catalog has (the locales test checks it).
   */
  knownCode?: (code: string) => boolean;
  /**
   * Codes whose catalog text says less than the screen's own fallback: a vote's 400 reads better as
   * 'Invalid vote request.' than as the generic 'Invalid request. Please check your input.'.
   */
  preferFallback?: readonly string[];
}

/**
 * The one rule that turns a failed call into words (where the server supplies a message it is shown first;
 * otherwise the screen's fallback):
 *   1. `errors.<CODE>` of the shell catalog, in the user's language, when the catalog has that code;
 *   2. else the server's own message (a code this client does not know yet);
 *   3. else the fallback, the screen's own text ('Failed to delete song').
 * A server crash (INTERNAL_ERROR) and a non-API answer (a proxy's page) get the fallback, which names what
 * failed; an unreachable server is told apart, for the screens that say so.
 */
export function errorMessageSource(error: unknown, options: ErrorSourceOptions = {}): ErrorMessageSource {
  if (!(error instanceof ApiError)) return { fallback: true };
  if (error.status === 0) return { unreachable: true };
  const { knownCode = isErrorCode, preferFallback = [] } = options;
  if (
    CLIENT_CODES.has(error.code) ||
    error.code === 'INTERNAL_ERROR' ||
    preferFallback.includes(error.code)
  ) {
    return { fallback: true };
  }
  if (knownCode(error.code)) return { key: `errors.${error.code}` };
  const message = error.message.trim();
  return message && message !== error.code ? { text: message } : { fallback: true };
}

export interface ErrorMessageOptions extends Omit<ErrorSourceOptions, 'knownCode'> {
  /** What to say when the server could not be reached at all; the fallback when absent. */
  unreachable?: string;
  translator?: Translator;
}

/**
 * The text a user reads for a failed call, by the rule of `errorMessageSource`: the translated code, else
 * the server's message, else `fallback` (already translated). Every screen's failure goes through here:
 * toasts of `useAction`, forms, the vote.
 */
export function apiErrorMessage(error: unknown, fallback: string, options: ErrorMessageOptions = {}): string {
  const { translator = shellCatalog, unreachable, preferFallback } = options;
  const source = errorMessageSource(error, {
    knownCode: (code) => translator.exists(`errors.${code}`),
    preferFallback,
  });
  if ('key' in source) return translator.t(source.key);
  if ('text' in source) return source.text;
  if ('unreachable' in source) return unreachable ?? fallback;
  return fallback;
}

/** A number a refusal's body carried beside its code (`retryAfterSeconds` of a 429), if any. */
export function errorDetailNumber(error: unknown, name: string): number | null {
  if (!(error instanceof ApiError)) return null;
  const value = (error.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** True when a call was refused for lack of a session (401) or of the admin role (403). */
export function accessProblem(error: unknown): 'signIn' | 'forbidden' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return 'signIn';
  if (error.status === 403) return 'forbidden';
  return null;
}
