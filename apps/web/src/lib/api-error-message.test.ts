import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { accessProblem, apiErrorMessage, type Translator } from './api-error-message';

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
    expect(apiErrorMessage(error, FALLBACK, french)).toBe(catalog['errors.SONG_NOT_FOUND']);
  });

  it("shows the server's message for a code the catalog does not know yet", () => {
    const error = new ApiError(409, 'CATEGORY_HAS_WINNER', 'This category already has a winner');
    expect(apiErrorMessage(error, FALLBACK, french)).toBe('This category already has a winner');
  });

  it('falls back for a crash, an unreachable server, a non-API answer and a non-ApiError', () => {
    expect(apiErrorMessage(new ApiError(500, 'INTERNAL_ERROR', 'Server error'), FALLBACK, french)).toBe(
      FALLBACK,
    );
    expect(apiErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed'), FALLBACK, french)).toBe(FALLBACK);
    expect(apiErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Bad Gateway'), FALLBACK, french)).toBe(FALLBACK);
    expect(apiErrorMessage(new Error('boom'), FALLBACK, french)).toBe(FALLBACK);
  });

  it('falls back when the server gave a code but no message', () => {
    expect(apiErrorMessage(new ApiError(400, 'SOMETHING_NEW', ''), FALLBACK, french)).toBe(FALLBACK);
  });
});

describe('accessProblem', () => {
  it('tells a missing session from a missing role', () => {
    expect(accessProblem(new ApiError(401, 'UNAUTHORIZED', ''))).toBe('signIn');
    expect(accessProblem(new ApiError(403, 'ADMIN_ONLY', ''))).toBe('forbidden');
    expect(accessProblem(new ApiError(404, 'NOT_FOUND', ''))).toBeNull();
  });
});
