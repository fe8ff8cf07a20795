import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverFieldErrors } from './validate';

function validationError(errors: unknown[]) {
  return new ApiError(400, 'VALIDATION_ERROR', 'Invalid', {
    success: false,
    code: 'VALIDATION_ERROR',
    errors,
  });
}

describe('serverFieldErrors', () => {
  it('keeps the field keys a form can translate', () => {
    const error = validationError([
      { field: 'email', message: 'Taken', key: 'errors.EMAIL_TAKEN' },
      { field: 'name', message: 'Required', key: 'validation.nameRequired' },
    ]);
    expect(serverFieldErrors(error)).toEqual([
      { field: 'email', key: 'errors.EMAIL_TAKEN' },
      { field: 'name', key: 'validation.nameRequired' },
    ]);
  });

  it('leaves out unknown keys and keys that name values, which a form would show with a raw placeholder', () => {
    const error = validationError([
      {
        field: 'limit',
        message: 'Must be at most 50',
        key: 'validation.numberAtMost',
        params: { maximum: '50' },
      },
      { field: 'x', message: 'Odd', key: 'validation.notAKey' },
      { field: 'y', message: 'No key' },
    ]);
    expect(serverFieldErrors(error)).toEqual([]);
    expect(serverFieldErrors(new Error('not an API error'))).toEqual([]);
  });
});
