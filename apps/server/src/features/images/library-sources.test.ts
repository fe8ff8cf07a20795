import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, images } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createAd } from '../../test/ads';
import { startTestServer, type TestServer } from '../../test/server';

/**
 * The image library lists the pictures uploaded with a banner or an ad beside the library's own, each with
 * where it shows, and finds any picture by the name its file had on the uploader's computer.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let libraryFilename: string;
let bannerImageId: string;
let bannerId: string;
let adImageId: string;
let adId: string;

type Listed = {
  filename: string;
  source: string;
  originalName: string | null;
  usage: { kind: string; id: string; title: string }[];
};

const list = async (query: string) => {
  const response = await server.request('GET', `/api/admin/images?${query}`, { token: admin.token });
  expect(response.status).toBe(200);
  return response.body as { data: Listed[]; pagination: { total: number } };
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#be185d' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'Festival Stage Night.png');
  const upload = await fetch(`${server.baseUrl}/api/admin/images/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(upload.status).toBe(201);
  libraryFilename = ((await upload.json()) as { data: { filename: string } }).data.filename;

  const [bannerImage] = await server.db
    .insert(images)
    .values({
      kind: 'banner',
      storageKey: `banners/${randomUUID()}`,
      originalName: 'hero-lagos-final.jpg',
      width: 1600,
      height: 640,
      widths: [480, 800, 1200, 1600],
      bytes: 2000,
    })
    .returning({ id: images.id });
  bannerImageId = bannerImage!.id;
  const [banner] = await server.db
    .insert(banners)
    .values({ title: 'Lagos hero', imageId: bannerImageId })
    .returning({ id: banners.id });
  bannerId = banner!.id;

  const ad = await createAd(server.db, { title: 'Sponsor strip' });
  adId = ad.id;
  adImageId = ad.imageId!;
  await server.db
    .update(images)
    .set({ originalName: 'Sponsor_Strip_2026.PNG' })
    .where(eq(images.id, adImageId));
});
afterAll(() => server.close());

describe('GET /api/admin/images: every source, and the original file name', () => {
  it('lists the library only by default, as before', async () => {
    const { data } = await list('');
    expect(data.map((image) => image.source)).toEqual(['library']);
    expect(data[0]).toMatchObject({ filename: libraryFilename, originalName: 'Festival Stage Night.png' });
  });

  it('lists the banners’ and ads’ own pictures with where they show', async () => {
    const { data, pagination } = await list('source=all');
    expect(pagination.total).toBe(3);
    const bySource = Object.fromEntries(data.map((image) => [image.source, image]));
    expect(bySource.banner).toMatchObject({
      originalName: 'hero-lagos-final.jpg',
      usage: [{ kind: 'banner', id: bannerId, title: 'Lagos hero' }],
    });
    expect(bySource.banner?.filename).toMatch(/^[0-9a-f-]{36}-1600\.webp$/);
    expect(bySource.ad).toMatchObject({
      originalName: 'Sponsor_Strip_2026.PNG',
      usage: [{ kind: 'ad', id: adId, title: 'Sponsor strip' }],
    });

    expect((await list('source=banner')).data.map((image) => image.source)).toEqual(['banner']);
    expect((await list('source=ad')).data.map((image) => image.source)).toEqual(['ad']);
  });

  it('finds a picture by part of its original file name, ignoring case', async () => {
    expect((await list('source=all&search=stage%20night')).data.map((image) => image.filename)).toEqual([
      libraryFilename,
    ]);
    expect((await list('source=all&search=strip_2026')).data.map((image) => image.source)).toEqual(['ad']);
    expect((await list('source=all&search=LAGOS')).data.map((image) => image.source)).toEqual(['banner']);
    // The server's own file name still finds it too.
    const uuid = libraryFilename.slice(0, 8);
    expect((await list(`search=${uuid}`)).data.map((image) => image.filename)).toEqual([libraryFilename]);
    // A wildcard in the search is a character, not a pattern.
    expect((await list('source=all&search=%25')).data).toEqual([]);
  });

  it('refuses an unknown source with 400', async () => {
    const response = await server.request('GET', '/api/admin/images?source=covers', { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });

  it('keeps a banner’s or ad’s own picture out of the library’s delete (it goes with its owner)', async () => {
    const { data } = await list('source=banner');
    const response = await server.request('DELETE', `/api/admin/images/${data[0]!.filename}`, {
      token: admin.token,
    });
    expect(response.status).toBe(404);
    expect(await server.db.select().from(images).where(eq(images.id, bannerImageId))).toHaveLength(1);
  });
});
