import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  accessProblem,
  apiErrorMessage,
  errorDetailNumber,
  errorMessageSource,
  type Translator,
} from './api-error-message';

const catalog: Record<string, string> = {
  'errors.SONG_NOT_FOUND': 'La chanson que vous cherchez n’existe pas',
  'errors.INTERNAL_ERROR': 'Erreur du serveur.',
};
const french: Translator = {
  exists: (key) => key in catalog,
  t: (key) => catalog[key] ?? key,
};
const FALLBACK = 'Échec de la suppression de la chanson';

describe('apiErrorMessage', () => {
  it('translates a code the catalog knows', () => {
    const error = new ApiError(404, 'SONG_NOT_FOUND', "The song you're looking for doesn't exist");
    expect(apiErrorMessage(error, FALLBACK, { translator: french })).toBe(catalog['errors.SONG_NOT_FOUND']);
  });

  it("shows the server's message for a code the catalog does not know yet", () => {
    const error = new ApiError(409, 'CATEGORY_HAS_WINNER', 'This category already has a winner');
    expect(apiErrorMessage(error, FALLBACK, { translator: french })).toBe(
      'This category already has a winner',
    );
  });

  it('falls back for a crash, an unreachable server, a non-API answer and a non-ApiError', () => {
    expect(
      apiErrorMessage(new ApiError(500, 'INTERNAL_ERROR', 'Server error'), FALLBACK, { translator: french }),
    ).toBe(FALLBACK);
    expect(
      apiErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed'), FALLBACK, { translator: french }),
    ).toBe(FALLBACK);
    expect(
      apiErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Bad Gateway'), FALLBACK, { translator: french }),
    ).toBe(FALLBACK);
    expect(apiErrorMessage(new Error('boom'), FALLBACK, { translator: french })).toBe(FALLBACK);
  });

  it('says the server is out of reach when the screen has words for it, else falls back', () => {
    const offline = new ApiError(0, 'NETWORK_ERROR', 'Failed to connect to backend');
    expect(apiErrorMessage(offline, FALLBACK, { translator: french, unreachable: 'Hors ligne' })).toBe(
      'Hors ligne',
    );
    expect(apiErrorMessage(offline, FALLBACK, { translator: french })).toBe(FALLBACK);
  });

  it("prefers the screen's fallback to a generic code's text when asked", () => {
    const error = new ApiError(400, 'SONG_NOT_FOUND', 'x');
    expect(apiErrorMessage(error, FALLBACK, { translator: french, preferFallback: ['SONG_NOT_FOUND'] })).toBe(
      FALLBACK,
    );
  });

  it('never reads the words of a message to decide: a sentence under a generic client code falls back', () => {
    const error = new ApiError(502, 'HTTP_ERROR', 'Invalid credentials');
    expect(apiErrorMessage(error, FALLBACK, { translator: french })).toBe(FALLBACK);
  });

  it('falls back when the server gave a code but no message', () => {
    expect(apiErrorMessage(new ApiError(400, 'SOMETHING_NEW', ''), FALLBACK, { translator: french })).toBe(
      FALLBACK,
    );
  });
});

describe('errorMessageSource', () => {
  it('keeps the catalog key, so a message on screen follows a language switch', () => {
    const known = { knownCode: (code: string) => code === 'SONG_NOT_FOUND' };
    expect(errorMessageSource(new ApiError(404, 'SONG_NOT_FOUND', 'x'), known)).toEqual({
      key: 'errors.SONG_NOT_FOUND',
    });
    expect(errorMessageSource(new ApiError(409, 'NEW_CODE', 'Déjà fait'), known)).toEqual({
      text: 'Déjà fait',
    });
    expect(errorMessageSource(new ApiError(0, 'NETWORK_ERROR', 'x'), known)).toEqual({ unreachable: true });
    expect(errorMessageSource(new TypeError('boom'), known)).toEqual({ fallback: true });
  });
});

describe('errorDetailNumber', () => {
  it('reads a number the refusal carried, and nothing else', () => {
    const error = new ApiError(429, 'TOO_MANY_REQUESTS', 'x', { retryAfterSeconds: 42, note: 'x' });
    expect(errorDetailNumber(error, 'retryAfterSeconds')).toBe(42);
    expect(errorDetailNumber(error, 'note')).toBeNull();
    expect(errorDetailNumber(new Error('x'), 'retryAfterSeconds')).toBeNull();
  });
});

describe('accessProblem', () => {
  it('tells a missing session from a missing role', () => {
    expect(accessProblem(new ApiError(401, 'UNAUTHORIZED', ''))).toBe('signIn');
    expect(accessProblem(new ApiError(403, 'ADMIN_ONLY', ''))).toBe('forbidden');
    expect(accessProblem(new ApiError(404, 'NOT_FOUND', ''))).toBeNull();
  });
});
