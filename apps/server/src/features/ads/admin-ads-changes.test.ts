import { MAX_IMAGE_BYTES } from '@ovation/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads, images } from '../../db/schema';
import { rowsOf } from '../../lib/db';
import {
  addCounts,
  adFiles,
  admin,
  auditFor,
  changed,
  counts,
  createAd,
  edit,
  type Fields,
  frenchToken,
  GHOST,
  picture,
  remove,
  send,
  server,
  setUpAdsAdmin,
  toggle,
  uploadLibraryImage,
} from '../../test/admin-ads';

setUpAdsAdmin();

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
