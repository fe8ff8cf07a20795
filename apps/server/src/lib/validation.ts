import { describeIssue, validationErrorMap } from '@ovation/shared/validation-issues';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { type FieldError, Invalid } from './errors';

/** The issues of a request that failed its route schema; the error handler answers them as VALIDATION_ERROR. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates every route's params, query, headers and body with its zod schema, through the shared error map:
 * each issue carries a `validation.<key>` message (the schema's own, else a generic one with parameters).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: validationErrorMap });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues) };
  };

/** Each issue as a field error: the field's path, its catalog key and parameters (the message is set later). */
export function issuesToFieldErrors(issues: z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => {
    const { key, params } = describeIssue(issue);
    return {
      field: issue.path.map(String).join('.'),
      message: key,
      key,
      ...(Object.keys(params).length > 0 ? { params } : {}),
    };
  });
}

/** Validates data that did not come through a route schema (multipart fields), with the same errors. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data, { error: validationErrorMap });
  if (parsed.success) return parsed.data;
  throw Invalid('VALIDATION_ERROR', { errors: issuesToFieldErrors(parsed.error.issues) });
}
