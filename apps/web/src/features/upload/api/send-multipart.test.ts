import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { readEnvelope } from './send-multipart';

describe('readEnvelope', () => {
  it('unwraps a success envelope', () => {
    const result = readEnvelope<{ _id: string }>(
      201,
      'Created',
      JSON.stringify({ success: true, message: 'Song uploaded', data: { _id: 's1' } }),
    );
    expect(result.data).toEqual({ _id: 's1' });
    expect(result.message).toBe('Song uploaded');
  });

  it('throws the server code, message and body (field errors) of a failure', () => {
    const body = { success: false, code: 'IMAGE_TOO_LARGE', message: 'The image must be 5 MB or smaller.' };
    try {
      readEnvelope(413, 'Payload Too Large', JSON.stringify(body));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE', body });
    }
  });

  it('turns a non-JSON answer into an HTTP error with the status text', () => {
    expect(() => readEnvelope(502, 'Bad Gateway', '<html>')).toThrow(
      expect.objectContaining({ status: 502, code: 'HTTP_ERROR', message: 'Bad Gateway' }),
    );
  });
});
