import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { countriesJson } from '../countries/service';
import { countryCodeOf } from './presenter';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(() => server.close());

const get = (url: string) => server.request('GET', url, { token: admin.token });
const setStatus = (id: string, body: unknown, token = admin.token) =>
  server.request('PATCH', `/api/admin/users/${id}/status`, { token, body });
const setRole = (id: string, body: unknown, token = admin.token) =>
  server.request('PATCH', `/api/admin/users/${id}/role`, { token, body });
const endSessions = (id: string, token = admin.token) =>
  server.request('DELETE', `/api/admin/users/${id}/sessions`, { token });

async function auditEntriesFor(targetId: string) {
  return server.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));
}

describe('GET /api/admin/users', () => {
  // One country of our own, so the counts below do not depend on the other tests' users.
  const country = 'Ghana';
  let kofi: Awaited<ReturnType<typeof createUser>>;
  let ama: Awaited<ReturnType<typeof createUser>>;
  let esi: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    const now = server.clock.now().getTime();
    kofi = await createUser(server.db, {
      name: 'Kofi Mensah',
      email: 'kofi.mensah@example.com',
      country,
      state: 'Ashanti',
      role: 'artist',
      bio: 'Highlife guitarist',
      avatar: 'https://cdn.example.com/kofi.png',
      lastLogin: new Date(now - DAY),
      createdAt: new Date(now - 3 * DAY),
    });
    ama = await createUser(server.db, {
      name: 'Ama Serwaa',
      email: 'ama@example.com',
      country,
      state: 'Greater Accra',
      createdAt: new Date(now - 2 * DAY),
      emailVerified: false,
    });
    esi = await createUser(server.db, {
      name: 'Esi Owusu',
      email: 'ESI.OWUSU@Example.com',
      country,
      state: 'Greater Accra',
      role: 'admin',
      isActive: false,
      createdAt: new Date(now - DAY),
    });
  });

  it('answers the user view, newest first, with the list contract', async () => {
    const response = await get(`/api/admin/users?country=${country}`);
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });
    expect(response.body.data.map((user: { name: string }) => user.name)).toEqual([
      'Esi Owusu',
      'Ama Serwaa',
      'Kofi Mensah',
    ]);
    const view = response.body.data[2];
    expect(view).toEqual({
      _id: kofi.id,
      name: 'Kofi Mensah',
      email: 'kofi.mensah@example.com',
      avatar: 'https://cdn.example.com/kofi.png',
      country: 'Ghana',
      countryCode: 'GH',
      state: 'Ashanti',
      role: 'artist',
      isActive: true,
      bio: 'Highlife guitarist',
      createdAt: kofi.createdAt.toISOString(),
      isVerified: true,
      lastLogin: kofi.lastLogin!.toISOString(),
      deactivatedAt: null,
      erasedAt: null,
    });
    expect(view).not.toHaveProperty('passwordHash');
    expect(response.body.data[1].isVerified).toBe(false);
    const oldestFirst = await get(`/api/admin/users?country=${country}&order=asc`);
    expect(oldestFirst.body.data[0]._id).toBe(kofi.id);
  });

  it('filters by role, state and both', async () => {
    const artists = await get(`/api/admin/users?country=${country}&role=artist`);
    expect(artists.body.data.map((user: { _id: string }) => user._id)).toEqual([kofi.id]);
    const accra = await get(`/api/admin/users?country=${country}&state=Greater%20Accra`);
    expect(accra.body.data.map((user: { _id: string }) => user._id)).toEqual([esi.id, ama.id]);
    const accraAdmins = await get(`/api/admin/users?country=${country}&state=Greater%20Accra&role=admin`);
    expect(accraAdmins.body.data.map((user: { _id: string }) => user._id)).toEqual([esi.id]);
    // `all` and empty mean no role filter, as the spec's client sends them.
    for (const role of ['all', '']) {
      const everyone = await get(`/api/admin/users?country=${country}&role=${role}`);
      expect(everyone.body.pagination.total).toBe(3);
    }
  });

  it('searches part of the name or the e-mail, ignoring case', async () => {
    const byName = await get(`/api/admin/users?country=${country}&search=MENSAH`);
    expect(byName.body.data.map((user: { _id: string }) => user._id)).toEqual([kofi.id]);
    const byEmail = await get(`/api/admin/users?country=${country}&search=esi.owusu@example`);
    expect(byEmail.body.data.map((user: { _id: string }) => user._id)).toEqual([esi.id]);
    const none = await get(`/api/admin/users?country=${country}&search=nobody-like-this`);
    expect(none.body).toMatchObject({ data: [], pagination: { total: 0, pages: 1 } });
  });

  it('matches % and _ in a search as themselves, not as wildcards', async () => {
    const percent = await createUser(server.db, { name: 'Promo 50% Band', country: 'Togo' });
    await createUser(server.db, { name: 'Promo 500 Band', country: 'Togo' });
    const underscore = await createUser(server.db, { name: 'dj_snake', country: 'Togo' });
    await createUser(server.db, { name: 'djXsnake', country: 'Togo' });
    const byPercent = await get(`/api/admin/users?country=Togo&search=${encodeURIComponent('50%')}`);
    expect(byPercent.body.data.map((user: { _id: string }) => user._id)).toEqual([percent.id]);
    const byUnderscore = await get('/api/admin/users?country=Togo&search=dj_');
    expect(byUnderscore.body.data.map((user: { _id: string }) => user._id)).toEqual([underscore.id]);
  });

  it('pages by 20', async () => {
    for (let index = 0; index < 23; index++) await createUser(server.db, { country: 'Mali' });
    const first = await get('/api/admin/users?country=Mali');
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 23, pages: 2 });
    const second = await get('/api/admin/users?country=Mali&page=2');
    expect(second.body.data).toHaveLength(3);
    const ids = new Set([...first.body.data, ...second.body.data].map((user: { _id: string }) => user._id));
    expect(ids.size).toBe(23);
  });

  it('refuses a bad role, page or limit with the message', async () => {
    const role = await get('/api/admin/users?role=superuser');
    expect(role.status).toBe(400);
    expect(role.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Role must be fan, artist or admin',
    });
    expect((await get('/api/admin/users?limit=101')).status).toBe(400);
    expect((await get('/api/admin/users?page=0')).status).toBe(400);
  });
});

