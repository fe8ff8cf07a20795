import type { z } from 'zod';
import { type FieldMessageKey, isFieldMessageKey } from './messages';

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldMessageKey>>;

/**
 * Runs a shared schema over form values: the parsed body, or the first message key per field (the
 * shared schemas carry `validation.<key>` messages, which the form translates).
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
