import { type AdminAd, MAX_IMAGE_BYTES } from '@ovation/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ads, auditLog, images } from '../../db/schema';
import { rowsOf } from '../../lib/db';
import { hashPassword } from '../../lib/passwords';
import { signIn } from '../../test/accounts';
import { createUser, setPlatformTimezone } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { storedFile, storedFileNames } from '../../test/stored-files';

/**
 * 23:30 UTC on 10 March is 00:30 on 11 March in Lagos (UTC+1), the platform's timezone here: every "today"
 * below is the 11th, so a date or a count read in UTC instead would show.
 */
const NOW = new Date('2026-03-10T23:30:00Z');
const TODAY = '2026-03-11';
const GHOST = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let fan: Awaited<ReturnType<typeof signIn>>;
let frenchToken: string;
let png: Buffer;
let changed: MockInstance;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(NOW);
  await setPlatformTimezone(server.db, 'Africa/Lagos');
  admin = await signIn(server, 'admin');
  fan = await signIn(server, 'fan');
  const email = `french-admin-${Date.now()}@example.com`;
  await createUser(server.db, {
    role: 'admin',
    email,
    language: 'fr',
    passwordHash: await hashPassword('password123'),
  });
  frenchToken = (
    await server.request('POST', '/api/auth/login', { body: { email, password: 'password123' } })
  ).body.token;
  png = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#1d4ed8' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
    .png()
    .toBuffer();
  changed = vi.spyOn(server.app.ads, 'changed');
});
afterAll(() => server.close());

type Fields = Record<string, string>;
type File = { bytes: Buffer; name: string; type: string };

const picture = (): File => ({ bytes: png, name: 'sponsor.png', type: 'image/png' });

