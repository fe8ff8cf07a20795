import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/request-meta';
import { signIn } from '../../test/accounts';
import { createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { startSession } from '../sessions/service';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const MINUTE = 60 * 1000;
const ROUTES = [
  ['GET', '/api/online-users'],
  ['GET', '/api/online-users/stats'],
  ['POST', '/api/online-users/cleanup'],
  ['DELETE', '/api/online-users/00000000-0000-4000-8000-000000000000'],
] as const;

let sequence = 0;

/** A user of `role` signed in over HTTP with the given headers (user agent, proxy country). */
async function signInWith(
  server: TestServer,
  role: 'fan' | 'artist' | 'admin',
  options: {
    headers?: Record<string, string>;
    country?: string | null;
    name?: string;
    language?: string;
  } = {},
) {
  sequence += 1;
  const email = `online-${role}-${sequence}@example.com`;
  const user = await createUser(server.db, {
    role,
    email,
    name: options.name ?? `Online ${role} ${sequence}`,
    country: options.country ?? null,
    language: options.language ?? 'en',
    passwordHash: await hashPassword('password123'),
  });
  const response = await server.request('POST', '/api/auth/login', {
    body: { email, password: 'password123' },
    headers: options.headers,
  });
  expect(response.status).toBe(200);
  return { token: response.body.token as string, user };
}

/** A session started at `at` (a clock of its own), as sign-in stores it, without HTTP. */
async function sessionAt(
  server: TestServer,
  userId: string,
  at: Date,
  meta: Partial<RequestMeta> = {},
): Promise<{ token: string; sessionId: string }> {
  return startSession(server.db, new ManualClock(at), userId, {
    ip: '127.0.0.1',
    userAgent: null,
    deviceType: 'unknown',
    ipPrefix: null,
    deviceSignature: null,
    deviceId: null,
    country: null,
    ...meta,
  });
}

const ago = (server: TestServer, milliseconds: number) =>
  new Date(server.clock.now().getTime() - milliseconds);

describe('who may call the online users routes and the heartbeat', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses guests (401), fans and artists (403 ADMIN_ONLY) on every online users route', async () => {
    const fan = await signIn(server, 'fan');
    const artist = await signIn(server, 'artist');
    for (const [method, url] of ROUTES) {
      const guest = await server.request(method, url);
      expect(guest.status, `${method} ${url}`).toBe(401);
      expect(guest.body.code).toBe('UNAUTHORIZED');
      for (const caller of [fan, artist]) {
        const refused = await server.request(method, url, { token: caller.token });
        expect(refused.status, `${method} ${url}`).toBe(403);
        expect(refused.body.code).toBe('ADMIN_ONLY');
      }
    }
  });

  it('answers the heartbeat with 204 for every signed-in role, 401 for a guest or an ended session', async () => {
    for (const role of ['fan', 'artist', 'admin'] as const) {
      const account = await signIn(server, role);
      const beat = await server.request('POST', '/api/sessions/heartbeat', { token: account.token });
      expect(beat.status, role).toBe(204);
      expect(beat.body).toBeUndefined();
    }
    expect((await server.request('POST', '/api/sessions/heartbeat')).status).toBe(401);
    const fan = await signIn(server, 'fan');
    await server.request('POST', '/api/auth/logout', { token: fan.token });
    expect((await server.request('POST', '/api/sessions/heartbeat', { token: fan.token })).status).toBe(401);
  });

  it('lets an admin call each route', async () => {
    const admin = await signIn(server, 'admin');
    expect((await server.request('GET', '/api/online-users', { token: admin.token })).status).toBe(200);
    expect((await server.request('GET', '/api/online-users/stats', { token: admin.token })).status).toBe(200);
    expect((await server.request('POST', '/api/online-users/cleanup', { token: admin.token })).status).toBe(
      200,
    );
    const unknown = await server.request('DELETE', ROUTES[3][1], { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SESSION_NOT_FOUND');
  });
});