describe('the user view’s country code', () => {
  it('is known for every country the registration form offers (the screen draws its flag from it)', () => {
    const countries = JSON.parse(countriesJson()) as Array<{ id: string; name: string }>;
    expect(countries.length).toBeGreaterThan(200);
    for (const country of countries) expect(countryCodeOf(country.name)).toBe(country.id);
    expect(countryCodeOf('Atlantis')).toBeNull();
    expect(countryCodeOf(null)).toBeNull();
  });
});

describe('GET /api/admin/users/stats', () => {
  it('counts users, artists (artiste), active accounts and this month’s new accounts', async () => {
    const before = (await get('/api/admin/users/stats')).body.data;
    const now = server.clock.now();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY);
    await createUser(server.db, { role: 'artist' });
    await createUser(server.db, { role: 'artist', isActive: false, createdAt: lastMonth });
    await createUser(server.db, { role: 'fan', createdAt: lastMonth });
    const response = await get('/api/admin/users/stats');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual(['active', 'artiste', 'newThisMonth', 'total']);
    expect(response.body.data).toEqual({
      total: before.total + 3,
      artiste: before.artiste + 2,
      active: before.active + 2,
      newThisMonth: before.newThisMonth + 1,
    });
  });
});

describe('GET /api/admin/users/filters', () => {
  it('lists the distinct countries and states users registered with, sorted', async () => {
    await createUser(server.db, { country: 'Kenya', state: 'Nairobi County' });
    await createUser(server.db, { country: 'Kenya', state: 'Mombasa County' });
    await createUser(server.db, { country: 'Kenya', state: 'Nairobi County' });
    await createUser(server.db, { country: 'Benin', state: 'Littoral Department' });
    const response = await get('/api/admin/users/filters');
    expect(response.status).toBe(200);
    const { countries, states, countryCodes } = response.body.data;
    expect(countries).toEqual([...new Set(countries)].sort());
    expect(countries).toEqual(expect.arrayContaining(['Benin', 'Kenya']));
    expect(countries.filter((name: string) => name === 'Kenya')).toHaveLength(1);
    expect(states).toEqual(
      expect.arrayContaining(['Littoral Department', 'Mombasa County', 'Nairobi County']),
    );
    expect(countryCodes).toMatchObject({ Kenya: 'KE', Benin: 'BJ' });
  });

  it('offers only the chosen country’s states', async () => {
    const response = await get('/api/admin/users/filters?country=Kenya');
    expect(response.body.data.states).toEqual(['Mombasa County', 'Nairobi County']);
  });
});

