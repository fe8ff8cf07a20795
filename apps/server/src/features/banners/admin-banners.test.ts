import { type AdminBanner, MAX_BANNERS, MAX_IMAGE_BYTES } from '@ovation/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banners, images } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { signIn } from '../../test/accounts';
import { createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { storedFile, storedFileNames } from '../../test/stored-files';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let fan: Awaited<ReturnType<typeof signIn>>;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  fan = await signIn(server, 'fan');
  png = await sharp({ create: { width: 2000, height: 800, channels: 3, background: '#7c2d12' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
    .png()
    .toBuffer();
});
afterAll(() => server.close());

type Fields = Record<string, string>;
type File = { bytes: Buffer; name: string; type: string };

function bannerForm(fields: Fields, file: File | null = { bytes: png, name: 'hero.png', type: 'image/png' }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('banner', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

async function send(
  method: string,
  url: string,
  token: string | undefined,
  body?: FormData | unknown,
  on: TestServer = server,
) {
  const isForm = body instanceof FormData;
  const response = await fetch(`${on.baseUrl}${url}`, {
    method,
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(!isForm && body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const create = (fields: Fields, file?: File | null, token = admin.token) =>
  send('POST', '/api/admin/banners', token, bannerForm(fields, file));
const edit = (id: string, fields: Fields, file: File | null = null, token = admin.token) =>
  send('PUT', `/api/admin/banners/${id}`, token, bannerForm(fields, file));

async function publicBanners(on: TestServer = server) {
  const response = await on.request('GET', '/api/stats/banners');
  expect(response.status).toBe(200);
  return response.body.data as Array<{
    _id: string;
    title: string;
    description: string;
    translations: Record<string, { title?: string; description?: string }>;
    order: number;
  }>;
}

async function adminBanners() {
  const response = await send('GET', '/api/admin/banners', admin.token);
  expect(response.status).toBe(200);
  return response.body.data as AdminBanner[];
}

function bannerFiles(): Promise<string[]> {
  return storedFileNames(server, 'banners');
}

async function counts() {
  return {
    banners: (await server.db.select().from(banners)).length,
    images: (await server.db.select().from(images).where(eq(images.kind, 'banner'))).length,
    files: (await bannerFiles()).length,
  };
}

async function auditFor(action: string, targetId: string) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

async function uploadLibraryImage() {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'library.png');
  const response = await send('POST', '/api/admin/images/upload', admin.token, form);
  expect(response.status).toBe(201);
  return response.body.data as { filename: string };
}

const translations = JSON.stringify({
  fr: { title: 'Les nommés', description: 'Votez pour vos chansons.' },
  ar: { title: 'المرشحون', description: '' },
  sw: { title: '  ', description: '' },
  xx: { title: 'ignored' },
});

describe('who may manage banners', () => {
  it('refuses guests (401) and fans (403) on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [token, status] of [
      [undefined, 401],
      [fan.token, 403],
    ] as const) {
      expect((await send('GET', '/api/admin/banners', token)).status).toBe(status);
      // Sent as they are: a missing token must not fall back to the admin's.
      expect((await send('POST', '/api/admin/banners', token, bannerForm({ title: 'Nope' }))).status).toBe(
        status,
      );
      expect(
        (await send('PUT', `/api/admin/banners/${id}`, token, bannerForm({ title: 'Nope' }))).status,
      ).toBe(status);
      expect((await send('PUT', '/api/admin/banners/order', token, { ids: [] })).status).toBe(status);
      expect((await send('DELETE', `/api/admin/banners/${id}`, token)).status).toBe(status);
    }
    expect((await counts()).banners).toBe(0);
  });
});

describe('POST /api/admin/banners', () => {
  it('uploads a banner with its translations: wide WebP renditions and a phone crop, shown on the home page at once', async () => {
    expect(await publicBanners()).toEqual([]); // cached now: the creation must drop it
    const response = await create({
      title: '  The nominees  ',
      description: 'Vote for the songs that moved Africa.',
      translations,
      order: '2',
      isActive: 'true',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Banner uploaded successfully');
    const banner = response.body.data;
    expect(banner).toMatchObject({
      title: 'The nominees',
      description: 'Vote for the songs that moved Africa.',
      translations: {
        fr: { title: 'Les nommés', description: 'Votez pour vos chansons.' },
        ar: { title: 'المرشحون' },
      },
      order: 2,
      isActive: true,
      imageSource: 'upload',
      width: 1600,
      height: 640,
      uploadedBy: { name: admin.user.name },
    });
    expect(Object.keys(banner.translations).sort()).toEqual(['ar', 'fr']);
    expect(banner.imageFilename).toMatch(/^[0-9a-f-]{36}-1600\.webp$/);
    expect(banner.fullUrl).toBe(`/uploads/banners/${banner.imageFilename}`);
    expect(banner.size).toBeGreaterThan(0);
    const stem = banner.imageFilename.slice(0, 36);
    expect((await bannerFiles()).filter((file) => file.startsWith(stem)).sort()).toEqual([
      `${stem}-1200.webp`,
      `${stem}-1600.webp`,
      `${stem}-480.webp`,
      `${stem}-800.webp`,
      `${stem}-portrait-384.webp`,
    ]);
    const metadata = await sharp(await storedFile(server, `banners/${stem}-1600.webp`)).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 640 });
    expect(metadata.exif).toBeUndefined();

    const listed = await publicBanners();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      _id: banner._id,
      title: 'The nominees',
      description: 'Vote for the songs that moved Africa.',
      translations: banner.translations,
      order: 2,
    });

    const [entry] = await auditFor('banner.created', banner._id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'banner' });
    expect(entry!.details).toMatchObject({
      after: { title: 'The nominees', sortOrder: 2, isActive: true, translations: banner.translations },
    });
  });

  it('takes a library image as the picture, and fills the defaults (order 0, active)', async () => {
    const library = await uploadLibraryImage();
    const response = await create({ title: 'From the library', libraryImage: library.filename }, null);
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      imageSource: 'library',
      imageFilename: library.filename,
      order: 0,
      isActive: true,
      description: '',
      translations: {},
    });
    expect((await publicBanners()).map((banner) => banner.title)).toContain('From the library');
  });

  it.each([
    [
      'no picture',
      { title: 'No picture' },
      null,
      400,
      'BANNER_IMAGE_REQUIRED',
      'banner',
      'Please select a banner image',
    ],
    ['no title', { title: '' }, undefined, 400, 'VALIDATION_ERROR', 'title', 'Title is required'],
    ['a blank title', { title: '   ' }, undefined, 400, 'VALIDATION_ERROR', 'title', 'Title is required'],
    [
      'a title over 120 characters',
      { title: 'x'.repeat(121) },
      undefined,
      400,
      'VALIDATION_ERROR',
      'title',
      'Title must be at most 120 characters',
    ],
    [
      'a description over 500',
      { title: 'Long', description: 'x'.repeat(501) },
      undefined,
      400,
      'VALIDATION_ERROR',
      'description',
      'Description must be at most 500 characters',
    ],
    [
      'translations that are not JSON',
      { title: 'Broken', translations: '{"fr": ' },
      undefined,
      400,
      'VALIDATION_ERROR',
      'translations',
      'The translations could not be read. Please check them and try again.',
    ],
    [
      'translations that are a list',
      { title: 'Broken', translations: '[]' },
      undefined,
      400,
      'VALIDATION_ERROR',
      'translations',
      'The translations could not be read. Please check them and try again.',
    ],
    [
      'a negative order',
      { title: 'Order', order: '-1' },
      undefined,
      400,
      'VALIDATION_ERROR',
      'order',
      'Order must be a whole number of 0 or more',
    ],
    [
      'a status that is not true or false',
      { title: 'Status', isActive: 'maybe' },
      undefined,
      400,
      'VALIDATION_ERROR',
      'isActive',
      'Must be true or false',
    ],
    [
      'a library name that climbs out',
      { title: 'Climb', libraryImage: '../../etc/passwd' },
      null,
      400,
      'INVALID_FILENAME',
      undefined,
      'This file name is not valid.',
    ],
    [
      'an unknown library image',
      { title: 'Unknown', libraryImage: '00000000-0000-4000-8000-000000000000-1920.webp' },
      null,
      404,
      'IMAGE_NOT_FOUND',
      undefined,
      'This image does not exist or was already deleted.',
    ],
  ] as const)('refuses %s, and stores nothing', async (_case, fields, file, status, code, field, message) => {
    const before = await counts();
    const response = await create(fields as Fields, file as File | null | undefined);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ code, message });
    if (field) expect(response.body.errors?.[0]).toMatchObject({ field, message });
    expect(await counts()).toEqual(before);
  });

  it('answers 413 for a 5 MB + 1 byte file with this screen’s message, in the admin’s language', async () => {
    const before = await counts();
    const tooBig = { bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), name: 'huge.png', type: 'image/png' };
    const response = await create({ title: 'Too big' }, tooBig);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'File size must be less than 5MB',
    });
    const email = `arabic-admin-${Date.now()}@example.com`;
    await createUser(server.db, {
      role: 'admin',
      email,
      language: 'ar',
      passwordHash: await hashPassword('password123'),
    });
    const login = await server.request('POST', '/api/auth/login', {
      body: { email, password: 'password123' },
    });
    const arabic = await create({ title: 'Too big' }, tooBig, login.body.token);
    expect(arabic.body.message).toBe('يجب أن يكون حجم الملف أقل من 5 ميغابايت');
    const noPicture = await create({ title: 'No picture' }, null, login.body.token);
    expect(noPicture.body.message).toBe('يرجى اختيار صورة للافتة');
    expect(await counts()).toEqual(before);
  });

  it('refuses translations hiding a character the database cannot store (400), storing nothing', async () => {
    const before = await counts();
    const response = await create({ title: 'Hidden', translations: '{"fr":{"title":"a\\u0000b"}}' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_CHARACTERS');
    expect(await counts()).toEqual(before);
  });

  it('refuses a text file named .png (400 IMAGE_INVALID), storing nothing', async () => {
    const before = await counts();
    const response = await create(
      { title: 'Fake' },
      { bytes: Buffer.from('just some words'), name: 'hero.png', type: 'image/png' },
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('IMAGE_INVALID');
    expect(await counts()).toEqual(before);
  });

  it('leaves no row and no file when the banner cannot be saved after its picture was processed', async () => {
    const before = await counts();
    const transaction = server.db.transaction;
    server.db.transaction = (async () => {
      throw new Error('database unavailable');
    }) as typeof transaction;
    try {
      expect((await create({ title: 'Half written' })).status).toBe(500);
    } finally {
      server.db.transaction = transaction;
    }
    expect(await counts()).toEqual(before);
  });
});

describe('PUT /api/admin/banners/{id}', () => {
  it('edits the words, order and status; the home page follows at once; audited with before and after', async () => {
    const created = (await create({ title: 'Before edit', description: 'Old words' })).body.data;
    expect((await publicBanners()).map((banner) => banner._id)).toContain(created._id);
    const response = await edit(created._id, {
      title: 'After edit',
      translations: JSON.stringify({ sw: { title: 'Baada ya kuhariri', description: 'Maneno mapya' } }),
      order: '7',
      expectedUpdatedAt: created.updatedAt,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Banner updated successfully');
    expect(response.body.data).toMatchObject({
      title: 'After edit',
      description: 'Old words',
      translations: { sw: { title: 'Baada ya kuhariri', description: 'Maneno mapya' } },
      order: 7,
      isActive: true,
      imageFilename: created.imageFilename,
    });
    const shown = (await publicBanners()).find((banner) => banner._id === created._id);
    expect(shown).toMatchObject({
      title: 'After edit',
      order: 7,
      translations: { sw: { title: 'Baada ya kuhariri' } },
    });

    const [entry] = await auditFor('banner.updated', created._id);
    expect(entry!.details).toMatchObject({
      before: { title: 'Before edit', sortOrder: 0, translations: {} },
      after: { title: 'After edit', sortOrder: 7 },
    });

    const hidden = await edit(created._id, { isActive: 'false' });
    expect(hidden.body.data.isActive).toBe(false);
    expect((await publicBanners()).map((banner) => banner._id)).not.toContain(created._id);
  });

  it('refuses an edit made on a stale copy (409 BANNER_EDIT_CONFLICT), changing nothing', async () => {
    const created = (await create({ title: 'Contested' })).body.data;
    const first = await edit(created._id, { title: 'First admin', expectedUpdatedAt: created.updatedAt });
    expect(first.status).toBe(200);
    const second = await edit(created._id, { title: 'Second admin', expectedUpdatedAt: created.updatedAt });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('BANNER_EDIT_CONFLICT');
    const [row] = await server.db.select().from(banners).where(eq(banners.id, created._id));
    expect(row!.title).toBe('First admin');
  });

  it('replaces the picture: the old upload is deleted with its files, a library picture stays in the library', async () => {
    const created = (await create({ title: 'Changing picture' })).body.data;
    const oldStem = created.imageFilename.slice(0, 36);
    const replaced = await edit(created._id, {}, { bytes: png, name: 'new.png', type: 'image/png' });
    expect(replaced.status).toBe(200);
    const newStem = replaced.body.data.imageFilename.slice(0, 36);
    expect(newStem).not.toBe(oldStem);
    const files = await bannerFiles();
    expect(files.filter((file) => file.startsWith(oldStem))).toEqual([]);
    expect(files.filter((file) => file.startsWith(newStem)).length).toBe(5);
    expect(
      await server.db
        .select()
        .from(images)
        .where(eq(images.storageKey, `banners/${oldStem}`)),
    ).toEqual([]);

    const library = await uploadLibraryImage();
    const toLibrary = await edit(created._id, { libraryImage: library.filename });
    expect(toLibrary.body.data).toMatchObject({ imageSource: 'library', imageFilename: library.filename });
    expect((await bannerFiles()).filter((file) => file.startsWith(newStem))).toEqual([]);

    const back = await edit(created._id, {}, { bytes: png, name: 'again.png', type: 'image/png' });
    expect(back.body.data.imageSource).toBe('upload');
    const libraryList = await send('GET', `/api/admin/images?search=${library.filename}`, admin.token);
    expect(libraryList.body.data).toHaveLength(1);
  });

  it('answers 404 BANNER_NOT_FOUND for an unknown banner, and keeps no uploaded file', async () => {
    const before = await counts();
    const response = await edit('00000000-0000-4000-8000-000000000000', { title: 'Ghost' });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('BANNER_NOT_FOUND');
    const withFile = await edit(
      '00000000-0000-4000-8000-000000000000',
      { title: 'Ghost' },
      { bytes: png, name: 'ghost.png', type: 'image/png' },
    );
    expect(withFile.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('refuses a blank title and a bad date like the upload does', async () => {
    const created = (await create({ title: 'Valid' })).body.data;
    const blank = await edit(created._id, { title: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toMatchObject({ field: 'title', message: 'Title is required' });
    const badDate = await edit(created._id, { expectedUpdatedAt: 'yesterday' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors[0].field).toBe('expectedUpdatedAt');
  });
});

describe('PUT /api/admin/banners/order', () => {
  it('puts every banner in the given order (0..n-1), on the home page at once, audited', async () => {
    const current = await adminBanners();
    const ids = current.map((banner) => banner._id).reverse();
    await publicBanners(); // cached
    const response = await send('PUT', '/api/admin/banners/order', admin.token, { ids });
    expect(response.status).toBe(200);
    expect(response.body.data.map((banner: { _id: string }) => banner._id)).toEqual(ids);
    expect(response.body.data.map((banner: { order: number }) => banner.order)).toEqual(
      ids.map((_, index) => index),
    );
    const shownIds = new Set((await publicBanners()).map((banner) => banner._id));
    expect((await publicBanners()).map((banner) => banner._id)).toEqual(ids.filter((id) => shownIds.has(id)));

    const [entry] = await auditFor('banner.reordered', 'order');
    expect(entry!.details).toMatchObject({ before: current.map((banner) => banner._id), after: ids });
  });

  it.each([
    ['one missing', (ids: string[]) => ids.slice(1)],
    ['one repeated', (ids: string[]) => [...ids.slice(1), ids[1]!]],
    ['an unknown one', (ids: string[]) => [...ids.slice(1), '00000000-0000-4000-8000-000000000000']],
  ])('refuses a set with %s (400 BANNER_ORDER_MISMATCH), changing nothing', async (_case, change) => {
    const before = await adminBanners();
    const response = await send('PUT', '/api/admin/banners/order', admin.token, {
      ids: change(before.map((banner) => banner._id)),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BANNER_ORDER_MISMATCH');
    expect(await adminBanners()).toEqual(before);
  });
});

describe('DELETE /api/admin/banners/{id}', () => {
  it('deletes the banner with its own picture; gone from the home page at once; audited', async () => {
    const created = (await create({ title: 'To delete' })).body.data;
    const stem = created.imageFilename.slice(0, 36);
    expect((await publicBanners()).map((banner) => banner._id)).toContain(created._id);
    const response = await send('DELETE', `/api/admin/banners/${created._id}`, admin.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Banner deleted successfully' });
    expect((await publicBanners()).map((banner) => banner._id)).not.toContain(created._id);
    expect((await bannerFiles()).filter((file) => file.startsWith(stem))).toEqual([]);
    expect(
      await server.db
        .select()
        .from(images)
        .where(eq(images.storageKey, `banners/${stem}`)),
    ).toEqual([]);
    const [entry] = await auditFor('banner.deleted', created._id);
    expect(entry!.details).toMatchObject({ before: { title: 'To delete' } });

    const again = await send('DELETE', `/api/admin/banners/${created._id}`, admin.token);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('BANNER_NOT_FOUND');
  });

  it('keeps a library picture in the library', async () => {
    const library = await uploadLibraryImage();
    const created = (await create({ title: 'Library banner', libraryImage: library.filename }, null)).body
      .data;
    expect((await send('DELETE', `/api/admin/banners/${created._id}`, admin.token)).status).toBe(200);
    const list = await send('GET', `/api/admin/images?search=${library.filename}`, admin.token);
    expect(list.body.data).toEqual([expect.objectContaining({ filename: library.filename, usage: [] })]);
  });
});

describe('the banner limit', () => {
  it(`refuses banner ${MAX_BANNERS + 1} with 409 BANNER_LIMIT, storing nothing`, async () => {
    const existing = (await counts()).banners;
    const fillers = await server.db
      .insert(banners)
      .values(Array.from({ length: MAX_BANNERS - existing }, (_, index) => ({ title: `Filler ${index}` })))
      .returning({ id: banners.id });
    try {
      const before = await counts();
      const response = await create({ title: 'One too many' });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('BANNER_LIMIT');
      expect(await counts()).toEqual(before);
      expect(await adminBanners()).toHaveLength(MAX_BANNERS);
    } finally {
      await server.db.delete(banners).where(
        inArray(
          banners.id,
          fillers.map((filler) => filler.id),
        ),
      );
    }
  });
});

describe('a banner change across two instances sharing Redis', () => {
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL;
  it.runIf(shared)("reaches the other instance's home page at once", async () => {
    const redis = [new Redis(process.env.REDIS_URL!), new Redis(process.env.REDIS_URL!)];
    const first = await startTestServer({ redis: redis[0] });
    const second = await startTestServer({ redis: redis[1], sameDatabaseAs: first });
    try {
      const firstAdmin = await signIn(first, 'admin');
      const titlesOnSecond = async () => (await publicBanners(second)).map((banner) => banner.title);
      expect(await titlesOnSecond()).not.toContain('Shared hero'); // cached on the second instance
      const created = await send(
        'POST',
        '/api/admin/banners',
        firstAdmin.token,
        bannerForm({ title: 'Shared hero' }),
        first,
      );
      expect(created.status).toBe(201);
      // Well under the 2 s the second instance would otherwise keep its cached list.
      await expect.poll(titlesOnSecond, { timeout: 400, interval: 25 }).toContain('Shared hero');
    } finally {
      await second.close();
      await first.close();
      for (const client of redis) client.disconnect();
    }
  });
});
