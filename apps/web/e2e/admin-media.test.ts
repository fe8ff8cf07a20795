import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminBannersPage } from './pages/admin-banners';
import { AdminImagesPage } from './pages/admin-images';
import { callApi } from './support/api';
import { setUpBrowser } from './support/browser';
import { expectAdminDesktopLayout, expectReachable, openNarrowPage, openWidePage } from './support/reach';
import { ADMIN, apiAs, logIn, type SignedIn, storeSession } from './support/session';

const browser = setUpBrowser();
const SUFFIX = Date.now().toString(36);

interface ListedBanner {
  _id: string;
  title: string;
  fullUrl: string | null;
}

let admin: SignedIn;
beforeAll(async () => {
  admin = await logIn(browser.baseUrl, ADMIN);
});

/** Takes away the banners this file made (and the library images it uploaded), whatever a test left behind. */
const createdImages: string[] = [];
afterAll(async () => {
  const banners = await apiAs<ListedBanner[]>(browser.baseUrl, admin.token, '/admin/banners');
  for (const banner of banners.filter((each) => each.title.includes(SUFFIX))) {
    await callApi(browser.baseUrl, admin.token, 'DELETE', `/admin/banners/${banner._id}`);
  }
  for (const filename of createdImages) {
    // Still in use (a banner left elsewhere): the refusal's token confirms the delete.
    const refused = await callApi(browser.baseUrl, admin.token, 'DELETE', `/admin/images/${filename}`);
    if (refused.status !== 409) continue;
    const { usageToken } = (await refused.json()) as { usageToken: string };
    await callApi(browser.baseUrl, admin.token, 'DELETE', `/admin/images/${filename}?confirm=${usageToken}`);
  }
});

/** A wide picture of one colour with a band across it, as a PNG. */
function widePng(background: string, width = 1600, height = 640): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([
      { input: { create: { width, height: 80, channels: 3, background: '#f7c04a' } }, top: 280, left: 0 },
    ])
    .png()
    .toBuffer();
}

/** The hero's slides as a visitor reads them: the titles, in slideshow order. */
async function heroTitles(language: string): Promise<string[]> {
  const page = await browser.reset({ language });
  await page.goto('/');
  const slides = page.locator('section[aria-roledescription] [role="group"][aria-roledescription]');
  await slides.first().waitFor({ state: 'attached' });
  return slides.locator('p:first-child').allTextContents();
}

