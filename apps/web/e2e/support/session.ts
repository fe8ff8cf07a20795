import type { BrowserContext } from 'playwright-core';

/** The demo artist: the seed gives them approved, pending and rejected songs. */
export const ARTIST = { email: 'artist@ovation.test', password: 'Ovation2025!' } as const;
/** The demo admin. */
export const ADMIN = { email: 'admin@ovation.test', password: 'Ovation2025!' } as const;

export interface SignedIn {
  token: string;
  user: { _id: string; name: string; role: string };
}

/** Signs in through the API only (no browser): the session, for calls made with its token. */
export async function logIn(
  baseUrl: string,
  credentials: { email: string; password: string } = ARTIST,
): Promise<SignedIn> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const session = (await response.json()) as SignedIn;
  if (!session.token) throw new Error(`Login failed for ${credentials.email}`);
  return session;
}

/** Signs in through the API and stores the session the way the app does, before any page script runs. */
export async function signInAs(
  context: BrowserContext,
  baseUrl: string,
  credentials: { email: string; password: string } = ARTIST,
): Promise<SignedIn> {
  const session = await logIn(baseUrl, credentials);
  await storeSession(context, session);
  return session;
}

/** Puts a signed-in session into the browser the way the app keeps it, before any page script runs. */
export async function storeSession(context: BrowserContext, session: SignedIn) {
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', user);
      window.localStorage.setItem('lastActivity', String(Date.now()));
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** GET on the API with the session's token; returns `data`. */
export async function apiAs<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: T }).data;
}