function adForm(fields: Fields, file: File | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

async function send(method: string, url: string, token: string | undefined, body?: FormData) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A valid form: what each test changes is what it is about. */
const valid = (fields: Fields = {}): Fields => ({
  title: 'Sponsor night',
  targetUrl: 'https://sponsor.example.com/offer',
  ...fields,
});

/** Creates an ad, a second after the previous one (newest first is by creation). */
async function create(fields: Fields, file: File | null = picture(), token = admin.token) {
  server.clock.advance(1000);
  return send('POST', '/api/ads', token, adForm(fields, file));
}
const edit = (id: string, fields: Fields, file: File | null = null, token = admin.token) =>
  send('PUT', `/api/ads/${id}`, token, adForm(fields, file));
const toggle = (id: string, token = admin.token) => send('PATCH', `/api/ads/${id}/toggle`, token);
const remove = (id: string, token = admin.token) => send('DELETE', `/api/ads/${id}`, token);
const analytics = (id: string, token = admin.token) => send('GET', `/api/ads/${id}/analytics`, token);
const list = (query = '', token = admin.token) => send('GET', `/api/ads${query}`, token);

async function createAd(fields: Fields = {}, file: File | null = picture()): Promise<AdminAd> {
  const response = await create(valid(fields), file);
  expect(response.status).toBe(201);
  return response.body.data;
}

function adFiles(): Promise<string[]> {
  return storedFileNames(server, 'ads');
}

/** Everything a refused write must leave as it was. */
async function counts() {
  return {
    ads: (await server.db.select().from(ads)).length,
    images: (await server.db.select().from(images)).length,
    files: (await adFiles()).length,
    audits: (await server.db.select().from(auditLog).where(like(auditLog.action, 'ad.%'))).length,
  };
}

function auditFor(action: string, targetId: string) {
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

/**
 * Counted events as the counting buffer writes them: a minute bucket and its hour, added to what is there.
 */
async function addCounts(
  adId: string,
  location: string,
  at: string,
  values: { impressions?: number; clicks?: number; filteredImpressions?: number; filteredClicks?: number },
) {
  const minute = new Date(at);
  minute.setUTCSeconds(0, 0);
  const hour = new Date(minute);
  hour.setUTCMinutes(0);
  const { impressions = 0, clicks = 0, filteredImpressions = 0, filteredClicks = 0 } = values;
  for (const [table, column, instant] of [
    ['ad_minute_stats', 'minute', minute],
    ['ad_hour_stats', 'hour', hour],
  ] as const) {
    await server.db.execute(sql`
      insert into ${sql.raw(table)} (${sql.raw(column)}, ad_id, location, impressions, clicks, unique_viewers,
        filtered_impressions, filtered_clicks)
      values (${instant.toISOString()}::timestamptz, ${adId}::uuid, ${location}, ${impressions}, ${clicks},
        ${impressions}, ${filteredImpressions}, ${filteredClicks})
      on conflict (${sql.raw(column)}, ad_id, location) do update set
        impressions = ${sql.raw(table)}.impressions + excluded.impressions,
        clicks = ${sql.raw(table)}.clicks + excluded.clicks,
        unique_viewers = ${sql.raw(table)}.unique_viewers + excluded.unique_viewers,
        filtered_impressions = ${sql.raw(table)}.filtered_impressions + excluded.filtered_impressions,
        filtered_clicks = ${sql.raw(table)}.filtered_clicks + excluded.filtered_clicks`);
  }
}

describe('who may manage ads', () => {
  it('refuses guests (401) and fans (403) on every call, storing nothing', async () => {
    const before = await counts();
    for (const [token, status] of [
      [undefined, 401],
      [fan.token, 403],
    ] as const) {
      // Sent as they are (not through the helpers): a missing token must not fall back to the admin's.
      expect((await send('GET', '/api/ads', token)).status).toBe(status);
      expect((await send('POST', '/api/ads', token, adForm(valid(), picture()))).status).toBe(status);
      expect((await send('PUT', `/api/ads/${GHOST}`, token, adForm(valid(), picture()))).status).toBe(status);
      expect((await send('PATCH', `/api/ads/${GHOST}/toggle`, token)).status).toBe(status);
      expect((await send('DELETE', `/api/ads/${GHOST}`, token)).status).toBe(status);
      expect((await send('GET', `/api/ads/${GHOST}/analytics`, token)).status).toBe(status);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/ads', () => {
  it('creates an ad with its uploaded picture (WebP renditions, no metadata), audited, and tells the runtime', async () => {
    const calls = changed.mock.calls.length;
    const response = await create({
      title: '  Sponsor night  ',
      description: 'Tickets for the awards night.',
      targetUrl: 'https://sponsor.example.com/offer?from=ovation',
      displaySettings: JSON.stringify({
        locations: ['popup', 'header', 'between-songs', 'header'],
        weight: 7,
        startDate: '2026-03-01',
        endDate: '2026-04-30',
        maxDailyImpressions: 500,
        maxTotalImpressions: 10000,
      }),
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Ad created successfully');
    const ad: AdminAd = response.body.data;
    expect(ad).toMatchObject({
      title: 'Sponsor night',
      description: 'Tickets for the awards night.',
      targetUrl: 'https://sponsor.example.com/offer?from=ovation',
      imageSource: 'upload',
      width: 1280,
      height: 320,
      isActive: true,
      state: 'active',
      // In the list's order, each once.
      displaySettings: {
        locations: ['header', 'between-songs', 'popup'],
        weight: 7,
        startDate: '2026-03-01',
        endDate: '2026-04-30',
        maxDailyImpressions: 500,
        maxTotalImpressions: 10000,
      },
      analytics: { totalImpressions: 0, totalClicks: 0, ctr: 0, todayImpressions: 0 },
      createdBy: { name: admin.user.name },
    });
    expect(ad.imageFilename).toMatch(/^[0-9a-f-]{36}-1280\.webp$/);
    expect(ad.imageUrl).toBe(`/uploads/ads/${ad.imageFilename}`);
    expect(ad.srcSet.split(', ')).toHaveLength(4);
    const stem = ad.imageFilename!.slice(0, 36);
    expect((await adFiles()).filter((file) => file.startsWith(stem)).sort()).toEqual([
      `${stem}-1280.webp`,
      `${stem}-320.webp`,
      `${stem}-640.webp`,
      `${stem}-960.webp`,
    ]);
    const metadata = await sharp(await storedFile(server, `ads/${stem}-1280.webp`)).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1280, height: 320 });
    expect(metadata.exif).toBeUndefined();
    const [image] = await server.db
      .select()
      .from(images)
      .where(eq(images.storageKey, `ads/${stem}`));
    expect(image).toMatchObject({ kind: 'ad', uploadedBy: admin.user.id });

    const [entry] = await auditFor('ad.created', ad._id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'ad' });
    expect(entry!.details).toMatchObject({
      after: {
        title: 'Sponsor night',
        targetUrl: 'https://sponsor.example.com/offer?from=ovation',
        locations: ['header', 'between-songs', 'popup'],
        weight: 7,
        maxTotalImpressions: 10000,
      },
    });
    expect(changed.mock.calls.length).toBe(calls + 1);

    const audit = await send('GET', '/api/admin/audit?action=ad.created', admin.token);
    expect(audit.body.data[0]).toMatchObject({
      action: 'ad.created',
      target: { type: 'ad', id: ad._id, label: 'Sponsor night' },
    });
  });

  it('fills the defaults: today in the platform’s timezone as the start, the banner location, weight 1, no caps', async () => {
    const ad = await createAd({ title: 'Defaults' });
    expect(ad.displaySettings).toEqual({
      locations: ['banner'],
      weight: 1,
      startDate: TODAY,
      endDate: null,
      maxDailyImpressions: 0,
      maxTotalImpressions: 0,
    });
    expect(ad.description).toBe('');
    const blankDates = await createAd({
      title: 'Blank dates',
      displaySettings: JSON.stringify({ locations: ['footer'], startDate: '', endDate: '' }),
    });
    expect(blankDates.displaySettings).toMatchObject({ startDate: TODAY, endDate: null });
  });

  it('takes a library image as the picture instead of a file', async () => {
    const library = await uploadLibraryImage();
    const ad = await createAd({ title: 'Library picture', libraryImage: library.filename }, null);
    expect(ad).toMatchObject({ imageSource: 'library', imageFilename: library.filename });
    expect(ad.imageUrl).toBe(`/uploads/library/${library.filename}`);
  });

  const settings = (value: Record<string, unknown>) => JSON.stringify(value);
  const urlMessage = 'Please enter a valid URL starting with http:// or https://';
  const weightMessage = 'Weight must be a whole number from 1 to 10';
  const capMessage = 'Impression limits must be whole numbers of 0 or more (0 means unlimited)';
  const endMessage = 'The end date must be on or after the start date';
  const settingsMessage = 'displaySettings must be valid JSON display settings';
  /** 400 VALIDATION_ERROR, sent with a good picture: [case, fields, field, message]. */
  const fieldRefusals: Array<[string, Fields, string, string]> = [
    ['no title', { title: '' }, 'title', 'Title is required'],
    ['a blank title', { title: '  ' }, 'title', 'Title is required'],
    [
      'a title over 120 characters',
      { title: 'x'.repeat(121) },
      'title',
      'Title must be at most 120 characters',
    ],
    [
      'a description over 500 characters',
      { description: 'x'.repeat(501) },
      'description',
      'Description must be at most 500 characters',
    ],
    ['no target URL', { targetUrl: '' }, 'targetUrl', 'Target URL is required'],
    ['a target that is not a URL', { targetUrl: 'sponsor dot com' }, 'targetUrl', urlMessage],
    ['a javascript: target', { targetUrl: 'javascript:alert(1)' }, 'targetUrl', urlMessage],
    ['an ftp: target', { targetUrl: 'ftp://sponsor.example.com' }, 'targetUrl', urlMessage],
    ['a relative target', { targetUrl: '/songs' }, 'targetUrl', urlMessage],
    ['weight 0', { displaySettings: settings({ weight: 0 }) }, 'displaySettings.weight', weightMessage],
    ['weight 11', { displaySettings: settings({ weight: 11 }) }, 'displaySettings.weight', weightMessage],
    ['weight 2.5', { displaySettings: settings({ weight: 2.5 }) }, 'displaySettings.weight', weightMessage],
    [
      'a negative daily cap',
      { displaySettings: settings({ maxDailyImpressions: -1 }) },
      'displaySettings.maxDailyImpressions',
      capMessage,
    ],
    [
      'a negative total cap',
      { displaySettings: settings({ maxTotalImpressions: -5 }) },
      'displaySettings.maxTotalImpressions',
      capMessage,
    ],
    [
      'an end date before the start date',
      { displaySettings: settings({ startDate: '2026-03-20', endDate: '2026-03-19' }) },
      'displaySettings.endDate',
      endMessage,
    ],
    [
      'an end date before the default start (today on the platform’s clock, not in UTC)',
      { displaySettings: settings({ endDate: '2026-03-10' }) },
      'displaySettings.endDate',
      endMessage,
    ],
    [
      'a date that does not exist',
      { displaySettings: settings({ startDate: '2026-02-30' }) },
      'displaySettings.startDate',
      'Please enter a valid date',
    ],
    [
      'an unknown location',
      { displaySettings: settings({ locations: ['header', 'roof'] }) },
      'displaySettings.locations.1',
      'Choose locations from the list',
    ],
    [
      'no location',
      { displaySettings: settings({ locations: [] }) },
      'displaySettings.locations',
      'Choose at least one location',
    ],
    [
      'displaySettings that are not JSON',
      { displaySettings: '{"weight": ' },
      'displaySettings',
      settingsMessage,
    ],
    ['displaySettings that are a list', { displaySettings: '[1, 2]' }, 'displaySettings', settingsMessage],
  ];
  it.each(fieldRefusals)(
    'refuses %s (400, its field named), writing no row, file or audit entry',
    async (_case, fields, field, message) => {
      const before = await counts();
      const calls = changed.mock.calls.length;
      const response = await create(valid(fields));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
      expect(response.body.errors).toEqual([expect.objectContaining({ field, message })]);
      expect(await counts()).toEqual(before);
      expect(changed.mock.calls.length).toBe(calls);
    },
  );

  const textFile = { bytes: Buffer.from('just some words'), name: 'sponsor.png', type: 'image/png' };
  /** The picture's refusals: [case, fields, file, status, code, field, message]. */
  const pictureRefusals: Array<[string, Fields, File | null, number, string, string | null, string]> = [
    ['no picture', {}, null, 400, 'AD_IMAGE_REQUIRED', 'image', 'Please select an image file'],
    ['a text file named .png', {}, textFile, 400, 'IMAGE_INVALID', 'image', 'Please select an image file'],
    [
      'a library name that climbs out',
      { libraryImage: '../../etc/passwd' },
      null,
      400,
      'INVALID_FILENAME',
      null,
      'This file name is not valid.',
    ],
    [
      'an unknown library image',
      { libraryImage: `${GHOST}-1920.webp` },
      null,
      404,
      'IMAGE_NOT_FOUND',
      null,
      'This image does not exist or was already deleted.',
    ],
  ];
  it.each(pictureRefusals)(
    'refuses %s, writing nothing',
    async (_case, fields, file, status, code, field, message) => {
      const before = await counts();
      const response = await create(valid(fields), file);
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ success: false, code, message });
      if (field) expect(response.body.errors).toEqual([expect.objectContaining({ field, message })]);
      expect(await counts()).toEqual(before);
    },
  );

  it('answers 413 for a 5 MB + 1 byte picture with the ads screen’s message, naming the image field', async () => {
    const before = await counts();
    const tooBig = { bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), name: 'huge.png', type: 'image/png' };
    const response = await create(valid(), tooBig);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'File size must be less than 5MB',
    });
    expect(response.body.errors).toEqual([
      expect.objectContaining({ field: 'image', key: 'validation.adFileTooLarge' }),
    ]);
    expect(await counts()).toEqual(before);
  });

  it('speaks the admin’s language: refusals and the success message in French', async () => {
    const before = await counts();
    const tooBig = { bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), name: 'huge.png', type: 'image/png' };
    const french = {
      tooBig: await create(valid(), tooBig, frenchToken),
      noPicture: await create(valid(), null, frenchToken),
      weight: await create(valid({ displaySettings: '{"weight": 12}' }), picture(), frenchToken),
      target: await create(valid({ targetUrl: 'javascript:alert(1)' }), picture(), frenchToken),
      notJson: await create(valid({ displaySettings: 'weight=3' }), picture(), frenchToken),
      notFound: await edit(GHOST, valid(), null, frenchToken),
    };
    expect(french.tooBig.body.message).toBe('La taille du fichier doit être inférieure à 5 Mo');
    expect(french.noPicture.body.message).toBe('Veuillez sélectionner un fichier image');
    expect(french.weight.body.message).toBe('Le poids doit être un nombre entier de 1 à 10');
    expect(french.target.body.message).toBe(
      'Veuillez saisir une URL valide commençant par http:// ou https://',
    );
    expect(french.notJson.body.errors[0]).toMatchObject({
      field: 'displaySettings',
      message: 'displaySettings doit contenir des paramètres d’affichage JSON valides',
    });
    expect(french.notFound.body.message).toBe('Cette publicité n’existe pas ou a déjà été supprimée.');
    expect(await counts()).toEqual(before);

    const created = await create(valid({ title: 'En français' }), picture(), frenchToken);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Publicité créée avec succès');
  });

  it('leaves no row, no file and no audit entry when the ad cannot be saved after its picture was processed', async () => {
    const before = await counts();
    const transaction = server.db.transaction;
    server.db.transaction = (async () => {
      throw new Error('database unavailable');
    }) as typeof transaction;
    try {
      expect((await create(valid({ title: 'Half written' }))).status).toBe(500);
    } finally {
      server.db.transaction = transaction;
    }
    expect(await counts()).toEqual(before);
  });
});

