import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryDetailQuery } from '../domain/categories/api/use-categories';
import { songDetailQuery } from '../domain/songs/api/use-songs';
import { ApiError } from '../lib/api-client';
import { createQueryClient, shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('never repeats a client error (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetryQuery(0, new ApiError(status, 'SOME_CODE', 'No'))).toBe(false);
    }
  });

  it('tries once more when the backend could not answer, and only once', () => {
    expect(shouldRetryQuery(0, new ApiError(0, 'NETWORK_ERROR', 'Failed to connect to backend'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'HTTP_ERROR', 'Service Unavailable'))).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, 'HTTP_ERROR', 'Service Unavailable'))).toBe(false);
  });
});

describe('the detail queries under the app’s client', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Answers every request with `status` and the error envelope, counting the requests. */
  function answerWith(status: number, code: string) {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code, message: code }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('asks once for a malformed song id and fails at once with the 400', async () => {
    const fetchMock = answerWith(400, 'VALIDATION_ERROR');
    const started = Date.now();
    await expect(createQueryClient().fetchQuery(songDetailQuery('not-a-uuid'))).rejects.toMatchObject({
      status: 400,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('asks once for a missing song or category', async () => {
    const fetchMock = answerWith(404, 'SONG_NOT_FOUND');
    const client = createQueryClient();
    await expect(
      client.fetchQuery(songDetailQuery('00000000-0000-4000-8000-000000000000')),
    ).rejects.toThrow();
    await expect(client.fetchQuery(categoryDetailQuery('unknown'))).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('tries a song once more when the server fails with a 5xx', async () => {
    const fetchMock = answerWith(503, 'HTTP_ERROR');
    await expect(createQueryClient().fetchQuery(songDetailQuery('some-id'))).rejects.toMatchObject({
      status: 503,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
