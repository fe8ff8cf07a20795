import {
  ERROR_MESSAGES,
  type ErrorCode,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from '@ovation/shared/messages';
import { ApiError } from '../../../lib/api-client';

/** A key of the shell catalog that a form may show under a field. */
export type FieldMessageKey = `validation.${ValidationMessageKey}` | `errors.${ErrorCode}`;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_MESSAGES, code);
}

/** Schema messages (`validation.nameRequired`) and server field keys (`errors.EMAIL_TAKEN`) we can translate. */
export function isFieldMessageKey(key: unknown): key is FieldMessageKey {
  if (typeof key !== 'string') return false;
  if (key.startsWith('validation.'))
    return Object.hasOwn(VALIDATION_MESSAGES, key.slice('validation.'.length));
  if (key.startsWith('errors.')) return isErrorCode(key.slice('errors.'.length));
  return false;
}

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

interface ServerFieldError {
  field: string;
  key: FieldMessageKey;
}

/** The per-field errors a 400/409 carried (`errors: [{ field, message, key }]`), keys we can translate only. */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as { errors?: unknown } | undefined;
  if (!Array.isArray(body?.errors)) return [];
  return body.errors.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, key } = item as { field?: unknown; key?: unknown };
    return typeof field === 'string' && isFieldMessageKey(key) ? [{ field, key }] : [];
  });
}

/** A number the error body carried (retryAfterSeconds of a 429), if any. */
export function bodyNumber(error: unknown, name: string): number | null {
  if (!(error instanceof ApiError)) return null;
  const value = (error.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
