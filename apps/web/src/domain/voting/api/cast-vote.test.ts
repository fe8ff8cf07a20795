import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { castVote, retryOf } from './cast-vote';

const SONG = '6f1c2a4e-8b1d-4c5e-9f3a-2b7c8d9e0f1a';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const accepted = { success: true, data: { voteId: '7', songId: SONG } };
const unavailable = (extra: Record<string, unknown> = {}) => ({
  success: false,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is unavailable. Please try again later.',
  retryAfterSeconds: 1,
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('castVote', () => {
  it('sends a vote answered 503 once more after Retry-After, with the pass in place of the spent CAPTCHA', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(503, unavailable({ retryPass: '123.abc' })))
      .mockResolvedValueOnce(answer(201, accepted));
    vi.stubGlobal('fetch', fetch);
    const vote = castVote(SONG, 'captcha-token');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600);
    await expect(vote).resolves.toMatchObject({ voteId: '7' });
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ songId: SONG, captchaToken: 'captcha-token' });
    expect(JSON.parse(fetch.mock.calls[1]![1].body)).toEqual({ songId: SONG, retryPass: '123.abc' });
  });

  it('retries only once', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockImplementation(async () => answer(503, unavailable({ retryPass: '1.a' })));
    vi.stubGlobal('fetch', fetch);
    const vote = castVote(SONG, undefined).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await vote).toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never sends again a vote that may have been stored, a proxy’s 503, nor one refused for another reason', () => {
    expect(
      retryOf(new ApiError(503, 'SERVICE_UNAVAILABLE', '', unavailable({ maybeStored: true }))),
    ).toBeNull();
    expect(retryOf(new ApiError(503, 'HTTP_ERROR', 'Service Unavailable', null))).toBeNull();
    expect(retryOf(new ApiError(409, 'ALREADY_VOTED_FOR_SONG', '', {}))).toBeNull();
    expect(retryOf(new ApiError(500, 'INTERNAL_ERROR', '', {}))).toBeNull();
    expect(
      retryOf(
        new ApiError(
          503,
          'SERVICE_UNAVAILABLE',
          '',
          unavailable({ retryAfterSeconds: 60, retryPass: '1.a' }),
        ),
      )?.waitMs,
    ).toBe(5_000);
  });
});
