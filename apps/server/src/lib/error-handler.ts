import type { Socket } from 'node:net';
import { ERROR_MESSAGES, type ErrorCode, type ErrorResponse } from '@ovation/shared';
import type { LanguageCode } from '@ovation/shared/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type FieldError, type NoticeKey } from './errors';
import { requestLanguage, varyByLanguage } from './language';
import { translate } from './translate';
import { issuesToFieldErrors, RequestValidationError } from './validation';

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
  // Raised by the router before any route or hook runs (the `frameworkErrors` option).
  FST_ERR_BAD_URL: { status: 400, code: 'MALFORMED_URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, code: 'BAD_REQUEST' },
};

/**
 * PostgreSQL data exceptions a value from a request can cause (text it cannot store, a date or number
 * out of range). Validation refuses these first; should one slip through, it is the client's bad input
 * (400), logged so the missing check gets added, never a 500.
 */
const DATA_EXCEPTIONS = new Set(['22P05', '22021', '22008', '22007', '22003']);

/**
 * 8 KiB: the longest address we answer. Browsers and proxies keep URLs far shorter (the longest of ours, a
 * filtered admin list, is well under 1 KiB); Node refuses a request line over its 16 KiB header limit
 * before us, answered 414 too (clientErrorAnswer).
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** The SQLSTATE of a database error, also when the query builder wrapped it (`cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A code's message in a language, the shared English text when a catalog misses it. */
export function errorMessage(code: ErrorCode, language: LanguageCode): string {
  return translate(language, `errors.${code}`) ?? ERROR_MESSAGES[code];
}

/** Field errors with their messages in the user's language (those without a catalog key stay as they are). */
function translateFieldErrors(errors: FieldError[], language: LanguageCode): FieldError[] {
  return errors.map((error) => {
    if (!error.key) return error;
    return { ...error, message: translate(language, error.key, error.params) ?? error.message };
  });
}

interface Failure {
  status: number;
  code: ErrorCode;
  errors?: FieldError[];
  extra?: Record<string, unknown>;
  notice?: NoticeKey;
}

/** Sends `{ success: false, code, message }` with the message in the language of the request. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, failure: Failure) {
  const language = requestLanguage(request);
  const errors = failure.errors ? translateFieldErrors(failure.errors, language) : undefined;
  const firstKeyed = errors?.find((error) => error.key);
  const message =
    firstKeyed?.message ??
    (failure.notice && translate(language, `notices.${failure.notice}`)) ??
    errorMessage(failure.code, language);
  const body: ErrorResponse & Record<string, unknown> = {
    ...failure.extra,
    success: false,
    code: failure.code,
    message,
    ...(errors ? { errors } : {}),
  };
  varyByLanguage(reply);
  // A 429 or 503 that knows when to come back says so the standard way too, for clients and proxies.
  const retryAfter = failure.extra?.retryAfterSeconds;
  if (
    typeof retryAfter === 'number' &&
    retryAfter > 0 &&
    (failure.status === 429 || failure.status === 503)
  ) {
    reply.header('retry-after', String(Math.ceil(retryAfter)));
  }
  return reply
    .status(failure.status)
    .header('content-language', language)
    .type('application/json; charset=utf-8')
    .send(body);
}

function fallbackFailure(error: FastifyError): { status: number; code: ErrorCode } {
  const status = error.statusCode ?? 500;
  if (status === 403) return { status, code: 'FORBIDDEN' };
  if (status === 404) return { status, code: 'NOT_FOUND' };
  if (status === 408) return { status, code: 'REQUEST_TIMEOUT' };
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE' };
  if (status === 414) return { status, code: 'URI_TOO_LONG' };
  if (status === 429) return { status, code: 'TOO_MANY_REQUESTS' };
  if (status === 431) return { status, code: 'HEADERS_TOO_LARGE' };
  if (status >= 400 && status < 500) return { status, code: 'BAD_REQUEST' };
  return { status: 500, code: 'INTERNAL_ERROR' };
}

function failureOf(error: FastifyError, request: FastifyRequest): Failure {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      errors: error.errors,
      extra: error.extra,
      notice: error.notice,
    };
  }
  if (error instanceof RequestValidationError) {
    return { status: 400, code: 'VALIDATION_ERROR', errors: issuesToFieldErrors(error.issues) };
  }
  const state = sqlState(error);
  if (state && DATA_EXCEPTIONS.has(state)) {
    request.log.warn({ err: error }, 'a request value the database refused; add a check for it');
    return { status: 400, code: 'BAD_REQUEST' };
  }
  const failure = (error.code ? FASTIFY_CODES[error.code] : undefined) ?? fallbackFailure(error);
  if (failure.status >= 500) request.log.error({ err: error }, 'unhandled error');
  return failure;
}

/**
 * Turns every failure into `{ success: false, code, message }` in the user's language; never a stack
 * trace, a framework code (FST_...) or an internal name to the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendFailure(request, reply, failureOf(error, request)),
  );
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any hook runs (a malformed percent
 * encoding, an over-long path parameter), in the same envelope. An address over MAX_URL_LENGTH is 414.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (request.url.length > MAX_URL_LENGTH) {
    return sendFailure(request, reply, { status: 414, code: 'URI_TOO_LONG' });
  }
  return sendFailure(request, reply, failureOf(error, request));
}

/** A request line longer than the limit is what overflowed Node's header buffer: 414 rather than 431. */
function overflowIsTheAddress(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const start = rawPacket.subarray(0, MAX_URL_LENGTH + 32).toString('latin1');
  if (!/^[A-Z]+ \//.test(start)) return false;
  const lineEnd = start.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > MAX_URL_LENGTH;
}

/** The status and code for an error Node's HTTP parser raised on a connection. */
export function clientErrorAnswer(error: NodeJS.ErrnoException & { rawPacket?: unknown }): {
  status: number;
  code: ErrorCode;
} {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'REQUEST_TIMEOUT' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return overflowIsTheAddress(error.rawPacket)
      ? { status: 414, code: 'URI_TOO_LONG' }
      : { status: 431, code: 'HEADERS_TOO_LARGE' };
  }
  return { status: 400, code: 'BAD_REQUEST' };
}

const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (oversized headers, a request line over
 * the limit, a malformed request, headers or a body that took too long) is answered on the raw socket in
 * the envelope, in English (the headers that would name a language never arrived whole), then closed.
 */
export function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = clientErrorAnswer(error);
  if (socket.writable) {
    const body = JSON.stringify({ success: false, code, message: ERROR_MESSAGES[code] });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXTS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
