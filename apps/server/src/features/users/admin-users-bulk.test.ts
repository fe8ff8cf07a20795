import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(() => server.close());

const bulk = (body: unknown, token = admin.token) =>
  server.request('POST', '/api/admin/users/bulk', { token, body });
const me = (token: string) => server.request('GET', '/api/auth/me', { token });

function auditEntries(action: string, ids: string[]) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), inArray(auditLog.targetId, ids)));
}

type Result = { _id: string; outcome: string; reason: string | null; user: { isActive: boolean } | null };
const resultOf = (body: { data: { results: Result[] } }, id: string) =>
  body.data.results.find((result) => result._id === id);

describe('POST /api/admin/users/bulk', () => {
  it('deactivates several users at once: sessions end, one audit entry each, marked bulk', async () => {
    const fan = await signIn(server, 'fan');
    const artist = await signIn(server, 'artist');
    const ids = [fan.user.id, artist.user.id];
    const response = await bulk({ action: 'deactivate', userIds: ids });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ action: 'deactivate', done: 2, unchanged: 0, skipped: 0 });
    for (const id of ids) {
      expect(resultOf(response.body, id)).toMatchObject({
        outcome: 'done',
        reason: null,
        user: { isActive: false },
      });
    }
    expect((await me(fan.token)).status).toBe(401);
    expect((await me(artist.token)).status).toBe(401);
    const entries = await auditEntries('user.deactivated', ids);
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'user' });
      expect(entry.details).toMatchObject({
        bulk: true,
        before: { isActive: true },
        after: { isActive: false },
      });
    }

    // Again: nothing left to change, nothing audited.
    const again = await bulk({ action: 'deactivate', userIds: ids });
    expect(again.body.data).toMatchObject({ done: 0, unchanged: 2, skipped: 0 });
    expect(await auditEntries('user.deactivated', ids)).toHaveLength(2);

    const back = await bulk({ action: 'reactivate', userIds: ids });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ action: 'reactivate', done: 2 });
    expect(await auditEntries('user.reactivated', ids)).toHaveLength(2);
    const rows = await server.db.select().from(users).where(inArray(users.id, ids));
    expect(rows.every((row) => row.isActive && row.deactivatedAt === null)).toBe(true);
  });

  it('refuses to deactivate the caller themself, skipped with the reason, the others done', async () => {
    const fan = await signIn(server, 'fan');
    const response = await bulk({ action: 'deactivate', userIds: [admin.user.id, fan.user.id] });
    expect(response.status).toBe(200);
    expect(resultOf(response.body, admin.user.id)).toMatchObject({
      outcome: 'skipped',
      reason: 'CANNOT_CHANGE_OWN_ACCOUNT',
      user: { isActive: true },
    });
    expect(resultOf(response.body, fan.user.id)).toMatchObject({ outcome: 'done' });
    expect((await me(admin.token)).status).toBe(200);
    expect(await auditEntries('user.deactivated', [admin.user.id])).toEqual([]);
  });

  it('skips erased accounts and unknown ids with their reasons', async () => {
    const erased = await createUser(server.db, {
      isActive: false,
      deactivatedAt: new Date('2026-01-01T00:00:00Z'),
      erasedAt: new Date('2026-02-01T00:00:00Z'),
    });
    const fan = await createUser(server.db, { isActive: false });
    for (const action of ['reactivate', 'endSessions'] as const) {
      const response = await bulk({ action, userIds: [erased.id, UNKNOWN_ID, fan.id] });
      expect(response.status).toBe(200);
      expect(resultOf(response.body, erased.id)).toMatchObject({
        outcome: 'skipped',
        reason: 'ACCOUNT_ERASED',
      });
      expect(resultOf(response.body, UNKNOWN_ID)).toEqual({
        _id: UNKNOWN_ID,
        outcome: 'skipped',
        reason: 'USER_NOT_FOUND',
        user: null,
      });
      expect(resultOf(response.body, fan.id)).toMatchObject({ outcome: 'done' });
      expect(response.body.data.skipped).toBe(2);
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, erased.id));
    expect(row?.isActive).toBe(false);
    expect(await auditEntries('user.reactivated', [erased.id])).toEqual([]);
  });

  it('ends sessions of several users, audited each; the caller keeps the session in use', async () => {
    const fan = await signIn(server, 'fan');
    const own = await signIn(server, 'admin');
    const otherDevice = await server.request('POST', '/api/auth/login', {
      body: { email: own.email, password: own.password },
    });
    const response = await bulk({ action: 'endSessions', userIds: [fan.user.id, own.user.id] }, own.token);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ action: 'endSessions', done: 2 });
    expect(resultOf(response.body, fan.user.id)).toMatchObject({ user: { isActive: true } });
    expect((await me(fan.token)).status).toBe(401);
    expect((await me(otherDevice.body.token)).status).toBe(401);
    expect((await me(own.token)).status).toBe(200);
    const entries = await auditEntries('user.sessions.ended', [fan.user.id, own.user.id]);
    expect(entries).toHaveLength(2);
    expect(entries.find((entry) => entry.targetId === own.user.id)?.details).toMatchObject({
      bulk: true,
      keptCurrentSession: true,
    });
  });

  it('refuses a malformed request with 400 and changes nothing', async () => {
    const fan = await createUser(server.db);
    const tooMany = Array.from(
      { length: 101 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    for (const body of [
      { action: 'delete', userIds: [fan.id] },
      { action: 'deactivate', userIds: [] },
      { action: 'deactivate', userIds: ['not-an-id'] },
      { action: 'deactivate', userIds: tooMany },
      { action: 'deactivate' },
    ]) {
      const response = await bulk(body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, fan.id));
    expect(row?.isActive).toBe(true);
  });

  it('is for admins only', async () => {
    const fan = await signIn(server, 'fan');
    expect((await bulk({ action: 'deactivate', userIds: [fan.user.id] }, fan.token)).status).toBe(403);
    expect((await server.request('POST', '/api/admin/users/bulk', { body: {} })).status).toBe(401);
  });
});
