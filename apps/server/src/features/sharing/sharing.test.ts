import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../db/schema';
import { createCategory, createSong } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let webDist: string;
let category: { id: string };
let song: { id: string };
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-web-'));
  await fs.copyFile(
    path.join(import.meta.dirname, '../../../../web/index.html'),
    path.join(webDist, 'index.html'),
  );
  server = await startTestServer({
    environment: { WEB_DIST: webDist, PUBLIC_URL: 'https://ovation.example' },
  });
  category = await createCategory(server.db, {
    name: 'Best Afrobeats',
    translations: { fr: { name: 'Meilleur afrobeats' }, ar: { name: 'أفضل أفروبيت' } },
  });
  song = await createSong(server.db, { categoryId: category.id, title: 'Essence', artist: 'Wizkid' });
});
afterAll(async () => {
  await server.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** The content of the page's `<meta name|property="key">` tags, entities decoded. */
function meta(html: string, key: string) {
  const pattern = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g');
  return [...html.matchAll(pattern)].map((match) =>
    match[1]!
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await server.request('GET', url, { headers });
  expect(response.status).toBe(200);
  return response.body as string;
}

describe('a song page’s tags for crawlers', () => {
  it('names the song, its artist and category, with its own picture, in the visitor’s language', async () => {
    const english = await page(`/songs/${song.id}`, { 'accept-language': 'en' });
    expect(english).toContain('<title>Essence by Wizkid · Ovation</title>');
    expect(meta(english, 'og:title')).toEqual(['Essence by Wizkid · Ovation']);
    expect(meta(english, 'og:description')[0]).toContain('Best Afrobeats');
    expect(meta(english, 'description')[0]).toContain('Wizkid');
    expect(meta(english, 'og:type')).toEqual(['music.song']);
    expect(meta(english, 'og:url')).toEqual([`https://ovation.example/songs/${song.id}`]);
    expect(english).toContain(`<link rel="canonical" href="https://ovation.example/songs/${song.id}" />`);
    expect(meta(english, 'twitter:card')).toEqual(['summary_large_image']);
    expect(meta(english, 'twitter:title')).toEqual(['Essence by Wizkid · Ovation']);
    const [image] = meta(english, 'og:image');
    expect(image).toMatch(
      new RegExp(`^https://ovation\\.example/api/songs/${song.id}/share-image\\?lang=en&v=[\\w-]+$`),
    );
    expect(meta(english, 'twitter:image')).toEqual([image]);
    expect(meta(english, 'og:image:width')).toEqual(['1200']);
    expect(meta(english, 'og:image:height')).toEqual(['630']);
    expect(meta(english, 'og:image:alt')[0]).toContain('Essence');

    const french = await page(`/songs/${song.id}?lang=fr`, { 'accept-language': 'en' });
    expect(french).toContain('<html lang="fr"');
    expect(french).toContain('<title>Essence par Wizkid · Ovation</title>');
    expect(meta(french, 'og:description')[0]).toContain('Meilleur afrobeats');
    expect(meta(french, 'og:url')).toEqual([`https://ovation.example/songs/${song.id}?lang=fr`]);
    expect(meta(french, 'og:image')[0]).toContain('lang=fr');
    expect(french).toContain(
      `<link rel="alternate" hreflang="ar" href="https://ovation.example/songs/${song.id}?lang=ar" />`,
    );
    expect(french).toContain(
      `<link rel="alternate" hreflang="x-default" href="https://ovation.example/songs/${song.id}" />`,
    );
  });

  it('escapes a title written to break out of the markup', async () => {
    const hostile = await createSong(server.db, {
      categoryId: category.id,
      title: '"><script>alert(1)</script>',
      artist: "O'Neil & <b>Co</b>",
    });
    const html = await page(`/songs/${hostile.id}`, { 'accept-language': 'en' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>Co</b>');
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; by O&#39;Neil &amp; &lt;b&gt;Co&lt;/b&gt; · Ovation</title>',
    );
    expect(meta(html, 'og:title')).toEqual(['"><script>alert(1)</script> by O\'Neil & <b>Co</b> · Ovation']);
  });

  it('gives an unknown or pending song the generic tags, never its title', async () => {
    const pending = await createSong(server.db, {
      categoryId: category.id,
      title: 'Secret Demo',
      status: 'pending',
    });
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const html = await page(`/songs/${id}`, { 'accept-language': 'en' });
      expect(html).not.toContain('Secret Demo');
      expect(meta(html, 'og:type')).toEqual(['website']);
      expect(meta(html, 'og:image')[0]).toMatch(/^https:\/\/ovation\.example\/api\/share-image\?lang=en&v=/);
    }
  });

  it('names a category on its page, and keeps the generic texts on the home page', async () => {
    const html = await page(`/categories/${category.id}`, { 'accept-language': 'ar' });
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(meta(html, 'og:title')[0]).toContain('أفضل أفروبيت');
    const home = await page('/', { 'accept-language': 'sw' });
    expect(meta(home, 'og:url')).toEqual(['https://ovation.example/']);
    expect(meta(home, 'og:image:width')).toEqual(['1200']);
  });
});

describe('share pictures', () => {
  async function fetchImage(url: string) {
    const response = await fetch(
      `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}${url}`,
    );
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('draws a 1200×630 JPEG per song, kept a year at the address the page names', async () => {
    const html = await page(`/songs/${song.id}`, { 'accept-language': 'ar' });
    const address = new URL(meta(html, 'og:image')[0]!);
    const { response, bytes } = await fetchImage(address.pathname + address.search);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const info = await sharp(bytes).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    // Made once: the second answer is the stored picture.
    const again = await fetchImage(address.pathname + address.search);
    expect(again.bytes.equals(bytes)).toBe(true);
    const brand = await fetchImage(`${new URL(meta(await page('/'), 'og:image')[0]!).pathname}?lang=sw`);
    expect((await sharp(brand.bytes).metadata()).width).toBe(1200);
  });

  it('makes a new picture at a new address when the title changes', async () => {
    const changing = await createSong(server.db, { categoryId: category.id, title: 'First Title' });
    const before = meta(await page(`/songs/${changing.id}`), 'og:image')[0]!;
    const first = await fetchImage(new URL(before).pathname + new URL(before).search);
    await server.db.update(songs).set({ title: 'Second Title' }).where(eq(songs.id, changing.id));
    // The API's cached answer lives 2 s, then 1 s of grace while it refreshes.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    const html = await page(`/songs/${changing.id}`);
    expect(html).toContain('<title>Second Title by');
    const after = meta(html, 'og:image')[0]!;
    expect(after).not.toBe(before);
    const second = await fetchImage(new URL(after).pathname + new URL(after).search);
    expect(second.bytes.equals(first.bytes)).toBe(false);
    // The old address still answers (a cached preview), with today's picture, briefly cached.
    const stale = await fetchImage(new URL(before).pathname + new URL(before).search);
    expect(stale.response.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300');
  });

  it('refuses a song that is not approved', async () => {
    const pending = await createSong(server.db, { categoryId: category.id, status: 'pending' });
    const { response } = await fetchImage(`/api/songs/${pending.id}/share-image`);
    expect(response.status).toBe(404);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('keeps crawlers out of private areas and points at the sitemap, as plain text', async () => {
    const response = await server.request('GET', '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.headers.get('cache-control')).toMatch(/public.*s-maxage=/);
    const text = response.body as string;
    expect(text).not.toContain('<html');
    for (const path of ['/admin', '/api/', '/profile', '/dashboard', '/upload', '/auth/', '/reset-password'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Allow: /api/songs/*/share-image');
    expect(text).not.toMatch(/Disallow: \/(login|register)/);
    expect(text).toContain('Sitemap: https://ovation.example/sitemap.xml');
  });

  it('lists the pages, categories and approved songs, each with its five languages and x-default', async () => {
    const response = await server.request('GET', '/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    expect(response.headers.get('cache-control')).toMatch(/public.*s-maxage=/);
    const xml = response.body as string;
    expect(xml).toContain('<loc>https://ovation.example/</loc>');
    expect(xml).toContain('<loc>https://ovation.example/songs</loc>');
    expect(xml).toContain(`<loc>https://ovation.example/categories/${category.id}</loc>`);
    expect(xml).toContain(`<loc>https://ovation.example/songs/${song.id}</loc>`);
    for (const language of ['en', 'fr', 'pt', 'ar', 'sw'])
      expect(xml).toContain(
        `<xhtml:link rel="alternate" hreflang="${language}" href="https://ovation.example/songs/${song.id}?lang=${language}"/>`,
      );
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="https://ovation.example/songs/${song.id}"/>`,
    );
    const [pending] = await server.db.select({ id: songs.id }).from(songs).where(eq(songs.status, 'pending'));
    if (pending) expect(xml).not.toContain(pending.id);
  });
});
