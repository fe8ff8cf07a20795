import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts';
import { createAuditEntry, createCategory } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  await createCategory(server.db, { name: 'Best Newcomer' });
});
afterAll(() => server.close());

const upload = (count: number, prefix: string) =>
  server.request('POST', '/api/admin/bulk-upload/songs', {
    token: admin.token,
    body: {
      songs: Array.from({ length: count }, (_, index) => ({
        title: `${prefix} ${index + 1}`,
        artist: 'Load Artist',
        song_link: `https://www.youtube.com/watch?v=${prefix}${index}`,
        category_name: 'Best Newcomer',
      })),
    },
  });

describe("the dashboard's Recent Activity", () => {
  it('shows a bulk upload as one line with its song count, beside the changes around it', async () => {
    const base = server.clock.now().getTime() - 60 * 60 * 1000;
    await createAuditEntry(server.db, {
      action: 'category.created',
      actorId: admin.user.id,
      targetType: 'category',
      targetId: '00000000-0000-4000-8000-00000000beef',
      after: { name: 'Before the uploads' },
      createdAt: new Date(base),
    });
    expect((await upload(40, 'first')).status).toBe(200);
    expect((await upload(1, 'single')).status).toBe(200);
    expect((await upload(25, 'second')).status).toBe(200);

    const response = await server.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(response.status).toBe(200);
    const lines = response.body.data.recentActivity;
    expect(
      lines.map((line: { action: string; count?: number; target: { label?: string } | null }) => [
        line.action,
        line.count ?? null,
        line.target?.label ?? null,
      ]),
    ).toEqual([
      ['song.bulk-uploaded', 25, null],
      ['song.bulk-created', null, 'single 1'],
      ['song.bulk-uploaded', 40, null],
      ['category.created', null, 'Before the uploads'],
    ]);
    expect(lines[0].description).toBe(`${admin.user.name} added 25 songs by bulk upload`);
    expect(lines[0].actor).toEqual({ name: admin.user.name });
  });
});