describe('PATCH /api/admin/users/{id}/status', () => {
  it('deactivates: audited, every session ended at once, sign-in and votes refused', async () => {
    const fan = await signIn(server, 'fan');
    const category = await createCategory(server.db);
    const song = await createSong(server.db, { categoryId: category.id });
    await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
    const now = server.clock.now().getTime();
    const window = await server.request('PUT', '/api/voting-settings', {
      token: admin.token,
      body: {
        isEnabled: true,
        startDate: new Date(now - DAY).toISOString(),
        endDate: new Date(now + DAY).toISOString(),
      },
    });
    expect(window.status).toBe(200);
    // A second session, and the first one cached by a request: both must end.
    const other = await server.request('POST', '/api/auth/login', {
      body: { email: fan.email, password: fan.password },
    });
    expect((await server.request('GET', '/api/auth/me', { token: fan.token })).status).toBe(200);

    const response = await setStatus(fan.user.id, { isActive: false });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('User deactivated successfully');
    expect(response.body.data).toMatchObject({ _id: fan.user.id, isActive: false });
    expect(response.body.data.deactivatedAt).toBe(server.clock.now().toISOString());

    for (const token of [fan.token, other.body.token as string]) {
      expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(401);
      const vote = await server.request('POST', '/api/votes', { token, body: { songId: song.id } });
      expect(vote.status).toBe(401);
    }
    const open = await server.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, fan.user.id)));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: fan.email, password: fan.password },
    });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({
      code: 'ACCOUNT_DEACTIVATED',
      message: 'Account has been deactivated',
    });

    const [entry] = await auditEntriesFor(fan.user.id);
    expect(entry).toMatchObject({ action: 'user.deactivated', actorId: admin.user.id, targetType: 'user' });
    expect(entry!.ip).toBe('127.0.0.1');
    expect(entry!.details).toEqual({
      before: { role: 'fan', isActive: true, deactivatedAt: null },
      after: { role: 'fan', isActive: false, deactivatedAt: server.clock.now().toISOString() },
    });

    // Reactivated, the fan signs in and votes again; the old sessions stay ended.
    const reactivated = await setStatus(fan.user.id, { isActive: true });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.message).toBe('User reactivated successfully');
    expect(reactivated.body.data).toMatchObject({ isActive: true, deactivatedAt: null });
    expect((await server.request('GET', '/api/auth/me', { token: fan.token })).status).toBe(401);
    const again = await server.request('POST', '/api/auth/login', {
      body: { email: fan.email, password: fan.password },
    });
    expect(again.status).toBe(200);
    const vote = await server.request('POST', '/api/votes', {
      token: again.body.token,
      body: { songId: song.id },
    });
    expect(vote.status).toBe(201);
    const [reactivation] = await auditEntriesFor(fan.user.id);
    expect(reactivation).toMatchObject({ action: 'user.reactivated', actorId: admin.user.id });
    expect(reactivation!.details).toMatchObject({
      before: { isActive: false },
      after: { isActive: true, deactivatedAt: null },
    });
  });

  it('changes nothing and audits nothing when the user is already in that state', async () => {
    const user = await createUser(server.db);
    const response = await setStatus(user.id, { isActive: true });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('User is already active');
    expect(await auditEntriesFor(user.id)).toEqual([]);
  });

  it('refuses deactivating yourself', async () => {
    const response = await setStatus(admin.user.id, { isActive: false });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'CANNOT_CHANGE_OWN_ACCOUNT',
      message: 'You cannot deactivate your own account or remove your own admin role.',
    });
    const [row] = await server.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.isActive).toBe(true);
    expect((await server.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a bad body or id', async () => {
    const unknown = await setStatus(UNKNOWN_ID, { isActive: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'USER_NOT_FOUND', message: 'This user does not exist.' });
    const user = await createUser(server.db);
    for (const body of [{ isActive: 'no' }, {}]) {
      const bad = await setStatus(user.id, body);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'isActive must be true or false' });
    }
    expect((await setStatus('not-a-uuid', { isActive: false })).status).toBe(400);
    expect(await auditEntriesFor(user.id)).toEqual([]);
  });
});

