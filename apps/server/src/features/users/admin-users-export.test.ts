import { createHash } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { finishedDownloadAudit } from '../../test/downloads';
import { createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { USER_EXPORT_BATCH_SIZE } from './export';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
const DAY = 24 * 60 * 60 * 1000;
const HEADER = [
  'Name',
  'Email',
  'Role',
  'Country',
  'State',
  'Status',
  'Email verified',
  'Bio',
  'Registered',
  'Last login',
];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(() => server.close());

/** Downloads the export and answers the response, its bytes and the first sheet's rows as plain values. */
async function download(query: string) {
  const response = await fetch(`${server.baseUrl}/api/admin/export/users?${query}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

async function sheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  return { sheet, rows };
}

/** A row's cells as values, in column order (empty cells as ''). */
function valuesOf(row: ExcelJS.Row) {
  return HEADER.map((_, index) => {
    const value = row.getCell(index + 1).value;
    return value === null || value === undefined ? '' : value;
  });
}

async function latestExportAudit() {
  const [entry] = await server.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'users.exported'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const finishedExportAudit = () => finishedDownloadAudit(server.db, 'users.exported');

describe('GET /api/admin/export/users?format=excel', () => {
  const country = 'Morocco';
  const names = ['=HYPERLINK("http://evil.example","x")', '+2+3', '-1+1', '@SUM(A1:A2)', 'ليلى الفاسي'];

  beforeAll(async () => {
    const base = server.clock.now().getTime() - 30 * DAY;
    for (const [index, name] of names.entries()) {
      await createUser(server.db, {
        name,
        email: `export${index}@example.com`,
        country,
        state: index === 4 ? 'Fès-Meknès' : 'Casablanca-Settat',
        role: index === 1 ? 'artist' : 'fan',
        bio: index === 4 ? 'مغنية من فاس' : '=1+1',
        isActive: index !== 2,
        emailVerified: index !== 3,
        // Oldest first here; the export lists newest first.
        createdAt: new Date(base + index * DAY),
        lastLogin: index === 0 ? new Date(base + 10 * DAY) : null,
      });
    }
  });

  it('streams users-export.xlsx with every field, newest first, formula-safe, and audits it', async () => {
    const { response, bytes } = await download(`format=excel&country=${country}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain('filename="users-export.xlsx"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    const { sheet, rows } = await sheetOf(bytes);
    expect(sheet.name).toBe('Users');
    expect(rows).toHaveLength(1 + names.length);
    expect(valuesOf(rows[0]!)).toEqual(HEADER);
    const base = server.clock.now().getTime() - 30 * DAY;
    const expected = [...names.entries()].reverse().map(([index, name]) => [
      // A leading =, +, - or @ is kept as text behind an apostrophe, never read as a formula.
      /^[=+\-@]/.test(name) ? `'${name}` : name,
      `export${index}@example.com`,
      index === 1 ? 'Artist' : 'Music Fan',
      country,
      index === 4 ? 'Fès-Meknès' : 'Casablanca-Settat',
      index === 2 ? 'Inactive' : 'Active',
      index === 3 ? 'No' : 'Yes',
      index === 4 ? 'مغنية من فاس' : "'=1+1",
      new Date(base + index * DAY).toISOString(),
      index === 0 ? new Date(base + 10 * DAY).toISOString() : '',
    ]);
    expect(rows.slice(1).map(valuesOf)).toEqual(expected);
    for (const row of rows.slice(1)) {
      row.eachCell((cell) => {
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        expect(cell.formula).toBeUndefined();
      });
    }

    const entry = await finishedExportAudit();
    expect(entry).toMatchObject({ action: 'users.exported', actorId: admin.user.id, targetType: 'user' });
    expect(entry!.details).toEqual({
      format: 'excel',
      filters: { country },
      stage: 'completed',
      rowCount: names.length,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    // The export was on record before its first byte was sent.
    const [started] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'users.exported'), lt(auditLog.id, entry!.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(started!.details).toEqual({ format: 'excel', filters: { country }, stage: 'started' });
  });

  it('applies the list’s filters: role, state and search', async () => {
    const artists = await sheetOf((await download(`format=excel&country=${country}&role=artist`)).bytes);
    expect(artists.rows.slice(1).map((row) => row.getCell(1).value)).toEqual(["'+2+3"]);
    const fes = await sheetOf(
      (await download(`format=excel&country=${country}&state=${encodeURIComponent('Fès-Meknès')}`)).bytes,
    );
    expect(fes.rows.slice(1).map((row) => row.getCell(1).value)).toEqual(['ليلى الفاسي']);
    const search = await sheetOf((await download(`format=excel&search=EXPORT3@`)).bytes);
    expect(search.rows.slice(1).map((row) => row.getCell(2).value)).toEqual(['export3@example.com']);
    expect((await finishedExportAudit())!.details).toMatchObject({
      filters: { search: 'EXPORT3@' },
      rowCount: 1,
    });
  });

  it('exports every user across several batches, each exactly once', async () => {
    const count = USER_EXPORT_BATCH_SIZE + 7;
    // Many users created in one statement share one created_at: the keyset's id breaks the tie.
    await server.db.execute(
      sql`insert into users (name, email, country) select 'Batch ' || n, 'batch' || n || '@example.com', 'Chad' from generate_series(1, ${count}) n`,
    );
    const { bytes } = await download('format=excel&country=Chad');
    const { rows } = await sheetOf(bytes);
    expect(rows).toHaveLength(count + 1);
    const emails = rows.slice(1).map((row) => row.getCell(2).value);
    expect(new Set(emails).size).toBe(count);
    expect((await finishedExportAudit())!.details).toMatchObject({ rowCount: count });
    const everyone = await sheetOf((await download('format=excel')).bytes);
    const total = (await server.request('GET', '/api/admin/users/stats', { token: admin.token })).body.data
      .total;
    expect(everyone.rows).toHaveLength(total + 1);
  });

  it('stops reading users when the download is cancelled, and audits what was sent', async () => {
    const count = 20_000;
    await server.db.execute(
      sql`insert into users (name, email, country) select 'Cancel ' || n, 'cancel' || n || '@example.com', 'Niger' from generate_series(1, ${count}) n`,
    );
    const before = await latestExportAudit();
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/admin/export/users?format=excel&country=Niger`, {
      headers: { authorization: `Bearer ${admin.token}` },
      signal: controller.signal,
    });
    await response.body!.getReader().read();
    controller.abort();
    await expect
      .poll(async () => ((await latestExportAudit())!.details as { stage?: string }).stage, {
        timeout: 10_000,
      })
      .toBe('aborted');
    expect((await latestExportAudit())!.id).not.toBe(before!.id);
    const details = (await latestExportAudit())!.details as Record<string, unknown>;
    expect(details).toMatchObject({ completed: false, filters: { country: 'Niger' } });
    expect(details.rowCount).toBeLessThan(count);
    expect((await server.request('GET', '/api/admin/users/stats', { token: admin.token })).status).toBe(200);
  });

  it('refuses another format or none with the message, and audits nothing', async () => {
    const before = await latestExportAudit();
    for (const query of ['format=csv', '']) {
      const response = await server.request('GET', `/api/admin/export/users?${query}`, {
        token: admin.token,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'The export format must be excel',
      });
    }
    const role = await server.request('GET', '/api/admin/export/users?format=excel&role=boss', {
      token: admin.token,
    });
    expect(role.status).toBe(400);
    expect((await latestExportAudit())!.id).toBe(before!.id);
  });
});