describe('GET /online-users', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists online sessions with their user, device, location and times, the caller’s own marked', async () => {
    const admin = await signInWith(server, 'admin', { headers: { 'user-agent': DESKTOP } });
    const fan = await signInWith(server, 'fan', {
      headers: { 'user-agent': IPHONE },
      country: 'Ghana',
      name: 'Ama Mensah',
    });
    server.clock.advance(MINUTE);
    const artist = await signInWith(server, 'artist', { headers: { 'user-agent': IPAD } });
    server.clock.advance(MINUTE);

    const response = await server.request('GET', '/api/online-users', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });
    const byUser = new Map(response.body.data.map((row: { user: { _id: string } }) => [row.user._id, row]));
    expect(byUser.get(fan.user.id)).toEqual({
      _id: expect.any(String),
      user: { _id: fan.user.id, name: 'Ama Mensah', email: fan.user.email, role: 'fan' },
      deviceInfo: { type: 'mobile' },
      // No TRUST_PROXY here: the profile country's code.
      location: 'GH',
      loginTime: new Date(server.clock.now().getTime() - 2 * MINUTE).toISOString(),
      lastActivity: new Date(server.clock.now().getTime() - 2 * MINUTE).toISOString(),
      sessions: 1,
      current: false,
    });
    expect(byUser.get(artist.user.id)).toMatchObject({ deviceInfo: { type: 'tablet' }, location: null });
    expect(byUser.get(admin.user.id)).toMatchObject({ deviceInfo: { type: 'desktop' }, current: true });
    // Most recent activity first: the admin's own request just now, then the artist, then the fan.
    expect(response.body.data.map((row: { user: { _id: string } }) => row.user._id)).toEqual([
      admin.user.id,
      artist.user.id,
      fan.user.id,
    ]);
  });

  it('filters by role (all or empty means every role) and refuses an unknown role', async () => {
    const admin = await signInWith(server, 'admin');
    const roles = async (query: string) => {
      const response = await server.request('GET', `/api/online-users${query}`, { token: admin.token });
      expect(response.status).toBe(200);
      return new Set(response.body.data.map((row: { user: { role: string } }) => row.user.role));
    };
    expect(await roles('?role=fan')).toEqual(new Set(['fan']));
    expect(await roles('?role=artist')).toEqual(new Set(['artist']));
    expect(await roles('?role=admin')).toEqual(new Set(['admin']));
    expect(await roles('?role=all')).toEqual(new Set(['fan', 'artist', 'admin']));
    expect(await roles('?role=')).toEqual(new Set(['fan', 'artist', 'admin']));
    const wrong = await server.request('GET', '/api/online-users?role=guest', { token: admin.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('role');
  });

  it('pages 20 at a time with the list contract’s total', async () => {
    const admin = await signInWith(server, 'admin');
    for (let index = 0; index < 25; index++) {
      const fan = await createUser(server.db, { role: 'fan' });
      await sessionAt(server, fan.id, ago(server, index * 1000));
    }
    const first = await server.request('GET', '/api/online-users?role=fan&limit=20', { token: admin.token });
    const fans = first.body.pagination.total;
    expect(fans).toBeGreaterThanOrEqual(25);
    // A full page's total is the per-minute summary's count, as the stats answer it.
    const stats = await server.request('GET', '/api/online-users/stats', { token: admin.token });
    expect(stats.body.data.roles).toContainEqual({ _id: 'fan', count: fans });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination.pages).toBe(Math.ceil(fans / 20));
    const second = await server.request('GET', '/api/online-users?role=fan&page=2', { token: admin.token });
    expect(second.body.data).toHaveLength(fans - 20);
    const all = await server.request('GET', '/api/online-users?page=2', { token: admin.token });
    expect(all.body.pagination.total).toBeGreaterThan(fans);
  });

  it('keeps a session online for 5 minutes after its last activity; a heartbeat brings it back', async () => {
    const admin = await signInWith(server, 'admin');
    const fan = await signInWith(server, 'fan');
    const listed = async () => {
      const response = await server.request('GET', '/api/online-users?role=fan&limit=100', {
        token: admin.token,
      });
      return response.body.data.some((row: { user: { _id: string } }) => row.user._id === fan.user.id);
    };
    expect(await listed()).toBe(true);
    server.clock.advance(5 * MINUTE - 1000);
    expect(await listed()).toBe(true);
    server.clock.advance(2000);
    expect(await listed()).toBe(false);
    // The admin's own session stays online: each call is activity.
    const own = await server.request('GET', '/api/online-users?role=admin', { token: admin.token });
    expect(own.body.data.some((row: { current: boolean }) => row.current)).toBe(true);
    expect((await server.request('POST', '/api/sessions/heartbeat', { token: fan.token })).status).toBe(204);
    expect(await listed()).toBe(true);
  });
});

