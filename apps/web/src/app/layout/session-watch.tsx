import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles';
import { ClockIcon, RefreshIcon } from '../../components/ui/icons';
import { apiRequest } from '../../lib/api-client';
import { usePresenceHeartbeat } from '../../lib/presence';
import { endSession, getSession, type SessionUser, updateSessionUser, useSession } from '../../lib/session';
import {
  ACTIVITY_EVENTS,
  ACTIVITY_WRITE_THROTTLE_MS,
  clearActivity,
  INACTIVITY_CHECK_MS,
  INACTIVITY_LIMIT_MS,
  isInactive,
  logSecurityEvent,
  readLastActivity,
  recordActivity,
} from './inactivity';

/** The public spec: the stored user is re-loaded about 100 ms after start. */
const TOKEN_CHECK_DELAY_MS = 100;

/** What the presence heartbeat reads: the same activity and limit as the inactivity logout. */
const PRESENCE = { lastActivity: readLastActivity, activeWithinMs: INACTIVITY_LIMIT_MS };

/** The token is checked once per page load, however often this component mounts. */
let tokenChecked = false;

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user._id === 'string' && typeof user.name === 'string' && typeof user.role === 'string';
}

/** Ends the session for inactivity: logs the event, tells the server (best effort), shows the screen. */
function expireForInactivity() {
  const { user } = getSession();
  const last = readLastActivity();
  logSecurityEvent({
    type: 'session_expired',
    reason: 'inactivity',
    userId: user?._id ?? null,
    lastActivity: last ? new Date(last).toISOString() : null,
    at: new Date().toISOString(),
  });
  // The token is read synchronously by the call, before endSession() forgets it.
  void apiRequest('/auth/logout', { method: 'POST' }).catch(() => {});
  clearActivity();
  endSession('expired');
}

/**
 * Tracks mouse, key, scroll and touch activity (throttled) into local storage, shared by every tab, and
 * checks every minute, and whenever the tab comes back into view, whether 30 minutes have passed without
 * any (the public spec).
 */
function useInactivityLogout(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    if (readLastActivity() === null) recordActivity();
    let lastWrite = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_WRITE_THROTTLE_MS) return;
      // Activity after the limit must not revive a session that already timed out.
      if (isInactive(now)) return;
      lastWrite = now;
      recordActivity(now);
    };
    const check = () => {
      if (isInactive()) expireForInactivity();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    const timer = window.setInterval(check, INACTIVITY_CHECK_MS);
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    }
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled]);
}

/**
 * Re-loads the stored user from GET /auth/me shortly after start, without holding up the first paint. A
 * rejected token ends the session in the API client (401; SESSION_EXPIRED shows the expired screen).
 */
function useTokenCheck(enabled: boolean) {
  useEffect(() => {
    if (!enabled || tokenChecked) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      tokenChecked = true;
      apiRequest<unknown>('/auth/me', { signal: controller.signal }).then(
        ({ data }) => {
          if (isSessionUser(data) && getSession().isAuthenticated) updateSessionUser(data);
        },
        () => {
          // Offline or a server error: keep the stored session; a 401 was handled by the client.
        },
      );
    }, TOKEN_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [enabled]);
}

/** The public spec's Layout: "A session-expired screen with a Refresh Page button". Modal: the page behind is inert. */
function SessionExpiredScreen() {
  const { t } = useTranslation('auth');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Nothing to go back to: Escape must not uncover a page whose session is gone.
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-white/10 bg-ink-900 p-0 text-ink-100 shadow-2xl shadow-black/60"
    >
      <div className="flex animate-rise flex-col items-center px-6 py-10 text-center sm:px-10">
        <span className="grid size-16 place-items-center rounded-2xl bg-gold-400/12 text-gold-300 ring-1 ring-gold-400/25">
          <ClockIcon className="size-8" />
        </span>
        <h1 id={titleId} className="mt-6 text-2xl font-bold tracking-tight text-ink-50 sm:text-3xl">
          {t('expired.title')}
        </h1>
        <p id={descriptionId} className="mt-3 text-ink-300">
          {t('expired.description')}
        </p>
        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: the only action of a modal screen.
          autoFocus
          onClick={() => window.location.reload()}
          className={buttonClass('primary', 'lg', 'mt-8 w-full sm:w-auto')}
        >
          <RefreshIcon className="size-5" />
          {t('expired.refresh')}
        </button>
      </div>
    </dialog>
  );
}

/** The signed-in user's session upkeep; loaded lazily by SessionWatchSlot. */
export default function SessionWatch({ checkTokenOnStart }: { checkTokenOnStart: boolean }) {
  const session = useSession();
  useInactivityLogout(session.isAuthenticated);
  // Online presence: a beat a minute while the tab is visible and the user active.
  usePresenceHeartbeat(session.isAuthenticated, PRESENCE);
  useTokenCheck(checkTokenOnStart && session.isAuthenticated);
  return session.expired ? <SessionExpiredScreen /> : null;
}
