import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, images, songs } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createCategory } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { storedFileNames } from '../../test/stored-files';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let category: { id: string };
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  category = await createCategory(server.db, { name: 'Best Edited Song' });
  png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#d97706' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#2563eb' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => server.close());

type Image = { bytes: Buffer; name: string; type: string };

async function send(method: string, url: string, token: string | undefined, form: FormData) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as server.request's are
  return { status: response.status, body: (await response.json()) as any };
}

function formOf(fields: Record<string, string>, image?: Image) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (image) {
    form.append('albumCover', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  }
  return form;
}

/** A song uploaded through the API with a real cover: approved for an admin, pending for an artist. */
async function uploadSong(token: string, title: string) {
  const form = formOf({
    title,
    artist: 'Original Artist',
    category: category.id,
    songLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    description: 'First words',
  });
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const response = await send('POST', '/api/songs', token, form);
  expect(response.status).toBe(201);
  const [row] = await server.db.select().from(songs).where(eq(songs.id, response.body.data._id));
  return row!;
}

const editFields = (overrides: Record<string, string> = {}) => ({
  title: 'Edited Title',
  artist: 'Edited Artist',
  songLink: 'https://open.spotify.com/track/5FG7Tl93LdH117jEKYl3Cm',
  description: 'New words',
  ...overrides,
});

const edit = (id: string, token: string | undefined, fields: Record<string, string>, image?: Image) =>
  send('PUT', `/api/songs/${id}`, token, formOf(fields, image));

function coverFiles() {
  return storedFileNames(server, 'covers');
}

async function imageOf(songId: string) {
  const [row] = await server.db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(songs)
    .innerJoin(images, eq(images.id, songs.coverImageId))
    .where(eq(songs.id, songId));
  return row;
}

async function songRow(id: string) {
  const [row] = await server.db.select().from(songs).where(eq(songs.id, id));
  return row;
}