describe('GET /online-users/stats', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signInWith>>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signInWith(server, 'admin', { headers: { 'user-agent': DESKTOP } });
    const fan = async (country: string | null = null) =>
      (await createUser(server.db, { role: 'fan', country })).id;
    const now = server.clock.now();
    const first = await fan();
    await sessionAt(server, first, now, { deviceType: 'mobile', country: 'NG' });
    await sessionAt(server, await fan('Ghana'), now, { deviceType: 'mobile' });
    await sessionAt(server, await fan(), ago(server, 3 * MINUTE), { deviceType: 'desktop' });
    const artist = await createUser(server.db, { role: 'artist', country: 'Nigeria' });
    await sessionAt(server, artist.id, now, { deviceType: 'tablet', country: 'KE' });
    // Active 10 minutes ago: not online, but active within 24 hours.
    await sessionAt(server, await fan('Kenya'), ago(server, 10 * MINUTE), { deviceType: 'mobile' });
    // Signed out a minute ago: not online, active within 24 hours (the first fan's second session).
    const ended = await sessionAt(server, first, ago(server, MINUTE), { deviceType: 'desktop' });
    await server.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'logout' })
      .where(eq(sessions.id, ended.sessionId));
    // Active 25 hours ago: counted nowhere.
    await sessionAt(server, await fan('Ghana'), ago(server, 25 * 60 * MINUTE), { deviceType: 'mobile' });
  });
  afterAll(() => server.close());

  const stats = async () => {
    const response = await server.request('GET', '/api/online-users/stats', { token: admin.token });
    expect(response.status).toBe(200);
    return response.body.data;
  };

  it('counts online people by country, role and device, and sessions and users active in 24 hours', async () => {
    expect(await stats()).toEqual({
      currentOnline: 5,
      onlineSessions: 5,
      recentActivity: 7,
      uniqueUsers: 6,
      // The proxy's country where the session has one (NG, KE), else the profile's (Ghana), else unknown.
      locations: [
        { _id: 'unknown', count: 2 },
        { _id: 'GH', count: 1 },
        { _id: 'KE', count: 1 },
        { _id: 'NG', count: 1 },
      ],
      roles: [
        { _id: 'fan', count: 3 },
        { _id: 'admin', count: 1 },
        { _id: 'artist', count: 1 },
      ],
      devices: [
        { _id: 'desktop', count: 2 },
        { _id: 'mobile', count: 2 },
        { _id: 'tablet', count: 1 },
      ],
      computedAt: server.clock.now().toISOString(),
    });
  });

  it('answers the summary for a minute, then the stale one while it refreshes in the background', async () => {
    const before = await stats();
    const fan = await createUser(server.db, { role: 'fan' });
    await sessionAt(server, fan.id, server.clock.now(), { deviceType: 'mobile' });
    server.clock.advance(30 * 1000);
    expect(await stats()).toEqual(before);
    server.clock.advance(31 * 1000);
    // Over a minute old: answered at once as it is, and refreshed behind the answer.
    expect(await stats()).toEqual(before);
    await expect.poll(async () => (await stats()).computedAt).not.toBe(before.computedAt);
    const after = await stats();
    expect(after.currentOnline).toBe(before.currentOnline + 1);
    expect(after.computedAt).toBe(server.clock.now().toISOString());
  });

  it('computes a new summary rather than answer one over 10 minutes old', async () => {
    const before = await stats();
    server.clock.advance(11 * MINUTE);
    const after = await stats();
    expect(after.computedAt).toBe(server.clock.now().toISOString());
    // Eleven minutes later, only the admin asking is still online.
    expect(after.currentOnline).toBe(1);
    expect(before.currentOnline).toBeGreaterThan(1);
  });
});

