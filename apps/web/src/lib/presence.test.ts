import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, type PresenceOptions, startPresence } from './presence';
import { endSession, getSession, startSession } from './session';

/** 30 minutes: the inactivity limit the shell passes. */
const LIMIT_MS = 30 * 60_000;

/** A document whose visibility the test sets, with its visibilitychange listeners. */
function fakeDocument() {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible' as 'visible' | 'hidden',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  return {
    doc,
    setVisibility(state: 'visible' | 'hidden') {
      doc.visibilityState = state;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
}

describe('presence heartbeat', () => {
  let page: ReturnType<typeof fakeDocument>;
  let fetchMock: ReturnType<typeof vi.fn>;
  let lastActivity: number | null;
  let stop: (() => void) | undefined;
  const options: PresenceOptions = { lastActivity: () => lastActivity, activeWithinMs: LIMIT_MS };

  /** The heartbeats sent so far. */
  const beats = () => fetchMock.mock.calls.filter(([url]) => url === '/api/sessions/heartbeat');

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    page = fakeDocument();
    vi.stubGlobal('document', page.doc);
    fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    startSession('token-1', { _id: 'u1', name: 'Amina', role: 'fan' });
    lastActivity = Date.now();
  });

  afterEach(() => {
    stop?.();
    stop = undefined;
    endSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('posts a heartbeat with the session token every 60 s while the tab is visible and the user active', async () => {
    stop = startPresence(options);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 1);
    expect(beats()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(beats()).toHaveLength(1);
    const [url, init] = beats()[0]!;
    expect(url).toBe('/api/sessions/heartbeat');
    expect(init).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer token-1' } });
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_INTERVAL_MS);
    expect(beats()).toHaveLength(3);
  });

  it('skips the beats while the tab is hidden, and beats at once when it is seen again a minute later', async () => {
    stop = startPresence(options);
    page.setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(3 * HEARTBEAT_INTERVAL_MS);
    expect(beats()).toHaveLength(0);
    page.setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(beats()).toHaveLength(1);
    // A quick hide and show right after does not beat twice.
    page.setVisibility('hidden');
    page.setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(beats()).toHaveLength(1);
  });

  it('stops beating once the user has been idle for the inactivity limit, and resumes with activity', async () => {
    stop = startPresence(options);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(beats()).toHaveLength(1);
    lastActivity = Date.now() - LIMIT_MS;
    await vi.advanceTimersByTimeAsync(5 * HEARTBEAT_INTERVAL_MS);
    expect(beats()).toHaveLength(1);
    lastActivity = Date.now();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(beats()).toHaveLength(2);
  });

  it('ignores failures: an unreachable server or a server error keeps the session and the beats', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    stop = startPresence(options);
    await vi.advanceTimersByTimeAsync(3 * HEARTBEAT_INTERVAL_MS);
    expect(beats()).toHaveLength(3);
    expect(getSession().isAuthenticated).toBe(true);
  });

  it('ends the session on a 401, as every call does', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, code: 'UNAUTHORIZED', message: 'Please log in.' }), {
        status: 401,
      }),
    );
    stop = startPresence(options);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('sends nothing without a session, and nothing after it is stopped', async () => {
    endSession();
    stop = startPresence(options);
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_INTERVAL_MS);
    expect(beats()).toHaveLength(0);

    startSession('token-2', { _id: 'u1', name: 'Amina', role: 'fan' });
    stop();
    stop = undefined;
    expect(page.listenerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_INTERVAL_MS);
    expect(beats()).toHaveLength(0);
  });
});
