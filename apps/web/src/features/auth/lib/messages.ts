import type { ErrorCode } from '@ovation/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { isErrorCode } from '../../../lib/validate';

/**
 * The shell-catalog key for a failed call: the server's stable code when we know it, "backend down"
 * when it could not be reached, else null (the caller shows its own fallback, e.g. 'Login failed').
 */
export function errorMessageKey(error: unknown): `errors.${ErrorCode}` | 'errors.backendDown' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return 'errors.backendDown';
  if (isErrorCode(error.code) && error.code !== 'INTERNAL_ERROR') return `errors.${error.code}`;
  return null;
}

/** A number the error body carried (retryAfterSeconds of a 429), if any. */
export function bodyNumber(error: unknown, name: string): number | null {
  if (!(error instanceof ApiError)) return null;
  const value = (error.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