describe('PUT /api/songs/{id} by an admin', () => {
  it('updates the fields and replaces the cover: new files in, old files and row out, audited', async () => {
    const song = await uploadSong(admin.token, 'Cover Swap');
    const oldImage = await imageOf(song.id);
    const response = await edit(
      song.id,
      admin.token,
      editFields({ expectedUpdatedAt: song.updatedAt.toISOString() }),
      {
        bytes: jpeg,
        name: 'new.jpg',
        type: 'image/jpeg',
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Song updated successfully');
    expect(response.body.data).toMatchObject({
      _id: song.id,
      title: 'Edited Title',
      artist: 'Edited Artist',
      description: 'New words',
      songLink: 'https://open.spotify.com/track/5FG7Tl93LdH117jEKYl3Cm',
      status: 'approved',
    });
    const newImage = await imageOf(song.id);
    expect(newImage!.id).not.toBe(oldImage!.id);
    expect(response.body.data.albumCover).toContain(newImage!.storageKey);
    const files = await coverFiles();
    const oldName = oldImage!.storageKey.replace('covers/', '');
    const newName = newImage!.storageKey.replace('covers/', '');
    expect(files.some((file) => file.startsWith(oldName))).toBe(false);
    expect(files.filter((file) => file.startsWith(newName)).length).toBeGreaterThan(0);
    expect(await server.db.select().from(images).where(eq(images.id, oldImage!.id))).toEqual([]);
    expect((await songRow(song.id))!.linkKind).toBe('spotify');

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'song.updated'), eq(auditLog.targetId, song.id)))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'song' });
    expect(entry!.details).toMatchObject({
      before: { title: 'Cover Swap', artist: 'Original Artist', coverImageId: oldImage!.id },
      after: { title: 'Edited Title', artist: 'Edited Artist', coverImageId: newImage!.id },
    });

    // The public song page and search show the edit at once.
    const page = await server.request('GET', `/api/songs/${song.id}`);
    expect(page.body.data.title).toBe('Edited Title');
    const search = await server.request('GET', '/api/songs?search=edited%20artist');
    expect(search.body.data.map((item: { _id: string }) => item._id)).toContain(song.id);
  });

  it('keeps the cover when albumCover is the current value or left out', async () => {
    const song = await uploadSong(admin.token, 'Keep Cover');
    const before = await imageOf(song.id);
    const current = (await server.request('GET', `/api/songs/${song.id}`)).body.data.albumCover as string;
    const same = await edit(song.id, admin.token, editFields({ title: 'Kept 1', albumCover: current }));
    expect(same.status).toBe(200);
    expect((await imageOf(song.id))!.id).toBe(before!.id);
    const absolute = await edit(
      song.id,
      admin.token,
      editFields({ title: 'Kept 2', albumCover: `${server.baseUrl}${current}` }),
    );
    expect(absolute.status).toBe(200);
    const none = await edit(song.id, admin.token, editFields({ title: 'Kept 3' }));
    expect(none.status).toBe(200);
    expect((await imageOf(song.id))!.id).toBe(before!.id);
    expect(none.body.data.albumCover).toBe(current);
  });

  it("points the song at another stored image given by its link, keeping a copied song's shared cover", async () => {
    const source = await uploadSong(admin.token, 'Shared Cover Source');
    const target = await uploadSong(admin.token, 'Shared Cover Target');
    const sourceCover = (await server.request('GET', `/api/songs/${source.id}`)).body.data
      .albumCover as string;
    const targetImage = await imageOf(target.id);
    const response = await edit(
      target.id,
      admin.token,
      editFields({ title: 'Now Shared', albumCover: sourceCover }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data.albumCover).toBe(sourceCover);
    // The target's own old cover is no longer used by anyone: gone.
    expect(await server.db.select().from(images).where(eq(images.id, targetImage!.id))).toEqual([]);
    // Replacing the target's cover again must not delete the image the source still shows.
    const again = await edit(target.id, admin.token, editFields({ title: 'Own Again' }), {
      bytes: png,
      name: 'own.png',
      type: 'image/png',
    });
    expect(again.status).toBe(200);
    const sourceImage = await imageOf(source.id);
    expect(sourceImage).toBeDefined();
    const files = await coverFiles();
    expect(files.some((file) => file.startsWith(sourceImage!.storageKey.replace('covers/', '')))).toBe(true);
  });

  it('refuses an edit made on a stale copy with 409 SONG_EDIT_CONFLICT', async () => {
    const song = await uploadSong(admin.token, 'Stale Edit');
    const opened = song.updatedAt.toISOString();
    const otherAdmin = await signIn(server, 'admin');
    const first = await edit(
      song.id,
      otherAdmin.token,
      editFields({ title: 'First Save', expectedUpdatedAt: opened }),
    );
    expect(first.status).toBe(200);
    expect(first.body.data.updatedAt).not.toBe(opened);
    const second = await edit(
      song.id,
      admin.token,
      editFields({ title: 'Second Save', expectedUpdatedAt: opened }),
    );
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('SONG_EDIT_CONFLICT');
    expect((await songRow(song.id))!.title).toBe('First Save');
    const fresh = await edit(
      song.id,
      admin.token,
      editFields({ title: 'Second Save', expectedUpdatedAt: first.body.data.updatedAt }),
    );
    expect(fresh.status).toBe(200);
  });

  it('detects a moderation between opening and saving as a stale edit too', async () => {
    const artist = await signIn(server, 'artist');
    const song = await uploadSong(artist.token, 'Moderated Meanwhile');
    const verified = await server.request('PUT', `/api/admin/songs/${song.id}/verify`, {
      token: admin.token,
      body: { action: 'approve' },
    });
    expect(verified.status).toBe(200);
    const stale = await edit(
      song.id,
      admin.token,
      editFields({ expectedUpdatedAt: song.updatedAt.toISOString() }),
    );
    expect(stale.status).toBe(409);
  });

  it('validates with the shared song rules, changing nothing on a refusal', async () => {
    const song = await uploadSong(admin.token, 'Validated');
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ title: ' ' }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
      [{ artist: '' }, 'artist', 'Artist is required'],
      [{ artist: 'x'.repeat(201) }, 'artist', 'Artist must be at most 200 characters'],
      [{ songLink: '' }, 'songLink', 'Song link is required'],
      [{ songLink: 'javascript:alert(1)' }, 'songLink', 'Please enter a valid http(s) link'],
      [{ description: 'x'.repeat(501) }, 'description', 'Description must be at most 500 characters'],
      [
        { albumCover: 'javascript:alert(1)' },
        'albumCover',
        'Album cover must be a valid http(s) link or an uploaded image',
      ],
      [
        { albumCover: '/uploads/covers/missing-320.webp' },
        'albumCover',
        'Album cover must be a valid http(s) link or an uploaded image',
      ],
      [{ expectedUpdatedAt: 'yesterday' }, 'expectedUpdatedAt', 'Invalid ISO datetime'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await edit(song.id, admin.token, editFields(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ field });
      if (!message.startsWith('Invalid ISO')) expect(response.body.errors[0].message).toBe(message);
    }
    const { body } = await edit(song.id, admin.token, { title: 'Only a title' });
    expect(body.errors.map((error: { field: string }) => error.field)).toEqual(['songLink', 'artist']);
    expect((await songRow(song.id))!.title).toBe('Validated');
  });

  it('refuses a private-network link as a cover instead of fetching it', async () => {
    const song = await uploadSong(admin.token, 'No SSRF');
    for (const link of [
      'http://127.0.0.1:1/cover.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x.png',
      'http://localhost/x.png',
      // 6to4 and IPv4-compatible names of loopback.
      'http://[2002:7f00:1::]/x.png',
      'http://[::7f00:1]/x.png',
      // Past the link pattern, yet no URL at all.
      'http://[',
      'http://%%',
    ]) {
      const response = await edit(song.id, admin.token, editFields({ albumCover: link }));
      expect(response.status, link).toBe(400);
      expect(response.body.errors[0]).toMatchObject({
        field: 'albumCover',
        key: 'validation.albumCoverInvalid',
      });
    }
    expect((await songRow(song.id))!.title).toBe('No SSRF');
  });

  it('refuses an oversized cover (413) and a non-image (400), leaving the row and the old cover intact', async () => {
    const song = await uploadSong(admin.token, 'Intact');
    const before = await coverFiles();
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length, 1)]);
    const tooLarge = await edit(song.id, admin.token, editFields(), {
      bytes: big,
      name: 'big.png',
      type: 'image/png',
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('IMAGE_TOO_LARGE');
    const text = Buffer.from('not an image at all');
    const notImage = await edit(song.id, admin.token, editFields(), {
      bytes: text,
      name: 'cover.png',
      type: 'image/png',
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.code).toBe('IMAGE_INVALID');
    expect(await coverFiles()).toEqual(before);
    expect(await songRow(song.id)).toMatchObject({ title: 'Intact', coverImageId: song.coverImageId });
  });

  it('removes the new files and keeps the old row and cover when the update itself fails', async () => {
    const song = await uploadSong(admin.token, 'Fails In Transaction');
    const before = await coverFiles();
    // A database failure inside the transaction, after the new cover's files were written.
    await server.db.execute(sql`
      create or replace function refuse_doomed_title() returns trigger language plpgsql as $$
      begin
        if new.title = 'Doomed' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await server.db.execute(sql`
      create trigger refuse_doomed_title before update on songs for each row execute function refuse_doomed_title()`);
    try {
      const response = await edit(song.id, admin.token, editFields({ title: 'Doomed' }), {
        bytes: jpeg,
        name: 'new.jpg',
        type: 'image/jpeg',
      });
      expect(response.status).toBe(500);
    } finally {
      await server.db.execute(sql`drop trigger refuse_doomed_title on songs`);
    }
    expect(await coverFiles()).toEqual(before);
    expect(await songRow(song.id)).toMatchObject({
      title: 'Fails In Transaction',
      coverImageId: song.coverImageId,
    });
    const [imageCount] = await server.db.select({ n: sql<number>`count(*)::int` }).from(images);
    const [songCount] = await server.db
      .select({ n: sql<number>`count(distinct cover_image_id)::int` })
      .from(songs);
    expect(imageCount!.n).toBe(songCount!.n);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'song.updated'), eq(auditLog.targetId, song.id)));
    expect(audit).toEqual([]);
  });

  it('answers 404 for an unknown song', async () => {
    const response = await edit('7d3c1f7e-0000-4000-8000-000000000000', admin.token, editFields());
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('SONG_NOT_FOUND');
  });
});

describe('PUT /api/songs/{id} by an artist', () => {
  it('edits their own pending song, without an admin audit entry', async () => {
    const artist = await signIn(server, 'artist');
    const song = await uploadSong(artist.token, 'My Pending');
    const response = await edit(song.id, artist.token, editFields({ title: 'My Pending Fixed' }));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ title: 'My Pending Fixed', status: 'pending' });
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.targetId, song.id));
    expect(audit).toEqual([]);
  });

  it("refuses someone else's song and their own approved song with 403 SONG_NOT_EDITABLE", async () => {
    const artist = await signIn(server, 'artist');
    const other = await signIn(server, 'artist');
    const theirs = await uploadSong(other.token, 'Not Mine');
    const refused = await edit(theirs.id, artist.token, editFields());
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SONG_NOT_EDITABLE');
    const mine = await uploadSong(artist.token, 'Mine Approved');
    await server.request('PUT', `/api/admin/songs/${mine.id}/verify`, {
      token: admin.token,
      body: { action: 'approve' },
    });
    const approved = await edit(mine.id, artist.token, editFields());
    expect(approved.status).toBe(403);
    expect(approved.body.code).toBe('SONG_NOT_EDITABLE');
    expect((await songRow(mine.id))!.title).toBe('Mine Approved');
    expect((await songRow(theirs.id))!.title).toBe('Not Mine');
  });

  it('is closed to fans and guests', async () => {
    const song = await uploadSong(admin.token, 'Closed');
    const fan = await signIn(server, 'fan');
    expect((await edit(song.id, fan.token, editFields())).status).toBe(403);
    expect((await edit(song.id, undefined, editFields())).status).toBe(401);
  });
});
