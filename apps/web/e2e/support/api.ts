import sharp from 'sharp';
import { solveAltcha } from '../../../server/src/test/captcha';
import { latestCode } from './mail';

/**
 * The API calls the admin journeys make to set up their own data and take it away again: each journey
 * creates what it looks at, and leaves the shared database as it found it.
 */

/** A call to `/api<path>` as `token`, with a JSON body when one is given; answers the raw response. */
export function callApi(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  return fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A captcha token for one request: a fresh ALTCHA challenge, solved as the browser widget does. */
export async function captchaToken(baseUrl: string): Promise<string> {
  const challenge = await (await fetch(`${baseUrl}/api/captcha/challenge`)).json();
  return solveAltcha(challenge);
}

/** Registers a fan in Nairobi through POST /api/auth/register; the account then waits for its e-mailed code. */
export async function registerAccount(
  baseUrl: string,
  account: { name: string; email: string; password: string },
) {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...account,
      phoneNumber: '+254712345678',
      country: 'Kenya',
      state: 'Nairobi City',
      captchaToken: await captchaToken(baseUrl),
    }),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
}

/** A square PNG of one colour, for a song's cover. */
export function coverPng(background: string, size = 320): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();
}

export interface NewSong {
  title: string;
  artist: string;
  /** The category's id. */
  category: string;
  songLink: string;
  description?: string;
  /** The cover image (PNG). */
  cover: Buffer;
}

/** Uploads a song as `token` (the demo artist's: it waits for review) through POST /api/songs; its id. */
export async function uploadSong(baseUrl: string, token: string, song: NewSong): Promise<string> {
  const form = new FormData();
  form.append('title', song.title);
  form.append('artist', song.artist);
  form.append('category', song.category);
  form.append('songLink', song.songLink);
  if (song.description !== undefined) form.append('description', song.description);
  form.append('image', new Blob([new Uint8Array(song.cover)], { type: 'image/png' }), 'cover.png');
  const response = await fetch(`${baseUrl}/api/songs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** Deletes songs as the admin (`adminToken`): a journey's songs leave with it. */
export async function deleteSongs(baseUrl: string, adminToken: string, ids: Iterable<string>) {
  for (const id of ids) await callApi(baseUrl, adminToken, 'DELETE', `/songs/${id}`);
}

/**
 * A fan signed up through the API with their e-mailed code, signed in, and reading the site in `language`
 * (saved in the profile, so the server answers in it too): the session, as the app stores it.
 */
export async function createVerifiedFan(
  baseUrl: string,
  account: { name: string; email: string; password: string; language: string },
): Promise<{ token: string; user: { _id: string; name: string; role: string } }> {
  const { language, ...details } = account;
  await registerAccount(baseUrl, details);
  const verified = await fetch(`${baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, otp: await latestCode(account.email) }),
  });
  const session = (await verified.json()) as {
    token?: string;
    user: { _id: string; name: string; role: string };
  };
  if (!session.token) throw new Error(`verification failed: ${verified.status}`);
  const saved = await callApi(baseUrl, session.token, 'PUT', '/auth/profile', {
    name: account.name,
    language,
  });
  if (!saved.ok) throw new Error(`profile update failed: ${saved.status} ${await saved.text()}`);
  const { user } = (await saved.json()) as { user: { _id: string; name: string; role: string } };
  return { token: session.token, user };
}