describe('PUT /api/ads/{id}', () => {
  it('replaces what is sent, keeps the rest (the stored start date too), audited with before and after', async () => {
    const created = await createAd({
      title: 'Before edit',
      description: 'Old words',
      displaySettings: JSON.stringify({ locations: ['header'], weight: 2, startDate: '2026-03-05' }),
    });
    const calls = changed.mock.calls.length;
    const response = await edit(created._id, {
      title: 'After edit',
      displaySettings: JSON.stringify({
        locations: ['sidebar', 'footer'],
        weight: 9,
        maxDailyImpressions: 40,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Ad updated successfully');
    expect(response.body.data).toMatchObject({
      _id: created._id,
      title: 'After edit',
      description: 'Old words',
      targetUrl: created.targetUrl,
      imageFilename: created.imageFilename,
      displaySettings: {
        locations: ['sidebar', 'footer'],
        weight: 9,
        startDate: '2026-03-05',
        endDate: null,
        maxDailyImpressions: 40,
        maxTotalImpressions: 0,
      },
    });
    expect(changed.mock.calls.length).toBe(calls + 1);
    const [entry] = await auditFor('ad.updated', created._id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'ad' });
    expect(entry!.details).toMatchObject({
      before: { title: 'Before edit', locations: ['header'], weight: 2, maxDailyImpressions: 0 },
      after: { title: 'After edit', locations: ['sidebar', 'footer'], weight: 9, maxDailyImpressions: 40 },
    });
  });

  it('replaces the picture: the old upload goes with its files, a library picture stays in the library', async () => {
    const created = await createAd({ title: 'Changing picture' });
    const oldStem = created.imageFilename!.slice(0, 36);
    const replaced = await edit(created._id, {}, picture());
    expect(replaced.status).toBe(200);
    const newStem = replaced.body.data.imageFilename.slice(0, 36);
    expect(newStem).not.toBe(oldStem);
    expect((await adFiles()).filter((file) => file.startsWith(oldStem))).toEqual([]);
    expect((await adFiles()).filter((file) => file.startsWith(newStem))).toHaveLength(4);
    expect(
      await server.db
        .select()
        .from(images)
        .where(eq(images.storageKey, `ads/${oldStem}`)),
    ).toEqual([]);

    const library = await uploadLibraryImage();
    const toLibrary = await edit(created._id, { libraryImage: library.filename });
    expect(toLibrary.body.data).toMatchObject({ imageSource: 'library', imageFilename: library.filename });
    expect((await adFiles()).filter((file) => file.startsWith(newStem))).toEqual([]);

    const back = await edit(created._id, {}, picture());
    expect(back.body.data.imageSource).toBe('upload');
    const libraryList = await send('GET', `/api/admin/images?search=${library.filename}`, admin.token);
    expect(libraryList.body.data).toEqual([
      expect.objectContaining({ filename: library.filename, usage: [] }),
    ]);
  });

  it('answers 404 AD_NOT_FOUND for an unknown ad, and keeps no uploaded file', async () => {
    const before = await counts();
    const response = await edit(GHOST, { title: 'Ghost' }, picture());
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      code: 'AD_NOT_FOUND',
      message: 'This ad does not exist or was already deleted.',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input like the creation does, changing nothing and writing no file', async () => {
    const created = await createAd({
      title: 'Stays as it is',
      displaySettings: JSON.stringify({ startDate: '2026-03-09', endDate: '2026-03-31' }),
    });
    const before = await counts();
    const cases: Array<[Fields, string, string]> = [
      [{ title: ' ' }, 'title', 'Title is required'],
      [
        { targetUrl: 'javascript:alert(1)' },
        'targetUrl',
        'Please enter a valid URL starting with http:// or https://',
      ],
      [
        { displaySettings: '{"weight": 11}' },
        'displaySettings.weight',
        'Weight must be a whole number from 1 to 10',
      ],
      [
        { displaySettings: '{not json' },
        'displaySettings',
        'displaySettings must be valid JSON display settings',
      ],
      // No start date sent: the stored one (the 9th) stays, and the end may not come before it.
      [
        { displaySettings: '{"endDate": "2026-03-08"}' },
        'displaySettings.endDate',
        'The end date must be on or after the start date',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await edit(created._id, fields, picture());
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field, message })]);
    }
    const tooBig = await edit(
      created._id,
      {},
      { bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), name: 'x.png', type: 'image/png' },
    );
    expect(tooBig.status).toBe(413);
    expect(await counts()).toEqual(before);
    const [row] = await server.db.select().from(ads).where(eq(ads.id, created._id));
    expect(row).toMatchObject({
      title: 'Stays as it is',
      startDate: '2026-03-09',
      endDate: '2026-03-31',
      weight: 1,
    });
  });

  it('keeps the old picture and removes the new files when the edit cannot be saved', async () => {
    const created = await createAd({ title: 'Unsaved edit' });
    const before = await counts();
    const transaction = server.db.transaction;
    server.db.transaction = (async () => {
      throw new Error('database unavailable');
    }) as typeof transaction;
    try {
      expect((await edit(created._id, { title: 'Never' }, picture())).status).toBe(500);
    } finally {
      server.db.transaction = transaction;
    }
    expect(await counts()).toEqual(before);
    const [row] = await server.db.select().from(ads).where(eq(ads.id, created._id));
    expect(row!.title).toBe('Unsaved edit');
  });
});