describe('POST /online-users/cleanup and DELETE /online-users/{sessionId}', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const lastAudit = async () =>
    (await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

  it('ends only the sessions idle longer than the inactivity limit, audited with the count', async () => {
    const admin = await signInWith(server, 'admin', { language: 'fr' });
    const fan = await createUser(server.db, { role: 'fan' });
    const idle = await sessionAt(server, fan.id, ago(server, 31 * MINUTE));
    const quiet = await sessionAt(server, fan.id, ago(server, 20 * MINUTE));
    const active = await sessionAt(server, fan.id, ago(server, MINUTE));
    const statsBefore = await server.request('GET', '/api/online-users/stats', { token: admin.token });
    server.clock.advance(1000);

    const response = await server.request('POST', '/api/online-users/cleanup', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Utilisateurs inactifs retirés',
      data: { ended: 1, users: 1 },
    });
    const stored = await server.db.select().from(sessions).where(eq(sessions.userId, fan.id));
    const revoked = new Map(stored.map((row) => [row.id, row.revokedReason]));
    expect(revoked.get(idle.sessionId)).toBe('inactivity');
    expect(revoked.get(quiet.sessionId)).toBeNull();
    expect(revoked.get(active.sessionId)).toBeNull();
    expect((await server.request('GET', '/api/auth/me', { token: idle.token })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: active.token })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'sessions.cleaned-up',
      actorId: admin.user.id,
      details: { ended: 1, users: 1 },
    });
    // The cleanup marked the summary out of date: it is refreshed behind the answer.
    await expect
      .poll(async () => {
        const stats = await server.request('GET', '/api/online-users/stats', { token: admin.token });
        return stats.body.data.computedAt;
      })
      .toBe(server.clock.now().toISOString());
    expect(statsBefore.body.data.computedAt).not.toBe(server.clock.now().toISOString());
    expect(
      (await server.request('POST', '/api/online-users/cleanup', { token: admin.token })).body.data,
    ).toEqual({ ended: 0, users: 0 });
  });

  it('removes a session for real: its token is refused at once, audited, stats refreshed', async () => {
    const admin = await signIn(server, 'admin');
    const fan = await signInWith(server, 'fan', { name: 'Kofi Boateng' });
    // Resolved, so cached: the removal must evict it.
    expect((await server.request('GET', '/api/auth/me', { token: fan.token })).status).toBe(200);
    const list = await server.request('GET', '/api/online-users?role=fan&limit=100', { token: admin.token });
    const row = list.body.data.find((entry: { user: { _id: string } }) => entry.user._id === fan.user.id);

    server.clock.advance(1000);
    const removed = await server.request('DELETE', `/api/online-users/${row._id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: 'User removed from online status' });
    const next = await server.request('GET', '/api/auth/me', { token: fan.token });
    expect(next.status).toBe(401);
    expect((await server.request('POST', '/api/sessions/heartbeat', { token: fan.token })).status).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'user.session.removed',
      actorId: admin.user.id,
      targetType: 'user',
      targetId: fan.user.id,
      details: { name: 'Kofi Boateng', sessionId: row._id, ended: 1 },
    });
    // The removal marked the summary out of date: refreshed behind the answer, it counts what the list
    // now holds.
    const stats = async () =>
      (await server.request('GET', '/api/online-users/stats', { token: admin.token })).body.data;
    await expect.poll(async () => (await stats()).computedAt).toBe(server.clock.now().toISOString());
    const statsAfter = await stats();
    const relisted = await server.request('GET', '/api/online-users?limit=100', { token: admin.token });
    expect(relisted.body.data.some((entry: { _id: string }) => entry._id === row._id)).toBe(false);
    expect(statsAfter.currentOnline).toBe(relisted.body.pagination.total);

    const again = await server.request('DELETE', `/api/online-users/${row._id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('SESSION_NOT_FOUND');
  });

  it('refuses to remove the caller’s own session (409) and a malformed id (400), but not another admin’s', async () => {
    const admin = await signInWith(server, 'admin', { language: 'sw' });
    const list = await server.request('GET', '/api/online-users?role=admin&limit=100', {
      token: admin.token,
    });
    const own = list.body.data.find((entry: { current: boolean }) => entry.current);
    const refused = await server.request('DELETE', `/api/online-users/${own._id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CANNOT_END_OWN_SESSION');
    expect(refused.body.message).toBe('Huwezi kuondoa kipindi chako mwenyewe hapa. Tumia Toka badala yake.');
    expect((await server.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);

    const malformed = await server.request('DELETE', '/api/online-users/not-a-session', {
      token: admin.token,
    });
    expect(malformed.status).toBe(400);

    const other = await signIn(server, 'admin');
    const otherRow = (
      await server.request('GET', '/api/online-users?role=admin&limit=100', { token: admin.token })
    ).body.data.find((entry: { user: { _id: string } }) => entry.user._id === other.user.id);
    expect(
      (await server.request('DELETE', `/api/online-users/${otherRow._id}`, { token: admin.token })).status,
    ).toBe(200);
    expect((await server.request('GET', '/api/auth/me', { token: other.token })).status).toBe(401);
  });
});

describe('the session’s location and TRUST_PROXY', () => {
  const locationAfterSignIn = async (server: TestServer, profileCountry: string | null) => {
    const admin = await signInWith(server, 'admin');
    const fan = await signInWith(server, 'fan', {
      country: profileCountry,
      headers: { 'cf-ipcountry': 'ke' },
    });
    const list = await server.request('GET', '/api/online-users?role=fan&limit=100', { token: admin.token });
    return list.body.data.find((entry: { user: { _id: string } }) => entry.user._id === fan.user.id).location;
  };

  it('reads the proxy’s country header when TRUST_PROXY is set', async () => {
    const server = await startTestServer({ environment: { TRUST_PROXY: 'true' } });
    try {
      expect(await locationAfterSignIn(server, 'Ghana')).toBe('KE');
      const admin = await signInWith(server, 'admin');
      const locationWith = async (headers: Record<string, string>) => {
        const other = await signInWith(server, 'fan', { country: 'Ghana', headers });
        const list = await server.request('GET', '/api/online-users?role=fan&limit=100', {
          token: admin.token,
        });
        return list.body.data.find((entry: { user: { _id: string } }) => entry.user._id === other.user.id)
          .location;
      };
      // Cloudflare's 'XX' (unknown country) is none: the profile country answers.
      expect(await locationWith({ 'cf-ipcountry': 'XX' })).toBe('GH');
      // Only the configured header is the proxy's: another one could come from the client.
      expect(await locationWith({ 'x-country-code': 'KE' })).toBe('GH');
    } finally {
      await server.close();
    }
  });

  it('reads the header COUNTRY_HEADER names instead, and none when it is empty', async () => {
    const other = await startTestServer({
      environment: { TRUST_PROXY: '1', COUNTRY_HEADER: 'X-Country-Code' },
    });
    const none = await startTestServer({ environment: { TRUST_PROXY: '1', COUNTRY_HEADER: '' } });
    try {
      const admin = await signInWith(other, 'admin');
      const fan = await signInWith(other, 'fan', {
        country: 'Ghana',
        headers: { 'x-country-code': 'ng', 'cf-ipcountry': 'KE' },
      });
      const list = await other.request('GET', '/api/online-users?role=fan&limit=100', { token: admin.token });
      const row = list.body.data.find((entry: { user: { _id: string } }) => entry.user._id === fan.user.id);
      expect(row.location).toBe('NG');
      expect(await locationAfterSignIn(none, 'Ghana')).toBe('GH');
    } finally {
      await other.close();
      await none.close();
    }
  });

  it('ignores the header without TRUST_PROXY: the profile country, else null', async () => {
    const server = await startTestServer();
    try {
      expect(await locationAfterSignIn(server, 'Ghana')).toBe('GH');
      expect(await locationAfterSignIn(server, null)).toBeNull();
      const [stored] = await server.db.select({ country: sessions.country }).from(sessions).limit(1);
      expect(stored!.country).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe('people, not sessions: one person in many tabs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('counts an admin signed in from 9 tabs as 1 admin on 1 desktop, listed once with sessions: 9', async () => {
    const admin = await signInWith(server, 'admin', { headers: { 'user-agent': DESKTOP } });
    for (let tab = 1; tab < 9; tab++) {
      await sessionAt(server, admin.user.id, ago(server, tab * 1000), { deviceType: 'desktop' });
    }
    const stats = await server.request('GET', '/api/online-users/stats', { token: admin.token });
    expect(stats.body.data).toMatchObject({
      currentOnline: 1,
      onlineSessions: 9,
      roles: [{ _id: 'admin', count: 1 }],
      devices: [{ _id: 'desktop', count: 1 }],
      locations: [{ _id: 'unknown', count: 1 }],
    });
    const list = await server.request('GET', '/api/online-users', { token: admin.token });
    expect(list.body.pagination.total).toBe(1);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      user: { _id: admin.user.id, role: 'admin' },
      deviceInfo: { type: 'desktop' },
      sessions: 9,
      current: true,
    });
    const admins = await server.request('GET', '/api/online-users?role=admin&search=online', {
      token: admin.token,
    });
    expect(admins.body.pagination.total).toBe(1);
  });

  it('counts a person on a phone and a laptop once in all, once under each device', async () => {
    const admin = await signInWith(server, 'admin', { headers: { 'user-agent': DESKTOP } });
    const fan = await createUser(server.db, { role: 'fan' });
    await sessionAt(server, fan.id, server.clock.now(), { deviceType: 'mobile' });
    await sessionAt(server, fan.id, server.clock.now(), { deviceType: 'desktop' });
    server.clock.advance(2 * MINUTE);
    // The summary of the test before is over a minute old: answered once more, refreshed behind it.
    const stats = async () =>
      (await server.request('GET', '/api/online-users/stats', { token: admin.token })).body.data;
    await expect.poll(async () => (await stats()).computedAt).toBe(server.clock.now().toISOString());
    expect((await stats()).roles).toContainEqual({ _id: 'fan', count: 1 });
    expect((await stats()).devices).toContainEqual({ _id: 'mobile', count: 1 });
    const fans = await server.request('GET', '/api/online-users?role=fan', { token: admin.token });
    expect(fans.body.data).toHaveLength(1);
    expect(fans.body.data[0].sessions).toBe(2);
  });

  it('removes a person from online status: every one of their sessions ends, audited with the count', async () => {
    const admin = await signInWith(server, 'admin');
    const artist = await signInWith(server, 'artist');
    const secondTab = await sessionAt(server, artist.user.id, server.clock.now());
    const list = await server.request('GET', '/api/online-users?role=artist', { token: admin.token });
    const row = list.body.data.find((entry: { user: { _id: string } }) => entry.user._id === artist.user.id);
    expect(row.sessions).toBe(2);
    const removed = await server.request('DELETE', `/api/online-users/${row._id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await server.request('GET', '/api/auth/me', { token: artist.token })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: secondTab.token })).status).toBe(401);
    const [entry] = await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'user.session.removed',
      targetId: artist.user.id,
      details: { ended: 2 },
    });
  });

  it('Cleanup Inactive answers how many sessions it ended, and of how many people', async () => {
    const admin = await signInWith(server, 'admin');
    const first = await createUser(server.db, { role: 'fan' });
    const second = await createUser(server.db, { role: 'fan' });
    for (let tab = 0; tab < 4; tab++) await sessionAt(server, first.id, ago(server, 40 * MINUTE));
    for (let tab = 0; tab < 2; tab++) await sessionAt(server, second.id, ago(server, 40 * MINUTE));
    const response = await server.request('POST', '/api/online-users/cleanup', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ ended: 6, users: 2 });
    const [entry] = await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'sessions.cleaned-up', details: { ended: 6, users: 2 } });
  });
});
