import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { DEMO, loginAs } from './support/auth-flows';
import { setUpBrowser } from './support/browser';

const browser = setUpBrowser();
const WEB_DIST = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../dist');
const offlineText = (language: string, key: string) => text(language, `offline.${key}`, 'pwa');
const UPDATE_READY = text('en', 'update.ready', 'pwa');

/** Opens a page in a context that lets service workers run, and waits until the worker is active. */
async function visitWithWorker(options: { language?: string; viewport?: 'phone' | 'desktop' } = {}) {
  const page = await browser.reset({ ...options, serviceWorkers: 'allow' });
  await page.goto('/');
  await waitForActiveWorker(page);
  return page;
}

/** The worker is registered when the page is idle after load; the precache fills before it activates. */
async function waitForActiveWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state ?? 'none';
        }),
      { timeout: 30_000 },
    )
    .toBe('activated');
}

/** Every URL kept in the page's CacheStorage, and whether any kept body contains one of `secrets`. */
async function readCaches(page: Page, secrets: string[]) {
  return page.evaluate(async (secrets) => {
    const urls: string[] = [];
    let leaks = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        urls.push(new URL(request.url).pathname);
        const body = await (await cache.match(request))!.text();
        if (secrets.some((secret) => body.includes(secret))) leaks += 1;
      }
    }
    return { urls, leaks };
  }, secrets);
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installable', () => {
  it('links a web app manifest whose icons load at the sizes it declares', async () => {
    const page = browser.page;
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href!);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Ovation',
      short_name: 'Ovation',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0d0b08',
      background_color: '#0d0b08',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type']).toBe(icon.type);
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
    }

    // The worker script is revalidated on every check, so a deploy reaches phones at once.
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  it('registers the worker after load, precaches the app and the offline page, and asks nothing on first install', async () => {
    const page = await visitWithWorker();
    const { urls } = await readCaches(page, []);
    expect(urls).toContain('/offline.html');
    expect(urls).toContain('/offline.js');
    expect(urls.some((url) => /^\/assets\/index-.+\.js$/.test(url))).toBe(true);
    expect(urls.some((url) => /^\/assets\/.+\.css$/.test(url))).toBe(true);
    // No page and no API answer: the HTML is rendered per visitor, and the API speaks for one person.
    expect(urls.filter((url) => url.startsWith('/api') || url.startsWith('/uploads') || url === '/')).toEqual(
      [],
    );
    // A first install is not an update: no prompt.
    await page.waitForTimeout(500);
    expect(await page.getByText(UPDATE_READY).count()).toBe(0);
  });
});

describe('offline', () => {
  afterEach(async () => {
    await browser.context.setOffline(false);
  });

  it('opens offline after one visit, on the page reloaded and on a new address, and comes back online by itself', async () => {
    const page = await visitWithWorker({ viewport: 'phone' });
    await browser.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: offlineText('en', 'title') }).waitFor();
    expect(await page.title()).toBe(offlineText('en', 'pageTitle'));

    await page.goto('/songs');
    await page.getByRole('heading', { level: 1, name: offlineText('en', 'title') }).waitFor();
    await page.getByRole('button', { name: offlineText('en', 'retry') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/songs');

    // Back online, the address the visitor asked for loads for real.
    await browser.context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'All Songs' }).waitFor();
  });

  it('speaks Arabic, right to left, to a visitor who reads Arabic', async () => {
    const page = await visitWithWorker({ language: 'ar', viewport: 'phone' });
    await browser.context.setOffline(true);
    await page.goto('/categories');
    await page.getByRole('heading', { level: 1, name: offlineText('ar', 'title') }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await page.getByRole('button', { name: offlineText('ar', 'retry') }).waitFor();
  });
});

describe('one phone, two people', () => {
  afterEach(async () => {
    await browser.context.setOffline(false);
  });

  it('never shows a signed-out visitor the fan who used the phone before, nor the fan the guest’s pages', async () => {
    const page = await visitWithWorker();
    const guestLogin = page.getByRole('link', { name: 'Login', exact: true }).first();
    await guestLogin.waitFor();

    // The guest signs in: their pages are the fan's at once, nothing kept from the guest's visit.
    await loginAs(page, DEMO.fan);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Kofi Mensah' }).waitFor();
    await page.goto('/categories');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('a[href^="/categories/"]').first().click();
    await page.waitForURL(/\/categories\/.+/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));

    // Nothing personal is in the worker's caches: no API answer, no page, no trace of the fan.
    const { urls, leaks } = await readCaches(page, [DEMO.fan, 'Kofi Mensah', token!]);
    expect(urls.filter((url) => url.startsWith('/api') || url.startsWith('/uploads'))).toEqual([]);
    expect(leaks).toBe(0);

    // The fan signs out; the next person on the phone sees a guest's pages, online and offline.
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.reload();
    await guestLogin.waitFor();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.getByText('Kofi Mensah').count()).toBe(0);
    await browser.context.setOffline(true);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: offlineText('en', 'title') }).waitFor();
    expect(await page.getByText('Kofi Mensah').count()).toBe(0);
  });
});

describe('a new version', () => {
  it('waits for the visitor: a polite prompt, and Reload switches to it', async () => {
    const page = await visitWithWorker({ viewport: 'phone' });
    await page.reload();
    await waitForActiveWorker(page);

    // A deploy: a different worker script on the server (its compressed copies set aside meanwhile).
    const script = path.join(WEB_DIST, 'sw.js');
    const original = await fs.readFile(script, 'utf8');
    const compressed = ['.br', '.gz'].map((suffix) => `${script}${suffix}`);
    const setAside = await Promise.all(compressed.map((file) => fs.readFile(file).catch(() => undefined)));
    try {
      await Promise.all(compressed.map((file) => fs.rm(file, { force: true })));
      await fs.writeFile(script, `${original}\n// the next deploy\n`);
      await page.reload();
      const prompt = page.getByRole('status').filter({ hasText: UPDATE_READY });
      // The check the app makes every hour (the browser's own, after a navigation, may come minutes later).
      await expect
        .poll(
          async () => {
            await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
            return prompt.count();
          },
          { timeout: 45_000 },
        )
        .toBe(1);
      await prompt.getByRole('button', { name: text('en', 'update.reload', 'pwa') }).click();
      await page.waitForEvent('load');
      await expect
        .poll(() =>
          page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
        )
        .toBeNull();
      expect(await page.getByText(UPDATE_READY).count()).toBe(0);
    } finally {
      await fs.writeFile(script, original);
      await Promise.all(
        compressed.map((file, index) => setAside[index] && fs.writeFile(file, setAside[index]!)),
      );
    }
  }, 90_000);
});
