import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let fan: Awaited<ReturnType<typeof signIn>>;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  fan = await signIn(server, 'fan');
});
afterAll(() => server.close());

const hoursAgo = (hours: number) => new Date(server.clock.now().getTime() - hours * HOUR).toISOString();
const record = (body: Record<string, unknown>, token = admin.token) =>
  server.request('POST', '/api/admin/breaches', { token, body });

describe('the breach register', () => {
  it('is for admins only', async () => {
    expect((await server.request('GET', '/api/admin/breaches')).status).toBe(401);
    expect((await server.request('GET', '/api/admin/breaches', { token: fan.token })).status).toBe(403);
    expect((await record({ foundAt: hoursAgo(1), summary: 'x', affected: 'y' }, fan.token)).status).toBe(403);
  });

  it('records a breach with its 72-hour deadline, audited, and lists it newest found first', async () => {
    const older = await record({
      foundAt: hoursAgo(100),
      summary: 'A laptop was stolen',
      affected: 'Nobody: the disk was encrypted',
    });
    expect(older.status).toBe(201);
    const created = await record({
      foundAt: hoursAgo(2),
      summary: 'An export of users was e-mailed to the wrong address',
      affected: '120 fans from Lagos: names and e-mail addresses',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Breach recorded: the notice is due within 72 hours of its discovery');
    expect(created.body.data).toMatchObject({
      noticeDeadline: new Date(Date.parse(hoursAgo(2)) + 72 * HOUR).toISOString(),
      notifiedAt: null,
      recordedBy: { _id: admin.user.id },
    });
    const list = await server.request('GET', '/api/admin/breaches', { token: admin.token });
    expect(list.body.pagination).toMatchObject({ page: 1, total: 2 });
    expect(list.body.data.map((entry: { _id: string }) => entry._id)).toEqual([
      created.body.data._id,
      older.body.data._id,
    ]);
    const audited = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'breach.recorded'), eq(auditLog.targetId, created.body.data._id)));
    expect(audited).toHaveLength(1);
  });

  it('refuses an empty description and a time in the future, on their fields', async () => {
    const empty = await record({ foundAt: hoursAgo(1), summary: '  ', affected: 'someone' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ field: 'summary', key: 'validation.breachSummaryRequired' });
    const future = await record({
      foundAt: new Date(Date.now() + 48 * HOUR).toISOString(),
      summary: 'x',
      affected: 'y',
    });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ code: 'BREACH_TIME_IN_FUTURE', errors: [{ field: 'foundAt' }] });
  });

  it('records the notification once, audited; a second is refused', async () => {
    const created = await record({ foundAt: hoursAgo(10), summary: 'Leaked token', affected: 'One admin' });
    const id = created.body.data._id as string;
    const notify = (token = admin.token) =>
      server.request('PATCH', `/api/admin/breaches/${id}/notification`, {
        token,
        body: { notifiedAt: hoursAgo(1), notification: 'Form sent to the NDPC, reference 2026/117' },
      });
    const done = await notify();
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      notifiedAt: hoursAgo(1),
      notification: 'Form sent to the NDPC, reference 2026/117',
    });
    expect((await notify()).body.code).toBe('BREACH_ALREADY_NOTIFIED');
    const missing = await server.request(
      'PATCH',
      '/api/admin/breaches/00000000-0000-4000-8000-000000000000/notification',
      {
        token: admin.token,
        body: { notifiedAt: hoursAgo(1), notification: 'x' },
      },
    );
    expect(missing.status).toBe(404);
  });
});
