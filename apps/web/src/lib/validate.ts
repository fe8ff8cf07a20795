import {
  ERROR_MESSAGES,
  type ErrorCode,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from '@ovation/shared/messages';
import type { z } from 'zod';
import { ApiError } from './api-client';

/** A key of the shell catalog that a form may show under a field. */
export type FieldMessageKey = `validation.${ValidationMessageKey}` | `errors.${ErrorCode}`;

/** One translated-key error per field of a form. */
export type FieldErrors<Field extends string> = Partial<Record<Field, FieldMessageKey>>;

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
 * Runs a shared schema over form values: the parsed body, or the first message key per field (the
 * shared schemas carry `validation.<key>` messages, which the form translates with the shell's `t`).
 */
export function validateWith<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  values: unknown,
): { ok: true; data: z.output<Schema> } | { ok: false; errors: FieldErrors<Field> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    if (field && !errors[field] && isFieldMessageKey(issue.message)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export interface ServerFieldError {
  field: string;
  key: FieldMessageKey;
}

/**
 * The per-field errors a 400/409 carried (`errors: [{ field, message, key, params? }]`), keys we can
 * translate only. A generic check's key that names values (`validation.numberAtMost` with `{ maximum }`)
 * is left out: forms show a key alone, and the schemas the forms run first already catch those cases;
 * the answer's `message`, in the user's language, still says it.
 */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as { errors?: unknown } | undefined;
  if (!Array.isArray(body?.errors)) return [];
  return body.errors.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, key, params } = item as { field?: unknown; key?: unknown; params?: unknown };
    if (params !== undefined) return [];
    return typeof field === 'string' && isFieldMessageKey(key) ? [{ field, key }] : [];
  });
}
