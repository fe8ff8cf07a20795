import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signIn } from '../../test/accounts';
import {
  createAuditEntry,
  createCategory,
  createSong,
  createSongApprovalEntries,
  createUser,
  setPlatformTimezone,
} from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { ADMIN_AUDIT_ACTIONS, SECURITY_AUDIT_ACTIONS } from './service';

const MINUTE = 60 * 1000;
/** The entries below are written over the hours before this instant, one a minute. */
const BASE = new Date('2025-11-06T12:00:00Z').getTime();

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let ada: { id: string };
let bola: { id: string };

const list = (query = '') => server.request('GET', `/api/admin/audit${query}`, { token: admin.token });
const labels = (body: { data: Array<{ target: { label: string } | null }> }) =>
  body.data.map((entry) => entry.target?.label);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  ada = await createUser(server.db, { role: 'admin', name: 'Ada Obi', email: 'ada.obi@ovation.test' });
  bola = await createUser(server.db, { role: 'admin', name: 'Bola Ade', email: 'bola@example.com' });
  // 25 song approvals by Ada, one a minute: "Song 0" oldest.
  await createSongApprovalEntries(server.db, ada.id, 25, BASE);
  await createAuditEntry(server.db, {
    action: 'category.updated',
    actorId: bola.id,
    targetType: 'category',
    targetId: '00000000-0000-4000-8000-00000000ca7e',
    ip: '198.51.100.2',
    before: { name: 'Best Afro Song', color: '#3B82F6' },
    after: { name: 'Best Afrobeats Song', color: '#3B82F6' },
    createdAt: new Date(BASE - 10 * MINUTE),
  });
  await createAuditEntry(server.db, {
    action: 'settings.platform.changed',
    actorId: bola.id,
    targetType: 'setting',
    targetId: 'platform',
    details: {
      changes: [{ setting: 'votingSettings.dailyVotesPerCategory', from: 1, to: 3 }],
      votingOpen: true,
    },
    createdAt: new Date(BASE - 5 * MINUTE),
  });
  await createAuditEntry(server.db, {
    action: 'auth.login.failure',
    actorId: bola.id,
    ip: '198.51.100.2',
    details: { email: 'bola@example.com' },
    createdAt: new Date(BASE - 3 * MINUTE),
  });
});
afterAll(() => server.close());

