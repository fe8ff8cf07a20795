import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, readEnvelope } from './api-client';
import { endSession, getSession, startSession } from './session';

describe('readEnvelope (the one error reading of the JSON client, the multipart sender and downloads)', () => {
  it('unwraps a success envelope with its pagination and message', () => {
    const result = readEnvelope<{ _id: string }[]>(
      200,
      'OK',
      JSON.stringify({
        success: true,
        message: 'Listed',
        data: [{ _id: 's1' }],
        pagination: { page: 1, limit: 20, total: 1, pages: 1 },
      }),
    );
    expect(result.data).toEqual([{ _id: 's1' }]);
    expect(result.message).toBe('Listed');
    expect(result.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
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

  it('refuses a 200 that is not a success envelope', () => {
    expect(() => readEnvelope(200, 'OK', JSON.stringify({ data: [] }))).toThrow(
      expect.objectContaining({ status: 500, code: 'INVALID_RESPONSE' }),
    );
  });

  it('reads a 401 to a call sent without a token as a plain failure', () => {
    const body = { success: false, code: 'UNAUTHORIZED', message: 'Please log in to continue.' };
    expect(() => readEnvelope(401, 'Unauthorized', JSON.stringify(body), false)).toThrow(
      expect.objectContaining({ status: 401, code: 'UNAUTHORIZED' }),
    );
  });

  describe('a 401 to a call that carried a token', () => {
    afterEach(() => endSession());

    const refuse = (body: Record<string, unknown>) => {
      startSession('token-1', { _id: 'u1', name: 'Amara', role: 'fan' });
      expect(() =>
        readEnvelope(401, 'Unauthorized', JSON.stringify({ success: false, ...body }), true),
      ).toThrow(ApiError);
      return getSession();
    };

    it('keeps the session when it refuses what was typed in, whatever language the message is in', () => {
      for (const [code, message] of [
        ['INVALID_CREDENTIALS', 'Identifiants invalides'],
        ['EMAIL_NOT_VERIFIED', 'Veuillez vérifier votre e-mail pour continuer.'],
        ['ACCOUNT_DEACTIVATED', 'تم إلغاء تنشيط الحساب'],
      ]) {
        expect(refuse({ code, message }).isAuthenticated, code).toBe(true);
      }
      expect(refuse({ code: 'UNAUTHORIZED', message: 'x', emailNotVerified: true }).isAuthenticated).toBe(
        true,
      );
    });

    it('ends the session when the token itself was refused, even if the message reads like a kept one', () => {
      expect(refuse({ code: 'UNAUTHORIZED', message: 'Invalid credentials' })).toMatchObject({
        isAuthenticated: false,
      });
      expect(refuse({ code: 'SESSION_EXPIRED', message: 'Session expirée' })).toMatchObject({
        isAuthenticated: false,
        expired: true,
      });
    });
  });
});