describe('banner management', () => {
  it('uploads a banner with a French title; the home slideshow shows it at once, in French for a French visitor; reorders, edits and deletes it', async () => {
    const title = `Festival season ${SUFFIX}`;
    const frenchTitle = `La saison des festivals ${SUFFIX}`;
    await storeSession(browser.context, admin);
    const screen = new AdminBannersPage(browser.page);
    await screen.open();

    // No picture: the spec's message, and nothing is sent.
    await screen.startUploading();
    await screen.fill({ title });
    await screen.submit('Upload Banner');
    await screen.dialog.getByText('Please select a banner image').waitFor();

    // Too large a picture is refused before anything is sent, with the banner screen's words.
    await screen.dialog.getByLabel('Banner image').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await screen.dialog.getByText('File size must be less than 5MB').waitFor();

    await screen.fill({
      image: await widePng('#1d4ed8'),
      description: 'Three months of music from every corner of Africa.',
      translatedTitles: { Français: frenchTitle },
    });
    expect(await screen.dialog.getByLabel('Title (العربية)').getAttribute('dir')).toBe('rtl');
    await screen.submit('Upload Banner');
    await screen.toast('Banner uploaded successfully');
    const card = screen.card(title);
    await card.waitFor();
    expect(await card.innerText()).toContain('Active');
    expect(await card.innerText()).toContain('Order 0');
    expect(await card.innerText()).toContain('Ovation Admin');
    expect(await card.innerText()).toMatch(/\d\.\d\d MB/);
    // Order 0 and the newest: first in the list.
    expect((await screen.titles())[0]).toBe(title);

    // Move down with the keyboard: the new order shows at once, is saved, and the focus stays on the card.
    await screen.moveButton(title, 'down').focus();
    await browser.page.keyboard.press('Enter');
    await expect.poll(async () => (await screen.titles())[1]).toBe(title);
    expect(await browser.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move ${title} down`,
    );
    await expect
      .poll(async () => {
        const stored = await apiAs<ListedBanner[]>(browser.baseUrl, admin.token, '/admin/banners');
        return stored.findIndex((banner) => banner.title === title);
      })
      .toBe(1);
    await screen.moveButton(title, 'up').click();
    await expect.poll(async () => (await screen.titles())[0]).toBe(title);
    await expect
      .poll(async () => {
        const stored = await apiAs<ListedBanner[]>(browser.baseUrl, admin.token, '/admin/banners');
        return stored.findIndex((banner) => banner.title === title);
      })
      .toBe(0);

    // Visitors see it at once, first in the slideshow: in English, and in French for a French visitor.
    expect((await heroTitles('en'))[0]).toBe(title);
    expect((await heroTitles('fr'))[0]).toBe(frenchTitle);
    // A language without a translation falls back to English.
    expect((await heroTitles('sw'))[0]).toBe(title);

    // Edit: made inactive, it stays on the screen and leaves the home page.
    await browser.reset();
    await storeSession(browser.context, admin);
    const again = new AdminBannersPage(browser.page);
    await again.open();
    await again.startEditing(title);
    expect(await again.dialog.getByLabel('Title (English)').inputValue()).toBe(title);
    await again.dialog.getByRole('switch').click();
    await again.submit('Save changes');
    await again.toast('Banner updated successfully');
    await expect.poll(() => again.card(title).innerText()).toContain('Inactive');
    expect(await heroTitles('en')).not.toContain(title);

    // Delete asks first; then the banner leaves the screen. (heroTitles closed the admin's page.)
    await browser.reset();
    await storeSession(browser.context, admin);
    const last = new AdminBannersPage(browser.page);
    await last.open();
    await last.deleteBanner(title);
    await last.toast('Banner deleted successfully');
    await expect.poll(() => last.card(title).count()).toBe(0);
  });
});

describe('image library', () => {
  it('uploads an image, copies its URL, and deleting it while a banner uses it says so first', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: browser.baseUrl,
    });
    await storeSession(browser.context, admin);
    const screen = new AdminImagesPage(browser.page);
    await screen.open();
    const before = await screen.total();

    // The spec's checks before anything is sent.
    await screen.startUploading();
    await screen.chooseFile('notes.txt', 'text/plain', Buffer.from('not an image'));
    await screen.uploadDialog.getByText('Please select an image file.').waitFor();
    await screen.chooseFile('huge.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 1));
    await screen.uploadDialog.getByText('Image size must be less than 5MB.').waitFor();

    await screen.chooseFile('stage.png', 'image/png', await widePng('#047857', 1200, 800));
    await screen.submitUpload();
    await screen.toast('Image uploaded successfully!');
    await expect.poll(() => screen.total()).toBe(before + 1);
    const card = screen.cards.first();
    const filename = (await card.getAttribute('data-filename')) ?? '';
    createdImages.push(filename);
    // The server named it (never the client's name): an id and the width, WebP.
    expect(filename).toMatch(/^[0-9a-f-]{36}-\d+\.webp$/);
    expect(await card.innerText()).toContain('Not used');

    // Copy URL puts the image's absolute address on the clipboard.
    await screen.copyUrl(card);
    await screen.toast('Image URL copied to clipboard.');
    const copied = await browser.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${browser.baseUrl}/uploads/library/${filename}`);
    const served = await fetch(copied);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    // The preview tells its details.
    await card.getByRole('button', { name: /^Preview of / }).click();
    const preview = browser.page.getByRole('dialog', { name: 'Image details' });
    await preview.getByText(filename, { exact: true }).waitFor();
    expect(await preview.innerText()).toContain('Not used anywhere yet.');
    await preview.getByRole('button', { name: 'Close' }).click();

    // A banner uses it: deleting it names that banner first, and only 'Delete anyway' deletes it.
    const bannerTitle = `Library banner ${SUFFIX}`;
    const form = new FormData();
    form.append('title', bannerTitle);
    form.append('libraryImage', filename);
    const created = await fetch(`${browser.baseUrl}/api/admin/banners`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    await browser.page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => screen.card(filename).innerText()).toContain('Used in 1 place');

    await screen.deleteImage(screen.card(filename));
    await screen.inUseDialog.waitFor();
    expect(await screen.inUseDialog.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining(bannerTitle),
    ]);
    await screen.inUseDialog.getByRole('button', { name: 'Delete anyway' }).click();
    await screen.toast('Image deleted successfully!');
    await expect.poll(() => screen.card(filename).count()).toBe(0);
    createdImages.splice(createdImages.indexOf(filename), 1);
    // The banner stays, without a picture (so it is not shown on the home page).
    const banners = await apiAs<ListedBanner[]>(browser.baseUrl, admin.token, '/admin/banners');
    expect(banners.find((banner) => banner.title === bannerTitle)?.fullUrl).toBeNull();
    expect(await heroTitles('en')).not.toContain(bannerTitle);
  });
});

describe('reach', () => {
  it('reads at 320 px in English and Arabic without sideways scrolling or serious axe findings', async () => {
    for (const language of ['en', 'ar']) {
      const page = await openNarrowPage(browser, language);
      await storeSession(browser.context, admin);
      await page.goto('/admin/images');
      await page.locator('main article, main [role="status"]').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expectReachable(page, `images, ${language}`);

      await page.goto('/admin/banners');
      await page.locator('main ol > li article').first().waitFor();
      await expectReachable(page, `banners, ${language}`);
      await page.locator('main header button').last().click();
      await page.locator('dialog[open] input[type="file"]').waitFor({ state: 'attached' });
      await expectReachable(page, `banner form, ${language}`);
    }
  });

  it('lays both screens out at 1366 px in English and Arabic, the sidebar at the inline start', async () => {
    for (const language of ['en', 'ar']) {
      const page = await openWidePage(browser, language);
      await storeSession(browser.context, admin);
      await page.goto('/admin/images');
      await page.locator('main article, main [role="status"]').first().waitFor();
      await expectAdminDesktopLayout(page, language, `images, ${language}, 1366 px`);
      await page.goto('/admin/banners');
      await page.locator('main ol > li article').first().waitFor();
      await expectAdminDesktopLayout(page, language, `banners, ${language}, 1366 px`);
    }
  });
});
