import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createAuditEntry, createSongApprovalEntries, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

const MINUTE = 60 * 1000;
const BASE = new Date('2025-11-06T12:00:00Z').getTime();

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let ada: { id: string };

/** GET /api/admin/audit/export as the admin: the status, the headers and the file's text. */
async function exportCsv(query = '') {
  return server.request('GET', `/api/admin/audit/export${query}`, { token: admin.token });
}

/** The CSV's rows as cells (no quoted line breaks in these entries), BOM and final CRLF dropped. */
function rowsOf(text: string) {
  const cells = (line: string) => {
    const out: string[] = [];
    let cell = '';
    let quoted = false;
    for (let index = 0; index < line.length; index++) {
      const char = line[index]!;
      if (quoted && char === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = !quoted;
      else if (char === ',' && !quoted) {
        out.push(cell);
        cell = '';
      } else cell += char;
    }
    out.push(cell);
    return out;
  };
  return text
    .replace(/^\ufeff/, '')
    .replace(/\r\n$/, '')
    .split('\r\n')
    .map(cells);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  ada = await createUser(server.db, { role: 'admin', name: 'Ada Obi', email: 'ada.obi@ovation.test' });
  await createSongApprovalEntries(server.db, ada.id, 3, BASE);
  // A title and a reason written to start formulas when a spreadsheet opens the file.
  await createAuditEntry(server.db, {
    action: 'song.rejected',
    actorId: ada.id,
    targetType: 'song',
    targetId: '00000000-0000-4000-8000-0000000000ff',
    ip: '203.0.113.7',
    before: { title: '=HYPERLINK("http://evil.example","Click")', status: 'pending' },
    after: { title: '=HYPERLINK("http://evil.example","Click")', status: 'rejected' },
    details: { reason: '+cmd|/C calc!A0' },
    createdAt: new Date(BASE - 5 * MINUTE),
  });
  // The day before: outside a one-day range.
  await createAuditEntry(server.db, {
    action: 'category.updated',
    actorId: admin.user.id,
    targetType: 'category',
    targetId: '00000000-0000-4000-8000-00000000ca7e',
    before: { name: 'Best Afro Song' },
    after: { name: 'Best Afrobeats Song' },
    createdAt: new Date(BASE - 24 * 60 * MINUTE),
  });
});
afterAll(() => server.close());

describe('GET /api/admin/audit/export', () => {
  it('downloads every matching entry as a dated CSV, newest first, with the list’s columns', async () => {
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/audit-log-\d{4}-\d{2}-\d{2}\.csv/);
    // The BOM (for spreadsheet programs) is dropped by fetch's text(): the checksum below counts it.
    const [header, ...rows] = rowsOf(response.body as string);
    expect(header).toEqual([
      'Date (UTC)',
      'Action',
      'Actor',
      'Actor email',
      'Target type',
      'Target',
      'Target id',
      'IP address',
      'Before',
      'After',
      'Details',
    ]);
    expect(rows.map((row) => row[1])).toEqual([
      'song.rejected',
      'song.approved',
      'song.approved',
      'song.approved',
      'category.updated',
    ]);
    expect(rows[1]).toEqual([
      new Date(BASE - 58 * MINUTE).toISOString(),
      'song.approved',
      'Ada Obi',
      'ada.obi@ovation.test',
      'song',
      'Song 2',
      '00000000-0000-4000-8000-000000000002',
      '203.0.113.7',
      '{"title":"Song 2","status":"pending"}',
      '{"title":"Song 2","status":"approved"}',
      '',
    ]);
  });

  it('applies the list’s filters: action, actor and dates', async () => {
    const approvals = rowsOf((await exportCsv('?action=song.approved')).body as string).slice(1);
    expect(approvals).toHaveLength(3);
    expect(new Set(approvals.map((row) => row[1]))).toEqual(new Set(['song.approved']));
    const byAda = rowsOf((await exportCsv('?actor=ada.obi')).body as string).slice(1);
    expect(byAda).toHaveLength(4);
    const oneDay = rowsOf((await exportCsv('?from=2025-11-05&to=2025-11-05')).body as string).slice(1);
    expect(oneDay.map((row) => row[1])).toEqual(['category.updated']);
    const refused = await exportCsv('?action=song.sung');
    expect(refused.status).toBe(400);
    const backwards = await exportCsv('?from=2025-11-06&to=2025-11-05');
    expect(backwards.status).toBe(400);
  });

  it('neutralises every cell a spreadsheet would read as a formula', async () => {
    const text = (await exportCsv('?action=song.rejected')).body as string;
    const [, row] = rowsOf(text);
    expect(row![5]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(row![10]).toBe('{"reason":"+cmd|/C calc!A0"}');
    for (const cell of row!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // Nowhere in the file does a cell begin with a formula character.
    expect(text).not.toMatch(/(^|,)"?[=+@]/m);
  });

  it('is audited itself: audit.exported with the filters, the row count and the file’s SHA-256', async () => {
    const response = await exportCsv('?action=song.approved&actor=ada');
    // fetch's text() drops the file's BOM: put it back to hash the bytes sent.
    const body = Buffer.from(`\ufeff${response.body as string}`, 'utf8');
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.exported'), eq(auditLog.actorId, admin.user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      details: {
        stage: 'completed',
        rowCount: 3,
        filters: { action: 'song.approved', actor: 'ada' },
        sha256: createHash('sha256').update(body).digest('hex'),
        filename: expect.stringMatching(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/),
      },
    });
    // The export is an admin change the audit screen lists and can filter by.
    const listed = await server.request('GET', '/api/admin/audit?action=audit.exported', {
      token: admin.token,
    });
    expect(listed.body.data[0]).toMatchObject({ action: 'audit.exported', actor: { _id: admin.user.id } });
  });

  it('refuses guests (401) and fans (403)', async () => {
    expect((await server.request('GET', '/api/admin/audit/export')).status).toBe(401);
    const fan = await signIn(server, 'fan');
    expect((await server.request('GET', '/api/admin/audit/export', { token: fan.token })).status).toBe(403);
  });
});

describe('what a settings change line carries', () => {
  it('gives the dashboard’s Recent Activity and the audit list each changed setting, from what, to what', async () => {
    await createAuditEntry(server.db, {
      action: 'settings.platform.changed',
      actorId: ada.id,
      targetType: 'setting',
      targetId: 'platform',
      details: {
        changes: [
          { setting: 'votingSettings.dailyVotesPerCategory', from: 3, to: 1 },
          { setting: 'deviceRestrictions.enabled', from: false, to: true },
        ],
      },
      createdAt: new Date(server.clock.now().getTime() + MINUTE),
    });
    const dashboard = await server.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(dashboard.body.data.recentActivity[0]).toMatchObject({
      action: 'settings.platform.changed',
      target: { type: 'setting', id: 'platform' },
      before: { 'votingSettings.dailyVotesPerCategory': 3, 'deviceRestrictions.enabled': false },
      after: { 'votingSettings.dailyVotesPerCategory': 1, 'deviceRestrictions.enabled': true },
    });
    const listed = await server.request('GET', '/api/admin/audit?action=settings.platform.changed', {
      token: admin.token,
    });
    expect(listed.body.data[0].after).toEqual({
      'votingSettings.dailyVotesPerCategory': 1,
      'deviceRestrictions.enabled': true,
    });
  });
});