describe('GET /api/admin/audit', () => {
  it('lists the admin changes newest first, 20 a page, each with who, what, when, where and the change', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 27, pages: 2 });
    // Sign-ins and failures are security events: not in the admin trail unless asked for.
    expect(first.body.data.map((entry: { action: string }) => entry.action)).not.toContain(
      'auth.login.failure',
    );
    expect(first.body.data[0]).toEqual({
      _id: expect.any(String),
      action: 'settings.platform.changed',
      actor: { _id: bola.id, name: 'Bola Ade', email: 'bola@example.com' },
      target: { type: 'setting', id: 'platform', label: null },
      ip: null,
      // The list of changed settings reads as a before and an after, like every other change.
      before: { 'votingSettings.dailyVotesPerCategory': 1 },
      after: { 'votingSettings.dailyVotesPerCategory': 3 },
      details: { votingOpen: true },
      createdAt: new Date(BASE - 5 * MINUTE).toISOString(),
    });
    expect(first.body.data[1]).toMatchObject({
      action: 'category.updated',
      target: { type: 'category', label: 'Best Afrobeats Song' },
      before: { name: 'Best Afro Song' },
      after: { name: 'Best Afrobeats Song' },
      ip: '198.51.100.2',
      details: {},
    });
    expect(labels(first.body).slice(2, 4)).toEqual(['Song 24', 'Song 23']);

    const second = await list('?page=2');
    expect(second.body.pagination).toEqual({ page: 2, limit: 20, total: 27, pages: 2 });
    expect(labels(second.body)).toEqual([
      'Song 6',
      'Song 5',
      'Song 4',
      'Song 3',
      'Song 2',
      'Song 1',
      'Song 0',
    ]);

    const oldestFirst = await list('?order=asc&limit=2');
    expect(labels(oldestFirst.body)).toEqual(['Song 0', 'Song 1']);
  });

  it('filters by action, security events included when chosen', async () => {
    const approvals = await list('?action=song.approved');
    expect(approvals.body.pagination.total).toBe(25);
    const failures = await list('?action=auth.login.failure');
    expect(failures.body.data).toEqual([
      expect.objectContaining({
        action: 'auth.login.failure',
        actor: expect.objectContaining({ name: 'Bola Ade' }),
        target: null,
        details: { email: 'bola@example.com' },
      }),
    ]);
  });

  it('filters by actor: an id, or part of a name or e-mail in any case', async () => {
    expect((await list(`?actor=${bola.id}`)).body.pagination.total).toBe(2);
    expect((await list('?actor=ada%20OBI')).body.pagination.total).toBe(25);
    expect((await list('?actor=EXAMPLE.com')).body.pagination.total).toBe(2);
    // LIKE's wildcards are matched as they are.
    expect((await list('?actor=%25')).body.pagination.total).toBe(0);
    expect((await list('?actor=nobody')).body.data).toEqual([]);
    expect((await list('?actor=bola&action=song.approved')).body.pagination.total).toBe(0);
  });

  it('filters by dates in the platform’s timezone, the last day included whole', async () => {
    await setPlatformTimezone(server.db, 'Africa/Lagos');
    const late = await createAuditEntry(server.db, {
      action: 'category.created',
      actorId: ada.id,
      targetType: 'category',
      after: { name: 'Late Category' },
      // 00:30 on Friday 7 November in Lagos, still Thursday in UTC.
      createdAt: new Date('2025-11-06T23:30:00Z'),
    });
    try {
      const friday = await list('?from=2025-11-07');
      expect(friday.body.data.map((entry: { _id: string }) => entry._id)).toEqual([String(late.id)]);
      // `to` Thursday covers all of Thursday in Lagos, up to 23:59:59, and not Friday 00:30.
      const thursday = await list('?from=2025-11-06&to=2025-11-06');
      expect(thursday.body.pagination.total).toBe(27);
      // The entries span 11:00 to 11:55 UTC, 12:00 to 12:55 in Lagos.
      expect((await list('?to=2025-11-05')).body.pagination.total).toBe(0);
      expect((await list('?from=2025-11-01&to=2025-11-30')).body.pagination.total).toBe(28);
      expect((await list('?from=&to=')).body.pagination.total).toBe(28);
    } finally {
      await setPlatformTimezone(server.db, 'UTC');
    }
  });

  it('refuses bad dates, a range that ends before it starts, an unknown action and a page too large', async () => {
    for (const query of [
      '?from=2025-13-01',
      '?to=2025-02-30',
      '?from=yesterday',
      '?from=2025-11-06T10:00:00Z',
    ]) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Please enter a valid date and time',
        errors: [expect.objectContaining({ key: 'validation.dateInvalid' })],
      });
    }
    const backwards = await list('?from=2025-11-07&to=2025-11-06');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      {
        field: 'to',
        key: 'validation.dateRangeInvalid',
        message: 'The end date must be on or after the start date',
      },
    ]);
    const unknown = await list('?action=song.sung');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      {
        field: 'action',
        key: 'validation.auditActionInvalid',
        message: 'Please choose an action from the list',
      },
    ]);
    expect((await list('?limit=101')).status).toBe(400);
    expect((await list('?page=0')).status).toBe(400);
  });

  it('shows an entry whose actor was deleted, without the actor', async () => {
    const gone = await createUser(server.db, { role: 'admin', name: 'Gone Admin' });
    await createAuditEntry(server.db, {
      action: 'user.role.changed',
      actorId: gone.id,
      targetType: 'user',
      targetId: ada.id,
      before: { name: 'Ada Obi', role: 'fan' },
      after: { name: 'Ada Obi', role: 'admin' },
      createdAt: new Date(BASE),
    });
    await server.db.delete(users).where(eq(users.id, gone.id));
    const [entry] = (await list('?action=user.role.changed')).body.data;
    expect(entry).toMatchObject({ actor: null, target: { type: 'user', id: ada.id, label: 'Ada Obi' } });
  });

  it('lists a real approval with its before and after', async () => {
    const category = await createCategory(server.db);
    const song = await createSong(server.db, {
      categoryId: category.id,
      status: 'pending',
      title: 'Essence',
    });
    const verify = await server.request('PUT', `/api/admin/songs/${song.id}/verify`, {
      token: admin.token,
      body: { action: 'approve' },
    });
    expect(verify.status).toBe(200);
    const [entry] = (await list(`?action=song.approved&actor=${admin.user.id}`)).body.data;
    expect(entry).toMatchObject({
      actor: { _id: admin.user.id, email: admin.email },
      target: { type: 'song', id: song.id, label: 'Essence' },
      ip: '127.0.0.1',
      before: { title: 'Essence', status: 'pending' },
      after: { title: 'Essence', status: 'approved' },
    });
  });
});

describe('GET /api/admin/audit/actions', () => {
  it('lists the actions the filter offers and the timezone its dates are read in', async () => {
    const response = await server.request('GET', '/api/admin/audit/actions', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      admin: [...ADMIN_AUDIT_ACTIONS],
      security: [...SECURITY_AUDIT_ACTIONS],
      timezone: 'UTC',
    });
    expect(response.body.data.admin).toContain('song.approved');
  });
});
