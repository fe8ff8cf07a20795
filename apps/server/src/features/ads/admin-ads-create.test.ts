import { type AdminAd, MAX_IMAGE_BYTES } from '@ovation/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images } from '../../db/schema';
import {
  adFiles,
  adForm,
  admin,
  auditFor,
  changed,
  counts,
  create,
  createAd,
  edit,
  type Fields,
  type File,
  fan,
  frenchToken,
  GHOST,
  picture,
  send,
  server,
  setUpAdsAdmin,
  TODAY,
  uploadLibraryImage,
  valid,
} from '../../test/admin-ads';
import { storedFile } from '../../test/stored-files';

setUpAdsAdmin();

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