describe('PATCH /api/ads/{id}/toggle', () => {
  it('switches an ad off and on, each audited, answering the ad as it now is', async () => {
    const created = await createAd({ title: 'Switch me' });
    const calls = changed.mock.calls.length;
    const off = await toggle(created._id);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Ad deactivated');
    expect(off.body.data).toMatchObject({ _id: created._id, isActive: false, state: 'inactive' });
    const on = await toggle(created._id);
    expect(on.body.message).toBe('Ad activated');
    expect(on.body.data).toMatchObject({ isActive: true, state: 'active' });
    expect(changed.mock.calls.length).toBe(calls + 2);
    const entries = await auditFor('ad.toggled', created._id);
    expect(entries.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          before: expect.objectContaining({ isActive: true }),
          after: expect.objectContaining({ isActive: false, title: 'Switch me' }),
        }),
        expect.objectContaining({
          before: expect.objectContaining({ isActive: false }),
          after: expect.objectContaining({ isActive: true }),
        }),
      ]),
    );
    expect(entries).toHaveLength(2);
    const french = await toggle(created._id, frenchToken);
    expect(french.body.message).toBe('Publicité désactivée');
  });

  it('answers 404 AD_NOT_FOUND for an unknown ad', async () => {
    const response = await toggle(GHOST);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('AD_NOT_FOUND');
  });
});

