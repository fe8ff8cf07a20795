import { describeValidationMessage } from '@ovation/shared';
import type { z } from 'zod';
import { Invalid } from './errors';

/** Validates data that did not come through a route schema (multipart fields), with the same errors. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: describeValidationMessage(issue.message),
    ...(issue.message.startsWith('validation.') ? { key: issue.message } : {}),
  }));
  throw Invalid('VALIDATION_ERROR', { message: errors[0]?.message, errors });
}
