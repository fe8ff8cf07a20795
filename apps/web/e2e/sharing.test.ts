import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';

const browser = setUpBrowser();

describe('sharing a song', () => {
  it('offers WhatsApp on the song page, and the page’s preview picture is there for the crawler', async () => {
    const listing = await fetch(`${browser.baseUrl}/api/songs?limit=1&sortBy=title&sortOrder=asc`);
    const [song] = (await listing.json()).data as Array<{ _id: string; title: string }>;
    const page = await browser.reset({ viewport: 'phone' });
    const response = await page.goto(`/songs/${song!._id}`);
    const served = await response!.text();

    const whatsApp = page.getByRole('link', { name: text('en', 'share.whatsapp', 'songs'), exact: true });
    await whatsApp.waitFor();
    const href = new URL((await whatsApp.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toContain(`${browser.baseUrl}/songs/${song!._id}`);
    expect(href.searchParams.get('text')).toContain(song!.title);

    // What WhatsApp reads: the song's own title and a picture it can fetch.
    const image = /<meta property="og:image" content="([^"]+)"/.exec(served)?.[1]?.replaceAll('&amp;', '&');
    expect(image).toBeDefined();
    const picture = await fetch(image!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(5000);
  });

  it('opens a page in the language its address names (a sitemap alternate), whatever was chosen before', async () => {
    const listing = await fetch(`${browser.baseUrl}/api/songs?limit=1&sortBy=title&sortOrder=asc`);
    const [song] = (await listing.json()).data as Array<{ _id: string }>;
    const page = await browser.reset({ language: 'en' });
    const response = await page.goto(`/songs/${song!._id}?lang=fr`);
    expect(await response!.text()).toContain('<html lang="fr"');
    await page.getByRole('heading', { name: text('fr', 'detail.share', 'songs') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  });
});
