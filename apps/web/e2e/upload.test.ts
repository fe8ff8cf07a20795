import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';
import { signInAs } from './support/session';

const browser = setUpBrowser();

async function makePng(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 247, g: 192, b: 74 } } })
    .png()
    .toBuffer();
}

async function openUploadForm(page: Page) {
  await signInAs(browser.context, browser.baseUrl);
  await page.goto('/upload');
  await page.getByRole('heading', { level: 1, name: text('en', 'page.title', 'upload') }).waitFor();
}

/** Field errors are read with their control (aria-describedby), so this is what a screen reader announces too. */
async function errorOf(page: Page, id: string) {
  return page.locator(`#${id}-error`).textContent();
}

describe('upload', () => {
  it('lets an artist upload a song with a cover, then shows it as Pending on the dashboard', async () => {
    const page = browser.page;
    await openUploadForm(page);
    const title = `E2E Sunrise ${Date.now()}`;

    await page.setInputFiles('#upload-cover', {
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await makePng(),
    });
    await page.getByRole('img', { name: text('en', 'cover.previewAlt', 'upload') }).waitFor();
    await page.getByLabel(text('en', 'fields.title', 'upload')).fill(title);
    const category = page.locator('#upload-category');
    await expect.poll(() => category.locator('option').count()).toBeGreaterThan(1);
    const categoryName = ((await category.locator('option').nth(1).textContent()) ?? '').trim();
    await category.selectOption({ index: 1 });
    await page.locator('#upload-song-link').fill('https://www.youtube.com/watch?v=e2eUpload1');
    await page
      .getByText(text('en', 'fields.linkDetected', 'upload').replace('{{kind}}', 'YouTube'))
      .waitFor();
    await page.locator('#upload-description').fill('Written for the e2e test.');
    await page.locator('#upload-duration').fill('3:45');
    await page.locator('#upload-tags').fill('afrobeats, test');

    const upload = page.waitForResponse(
      (response) => response.url().endsWith('/api/songs') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: text('en', 'form.submit', 'upload') }).click();
    expect((await upload).status()).toBe(201);

    await page.waitForURL('**/dashboard');
    await page.getByText(text('en', 'form.successPending', 'upload')).waitFor();
    const card = page.locator('article', { has: page.getByRole('heading', { name: title }) });
    await card.waitFor();
    expect(await card.textContent()).toContain(text('en', 'songs.statusPending', 'dashboard'));
    expect(await card.textContent()).toContain(categoryName.replace(/^\S+\s/, ''));
  });

  it('refuses a cover that is too large or not an image before sending anything', async () => {
    const page = browser.page;
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/songs')) posts.push(request.url());
    });
    await openUploadForm(page);

    await page.getByRole('button', { name: text('en', 'form.submit', 'upload') }).click();
    expect(await errorOf(page, 'upload-cover')).toBe(text('en', 'cover.required', 'upload'));
    expect(await errorOf(page, 'upload-title')).toBe(text('en', 'validation.titleRequired'));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('upload-cover');

    await page.setInputFiles('#upload-cover', {
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    expect(await errorOf(page, 'upload-cover')).toBe(
      text('en', 'cover.tooLarge', 'upload').replace('{{size}}', '6 MB'),
    );

    await page.setInputFiles('#upload-cover', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    expect(await errorOf(page, 'upload-cover')).toBe(
      text('en', 'cover.wrongType', 'upload').replace('{{name}}', '\u2068notes.txt\u2069'),
    );
    expect(await page.locator('#upload-cover').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
  });
});
