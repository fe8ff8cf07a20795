import type { Role, User } from '@ovation/shared';
import { createUser } from '../../../test/factories';
import { TEST_META } from '../../../test/request-meta';
import type { TestServer } from '../../../test/server';
import { startSession } from '../../sessions/service';

/** A user of the given role with a live session: answers the user row and its bearer token. */
export async function signedInUser(server: TestServer, role: Role) {
  const user = await createUser(server.db, { role });
  const { token } = await startSession(server.db, server.clock, user.id, TEST_META);
  return { user, token };
}

/** What the app's final redirect carried to the web app's /auth/callback. */
export function readCallback(location: string) {
  const url = new URL(location);
  const user = url.searchParams.get('user');
  return {
    pathname: url.pathname,
    origin: url.origin,
    error: url.searchParams.get('error'),
    token: url.searchParams.get('token'),
    user: user ? (JSON.parse(user) as User) : null,
  };
}
