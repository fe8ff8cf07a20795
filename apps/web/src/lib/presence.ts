import { PRESENCE_HEARTBEAT_SECONDS } from '@ovation/shared/constants';
import { useEffect } from 'react';
import { authHeaders, buildUrl, readEnvelope } from './api-client';

/** One light call a minute keeps an open, visible tab's session online (online = active in 5 min). */
export const HEARTBEAT_INTERVAL_MS = PRESENCE_HEARTBEAT_SECONDS * 1000;

export interface PresenceOptions {
  /** When the user last moved, typed, scrolled or touched (epoch ms), or null when it is not known. */
  lastActivity: () => number | null;
  /** Beats stop once the user has been idle this long: the inactivity limit (an idle tab is not presence). */
  activeWithinMs: number;
}

function tabVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/**
 * Whether a beat is due now: the tab is visible and the user was active within the limit. Unknown activity
 * (storage unavailable) counts as active, as the inactivity logout also keeps such a session.
 */
export function shouldBeat(options: PresenceOptions, now = Date.now()): boolean {
  if (!tabVisible()) return false;
  const last = options.lastActivity();
  return last === null || now - last < options.activeWithinMs;
}

/**
 * POST /sessions/heartbeat with the session's token; the server records the session's activity (204).
 * Failures are ignored (offline, a server restart: the next beat tries again), except that a rejected
 * token goes through the client's usual path: a 401 ends the session (signed out, or Session Expired).
 */
export async function sendHeartbeat(): Promise<void> {
  const { headers, sentToken } = authHeaders();
  if (!sentToken) return;
  try {
    const response = await fetch(buildUrl('/sessions/heartbeat'), { method: 'POST', headers });
    if (response.ok) return;
    readEnvelope(response.status, response.statusText, await response.text(), sentToken);
  } catch {
    // Not reachable, or refused: nothing to show; readEnvelope already ended the session on a 401.
  }
}

/**
 * Beats every HEARTBEAT_INTERVAL_MS while `shouldBeat`, and once at once when the tab comes back into view
 * after a minute or more away (the hidden tab skipped its beats). Returns the function that stops it.
 */
export function startPresence(options: PresenceOptions): () => void {
  let lastBeat = Date.now();
  const beat = () => {
    if (!shouldBeat(options)) return;
    lastBeat = Date.now();
    void sendHeartbeat();
  };
  const onVisibility = () => {
    if (tabVisible() && Date.now() - lastBeat >= HEARTBEAT_INTERVAL_MS) beat();
  };
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * The presence heartbeat of a signed-in user, mounted once in the app shell beside the inactivity logout,
 * which gives it the last activity and the limit (lib/ does not read the shell's own helpers).
 */
export function usePresenceHeartbeat(enabled: boolean, options: PresenceOptions) {
  const { lastActivity, activeWithinMs } = options;
  useEffect(() => {
    if (!enabled) return;
    return startPresence({ lastActivity, activeWithinMs });
  }, [enabled, lastActivity, activeWithinMs]);
}
