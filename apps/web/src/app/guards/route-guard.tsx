import type { Role } from '@ovation/shared/constants';
import { Outlet } from 'react-router';

/**
 * Guards its child routes: guests go to /login (the location is remembered), a signed-in user whose
 * role is not allowed goes to /. An empty list allows any signed-in user. (Placeholder: the accounts
 * feature implements it.)
 */
export function RouteGuard(_props: { roles: readonly Role[] }) {
  return <Outlet />;
}
