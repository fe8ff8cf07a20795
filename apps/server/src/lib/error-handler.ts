import {
  describeValidationMessage,
  ERROR_MESSAGES,
  type ErrorCode,
  type ErrorResponse,
} from '@ovation/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from './errors';

/** Fastify's and its plugins' own failures, by their codes, in our vocabulary. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, code: 'BAD_REQUEST' },
};

/**
 * PostgreSQL data exceptions a value from a request can cause (text it cannot store, a date or number
 * out of range). Validation refuses these first; should one slip through, it is the client's bad input
 * (400), logged so the missing check gets added, never a 500.
 */
const DATA_EXCEPTIONS = new Set(['22P05', '22021', '22008', '22007', '22003']);

/** The SQLSTATE of a database error, also when the query builder wrapped it (`cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function send(reply: FastifyReply, status: number, body: ErrorResponse & Record<string, unknown>) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function fieldErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((issue) => {
    const raw = issue.message ?? 'Invalid value';
    return {
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: describeValidationMessage(raw),
      ...(raw.startsWith('validation.') ? { key: raw } : {}),
    };
  });
}

function fallbackFailure(error: FastifyError): { status: number; code: ErrorCode } {
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, code: 'TOO_MANY_REQUESTS' };
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE' };
  if (status >= 400 && status < 500) return { status, code: 'BAD_REQUEST' };
  return { status: 500, code: 'INTERNAL_ERROR' };
}

/** Turns every failure into `{ success: false, code, message }`; never a stack trace to the client. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(reply, error.status, {
        ...error.extra,
        success: false,
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const message = errors[0]?.message ?? ERROR_MESSAGES.VALIDATION_ERROR;
      return send(reply, 400, { success: false, code: 'VALIDATION_ERROR', message, errors });
    }
    const state = sqlState(error);
    if (state && DATA_EXCEPTIONS.has(state)) {
      request.log.warn({ err: error }, 'a request value the database refused; add a check for it');
      return send(reply, 400, { success: false, code: 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST });
    }
    const failure = (error.code ? FASTIFY_CODES[error.code] : undefined) ?? fallbackFailure(error);
    if (failure.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return send(reply, failure.status, {
      success: false,
      code: failure.code,
      message: ERROR_MESSAGES[failure.code],
    });
  });
}
