import { z } from 'zod';

/**
 * Every failure the API gives has this shape; `code` is stable whatever the language, `message` is in the
 * user's language, and each field error carries its catalog `key` with the `params` its text names.
 */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
        key: z.string().optional(),
        params: z.record(z.string(), z.string()).optional(),
      }),
    )
    .optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `{ success: true, data }`: the one envelope every successful answer uses. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** `{ success: true, data: [...], pagination }` for paged lists. */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });
}

export const messageEnvelopeSchema = z.object({ success: z.literal(true), message: z.string() });

export const objectIdSchema = z.string().uuid();
export const idParamsSchema = z.object({ id: objectIdSchema });
