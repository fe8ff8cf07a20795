import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, songs } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createCategory, createSong } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let category: { id: string; name: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  category = await createCategory(server.db, { name: 'Best Previewed Song' });
});
afterAll(() => server.close());

const LINK = 'https://www.youtube.com/watch?v=abcdefghijk';
const FILE = [
  'title,artist,song_link,category_name',
  `Preview One,Ayo,${LINK},Best Previewed Song`,
  `Preview Two,Bisi,${LINK},Best Previewed Song`,
  `Preview Taken,Chidi,${LINK},Best Previewed Song`,
  `Preview Nowhere,Dayo,${LINK},No Such Category`,
  `Preview One,Ayo,${LINK},Best Previewed Song`,
].join('\n');

async function upload(query: string) {
  const form = new FormData();
  form.append('file', new Blob([FILE], { type: 'text/csv' }), 'songs.csv');
  const response = await fetch(`${server.baseUrl}/api/admin/bulk-upload/songs${query}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as server.request's are
  return { status: response.status, body: (await response.json()) as any };
}

const previewSongs = () => server.db.select().from(songs).where(like(songs.title, 'Preview %'));

describe('POST /api/admin/bulk-upload/songs?dryRun=true', () => {
  it('checks every row as the upload does and stores nothing; the real upload then matches it', async () => {
    await createSong(server.db, { categoryId: category.id, title: 'Preview Taken', artist: 'Chidi' });
    const auditsBefore = (await server.db.select().from(auditLog)).length;

    const preview = await upload('?dryRun=true');
    expect(preview.status).toBe(200);
    expect(preview.body.message).toBe(
      'Preview: 2 songs would be created, 3 rows refused. Nothing was stored.',
    );
    expect(preview.body.data).toMatchObject({ dryRun: true, total: 5 });
    expect(preview.body.data.successful).toEqual([
      { index: 1, _id: '', title: 'Preview One' },
      { index: 2, _id: '', title: 'Preview Two' },
    ]);
    expect(
      preview.body.data.failed.map((failure: { index: number; code: string }) => [
        failure.index,
        failure.code,
      ]),
    ).toEqual([
      [3, 'DUPLICATE_SONG_IN_CATEGORY'],
      [4, 'UNKNOWN_CATEGORY'],
      [5, 'DUPLICATE_SONG_IN_CATEGORY'],
    ]);
    expect((await previewSongs()).map((song) => song.title)).toEqual(['Preview Taken']);
    expect((await server.db.select().from(auditLog)).length).toBe(auditsBefore);

    const real = await upload('?dryRun=false');
    expect(real.status).toBe(200);
    expect(real.body.data.dryRun).toBe(false);
    expect(real.body.data.successful.map((row: { index: number }) => row.index)).toEqual([1, 2]);
    expect(real.body.data.failed).toEqual(preview.body.data.failed);
    const stored = await server.db
      .select()
      .from(songs)
      .where(inArray(songs.title, ['Preview One', 'Preview Two']));
    expect(stored).toHaveLength(2);
  });

  it('refuses a dryRun that is not true or false', async () => {
    const response = await upload('?dryRun=maybe');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });
});