describe('PATCH /api/admin/users/{id}/role', () => {
  it('changes the role at once (the session sees it on its next request), audited', async () => {
    const fan = await signIn(server, 'fan');
    // Cached as a fan by this request.
    expect((await server.request('GET', '/api/admin/users/stats', { token: fan.token })).status).toBe(403);
    const response = await setRole(fan.user.id, { role: 'admin' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Role changed to Admin successfully');
    expect(response.body.data).toMatchObject({ _id: fan.user.id, role: 'admin' });
    expect((await server.request('GET', '/api/admin/users/stats', { token: fan.token })).status).toBe(200);
    const [entry] = await auditEntriesFor(fan.user.id);
    expect(entry).toMatchObject({ action: 'user.role.changed', actorId: admin.user.id });
    expect(entry!.details).toMatchObject({ before: { role: 'fan' }, after: { role: 'admin' } });

    const back = await setRole(fan.user.id, { role: 'artist' });
    expect(back.body.data.role).toBe('artist');
    expect((await server.request('GET', '/api/admin/users/stats', { token: fan.token })).status).toBe(403);
  });

  it('refuses changing your own role', async () => {
    for (const role of ['fan', 'artist']) {
      const response = await setRole(admin.user.id, { role });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('CANNOT_CHANGE_OWN_ACCOUNT');
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.role).toBe('admin');
  });

  it('answers 404 for an unknown user and 400 for a role that does not exist', async () => {
    expect((await setRole(UNKNOWN_ID, { role: 'fan' })).body.code).toBe('USER_NOT_FOUND');
    const user = await createUser(server.db);
    for (const body of [{ role: 'superuser' }, {}]) {
      const bad = await setRole(user.id, body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Role must be fan, artist or admin');
    }
    expect(await auditEntriesFor(user.id)).toEqual([]);
  });
});

describe('DELETE /api/admin/users/{id}/sessions', () => {
  it('signs the user out everywhere, at once, audited; they may sign in again', async () => {
    const fan = await signIn(server, 'fan');
    expect((await server.request('GET', '/api/auth/me', { token: fan.token })).status).toBe(200);
    const response = await endSessions(fan.user.id);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('All sessions of this user have ended');
    expect(response.body.data).toMatchObject({ _id: fan.user.id, isActive: true });
    expect((await server.request('GET', '/api/auth/me', { token: fan.token })).status).toBe(401);
    const [entry] = await auditEntriesFor(fan.user.id);
    expect(entry).toMatchObject({
      action: 'user.sessions.ended',
      actorId: admin.user.id,
      targetType: 'user',
    });
    const again = await server.request('POST', '/api/auth/login', {
      body: { email: fan.email, password: fan.password },
    });
    expect(again.status).toBe(200);
  });

  it('ends your own other sessions but keeps the one you are using', async () => {
    const own = await signIn(server, 'admin');
    const otherDevice = await server.request('POST', '/api/auth/login', {
      body: { email: own.email, password: own.password },
    });
    const response = await endSessions(own.user.id, own.token);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Your other sessions have ended');
    expect((await server.request('GET', '/api/auth/me', { token: own.token })).status).toBe(200);
    const other = await server.request('GET', '/api/auth/me', { token: otherDevice.body.token });
    expect(other.status).toBe(401);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await endSessions(UNKNOWN_ID);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('USER_NOT_FOUND');
  });
});

describe('the last active admin', () => {
  // A server of its own: here the number of admins must be exactly what each test makes it.
  let lone: TestServer;
  beforeAll(async () => {
    lone = await startTestServer();
  });
  afterAll(() => lone.close());

  async function onlyAdmins(count: number) {
    await lone.db.update(users).set({ role: 'fan' }).where(eq(users.role, 'admin'));
    return Promise.all(Array.from({ length: count }, () => signIn(lone, 'admin')));
  }
  const activeAdmins = async () =>
    (
      await lone.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    ).length;

  it('is refused with LAST_ADMIN, even to a request whose sender lost the role meanwhile', async () => {
    const [first, second] = await onlyAdmins(2);
    // The second admin's session is cached as an admin; then their role goes, as if another instance
    // had demoted them an instant ago: their request still gets through the guard.
    expect((await lone.request('GET', '/api/admin/users/stats', { token: second!.token })).status).toBe(200);
    await lone.db.update(users).set({ role: 'fan' }).where(eq(users.id, second!.user.id));
    for (const [path, body] of [
      ['role', { role: 'fan' }],
      ['status', { isActive: false }],
    ] as const) {
      const response = await lone.request('PATCH', `/api/admin/users/${first!.user.id}/${path}`, {
        token: second!.token,
        body,
      });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'LAST_ADMIN',
        message: 'The platform needs at least one active admin. Make another user an admin first.',
      });
    }
    const [row] = await lone.db.select().from(users).where(eq(users.id, first!.user.id));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
    expect(await activeAdmins()).toBe(1);
    expect(await lone.db.select().from(auditLog).where(eq(auditLog.targetId, first!.user.id))).toEqual([]);
  });

  it('does not count inactive admins: demoting one is allowed', async () => {
    const [only] = await onlyAdmins(1);
    const dormant = await createUser(lone.db, { role: 'admin', isActive: false });
    const response = await lone.request('PATCH', `/api/admin/users/${dormant.id}/role`, {
      token: only!.token,
      body: { role: 'fan' },
    });
    expect(response.status).toBe(200);
    expect(await activeAdmins()).toBe(1);
  });

  it('holds when two admins demote or deactivate each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const [first, second] = await onlyAdmins(2);
      const [a, b] = await Promise.all([
        lone.request('PATCH', `/api/admin/users/${second!.user.id}/role`, {
          token: first!.token,
          body: { role: 'artist' },
        }),
        round % 2
          ? lone.request('PATCH', `/api/admin/users/${first!.user.id}/status`, {
              token: second!.token,
              body: { isActive: false },
            })
          : lone.request('PATCH', `/api/admin/users/${first!.user.id}/role`, {
              token: second!.token,
              body: { role: 'fan' },
            }),
      ]);
      const statuses = [a.status, b.status].sort();
      // One goes through; the other is refused: as the last admin's change (409), or because its
      // sender was demoted first and is no admin any more (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const refused = a.status === 200 ? b : a;
      if (refused.status === 409) expect(refused.body.code).toBe('LAST_ADMIN');
      expect(await activeAdmins()).toBe(1);
    }
  });
});
