import { MAX_IMAGE_BYTES } from '@ovation/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, auditLog, banners, images, songs } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { signIn } from '../../test/accounts';
import { createCategory, createSong, createUser } from '../../test/factories';
import { rawHttp } from '../../test/raw-http';
import { startTestServer, type TestServer } from '../../test/server';
import { storedFile, storedFileNames } from '../../test/stored-files';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let fan: Awaited<ReturnType<typeof signIn>>;
let png: Buffer;

const PUBLIC_URL = 'https://ovation.example';

beforeAll(async () => {
  server = await startTestServer({ environment: { PUBLIC_URL } });
  admin = await signIn(server, 'admin');
  fan = await signIn(server, 'fan');
  png = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#0e7490' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-camera', Artist: 'Someone' } } })
    .png()
    .toBuffer();
});
afterAll(() => server.close());

function imageForm(file: { bytes: Buffer; name: string; type: string } | null, field = 'image') {
  const form = new FormData();
  if (file) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

async function send(method: string, url: string, token: string | undefined, form?: FormData) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const upload = (token = admin.token, file = { bytes: png, name: 'holiday photo.png', type: 'image/png' }) =>
  send('POST', '/api/admin/images/upload', token, imageForm(file));

/** The files under uploads/library (none yet is an empty list). */
function libraryFiles(): Promise<string[]> {
  return storedFileNames(server, 'library');
}

async function libraryRows() {
  return server.db.select().from(images).where(eq(images.kind, 'library'));
}

/** An admin whose account speaks `language`: their saved language answers their messages. */
async function signInAdminSpeaking(language: string) {
  const email = `admin-${language}-${Date.now()}@example.com`;
  await createUser(server.db, {
    role: 'admin',
    email,
    language,
    passwordHash: await hashPassword('password123'),
  });
  const response = await server.request('POST', '/api/auth/login', {
    body: { email, password: 'password123' },
  });
  return response.body.token as string;
}

describe('who may use the image library', () => {
  it('refuses guests (401) and fans (403) on every call', async () => {
    const calls = [
      () => send('GET', '/api/admin/images', undefined),
      () => send('POST', '/api/admin/images/upload', undefined, imageForm(null)),
      () => send('DELETE', '/api/admin/images/00000000-0000-4000-8000-000000000000-320.webp', undefined),
    ];
    for (const call of calls) expect((await call()).status).toBe(401);
    const fanCalls = [
      () => send('GET', '/api/admin/images', fan.token),
      () => upload(fan.token),
      () => send('DELETE', '/api/admin/images/00000000-0000-4000-8000-000000000000-320.webp', fan.token),
    ];
    for (const call of fanCalls) {
      const response = await call();
      expect(response.status).toBe(403);
    }
    expect(await libraryRows()).toHaveLength(0);
  });
});

describe('POST /api/admin/images/upload', () => {
  it('re-encodes a real PNG to WebP at each library width, without metadata, under a server-made name', async () => {
    const response = await upload();
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Image uploaded successfully!');
    const image = response.body.data;
    expect(image.filename).toMatch(/^[0-9a-f-]{36}-1920\.webp$/);
    expect(image.filename).not.toContain('holiday');
    expect(image).toMatchObject({
      url: `/uploads/library/${image.filename}`,
      fullUrl: `${PUBLIC_URL}/uploads/library/${image.filename}`,
      width: 1920,
      height: 1152,
      usage: [],
    });
    expect(image.size).toBeGreaterThan(0);
    expect(image.srcSet.split(', ').map((entry: string) => entry.split(' ')[1])).toEqual([
      '320w',
      '640w',
      '1280w',
      '1920w',
    ]);
    expect(Number.isNaN(Date.parse(image.createdAt))).toBe(false);
    expect(Number.isNaN(Date.parse(image.modifiedAt))).toBe(false);

    const served = await fetch(`${server.baseUrl}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1920, height: 1152 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    for (const file of await libraryFiles()) {
      const bytes = await storedFile(server, `library/${file}`);
      expect(bytes.includes('secret-gps-and-camera')).toBe(false);
    }

    const [row] = await libraryRows();
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'image.uploaded'), eq(auditLog.targetId, row!.id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'image' });
    expect((entry!.details as { after: { filename: string } }).after.filename).toBe(image.filename);
  });

  it('answers 400 IMAGE_REQUIRED without a file, with this screen’s message', async () => {
    const response = await send('POST', '/api/admin/images/upload', admin.token, imageForm(null));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'IMAGE_REQUIRED', message: 'Please select an image file.' });
    expect(response.body.errors).toEqual([
      expect.objectContaining({ field: 'image', key: 'validation.imageFileRequired' }),
    ]);
  });

  it('answers 413 for 5 MB + 1 byte, in the admin’s language, and keeps nothing', async () => {
    const before = { rows: (await libraryRows()).length, files: (await libraryFiles()).length };
    const tooBig = { bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), name: 'big.png', type: 'image/png' };
    const response = await upload(admin.token, tooBig);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'Image size must be less than 5MB.',
    });
    const french = await upload(await signInAdminSpeaking('fr'), tooBig);
    expect(french.status).toBe(413);
    expect(french.body.message).toBe("La taille de l'image doit être inférieure à 5 Mo.");
    expect((await libraryRows()).length).toBe(before.rows);
    expect((await libraryFiles()).length).toBe(before.files);
  });

  it('answers 400 IMAGE_INVALID for a text file named .png, and keeps nothing', async () => {
    const before = { rows: (await libraryRows()).length, files: (await libraryFiles()).length };
    const response = await upload(admin.token, {
      bytes: Buffer.from('not an image at all, just words'),
      name: 'photo.png',
      type: 'image/png',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'IMAGE_INVALID', message: 'Please select an image file.' });
    expect(response.body.errors).toEqual([
      expect.objectContaining({ field: 'image', key: 'validation.imageFileRequired' }),
    ]);
    expect((await libraryRows()).length).toBe(before.rows);
    expect((await libraryFiles()).length).toBe(before.files);
  });

  it('leaves no row and no file when storing a rendition fails half-way', async () => {
    const before = { rows: (await libraryRows()).length, files: (await libraryFiles()).length };
    const put = server.storage.put;
    let calls = 0;
    server.storage.put = async (key, body) => {
      calls += 1;
      if (calls === 3) throw new Error('disk full');
      return put(key, body);
    };
    try {
      const response = await upload();
      expect(response.status).toBe(500);
    } finally {
      server.storage.put = put;
    }
    expect((await libraryRows()).length).toBe(before.rows);
    expect((await libraryFiles()).length).toBe(before.files);
  });

  it('leaves no file when the record cannot be saved', async () => {
    const before = { rows: (await libraryRows()).length, files: (await libraryFiles()).length };
    const transaction = server.db.transaction;
    server.db.transaction = (async () => {
      throw new Error('database unavailable');
    }) as typeof transaction;
    try {
      const response = await upload();
      expect(response.status).toBe(500);
    } finally {
      server.db.transaction = transaction;
    }
    expect((await libraryRows()).length).toBe(before.rows);
    expect((await libraryFiles()).length).toBe(before.files);
  });
});

describe('GET /api/admin/images', () => {
  it('lists library images newest first, 20 a page, searched by filename', async () => {
    const second = (await upload()).body.data;
    const response = await send('GET', '/api/admin/images', admin.token);
    expect(response.status).toBe(200);
    expect(response.body.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(response.body.data[0].filename).toBe(second.filename);
    expect(response.body.data.length).toBe(response.body.pagination.total);

    const found = await send('GET', `/api/admin/images?search=${second.filename.slice(0, 13)}`, admin.token);
    expect(found.body.data.map((image: { filename: string }) => image.filename)).toEqual([second.filename]);
    const none = await send('GET', '/api/admin/images?search=nothing-like-this', admin.token);
    expect(none.body).toMatchObject({ data: [], pagination: { total: 0, pages: 1 } });
    const paged = await send('GET', '/api/admin/images?limit=1&page=2', admin.token);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.data[0].filename).not.toBe(second.filename);
  });

  it('never lists covers or banners’ own pictures', async () => {
    const response = await send('GET', '/api/admin/images?limit=100', admin.token);
    const rows = await libraryRows();
    expect(response.body.data).toHaveLength(rows.length);
  });
});

describe('DELETE /api/admin/images/{filename}', () => {
  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2F%2e%2e%2Fetc%2Fpasswd',
    '..%2Fx.webp',
    '..%5Cx.webp',
    'x.webp',
    '.png',
    '00000000-0000-4000-8000-000000000000-320.png',
    '00000000-0000-4000-8000-000000000000-320.webp%00.png',
    'library%2F00000000-0000-4000-8000-000000000000-320.webp',
  ])('refuses %s with 400 INVALID_FILENAME', async (name) => {
    const response = await send('DELETE', `/api/admin/images/${name}`, admin.token);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_FILENAME');
  });

  it.each([
    '/api/admin/images/../x.webp',
    '/api/admin/images/..\\x.webp',
    '/api/admin/images/a/../../x.webp',
  ])('refuses the raw path %s with 400', async (target) => {
    const answer = await rawHttp(server.baseUrl, (socket) => {
      socket.write(
        `DELETE ${target} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${admin.token}\r\nConnection: close\r\n\r\n`,
      );
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).code).toBe('INVALID_FILENAME');
  });

  it('answers 404 IMAGE_NOT_FOUND for a well-formed name that is no library image', async () => {
    const unknown = await send(
      'DELETE',
      '/api/admin/images/00000000-0000-4000-8000-000000000000-1920.webp',
      admin.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('IMAGE_NOT_FOUND');
    // A stored image under a width it does not have.
    const image = (await upload()).body.data;
    const wrongWidth = await send(
      'DELETE',
      `/api/admin/images/${image.filename.slice(0, 36)}-777.webp`,
      admin.token,
    );
    expect(wrongWidth.status).toBe(404);
  });

  it('deletes an unused image with its files, audited', async () => {
    const image = (await upload()).body.data;
    const stem = image.filename.slice(0, 36);
    expect((await libraryFiles()).filter((file) => file.startsWith(stem))).toHaveLength(4);
    const response = await send('DELETE', `/api/admin/images/${image.filename}`, admin.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Image deleted successfully!' });
    expect((await libraryFiles()).filter((file) => file.startsWith(stem))).toEqual([]);
    const list = await send('GET', '/api/admin/images?limit=100', admin.token);
    expect(list.body.data.map((each: { filename: string }) => each.filename)).not.toContain(image.filename);
    const [entry] = await server.db.select().from(auditLog).where(eq(auditLog.action, 'image.deleted'));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'image' });
    expect(entry!.details).toMatchObject({ before: { filename: image.filename }, usage: [] });
  });

  it('asks first when the image is in use (409 with its usage), then takes it off banners, ads and songs', async () => {
    const image = (await upload()).body.data;
    const [row] = await server.db
      .select()
      .from(images)
      .where(eq(images.storageKey, `library/${image.filename.slice(0, 36)}`));
    const bannerForm = new FormData();
    bannerForm.append('title', 'Library hero');
    bannerForm.append('libraryImage', image.filename);
    const created = await send('POST', '/api/admin/banners', admin.token, bannerForm);
    expect(created.status).toBe(201);
    const bannerId = created.body.data._id;
    const category = await createCategory(server.db, { name: 'Best Picture Song' });
    const song = await createSong(server.db, {
      categoryId: category.id,
      title: 'Covered',
      coverImageId: row!.id,
    });
    const [ad] = await server.db
      .insert(ads)
      .values({ title: 'Concert ad', targetUrl: 'https://example.com', imageId: row!.id })
      .returning();

    const publicBefore = await server.request('GET', '/api/stats/banners');
    expect(publicBefore.body.data.map((banner: { _id: string }) => banner._id)).toContain(bannerId);

    const listed = await send('GET', `/api/admin/images?search=${image.filename}`, admin.token);
    const usage = [
      { kind: 'banner', id: bannerId, title: 'Library hero' },
      { kind: 'ad', id: ad!.id, title: 'Concert ad' },
      { kind: 'song', id: song.id, title: 'Covered' },
    ];
    expect(listed.body.data[0].usage).toEqual(usage);

    const refused = await send('DELETE', `/api/admin/images/${image.filename}`, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'IMAGE_IN_USE', usage });
    expect(refused.body.usageToken).toMatch(/^[0-9a-f]{16}$/);
    expect(await libraryFiles()).toContain(image.filename);
    const deleteWith = (confirm: string) =>
      send('DELETE', `/api/admin/images/${image.filename}?confirm=${confirm}`, admin.token);
    expect((await deleteWith('true')).status).toBe(400);
    expect((await deleteWith('0000000000000000')).status).toBe(409);

    // Another banner took the image after the admin was told: the token no longer confirms the delete,
    // and the new answer says so, with a new token.
    const otherForm = new FormData();
    otherForm.append('title', 'Second hero');
    otherForm.append('libraryImage', image.filename);
    const other = await send('POST', '/api/admin/banners', admin.token, otherForm);
    expect(other.status).toBe(201);
    const stale = await deleteWith(refused.body.usageToken);
    expect(stale.status).toBe(409);
    const otherUse = { kind: 'banner', id: other.body.data._id, title: 'Second hero' };
    expect(stale.body.usage).toHaveLength(4);
    expect(stale.body.usage).toEqual(expect.arrayContaining([...usage, otherUse]));
    expect(stale.body.usageToken).not.toBe(refused.body.usageToken);
    expect(await libraryFiles()).toContain(image.filename);
    expect((await send('DELETE', `/api/admin/banners/${other.body.data._id}`, admin.token)).status).toBe(200);

    // Back to what the admin was first told: that token confirms it again.
    const confirmed = await deleteWith(refused.body.usageToken);
    expect(confirmed.status).toBe(200);
    const [banner] = await server.db.select().from(banners).where(eq(banners.id, bannerId));
    expect(banner!.imageId).toBeNull();
    const [songRow] = await server.db.select().from(songs).where(eq(songs.id, song.id));
    expect(songRow!.coverImageId).toBeNull();
    const [adRow] = await server.db.select().from(ads).where(eq(ads.id, ad!.id));
    expect(adRow!.imageId).toBeNull();
    expect((await libraryFiles()).filter((file) => file.startsWith(image.filename.slice(0, 36)))).toEqual([]);

    // The home page follows at once: the banner has no picture, so it is not shown.
    const publicAfter = await server.request('GET', '/api/stats/banners');
    expect(publicAfter.body.data.map((each: { _id: string }) => each._id)).not.toContain(bannerId);
    const adminBanner = (await send('GET', '/api/admin/banners', admin.token)).body.data.find(
      (each: { _id: string }) => each._id === bannerId,
    );
    expect(adminBanner).toMatchObject({ fullUrl: null, imageFilename: null, imageSource: null, size: 0 });

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'image.deleted'), eq(auditLog.targetId, row!.id)));
    expect(entry!.details).toMatchObject({ before: { filename: image.filename }, usage });
  });
});
