import type { ErrorCode } from '@ovation/shared';

export interface FieldError {
  field: string;
  message: string;
}

/** The one way a service fails: a stable code, an HTTP status and a message the client can show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const Invalid = (message: string, errors?: FieldError[]) =>
  new AppError(400, 'VALIDATION_ERROR', message, errors);
export const Unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const Forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const NotFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const Conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const PayloadTooLarge = (message = 'The request is too large') =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const TooManyRequests = (message = 'Too many requests. Please try again later.') =>
  new AppError(429, 'TOO_MANY_REQUESTS', message);
