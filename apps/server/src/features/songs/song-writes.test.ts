import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, images, songs, songVoteTallies, votes } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createCategory, createSong, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { storedFile } from '../../test/stored-files';

let server: TestServer;
let category: { id: string };
let otherCategory: { id: string };
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  category = await createCategory(server.db, { name: 'Best Newcomer' });
  otherCategory = await createCategory(server.db, { name: 'Best Collaboration' });
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d97706' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-camera' } } })
    .png()
    .toBuffer();
});
afterAll(() => server.close());

function uploadForm(
  image: { bytes: Buffer; name: string; type: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  const values = {
    title: 'Water',
    category: category.id,
    songLink: 'https://open.spotify.com/track/5FG7Tl93LdH117jEKYl3Cm',
    tags: 'amapiano, dance',
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

/**
 * Forces the race of a category delete with a song going in: just before the upload's next transaction
 * (after its checks), an admin deletes the category through the API. Answers the delete's status.
 */
function deleteCategoryBeforeNextTransaction(categoryId: string, token: string) {
  const transaction = server.db.transaction.bind(server.db);
  return new Promise<number>((resolve) => {
    const spy = vi.spyOn(server.db, 'transaction').mockImplementation(async (...args) => {
      spy.mockRestore();
      const deleted = await server.request('DELETE', `/api/categories/${categoryId}`, { token });
      resolve(deleted.status);
      return transaction(...args);
    });
  });
}

async function upload(token: string | undefined, form: FormData) {
  const response = await fetch(`${server.baseUrl}/api/songs`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('POST /api/songs (upload)', () => {
  it('accepts a real PNG, re-encodes it to WebP without metadata, and keeps the song pending', async () => {
    const artist = await signIn(server, 'artist');
    const response = await upload(
      artist.token,
      uploadForm({ bytes: png, name: 'cover.png', type: 'image/png' }, { artist: '' }),
    );
    expect(response.status).toBe(201);
    const song = response.body.data;
    expect(song).toMatchObject({
      title: 'Water',
      status: 'pending',
      linkKind: 'spotify',
      tags: ['amapiano', 'dance'],
    });
    expect(song.artist).toBe(artist.user.name);
    expect(song.cover.srcSet).toContain('160w');
    const file = await storedFile(server, song.albumCover);
    const metadata = await sharp(file).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(320);
    expect(metadata.height).toBe(320);
    expect(metadata.exif).toBeUndefined();

    const publicList = await server.request('GET', `/api/songs?category=${category.id}`);
    expect(publicList.body.data).toHaveLength(0);
    const mine = await server.request('GET', '/api/songs/artist/me', { token: artist.token });
    expect(
      mine.body.data.map((item: { title: string; status: string }) => [item.title, item.status]),
    ).toEqual([['Water', 'pending']]);
  });

  it('refuses a text field PostgreSQL cannot store (NUL) with 400, storing nothing', async () => {
    const artist = await signIn(server, 'artist');
    const response = await upload(
      artist.token,
      uploadForm({ bytes: png, name: 'cover.png', type: 'image/png' }, { title: 'Wa\u0000ter' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_CHARACTERS');
    const mine = await server.request('GET', '/api/songs/artist/me', { token: artist.token });
    expect(mine.body.data).toEqual([]);
  });

  it('refuses a text file renamed to .png', async () => {
    const artist = await signIn(server, 'artist');
    const bytes = Buffer.from('just some text pretending to be an image');
    const response = await upload(artist.token, uploadForm({ bytes, name: 'cover.png', type: 'image/png' }));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('IMAGE_INVALID');
  });

  it('refuses an SVG carrying a script', async () => {
    const artist = await signIn(server, 'artist');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const response = await upload(
      artist.token,
      uploadForm({ bytes: svg, name: 'cover.svg', type: 'image/svg+xml' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('IMAGE_INVALID');
  });

  it('refuses a 6 MB image with 413', async () => {
    const artist = await signIn(server, 'artist');
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length, 1)]);
    const response = await upload(
      artist.token,
      uploadForm({ bytes: big, name: 'big.png', type: 'image/png' }),
    );
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('IMAGE_TOO_LARGE');
  });

  it('needs a cover, a title, a category and an http(s) link', async () => {
    const artist = await signIn(server, 'artist');
    const noImage = await upload(artist.token, uploadForm(null));
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toBe('Please select an album cover');
    const badLink = await upload(
      artist.token,
      uploadForm({ bytes: png, name: 'c.png', type: 'image/png' }, { songLink: 'javascript:alert(1)' }),
    );
    expect(badLink.status).toBe(400);
    expect(badLink.body.errors[0]).toMatchObject({
      field: 'songLink',
      message: 'Please enter a valid http(s) link',
    });
    const noTitle = await upload(
      artist.token,
      uploadForm({ bytes: png, name: 'c.png', type: 'image/png' }, { title: ' ' }),
    );
    expect(noTitle.body.errors[0]).toMatchObject({ field: 'title', message: 'Title is required' });
  });

  it('is for artists and admins only', async () => {
    const fan = await signIn(server, 'fan');
    expect(
      (await upload(fan.token, uploadForm({ bytes: png, name: 'c.png', type: 'image/png' }))).status,
    ).toBe(403);
    expect(
      (await upload(undefined, uploadForm({ bytes: png, name: 'c.png', type: 'image/png' }))).status,
    ).toBe(401);
  });

  it('publishes an admin upload at once, audited as song.created; an artist upload is not an admin write', async () => {
    const admin = await signIn(server, 'admin');
    const response = await upload(
      admin.token,
      uploadForm({ bytes: png, name: 'c.png', type: 'image/png' }, { title: 'Admin pick' }),
    );
    expect(response.body.data.status).toBe('approved');
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, response.body.data._id));
    expect(entries).toMatchObject([
      { action: 'song.created', actorId: admin.user.id, targetType: 'song', ip: expect.any(String) },
    ]);
    expect((entries[0]!.details as { after: { title: string; status: string } }).after).toMatchObject({
      title: 'Admin pick',
      status: 'approved',
    });

    const artist = await signIn(server, 'artist');
    const pending = await upload(
      artist.token,
      uploadForm({ bytes: png, name: 'c.png', type: 'image/png' }, { title: 'Artist pick' }),
    );
    expect(pending.status).toBe(201);
    expect(
      await server.db.select().from(auditLog).where(eq(auditLog.targetId, pending.body.data._id)),
    ).toEqual([]);
  });

  it('answers 404 CATEGORY_NOT_FOUND when the category is deleted between the check and the insert', async () => {
    const admin = await signIn(server, 'admin');
    const artist = await signIn(server, 'artist');
    const doomed = await createCategory(server.db, { name: 'Deleted Mid-Upload' });
    const deleted = deleteCategoryBeforeNextTransaction(doomed.id, admin.token);
    const response = await upload(
      artist.token,
      uploadForm(
        { bytes: png, name: 'c.png', type: 'image/png' },
        { title: 'Too Late', category: doomed.id },
      ),
    );
    expect(await deleted).toBe(200);
    expect([response.status, response.body.code, response.body.message]).toEqual([
      404,
      'CATEGORY_NOT_FOUND',
      "The category you're looking for doesn't exist",
    ]);
    expect(await server.db.select().from(songs).where(eq(songs.title, 'Too Late'))).toEqual([]);
  });
});

describe('a category deleted while a bulk upload targets it', () => {
  it('reports its rows as UNKNOWN_CATEGORY and stores the rest, instead of failing on the foreign key', async () => {
    const admin = await signIn(server, 'admin');
    const doomed = await createCategory(server.db, { name: 'Deleted Mid-Bulk' });
    const link = 'https://www.youtube.com/watch?v=abcdefghijk';
    const deleted = deleteCategoryBeforeNextTransaction(doomed.id, admin.token);
    const response = await server.request('POST', '/api/admin/bulk-upload/songs', {
      token: admin.token,
      body: {
        songs: [
          { title: 'Bulk Too Late', artist: 'Someone', song_link: link, category_id: doomed.id },
          { title: 'Bulk In Time', artist: 'Someone', song_link: link, category_id: category.id },
        ],
      },
    });
    expect(await deleted).toBe(200);
    expect(response.status).toBe(200);
    expect(response.body.data.successful.map((row: { title: string }) => row.title)).toEqual([
      'Bulk In Time',
    ]);
    expect(response.body.data.failed).toMatchObject([
      {
        title: 'Bulk Too Late',
        error: 'No category has this name or id. Use a category name from the template.',
      },
    ]);
    expect(await server.db.select().from(songs).where(eq(songs.title, 'Bulk Too Late'))).toEqual([]);
  });
});

describe("PUT /api/songs/{id} on a song that is not the artist's own", () => {
  it('answers 403 SONG_NOT_EDITABLE whatever the body: empty, invalid, or no form at all', async () => {
    const owner = await signIn(server, 'artist');
    const other = await signIn(server, 'artist');
    const song = await createSong(server.db, {
      categoryId: category.id,
      uploaderId: owner.user.id,
      status: 'pending',
    });
    const invalid = new FormData();
    invalid.append('title', '');
    invalid.append('songLink', 'not a link');
    invalid.append(
      'albumCover',
      new Blob([new Uint8Array(Buffer.from('not an image'))], { type: 'image/png' }),
      'x.png',
    );
    const answers = [];
    for (const body of [new FormData(), invalid, undefined]) {
      const response = await fetch(`${server.baseUrl}/api/songs/${song.id}`, {
        method: 'PUT',
        body,
        headers: { authorization: `Bearer ${other.token}` },
      });
      const answer = (await response.json()) as { code: string };
      answers.push([response.status, answer.code]);
    }
    expect(answers).toEqual([
      [403, 'SONG_NOT_EDITABLE'],
      [403, 'SONG_NOT_EDITABLE'],
      [403, 'SONG_NOT_EDITABLE'],
    ]);
    const [row] = await server.db.select().from(songs).where(eq(songs.id, song.id));
    expect(row!.title).toBe(song.title);
  });
});

describe('copy and delete (admins)', () => {
  it('copies a song to another category once, then refuses the duplicate', async () => {
    const admin = await signIn(server, 'admin');
    const song = await createSong(server.db, { categoryId: category.id, title: 'Calm Down', artist: 'Rema' });
    const body = { targetCategoryId: otherCategory.id };
    const copied = await server.request('POST', `/api/songs/${song.id}/copy`, { token: admin.token, body });
    expect(copied.status).toBe(201);
    expect(copied.body.data.category._id).toBe(otherCategory.id);
    const again = await server.request('POST', `/api/songs/${song.id}/copy`, { token: admin.token, body });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE_SONG_IN_CATEGORY');
    const fan = await signIn(server);
    expect(
      (await server.request('POST', `/api/songs/${song.id}/copy`, { token: fan.token, body })).status,
    ).toBe(403);
  });

  it('audits a copy as song.copied and shows it publicly at once', async () => {
    const admin = await signIn(server, 'admin');
    const target = await createCategory(server.db, { name: 'Copy Target' });
    const song = await createSong(server.db, {
      categoryId: category.id,
      title: 'Copied Hit',
      artist: 'Tems',
    });
    expect((await server.request('GET', `/api/songs?category=${target.id}`)).body.data).toEqual([]);
    const copied = await server.request('POST', `/api/songs/${song.id}/copy`, {
      token: admin.token,
      body: { targetCategoryId: target.id },
    });
    expect(copied.status).toBe(201);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'song.copied'), eq(auditLog.targetId, copied.body.data._id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'song' });
    expect(entry!.details).toMatchObject({
      copiedFromId: song.id,
      targetCategoryId: target.id,
      after: { title: 'Copied Hit', categoryId: target.id, status: 'approved' },
    });
    const publicList = await server.request('GET', `/api/songs?category=${target.id}`);
    expect(publicList.body.data.map((item: { title: string }) => item.title)).toEqual(['Copied Hit']);
  });

  it('deletes a song for admins only', async () => {
    const song = await createSong(server.db, { categoryId: category.id, title: 'To delete' });
    const artist = await signIn(server, 'artist');
    expect((await server.request('DELETE', `/api/songs/${song.id}`, { token: artist.token })).status).toBe(
      403,
    );
    const admin = await signIn(server, 'admin');
    expect((await server.request('DELETE', `/api/songs/${song.id}`, { token: admin.token })).status).toBe(
      200,
    );
    expect((await server.request('GET', `/api/songs/${song.id}`)).status).toBe(404);
  });

  it('deletes the song with its votes, tallies and cover in one go, audited, gone from the public pages at once', async () => {
    const admin = await signIn(server, 'admin');
    const own = await createCategory(server.db, { name: 'Delete Category' });
    const uploaded = await upload(
      admin.token,
      uploadForm({ bytes: png, name: 'c.png', type: 'image/png' }, { title: 'Doomed Hit', category: own.id }),
    );
    const songId = uploaded.body.data._id as string;
    const fan = await createUser(server.db, { role: 'fan' });
    await server.db.insert(votes).values({ userId: fan.id, songId, categoryId: own.id });
    await server.db.insert(songVoteTallies).values({ songId, shard: 0, votes: 1 });
    const [song] = await server.db.select().from(songs).where(eq(songs.id, songId));
    const [cover] = await server.db.select().from(images).where(eq(images.id, song!.coverImageId!));
    const coverKey = `${cover!.storageKey}-320.webp`;
    await storedFile(server, coverKey);
    // Read (and cached) before the delete.
    expect((await server.request('GET', `/api/songs?category=${own.id}`)).body.data).toHaveLength(1);

    const response = await server.request('DELETE', `/api/songs/${songId}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Song deleted successfully');
    expect(await server.db.select().from(votes).where(eq(votes.songId, songId))).toEqual([]);
    expect(await server.db.select().from(songVoteTallies).where(eq(songVoteTallies.songId, songId))).toEqual(
      [],
    );
    expect(await server.db.select().from(images).where(eq(images.id, cover!.id))).toEqual([]);
    await expect(storedFile(server, coverKey)).rejects.toThrow();
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'song.deleted'), eq(auditLog.targetId, songId)));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'song' });
    expect(entry!.details).toMatchObject({
      totalVotes: 1,
      before: { title: 'Doomed Hit', categoryId: own.id, coverImageId: cover!.id, status: 'approved' },
    });
    expect((await server.request('GET', `/api/songs?category=${own.id}`)).body.data).toEqual([]);

    const again = await server.request('DELETE', `/api/songs/${songId}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('SONG_NOT_FOUND');
  });

  it('keeps a nominee while the results are published, and a song while a review holds its votes', async () => {
    const admin = await signIn(server, 'admin');
    const song = await createSong(server.db, { categoryId: category.id, title: 'Held Back' });
    const fan = await createUser(server.db, { role: 'fan' });
    const remove = () => server.request('DELETE', `/api/songs/${song.id}`, { token: admin.token });
    const setPublished = (published: boolean) =>
      server.request('PUT', '/api/admin/results', { token: admin.token, body: { published } });

    expect((await setPublished(true)).status).toBe(200);
    const published = await remove();
    expect(published.status).toBe(409);
    expect(published.body.code).toBe('RESULTS_PUBLISHED');
    expect((await setPublished(false)).status).toBe(200);

    await server.db
      .insert(votes)
      .values({ userId: fan.id, songId: song.id, categoryId: category.id, status: 'quarantined' });
    const held = await remove();
    expect(held.status).toBe(409);
    expect(held.body.code).toBe('SONG_HAS_OPEN_REVIEW');
    expect(await server.db.select().from(songs).where(eq(songs.id, song.id))).toHaveLength(1);

    await server.db.update(votes).set({ status: 'invalid' }).where(eq(votes.songId, song.id));
    expect((await remove()).status).toBe(200);
  });

  it('keeps a cover a copy still shows when the original is deleted', async () => {
    const admin = await signIn(server, 'admin');
    const [source, target] = await Promise.all([
      createCategory(server.db, { name: 'Shared Source' }),
      createCategory(server.db, { name: 'Shared Target' }),
    ]);
    const uploaded = await upload(
      admin.token,
      uploadForm({ bytes: png, name: 'c.png', type: 'image/png' }, { title: 'Shared', category: source.id }),
    );
    const copied = await server.request('POST', `/api/songs/${uploaded.body.data._id}/copy`, {
      token: admin.token,
      body: { targetCategoryId: target.id },
    });
    const removed = await server.request('DELETE', `/api/songs/${uploaded.body.data._id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    const copy = await server.request('GET', `/api/songs/${copied.body.data._id}`);
    expect(copy.body.data.albumCover).toBe(uploaded.body.data.albumCover);
    await storedFile(server, copy.body.data.albumCover);
  });
});

describe('GET /api/users/me/stats', () => {
  it('gives the artist tiles', async () => {
    const artist = await signIn(server, 'artist');
    await createSong(server.db, { categoryId: category.id, uploaderId: artist.user.id, votes: 7 });
    const response = await server.request('GET', '/api/users/me/stats', { token: artist.token });
    expect(response.body.data).toMatchObject({ totalSongs: 1, totalVotes: 7 });
    expect(response.body.data.totalArtists).toBeGreaterThan(0);
    const songs = await server.request('GET', '/api/songs/artist/me', { token: artist.token });
    expect(songs.body.data[0]).toMatchObject({ totalVotes: 7, rankInCategory: 1 });
  });
});
