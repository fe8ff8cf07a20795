import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, songs, voteArchive } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createCategory, createSong, createUser, createVote } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let from: { id: string };
let to: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  from = await createCategory(server.db, { name: 'Moved From' });
  to = await createCategory(server.db, { name: 'Moved To' });
});
afterAll(() => server.close());

/** PUT /songs/{id} with the song's own fields and the chosen category. */
async function move(song: typeof songs.$inferSelect, categoryId: string, token = admin.token) {
  const form = new FormData();
  form.append('title', song.title);
  form.append('artist', song.artist);
  form.append('songLink', song.songLink);
  form.append('description', song.description);
  form.append('categoryId', categoryId);
  const response = await fetch(`${server.baseUrl}/api/songs/${song.id}`, {
    method: 'PUT',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as server.request's are
  return { status: response.status, body: (await response.json()) as any };
}

async function categoryOf(id: string) {
  const [row] = await server.db.select({ categoryId: songs.categoryId }).from(songs).where(eq(songs.id, id));
  return row!.categoryId;
}

async function adminCategoryTotals() {
  const response = await server.request('GET', '/api/categories', { token: admin.token });
  const byId = new Map(
    response.body.data.map((category: { _id: string; totalVotes: number }) => [
      category._id,
      category.totalVotes,
    ]),
  );
  return { from: byId.get(from.id), to: byId.get(to.id) };
}

describe('moving a song to another category (Edit Song)', () => {
  it('moves a song nobody voted for, audited with the category before and after', async () => {
    const song = await createSong(server.db, { categoryId: from.id, title: 'Wrong Shelf' });
    const response = await move(song, to.id);
    expect(response.status).toBe(200);
    expect(response.body.data.category).toMatchObject({ _id: to.id, name: 'Moved To' });
    expect(await categoryOf(song.id)).toBe(to.id);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'song.updated'), eq(auditLog.targetId, song.id)))
      .orderBy(desc(auditLog.id));
    expect(entry!.details).toMatchObject({ before: { categoryId: from.id }, after: { categoryId: to.id } });
  });

  it('keeps a song with votes in the category they were cast in, so every total stays exact', async () => {
    const fan = await createUser(server.db, { role: 'fan' });
    const song = await createSong(server.db, { categoryId: from.id, title: 'Voted Here', votes: 1 });
    await createVote(server.db, { userId: fan.id, songId: song.id, categoryId: from.id });
    const before = await adminCategoryTotals();
    const response = await move(song, to.id);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('SONG_HAS_VOTES');
    expect(response.body.message).toContain('Copy it to the other category instead');
    expect(await categoryOf(song.id)).toBe(from.id);
    expect(await adminCategoryTotals()).toEqual(before);

    // Void votes and archived counts were cast in a category too.
    const voided = await createSong(server.db, { categoryId: from.id, title: 'Only Void Votes' });
    await createVote(server.db, {
      userId: fan.id,
      songId: voided.id,
      categoryId: from.id,
      status: 'invalid',
    });
    expect((await move(voided, to.id)).body.code).toBe('SONG_HAS_VOTES');
    const archived = await createSong(server.db, { categoryId: from.id, title: 'Only Archived Votes' });
    await server.db
      .insert(voteArchive)
      .values({ songId: archived.id, categoryId: from.id, status: 'valid', votes: 3 });
    expect((await move(archived, to.id)).body.code).toBe('SONG_HAS_VOTES');
  });

  it('refuses an unknown category and a song the target already holds', async () => {
    const song = await createSong(server.db, { categoryId: from.id, title: 'Twin', artist: 'Same Artist' });
    const unknown = await move(song, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'categoryId' })]);
    await createSong(server.db, { categoryId: to.id, title: 'twin', artist: 'same artist' });
    const twin = await move(song, to.id);
    expect(twin.status).toBe(409);
    expect(twin.body.code).toBe('DUPLICATE_SONG_IN_CATEGORY');
    expect(await categoryOf(song.id)).toBe(from.id);
  });

  it('lets an artist keep the category of their pending song, and only an admin move it', async () => {
    const artist = await signIn(server, 'artist');
    const song = await createSong(server.db, {
      categoryId: from.id,
      title: 'Artist Pending',
      status: 'pending',
      uploaderId: artist.user.id,
    });
    const same = await move(song, from.id, artist.token);
    expect(same.status).toBe(200);
    const moved = await move(song, to.id, artist.token);
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe('SONG_CATEGORY_ADMIN_ONLY');
    expect(await categoryOf(song.id)).toBe(from.id);
  });
});