describe('DELETE /api/ads/{id}', () => {
  it('deletes the ad with its own picture files and its counts, audited', async () => {
    const created = await createAd({ title: 'To delete' });
    await addCounts(created._id, 'banner', '2026-03-10T23:10:00Z', { impressions: 3 });
    const stem = created.imageFilename!.slice(0, 36);
    const calls = changed.mock.calls.length;
    const response = await remove(created._id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Ad deleted successfully' });
    expect(changed.mock.calls.length).toBe(calls + 1);
    expect((await adFiles()).filter((file) => file.startsWith(stem))).toEqual([]);
    expect(
      await server.db
        .select()
        .from(images)
        .where(eq(images.storageKey, `ads/${stem}`)),
    ).toEqual([]);
    expect(await server.db.select().from(ads).where(eq(ads.id, created._id))).toEqual([]);
    const buckets = await server.db.execute(
      sql`select 1 from ad_hour_stats where ad_id = ${created._id}::uuid`,
    );
    expect(rowsOf(buckets)).toEqual([]);
    const [entry] = await auditFor('ad.deleted', created._id);
    expect(entry!.details).toMatchObject({ before: { title: 'To delete' } });

    const again = await remove(created._id);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('AD_NOT_FOUND');
  });

  it('keeps a library picture in the library', async () => {
    const library = await uploadLibraryImage();
    const created = await createAd({ title: 'Library ad', libraryImage: library.filename }, null);
    expect((await remove(created._id)).status).toBe(200);
    const libraryList = await send('GET', `/api/admin/images?search=${library.filename}`, admin.token);
    expect(libraryList.body.data).toEqual([
      expect.objectContaining({ filename: library.filename, usage: [] }),
    ]);
  });
});

describe('GET /api/ads', () => {
  it('lists newest first in pages of the list contract, searched by title or description, filtered by status', async () => {
    const first = await createAd({ title: 'Zebra 100% cola' });
    const second = await createAd({ title: 'Zebra juice' });
    const third = await createAd({ title: 'Zebra water' });
    const described = await createAd({
      title: 'Plain title',
      description: 'Sponsored by the striped ZEBRA fund',
    });
    await toggle(second._id);

    // The description is searched too.
    const byDescription = await list('?search=striped zebra');
    expect(byDescription.body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([described._id]);
    await remove(described._id);

    const page = await list('?search=zebra&limit=2');
    expect(page.status).toBe(200);
    expect(page.body.success).toBe(true);
    expect(page.body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([third._id, second._id]);
    expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    const next = await list('?search=zebra&limit=2&page=2');
    expect(next.body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([first._id]);
    const oldest = await list('?search=zebra&order=asc&limit=1');
    expect(oldest.body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([first._id]);

    // '%' matches itself, not anything.
    expect((await list('?search=100%25')).body.data.ads.map((ad: AdminAd) => ad._id)).toEqual([first._id]);
    const inactive = await list('?search=zebra&status=inactive');
    expect(inactive.body.data.ads.map((ad: AdminAd) => ad.title)).toEqual(['Zebra juice']);
    const active = await list('?search=zebra&status=active');
    expect(active.body.data.ads.map((ad: AdminAd) => ad.title)).toEqual(['Zebra water', 'Zebra 100% cola']);
    for (const all of ['all', '']) {
      expect((await list(`?search=zebra&status=${all}`)).body.pagination.total).toBe(3);
    }
    const empty = await list('?search=no-such-ad');
    expect(empty.body).toEqual({
      success: true,
      data: { ads: [] },
      pagination: { page: 1, limit: 20, total: 0, pages: 1 },
    });
    const bad = await list('?status=paused');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({
      field: 'status',
      message: 'Choose one of: all, active, inactive',
    });
  });

  it('shows each ad’s counted totals, CTR and today’s impressions, today being the platform’s day', async () => {
    const ad = await createAd({ title: 'Counted in the list' });
    // 22:50 UTC is 23:50 on the 10th in Lagos: yesterday there, though the same UTC date as now.
    await addCounts(ad._id, 'banner', '2026-03-10T22:50:00Z', { impressions: 5, clicks: 1 });
    await addCounts(ad._id, 'banner', '2026-03-10T23:05:00Z', {
      impressions: 3,
      clicks: 1,
      filteredClicks: 4,
    });
    const [listed] = (await list('?search=Counted in the list')).body.data.ads;
    expect(listed.analytics).toEqual({ totalImpressions: 8, totalClicks: 2, ctr: 25, todayImpressions: 3 });
  });
});

describe('the state of an ad', () => {
  /** The state the list shows for an ad (found by its title). */
  const stateOf = async (id: string, token = admin.token) => {
    const [row] = await server.db.select().from(ads).where(eq(ads.id, id));
    const response = await list(`?search=${encodeURIComponent(row!.title)}`, token);
    return response.body.data.ads[0].state;
  };

  it('follows the dates in the platform’s timezone: scheduled, running through its end date, then ended', async () => {
    const scheduled = await createAd({
      title: 'State scheduled',
      displaySettings: '{"startDate": "2026-03-12"}',
    });
    expect(scheduled.state).toBe('scheduled');
    const startsToday = await createAd({
      title: 'State starts today',
      displaySettings: `{"startDate": "${TODAY}"}`,
    });
    expect(startsToday.state).toBe('active');
    const endsToday = await createAd({
      title: 'State ends today',
      displaySettings: `{"startDate": "2026-03-01", "endDate": "${TODAY}"}`,
    });
    expect(endsToday.state).toBe('active');
    // The 10th is still today in UTC, but yesterday on the platform's clock.
    const ended = await createAd({
      title: 'State ended',
      displaySettings: '{"startDate": "2026-03-01", "endDate": "2026-03-10"}',
    });
    expect(ended.state).toBe('ended');
    const off = (await toggle(ended._id)).body.data;
    expect(off.state).toBe('inactive');
  });

  it('is capped once the total cap is reached, capped today once today’s cap is, and active again tomorrow', async () => {
    const total = await createAd({
      title: 'State total cap',
      displaySettings: '{"maxTotalImpressions": 10}',
    });
    await addCounts(total._id, 'banner', '2026-03-09T12:00:00Z', { impressions: 6 });
    expect(await stateOf(total._id)).toBe('active');
    await addCounts(total._id, 'banner', '2026-03-10T23:01:00Z', { impressions: 4, filteredImpressions: 9 });
    expect(await stateOf(total._id)).toBe('capped');

    const daily = await createAd({ title: 'State daily cap', displaySettings: '{"maxDailyImpressions": 5}' });
    await addCounts(daily._id, 'banner', '2026-03-10T22:59:00Z', { impressions: 5 });
    expect(await stateOf(daily._id)).toBe('active');
    await addCounts(daily._id, 'header', '2026-03-10T23:20:00Z', { impressions: 2 });
    await addCounts(daily._id, 'banner', '2026-03-10T23:25:00Z', { impressions: 3 });
    expect(await stateOf(daily._id)).toBe('cappedToday');
    // 00:10 on the 12th in Lagos. Signed in afresh: the other sessions would count a day idle.
    server.clock.set(new Date('2026-03-11T23:10:00Z'));
    try {
      const tomorrow = await signIn(server, 'admin');
      expect(await stateOf(daily._id, tomorrow.token)).toBe('active');
    } finally {
      server.clock.set(NOW);
    }
  });
});

describe('GET /api/ads/{id}/analytics', () => {
  it('answers all-time totals, the filtered counts, today’s impressions and each location, CTR to two decimals', async () => {
    const ad = await createAd({
      title: 'Analysed',
      displaySettings: JSON.stringify({ locations: ['header', 'between-songs', 'popup'] }),
    });
    await addCounts(ad._id, 'header', '2026-03-08T10:15:00Z', {
      impressions: 4,
      clicks: 1,
      filteredImpressions: 2,
    });
    await addCounts(ad._id, 'header', '2026-03-10T23:12:00Z', {
      impressions: 3,
      clicks: 2,
      filteredClicks: 5,
    });
    await addCounts(ad._id, 'between-songs', '2026-03-10T22:40:00Z', { impressions: 3 });
    // Counted at a location an edit later took the ad away from: still part of its history.
    await addCounts(ad._id, 'footer', '2026-03-07T09:00:00Z', { impressions: 2, clicks: 1 });

    const response = await analytics(ad._id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        ad: { _id: ad._id, title: 'Analysed' },
        performance: {
          totalImpressions: 12,
          totalClicks: 4,
          ctr: 33.33,
          filteredImpressions: 2,
          filteredClicks: 5,
          todayImpressions: 3,
          locations: [
            { location: 'header', impressions: 7, clicks: 3, ctr: 42.86 },
            { location: 'footer', impressions: 2, clicks: 1, ctr: 50 },
            { location: 'between-songs', impressions: 3, clicks: 0, ctr: 0 },
            { location: 'popup', impressions: 0, clicks: 0, ctr: 0 },
          ],
        },
      },
    });
  });

  it('answers zeros for an ad never shown, and 404 AD_NOT_FOUND for an unknown one', async () => {
    const ad = await createAd({ title: 'Never shown' });
    const response = await analytics(ad._id);
    expect(response.body.data.performance).toEqual({
      totalImpressions: 0,
      totalClicks: 0,
      ctr: 0,
      filteredImpressions: 0,
      filteredClicks: 0,
      todayImpressions: 0,
      locations: [{ location: 'banner', impressions: 0, clicks: 0, ctr: 0 }],
    });
    const missing = await analytics(GHOST);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('AD_NOT_FOUND');
  });
});

describe('review fixes', () => {
  it('refuses years outside 2000..2100 and weights that are not numbers, naming the field', async () => {
    const before = await counts();
    const cases: Array<[object, string, string]> = [
      [{ endDate: '9999-12-31' }, 'displaySettings.endDate', 'Please enter a valid date'],
      [{ startDate: '0000-01-01' }, 'displaySettings.startDate', 'Please enter a valid date'],
      [{ weight: true }, 'displaySettings.weight', 'Weight must be a whole number from 1 to 10'],
      [{ weight: [5] }, 'displaySettings.weight', 'Weight must be a whole number from 1 to 10'],
      [{ weight: null }, 'displaySettings.weight', 'Weight must be a whole number from 1 to 10'],
    ];
    for (const [settings, field, message] of cases) {
      const response = await create(valid({ displaySettings: JSON.stringify(settings) }));
      expect(response.status, JSON.stringify(settings)).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field, message })]);
    }
    expect(await counts()).toEqual(before);
    // Digits as text are a number.
    const digits = await createAd({ displaySettings: '{"weight": "7", "maxTotalImpressions": "100"}' });
    expect(digits.displaySettings).toMatchObject({ weight: 7, maxTotalImpressions: 100 });
  });

  it('changes only the display settings sent on PUT; blank settings change nothing', async () => {
    const settings = {
      locations: ['header', 'footer'],
      weight: 2,
      startDate: '2026-03-05',
      endDate: '2026-04-30',
      maxDailyImpressions: 10,
      maxTotalImpressions: 500,
    };
    const created = await createAd({ title: 'Partial edit', displaySettings: JSON.stringify(settings) });
    const weighted = await edit(created._id, { displaySettings: '{"weight": 3}' });
    expect(weighted.status).toBe(200);
    expect(weighted.body.data.displaySettings).toEqual({ ...settings, weight: 3 });
    const blank = await edit(created._id, { displaySettings: ' ', title: 'Partial edit, renamed' });
    expect(blank.body.data.displaySettings).toEqual({ ...settings, weight: 3 });
    // A null end removes it; an end before the stored start is refused on the merged settings.
    const open = await edit(created._id, { displaySettings: '{"endDate": null}' });
    expect(open.body.data.displaySettings).toEqual({ ...settings, weight: 3, endDate: null });
    const backwards = await edit(created._id, { displaySettings: '{"endDate": "2026-03-01"}' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      expect.objectContaining({
        field: 'displaySettings.endDate',
        message: 'The end date must be on or after the start date',
      }),
    ]);
  });

  it('answers 200 to an edit that changes nothing, without an audit entry or a new updatedAt', async () => {
    const created = await createAd({ title: 'Unchanged', displaySettings: '{"weight": 4}' });
    server.clock.advance(5000);
    const same = await edit(created._id, {
      title: 'Unchanged',
      targetUrl: created.targetUrl,
      displaySettings: '{"weight": 4, "locations": ["banner"]}',
    });
    expect(same.status).toBe(200);
    expect(same.body.data.updatedAt).toBe(created.updatedAt);
    expect(await auditFor('ad.updated', created._id)).toHaveLength(0);
  });
});
