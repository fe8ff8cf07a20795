import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(() => server.close());

const day = (daysAgo: number) =>
  new Date(server.clock.now().getTime() - daysAgo * DAY).toISOString().slice(0, 10);
const requests = (userId: string) =>
  server.request('GET', `/api/admin/users/${userId}/privacy-requests`, { token: admin.token });

describe("answering a user's request about their data", () => {
  it('is for admins only', async () => {
    const fan = await signIn(server, 'fan');
    const other = await signIn(server, 'fan');
    const refused = await server.request(
      'POST',
      `/api/admin/users/${other.user.id}/privacy-requests/access`,
      {
        token: fan.token,
        body: { receivedAt: day(1) },
      },
    );
    expect(refused.status).toBe(403);
  });

  it('sends a copy of their data and records the request, received and answered, audited', async () => {
    const fan = await signIn(server, 'fan');
    const response = await fetch(`${server.baseUrl}/api/admin/users/${fan.user.id}/privacy-requests/access`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ receivedAt: day(3) }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="ovation-my-data-/);
    const file = JSON.parse(await response.text());
    expect(file.profile).toMatchObject({ id: fan.user.id, email: fan.email });

    const listed = await requests(fan.user.id);
    const receivedAt = new Date(`${day(3)}T00:00:00Z`);
    expect(listed.body.data).toEqual([
      {
        _id: expect.any(String),
        kind: 'access',
        receivedAt: receivedAt.toISOString(),
        answerDueBy: new Date(receivedAt.getTime() + 30 * DAY).toISOString(),
        answeredAt: server.clock.now().toISOString(),
        answeredBy: { _id: admin.user.id, name: admin.user.name },
      },
    ]);
    const audited = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'privacy.access.answered'), eq(auditLog.targetId, fan.user.id)));
    expect(audited).toHaveLength(1);
  });

  it('deletes their account as if they had (restorable by signing in within 30 days), recorded', async () => {
    const fan = await signIn(server, 'fan');
    const deleted = await server.request(
      'POST',
      `/api/admin/users/${fan.user.id}/privacy-requests/deletion`,
      {
        token: admin.token,
        body: { receivedAt: day(0) },
      },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.restorableUntil).toBe(
      new Date(server.clock.now().getTime() + 30 * DAY).toISOString(),
    );
    expect((await server.request('GET', '/api/auth/me', { token: fan.token })).status).toBe(401);
    expect((await requests(fan.user.id)).body.data[0]).toMatchObject({ kind: 'deletion' });

    const back = await server.request('POST', '/api/auth/login', {
      body: { email: fan.email, password: fan.password },
    });
    expect(back.status).toBe(200);
    expect(back.body.accountRestored).toBe(true);
  });

  it('refuses a day in the future or over a year ago, and an admin deleting their own account this way', async () => {
    const fan = await signIn(server, 'fan');
    for (const receivedAt of [day(-2), day(400), 'yesterday']) {
      const refused = await server.request(
        'POST',
        `/api/admin/users/${fan.user.id}/privacy-requests/deletion`,
        {
          token: admin.token,
          body: { receivedAt },
        },
      );
      expect(refused.status).toBe(400);
    }
    const own = await server.request('POST', `/api/admin/users/${admin.user.id}/privacy-requests/deletion`, {
      token: admin.token,
      body: { receivedAt: day(1) },
    });
    expect(own.status).toBe(403);
    expect((await requests(admin.user.id)).body.data).toEqual([]);
  });
});
