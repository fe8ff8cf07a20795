import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { sessions } from '../db/schema';
import { signIn } from './accounts';
import { createAd } from './ads';
import { createCategory, createSong } from './factories';
import { enableSecondFactor, nextTotpCode } from './second-factor';
import type { TestServer } from './server';
import { plantVotes } from './vote-reviews';

/*
 * One successful call of every admin write, as an admin makes it: what the access table's "audited" check
 * performs, then looks for the audit entry it must have written. Each sets up its own data, so the order
 * does not matter. A new admin write with no row here fails that check: add its row.
 */

const HOUR = 60 * 60 * 1000;
const LINK = 'https://www.youtube.com/watch?v=abcdefghijk';

interface Answer {
  status: number;
  /** Who the entry names when not the admin of the context (a write on the caller's own account). */
  actorId?: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as server.request's are
  body: any;
}

export interface AdminWriteContext {
  server: TestServer;
  token: string;
}

let png: Buffer | undefined;
async function picture() {
  png ??= await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#7c2d12' } })
    .png()
    .toBuffer();
  return png;
}

/** A multipart call with text fields and, when `file` names a field, a real PNG in it. */
async function sendForm(
  { server, token }: AdminWriteContext,
  method: string,
  url: string,
  fields: Record<string, string>,
  file?: string,
): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file, new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'p.png');
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const call = ({ server, token }: AdminWriteContext, method: string, url: string, body?: unknown) =>
  server.request(method, url, { token, ...(body === undefined ? {} : { body }) });

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}`;

async function newBanner(context: AdminWriteContext) {
  const created = await sendForm(context, 'POST', '/api/admin/banners', { title: unique('Hero') }, 'banner');
  return created.body.data._id as string;
}

async function newLibraryImage(context: AdminWriteContext) {
  const uploaded = await sendForm(context, 'POST', '/api/admin/images/upload', {}, 'image');
  return uploaded.body.data.filename as string;
}

async function newReview(context: AdminWriteContext) {
  const category = await createCategory(context.server.db, { name: unique('Reviewed') });
  const song = await createSong(context.server.db, { categoryId: category.id });
  const voteIds = await plantVotes(context.server, { id: song.id, categoryId: category.id }, 3);
  // Opened by another admin: the one who opens a review may not also confirm it.
  const opener = await signIn(context.server, 'admin');
  const quarantined = await call(
    { ...context, token: opener.token },
    'POST',
    '/api/admin/integrity/quarantine',
    {
      reason: 'One network in five minutes',
      voteIds,
    },
  );
  return quarantined.body.data.review.id as string;
}

async function closeVoting(context: AdminWriteContext) {
  const now = context.server.clock.now().getTime();
  await call(context, 'PUT', '/api/voting-settings', {
    isEnabled: true,
    startDate: new Date(now - 48 * HOUR).toISOString(),
    endDate: new Date(now - HOUR).toISOString(),
    timezone: 'UTC',
    notes: '',
  });
  await call(context, 'PUT', '/api/admin/results', { published: false, showLiveStandings: true });
}

async function categoryWithLeader(context: AdminWriteContext) {
  const category = await createCategory(context.server.db, { name: unique('Winner') });
  const song = await createSong(context.server.db, { categoryId: category.id, votes: 5 });
  return { categoryId: category.id, songId: song.id };
}

async function newUser(context: AdminWriteContext) {
  return (await signIn(context.server, 'fan')).user.id;
}

async function newBreach(context: AdminWriteContext) {
  const foundAt = new Date(context.server.clock.now().getTime() - 10 * HOUR).toISOString();
  return call(context, 'POST', '/api/admin/breaches', {
    foundAt,
    summary: 'Leaked token',
    affected: 'One admin',
  });
}

type Perform = (context: AdminWriteContext) => Promise<Answer>;

/** Every admin write (`METHOD /api/path` as the app declares it), performed once with success. */
export const ADMIN_WRITES: Record<string, Perform> = {
  'POST /api/songs': (context) =>
    createCategory(context.server.db, { name: unique('Uploads') }).then((category) =>
      sendForm(
        context,
        'POST',
        '/api/songs',
        { title: unique('Admin song'), category: category.id, songLink: LINK },
        'image',
      ),
    ),
  'PUT /api/songs/:id': async (context) => {
    const category = await createCategory(context.server.db, { name: unique('Edits') });
    const song = await createSong(context.server.db, { categoryId: category.id });
    return sendForm(context, 'PUT', `/api/songs/${song.id}`, {
      title: unique('Edited'),
      artist: 'Someone',
      songLink: LINK,
    });
  },
  'DELETE /api/songs/:id': async (context) => {
    const category = await createCategory(context.server.db, { name: unique('Deletes') });
    const song = await createSong(context.server.db, { categoryId: category.id });
    return call(context, 'DELETE', `/api/songs/${song.id}`);
  },
  'POST /api/songs/:id/copy': async (context) => {
    const from = await createCategory(context.server.db, { name: unique('From') });
    const to = await createCategory(context.server.db, { name: unique('To') });
    const song = await createSong(context.server.db, { categoryId: from.id });
    return call(context, 'POST', `/api/songs/${song.id}/copy`, { targetCategoryId: to.id });
  },
  'PUT /api/admin/songs/:id/verify': async (context) => {
    const category = await createCategory(context.server.db, { name: unique('Moderated') });
    const song = await createSong(context.server.db, { categoryId: category.id, status: 'pending' });
    return call(context, 'PUT', `/api/admin/songs/${song.id}/verify`, { action: 'approve' });
  },
  'PUT /api/admin/songs/verify': async (context) => {
    const category = await createCategory(context.server.db, { name: unique('Bulk moderated') });
    const song = await createSong(context.server.db, { categoryId: category.id, status: 'pending' });
    return call(context, 'PUT', '/api/admin/songs/verify', { ids: [song.id], action: 'approve' });
  },
  'POST /api/admin/bulk-upload/songs': async (context) => {
    const category = await createCategory(context.server.db, { name: unique('Bulk') });
    return call(context, 'POST', '/api/admin/bulk-upload/songs', {
      songs: [{ title: unique('Bulk song'), artist: 'Someone', song_link: LINK, category_id: category.id }],
    });
  },
  'POST /api/categories': (context) => call(context, 'POST', '/api/categories', { name: unique('Created') }),
  'PUT /api/categories/:id': async (context) => {
    const category = await createCategory(context.server.db, { name: unique('Renamed') });
    return call(context, 'PUT', `/api/categories/${category.id}`, { name: unique('Renamed to') });
  },
  'DELETE /api/categories/:id': async (context) => {
    const category = await createCategory(context.server.db, { name: unique('Deleted') });
    return call(context, 'DELETE', `/api/categories/${category.id}`);
  },
  'POST /api/admin/categories/:categoryId/winner': async (context) => {
    await closeVoting(context);
    const { categoryId, songId } = await categoryWithLeader(context);
    return call(context, 'POST', `/api/admin/categories/${categoryId}/winner`, { songId });
  },
  'DELETE /api/admin/categories/:categoryId/winner': async (context) => {
    await closeVoting(context);
    const { categoryId, songId } = await categoryWithLeader(context);
    await call(context, 'POST', `/api/admin/categories/${categoryId}/winner`, { songId });
    return call(context, 'DELETE', `/api/admin/categories/${categoryId}/winner`);
  },
  'PUT /api/admin/results': (context) =>
    call(context, 'PUT', '/api/admin/results', { published: false, showLiveStandings: false }),
  'PUT /api/voting-settings': (context) => {
    const now = context.server.clock.now().getTime();
    return call(context, 'PUT', '/api/voting-settings', {
      isEnabled: true,
      startDate: new Date(now - HOUR).toISOString(),
      endDate: new Date(now + 24 * HOUR).toISOString(),
      timezone: 'UTC',
      notes: unique('Window'),
    });
  },
  'POST /api/voting-settings/reset': (context) => call(context, 'POST', '/api/voting-settings/reset'),
  'PUT /api/admin/settings': async (context) => {
    const current = await call(context, 'GET', '/api/admin/settings');
    const settings = current.body.data;
    return call(context, 'PUT', '/api/admin/settings', {
      ...settings,
      generalSettings: {
        ...settings.generalSettings,
        allowSocialLogin: !settings.generalSettings.allowSocialLogin,
      },
    });
  },
  'PUT /api/admin/social-login-settings': (context) =>
    call(context, 'PUT', '/api/admin/social-login-settings', { google: { enabled: false } }),
  'POST /api/admin/banners': (context) =>
    sendForm(context, 'POST', '/api/admin/banners', { title: unique('Hero') }, 'banner'),
  'PUT /api/admin/banners/:id': async (context) =>
    sendForm(context, 'PUT', `/api/admin/banners/${await newBanner(context)}`, { title: unique('Hero') }),
  'PUT /api/admin/banners/order': async (context) => {
    const first = await newBanner(context);
    const listed = await call(context, 'GET', '/api/admin/banners');
    const ids = (listed.body.data as Array<{ _id: string }>).map((banner) => banner._id);
    return call(context, 'PUT', '/api/admin/banners/order', {
      ids: [first, ...ids.filter((id) => id !== first)],
    });
  },
  'DELETE /api/admin/banners/:id': async (context) =>
    call(context, 'DELETE', `/api/admin/banners/${await newBanner(context)}`),
  'POST /api/admin/images/upload': (context) =>
    sendForm(context, 'POST', '/api/admin/images/upload', {}, 'image'),
  'DELETE /api/admin/images/*': async (context) =>
    call(context, 'DELETE', `/api/admin/images/${await newLibraryImage(context)}`),
  'POST /api/ads': (context) =>
    sendForm(
      context,
      'POST',
      '/api/ads',
      { title: unique('Ad'), targetUrl: 'https://sponsor.example.com/' },
      'image',
    ),
  'PUT /api/ads/:id': async (context) => {
    const ad = await createAd(context.server.db, { title: unique('Ad') });
    return sendForm(context, 'PUT', `/api/ads/${ad.id}`, {
      title: unique('Ad'),
      targetUrl: 'https://sponsor.example.com/',
    });
  },
  'PATCH /api/ads/:id/toggle': async (context) =>
    call(context, 'PATCH', `/api/ads/${(await createAd(context.server.db)).id}/toggle`),
  'DELETE /api/ads/:id': async (context) =>
    call(context, 'DELETE', `/api/ads/${(await createAd(context.server.db)).id}`),
  'PATCH /api/admin/users/:id/status': async (context) =>
    call(context, 'PATCH', `/api/admin/users/${await newUser(context)}/status`, { isActive: false }),
  'PATCH /api/admin/users/:id/role': async (context) =>
    call(context, 'PATCH', `/api/admin/users/${await newUser(context)}/role`, { role: 'artist' }),
  'DELETE /api/admin/users/:id/sessions': async (context) =>
    call(context, 'DELETE', `/api/admin/users/${await newUser(context)}/sessions`),
  'DELETE /api/online-users/:sessionId': async (context) => {
    const userId = await newUser(context);
    const [session] = await context.server.db.select().from(sessions).where(eq(sessions.userId, userId));
    return call(context, 'DELETE', `/api/online-users/${session!.id}`);
  },
  'POST /api/online-users/cleanup': (context) => call(context, 'POST', '/api/online-users/cleanup'),
  'POST /api/admin/users/:id/privacy-requests/access': async (context) =>
    call(context, 'POST', `/api/admin/users/${await newUser(context)}/privacy-requests/access`, {
      receivedAt: context.server.clock.now().toISOString().slice(0, 10),
    }),
  'POST /api/admin/users/:id/privacy-requests/deletion': async (context) =>
    call(context, 'POST', `/api/admin/users/${await newUser(context)}/privacy-requests/deletion`, {
      receivedAt: context.server.clock.now().toISOString().slice(0, 10),
    }),
  'POST /api/admin/breaches': (context) => newBreach(context),
  'PATCH /api/admin/breaches/:id/notification': async (context) => {
    const breach = await newBreach(context);
    return call(context, 'PATCH', `/api/admin/breaches/${breach.body.data._id}/notification`, {
      notifiedAt: new Date(context.server.clock.now().getTime() - HOUR).toISOString(),
      notification: 'Form sent to the regulator',
    });
  },
  'POST /api/admin/integrity/quarantine': async (context) => {
    const category = await createCategory(context.server.db, { name: unique('Quarantined') });
    const song = await createSong(context.server.db, { categoryId: category.id });
    const voteIds = await plantVotes(context.server, { id: song.id, categoryId: category.id }, 3);
    return call(context, 'POST', '/api/admin/integrity/quarantine', { reason: 'One network', voteIds });
  },
  'POST /api/admin/integrity/reviews/:id/invalidate': async (context) =>
    call(context, 'POST', `/api/admin/integrity/reviews/${await newReview(context)}/invalidate`, {}),
  'POST /api/admin/integrity/reviews/:id/restore': async (context) =>
    call(context, 'POST', `/api/admin/integrity/reviews/${await newReview(context)}/restore`, {}),
  'POST /api/admin/users/bulk': async (context) =>
    call(context, 'POST', '/api/admin/users/bulk', {
      action: 'deactivate',
      userIds: [await newUser(context)],
    }),
  // An admin's own second factor: another admin's account, so the context's admin keeps signing in as is.
  'POST /api/auth/second-factor/setup': async ({ server }) => {
    const other = await signIn(server, 'admin');
    const answer = await server.request('POST', '/api/auth/second-factor/setup', { token: other.token });
    return { ...answer, actorId: other.user.id };
  },
  'POST /api/auth/second-factor/confirm': async ({ server }) => {
    const other = await signIn(server, 'admin');
    const setup = await server.request('POST', '/api/auth/second-factor/setup', { token: other.token });
    const answer = await server.request('POST', '/api/auth/second-factor/confirm', {
      token: other.token,
      body: { code: nextTotpCode(server, setup.body.data.secret) },
    });
    return { ...answer, actorId: other.user.id };
  },
  'POST /api/auth/second-factor/disable': async ({ server }) => {
    const other = await signIn(server, 'admin');
    await enableSecondFactor(server, other.token);
    const answer = await server.request('POST', '/api/auth/second-factor/disable', {
      token: other.token,
      body: { password: other.password },
    });
    return { ...answer, actorId: other.user.id };
  },
  'POST /api/admin/users/:id/second-factor/reset': async (context) => {
    const colleague = await signIn(context.server, 'admin');
    await enableSecondFactor(context.server, colleague.token);
    return call(context, 'POST', `/api/admin/users/${colleague.user.id}/second-factor/reset`);
  },
  'POST /api/admin/jobs/:name/run': (context) => call(context, 'POST', '/api/admin/jobs/code-requests/run'),
};
