import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, images } from '../../db/schema';
import { renderArtwork } from '../../db/seed/artwork';
import { BANNER_HEIGHT, BANNER_SEEDS, BANNER_WIDTH, buildBannerSvg } from '../../db/seed/banners';
import { imageVariantKey } from '../../lib/images';
import { startTestServer, type TestServer } from '../../test/server';
import { BANNER_WIDTHS } from '../images/picture-service';

let server: TestServer;

/** Stores a banner as the seed does (every wide width) or as older data did (only the 1600 px file). */
async function createBanner(title: string, sortOrder: number, stored: 'seed' | 'widest-only') {
  const imageId = randomUUID();
  const storageKey = `banners/${imageId}`;
  const widths = stored === 'seed' ? [...BANNER_WIDTHS] : [BANNER_WIDTH];
  const { bytes } = await renderArtwork(
    {
      storageKey,
      svg: buildBannerSvg(BANNER_SEEDS[sortOrder % BANNER_SEEDS.length]!.design),
      width: BANNER_WIDTH,
      height: BANNER_HEIGHT,
      widths,
    },
    server.storage,
  );
  await server.db.insert(images).values({
    id: imageId,
    kind: 'banner',
    storageKey,
    width: BANNER_WIDTH,
    height: BANNER_HEIGHT,
    widths,
    bytes,
  });
  await server.db.insert(banners).values({ title, imageId, sortOrder });
  return imageId;
}

/** Fetches an image URL from the listing and reads its size. */
async function fetchImage(url: string) {
  const response = await fetch(`${server.baseUrl}${url}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const metadata = await sharp(bytes).metadata();
  return { response, bytes: bytes.length, width: metadata.width, height: metadata.height };
}

function parseSrcSet(srcSet: string) {
  return srcSet.split(', ').map((entry) => {
    const [url, descriptor] = entry.split(' ');
    return { url: url!, width: Number(descriptor!.replace('w', '')) };
  });
}

let olderImageId: string;

beforeAll(async () => {
  server = await startTestServer();
  await createBanner('Seeded banner', 1, 'seed');
  olderImageId = await createBanner('Older banner', 2, 'widest-only');
});
afterAll(() => server.close());

describe('GET /api/stats/banners: sized renditions', () => {
  it('lists every wide width and an upright phone crop, each an immutable WebP of the stated size', async () => {
    const response = await server.request('GET', '/api/stats/banners');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(2);
    for (const banner of response.body.data) {
      expect(banner).toMatchObject({ width: 1600, height: 640 });
      const sources = parseSrcSet(banner.srcSet);
      expect(sources.map((source) => source.width)).toEqual([480, 800, 1200, 1600]);
      expect(banner.fullUrl).toBe(sources.at(-1)!.url);
      for (const source of sources) {
        const image = await fetchImage(source.url);
        expect(image.response.status).toBe(200);
        expect(image.response.headers.get('content-type')).toBe('image/webp');
        expect(image.response.headers.get('cache-control')).toContain('immutable');
        expect(image).toMatchObject({ width: source.width, height: source.width / 2.5 });
      }

      // A 390 px phone covers its upright hero with the middle of the banner: 384 x 640, no enlarging.
      expect(banner.portrait).toMatchObject({ width: 384, height: 640 });
      const [portraitSource] = parseSrcSet(banner.portrait.srcSet);
      expect(portraitSource).toEqual({ url: banner.portrait.url, width: 384 });
      const portrait = await fetchImage(banner.portrait.url);
      expect(portrait.response.status).toBe(200);
      expect(portrait.response.headers.get('cache-control')).toContain('immutable');
      expect(portrait).toMatchObject({ width: 384, height: 640 });
      const widest = await fetchImage(banner.fullUrl);
      expect(portrait.bytes).toBeLessThan(widest.bytes / 2);
    }
  });

  it('writes the missing widths of a banner stored before they existed, and records them', async () => {
    const [image] = await server.db.select().from(images).where(eq(images.id, olderImageId));
    expect(image!.widths).toEqual([480, 800, 1200, 1600]);
    for (const width of image!.widths) {
      expect(await server.storage.get(imageVariantKey(image!.storageKey, width))).toBeDefined();
    }
  });
});
