import {
  ERROR_MESSAGES,
  type ErrorCode,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from '@ovation/shared';
import type { MessageCatalog } from '@ovation/shared/message-catalogs';

/** A notice of the shared catalogs (`notices.<key>`): a more precise answer than an error code's words. */
export type NoticeKey = keyof MessageCatalog['notices'];

export interface FieldError {
  field: string;
  message: string;
  /** The catalog key (`validation.<key>`, `errors.<CODE>`) the client translates. */
  key?: string;
  /** Values for the key's {{placeholders}} (`{ maximum: '50' }`). */
  params?: Record<string, string>;
}

/** A field error carrying one of the shared `validation.*` messages (the answer's message in every language). */
export function fieldError(field: string, key: ValidationMessageKey): FieldError {
  return { field, key: `validation.${key}`, message: VALIDATION_MESSAGES[key] };
}

/**
 * The one way a service fails: an HTTP status and a stable code whose English text lives in the shared
 * ERROR_MESSAGES. `extra` adds fields the spec's client reads (e.g. emailNotVerified on login).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    options: {
      detail?: string;
      /** A notice of the shared catalogs said instead of the code's words, in the request's language. */
      notice?: NoticeKey;
      errors?: FieldError[];
      extra?: Record<string, unknown>;
    } = {},
  ) {
    // The answer's words come from the catalogs by code; `detail` is for the log only, never sent.
    super(options.detail ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.notice = options.notice;
    this.errors = options.errors;
    this.extra = options.extra;
  }
  readonly notice?: NoticeKey;
  readonly errors?: FieldError[];
  readonly extra?: Record<string, unknown>;
}

type Options = ConstructorParameters<typeof AppError>[2];

export const Invalid = (code: ErrorCode = 'VALIDATION_ERROR', options?: Options) =>
  new AppError(400, code, options);
export const Unauthorized = (code: ErrorCode = 'UNAUTHORIZED', options?: Options) =>
  new AppError(401, code, options);
export const Forbidden = (code: ErrorCode = 'FORBIDDEN', options?: Options) =>
  new AppError(403, code, options);
export const NotFound = (code: ErrorCode = 'NOT_FOUND', options?: Options) =>
  new AppError(404, code, options);
export const Conflict = (code: ErrorCode = 'CONFLICT', options?: Options) => new AppError(409, code, options);
export const PayloadTooLarge = (code: ErrorCode = 'PAYLOAD_TOO_LARGE', options?: Options) =>
  new AppError(413, code, options);
export const TooManyRequests = (code: ErrorCode = 'TOO_MANY_REQUESTS', options?: Options) =>
  new AppError(429, code, options);
export const Unavailable = (code: ErrorCode = 'SERVICE_UNAVAILABLE', options?: Options) =>
  new AppError(503, code, options);
