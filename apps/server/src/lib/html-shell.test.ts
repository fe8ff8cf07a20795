import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGE_CATALOGS } from '@ovation/shared/message-catalogs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAd } from '../test/ads';
import { startTestServer, type TestServer } from '../test/server';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  // The web app's real index.html, as a build leaves it (the build only adds its script and style tags).
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-web-'));
  await fs.copyFile(
    path.join(import.meta.dirname, '../../../web/index.html'),
    path.join(webDist, 'index.html'),
  );
  server = await startTestServer({ environment: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

function attributeText(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The content of every `<meta name|property="key">` of a page. */
function metaContents(html: string, key: string) {
  const pattern = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g');
  return [...html.matchAll(pattern)].map((match) => match[1]);
}

async function page(url: string, headers: Record<string, string>) {
  const response = await server.request('GET', url, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  return { html: response.body as string, headers: response.headers };
}

describe('the first HTML in the visitor’s language', () => {
  it('sends Arabic, right to left, with an Arabic title, description and share preview, to Accept-Language: ar', async () => {
    const { html, headers } = await page('/', { 'accept-language': 'ar' });
    const arabic = MESSAGE_CATALOGS.ar.meta;
    expect(html).toContain('<html lang="ar" dir="rtl" data-served-language="ar">');
    expect(html).toContain(`<title>${attributeText(arabic.defaultTitle)}</title>`);
    expect(metaContents(html, 'description')).toEqual([attributeText(arabic.description)]);
    expect(metaContents(html, 'og:title')).toEqual([attributeText(arabic.defaultTitle)]);
    expect(metaContents(html, 'og:description')).toEqual([attributeText(arabic.shareDescription)]);
    expect(metaContents(html, 'twitter:description')).toEqual([attributeText(arabic.shareDescription)]);
    expect(metaContents(html, 'og:locale')).toEqual(['ar_AR']);
    expect(metaContents(html, 'og:locale:alternate').sort()).toEqual(['en_GB', 'fr_FR', 'pt_PT', 'sw_KE']);
    expect(headers.get('content-language')).toBe('ar');
    expect(headers.get('vary')).toMatch(/Accept-Language, Cookie/);
    expect(headers.get('cache-control')).toBe('no-cache');
  });

  it('serves every client-side route (a song page) the same way', async () => {
    const { html } = await page('/songs/8c1a4c1e-6f1f-4a52-9c55-0f6d4a1b2c3d', {
      'accept-language': 'pt-BR,pt;q=0.9',
    });
    expect(html).toContain('<html lang="pt" dir="ltr" data-served-language="pt">');
    expect(metaContents(html, 'og:description')).toEqual([
      attributeText(MESSAGE_CATALOGS.pt.meta.shareDescription),
    ]);
  });

  it('lets the saved language (cookie) win over Accept-Language', async () => {
    const { html, headers } = await page('/', { cookie: 'a=1; ovation-lang=fr', 'accept-language': 'ar' });
    expect(html).toContain('<html lang="fr" dir="ltr" data-served-language="fr">');
    expect(headers.get('content-language')).toBe('fr');
  });

  it('weighs Accept-Language by its q-values, and falls back to English for languages we lack', async () => {
    const cases: [string, string][] = [
      ['en;q=0.5, sw;q=0.9', 'sw'],
      ['de-DE, fr-CA;q=0.8, ar;q=0.7', 'fr'],
      ['ar;q=0, fr;q=0.1', 'fr'],
      ['de, ja', 'en'],
      ['*', 'en'],
      ['', 'en'],
    ];
    for (const [header, language] of cases) {
      const { html } = await page('/', header ? { 'accept-language': header } : {});
      expect(html, header).toContain(`<html lang="${language}"`);
    }
    const { html } = await page('/', { cookie: 'ovation-lang=xx', 'accept-language': 'sw' });
    expect(html).toContain('<html lang="sw"');
  });

  it('renders the page again after a new build replaced index.html', async () => {
    const file = path.join(webDist, 'index.html');
    const original = await fs.readFile(file, 'utf8');
    await fs.writeFile(
      file,
      original.replace('</head>', '<script src="/assets/new-build.js"></script></head>'),
    );
    await fs.utimes(file, new Date(), new Date(Date.now() + 60_000));
    const { html } = await page('/', { 'accept-language': 'sw' });
    expect(html).toContain('/assets/new-build.js');
    expect(html).toContain('<html lang="sw"');
    await fs.writeFile(file, original);
    await fs.utimes(file, new Date(), new Date(Date.now() + 120_000));
  });

  it('answers a repeat visit in the same language with 304 Not Modified', async () => {
    const first = await page('/', { 'accept-language': 'sw' });
    const etag = first.headers.get('etag')!;
    const again = await server.request('GET', '/', {
      headers: { 'accept-language': 'sw', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const other = await page('/', { 'accept-language': 'fr' });
    expect(other.headers.get('etag')).not.toBe(etag);
  });
});

describe('the ad locations in the first HTML', () => {
  it('names the locations an ad can be served at now, so the first paint keeps their boxes', async () => {
    const before = await page('/', { 'accept-language': 'en' });
    expect(metaContents(before.html, 'ovation-ad-locations')).toEqual(['']);

    await createAd(server.db, { locations: ['between-songs', 'header'] });
    await server.app.ads.changed();
    const after = await page('/songs', { 'accept-language': 'en' });
    expect(metaContents(after.html, 'ovation-ad-locations')).toEqual(['header,between-songs']);
    // Another page's HTML, not the cached one of before.
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});
