import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, Invalid } from './errors';
import { hasOnlyStorableText } from './storable-text';
import { parseOrThrow } from './validation';

/** The one file of a multipart form, as it arrived. */
export interface MultipartFile {
  fieldname: string;
  bytes: Buffer;
  /** The name the sender gave the file (never a path on our side: pictures get a server-made name). */
  originalName?: string;
  mimetype: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The form's file, when one came in one of the expected fields and was not empty (unless kept). */
  file?: MultipartFile;
}

/** What a route's form may hold, and how it refuses what it may not. */
export interface MultipartRules {
  /** The file fields read; a file in any other field is skipped (and still counts against `files: 1`). */
  fileFields: readonly string[];
  /** The largest file: one byte more is `fileTooLarge()`. */
  maxFileBytes: number;
  /** How many text fields, each of at most `maxFieldBytes`. */
  maxFields: number;
  maxFieldBytes?: number;
  /** The answer to a file over `maxFileBytes`. */
  fileTooLarge(): AppError;
  /** The answer to a second file, or more fields or parts than allowed. */
  tooManyParts(): AppError;
  /** Keep an empty file (a CSV with nothing in it is the sender's mistake to explain, not a missing file). */
  keepEmptyFile?: boolean;
}

/** Busboy's refusals of a form over its limits, by @fastify/multipart's codes. */
const OVER_THE_LIMITS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * The one reader of multipart requests (pictures of every kind, the bulk upload's CSV file): the text
 * fields and at most one file, refused in the route's own terms when over its limits. A request that is not
 * multipart is 400 MULTIPART_REQUIRED; one busboy cannot read (no boundary, a body cut off) is 400
 * MALFORMED_MULTIPART; text the database cannot store (NUL) is 400 INVALID_CHARACTERS.
 */
export async function readMultipart(request: FastifyRequest, rules: MultipartRules): Promise<MultipartForm> {
  if (!request.isMultipart()) throw Invalid('MULTIPART_REQUIRED');
  const form: MultipartForm = { fields: {} };
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxFileBytes,
        files: 1,
        fields: rules.maxFields,
        ...(rules.maxFieldBytes !== undefined ? { fieldSize: rules.maxFieldBytes } : {}),
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (rules.fileFields.includes(part.fieldname) && (bytes.length > 0 || rules.keepEmptyFile)) {
          form.file = {
            fieldname: part.fieldname,
            bytes,
            originalName: part.filename,
            mimetype: part.mimetype,
          };
        }
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rules.fileTooLarge();
    if (code !== undefined && OVER_THE_LIMITS.has(code)) throw rules.tooManyParts();
    if (error instanceof AppError) throw error;
    // Busboy's own failures (no boundary, truncated body) are the client's malformed request.
    throw Invalid('MALFORMED_MULTIPART');
  }
  if (!hasOnlyStorableText(form.fields)) throw Invalid('INVALID_CHARACTERS');
  return form;
}

/**
 * A multipart form whose text fields must be valid by `schema`: answers them parsed, with the file. Fields
 * sent as JSON text (translations, display settings) may spell characters the database cannot store
 * ("\u0000") once decoded: refused here too, before any file is processed.
 */
export async function readMultipartForm<T extends z.ZodType>(
  request: FastifyRequest,
  rules: MultipartRules,
  schema: T,
): Promise<{ fields: z.output<T>; file?: MultipartFile }> {
  const form = await readMultipart(request, rules);
  const fields: z.output<T> = parseOrThrow(schema, form.fields);
  if (!hasOnlyStorableText(fields)) throw Invalid('INVALID_CHARACTERS');
  return { fields, file: form.file };
}
