import {
  describeValidationMessage,
  ERROR_MESSAGES,
  type ErrorCode,
  type ErrorResponse,
} from '@ovation/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from './errors';

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not supported',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid content length' },
};

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
      const first = errors[0];
      const message = first
        ? first.field
          ? `${first.field}: ${first.message}`
          : first.message
        : 'Invalid request';
      return send(reply, 400, { success: false, code: 'VALIDATION_ERROR', message, errors });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(reply, known.status, { success: false, code: known.code, message: known.message });
    if (error.statusCode === 429) {
      return send(reply, 429, {
        success: false,
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many requests. Please try again later.',
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, {
        success: false,
        code: 'BAD_REQUEST',
        message: 'Invalid request',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Server error. Please try again later.',
    });
  });
}

function fallbackFailure(error: FastifyError): { status: number; code: ErrorCode } {
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, code: 'TOO_MANY_REQUESTS' };
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE' };
  if (status >= 400 && status < 500) return { status, code: 'BAD_REQUEST' };
  return { status: 500, code: 'INTERNAL_ERROR' };
}
