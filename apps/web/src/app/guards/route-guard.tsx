import type { Role } from '@ovation/shared/constants';
import { type ReactNode, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { STORAGE_KEYS, writeStorage } from '../../lib/local-storage';
import { hasRole, useSession } from '../../lib/session';

/**
 * Guards its child routes (the public spec): guests go to /login and the location they asked for is
 * remembered in `redirectAfterLogin`; a signed-in user whose role is not allowed goes to /, or sees
 * `denied` where the area has its own refusal (the admin area's Access Denied view). An empty list
 * allows any signed-in user. The session is read synchronously from local storage, so there is no loading
 * state of its own: the page's lazy chunk shows the logo spinner while it downloads, and the token is
 * checked against GET /auth/me in the background (app/layout/session-watch.tsx).
 */
export function RouteGuard({ roles, denied }: { roles: readonly Role[]; denied?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // Signing out on a guarded page is a logout, not a visit to remember: it goes home (the public spec's Layout).
  const wasSignedIn = useRef(session.isAuthenticated);

  if (!session.isAuthenticated) {
    // The Session Expired screen takes over the page; no redirect under it.
    if (session.expired) return null;
    if (wasSignedIn.current) return <Navigate to="/" replace />;
    writeStorage(STORAGE_KEYS.redirectAfterLogin, `${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  wasSignedIn.current = true;
  if (!hasRole(session, roles)) return denied ?? <Navigate to="/" replace />;
  return <Outlet />;
}
