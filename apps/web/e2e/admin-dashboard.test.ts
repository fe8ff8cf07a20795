import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAccessDenied } from './pages/admin-access';
import { AdminDashboardPage, dashboardText } from './pages/admin-dashboard';
import { text } from './pages/catalogs';
import { callApi, coverPng, deleteSongs, uploadSong } from './support/api';
import { DEMO, DEMO_PASSWORD } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { ADMIN, ARTIST, logIn, signInAs } from './support/session';

const browser = setUpBrowser();
/** Marks this journey's category and songs, so it only ever looks at its own. */
const STAMP = Date.now().toString(36);
const createdSongs: string[] = [];
let adminToken: string;
let categoryId: string;

const asAdmin = (method: string, path: string, body?: unknown) =>
  callApi(browser.baseUrl, adminToken, method, path, body);

const cover = () => coverPng('#c2410c', 480);

/** A song the demo artist uploaded through the API: it waits for review. */
async function uploadPending(title: string) {
  const id = await uploadSong(browser.baseUrl, (await logIn(browser.baseUrl, ARTIST)).token, {
    title,
    artist: 'E2E Dashboard Band',
    category: categoryId,
    songLink: 'https://www.youtube.com/watch?v=e2eDashRej',
    cover: await cover(),
  });
  createdSongs.push(id);
  return id;
}

beforeAll(async () => {
  adminToken = (await logIn(browser.baseUrl, ADMIN)).token;
  // A category of the journey's own, last in the order, so no other journey's list changes.
  const response = await asAdmin('POST', '/categories', {
    name: `E2E Dashboard ${STAMP}`,
    description: 'Created by the admin dashboard journey.',
    sortOrder: 9000,
  });
  if (response.status !== 201) throw new Error(`category: ${response.status} ${await response.text()}`);
  categoryId = ((await response.json()) as { data: { _id: string } }).data._id;
});

/** The journey's songs and category leave with it. */
afterAll(async () => {
  await deleteSongs(browser.baseUrl, adminToken, createdSongs);
  if (categoryId) await asAdmin('DELETE', `/categories/${categoryId}`);
});

describe('admin dashboard', () => {
  it('approves an artist’s upload from Pending Approvals, and a guest sees it on the category page at once', async () => {
    // The artist uploads through /upload.
    let page = browser.page;
    await signInAs(browser.context, browser.baseUrl, ARTIST);
    await page.goto('/upload');
    await page.getByRole('heading', { level: 1, name: text('en', 'page.title', 'upload') }).waitFor();
    const title = `E2E Dashboard Anthem ${STAMP}`;
    await page.setInputFiles('#upload-cover', {
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await cover(),
    });
    await page.getByLabel(text('en', 'fields.title', 'upload')).fill(title);
    const category = page.locator('#upload-category');
    await category.locator(`option[value="${categoryId}"]`).waitFor({ state: 'attached' });
    await category.selectOption(categoryId);
    await page.locator('#upload-song-link').fill('https://www.youtube.com/watch?v=e2eDashApp');
    const upload = page.waitForResponse(
      (response) => response.url().endsWith('/api/songs') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: text('en', 'form.submit', 'upload') }).click();
    const uploaded = await upload;
    expect(uploaded.status()).toBe(201);
    createdSongs.push(((await uploaded.json()) as { data: { _id: string } }).data._id);

    // The admin approves it from the dashboard.
    page = await browser.reset();
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    const dashboard = new AdminDashboardPage(page);
    await dashboard.open();
    await dashboard.pendingSong(title).waitFor();
    expect(await dashboard.pendingSong(title).innerText()).toContain(`E2E Dashboard ${STAMP}`);
    await dashboard.approve(title);
    await dashboard.toast(dashboardText('toast.approved')).waitFor();
    await expect.poll(() => dashboard.pendingSong(title).count()).toBe(0);
    const activity = dashboard.recentActivity.getByRole('listitem').filter({ hasText: title });
    // Names and titles are bidi-isolated in the sentence (so they read right in Arabic too).
    expect((await activity.innerText()).replace(/[\u2068\u2069]/g, '')).toContain(
      `approved the song “${title}”`,
    );

    // A guest sees it on the public category page at once.
    page = await browser.reset();
    await page.goto(`/categories/${categoryId}`);
    await page.getByText(title).first().waitFor();
  });

  it('rejects a song with a reason, and links to the moderation screen and the other screens', async () => {
    const title = `E2E Dashboard Reject ${STAMP}`;
    await uploadPending(title);
    const page = browser.page;
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    const dashboard = new AdminDashboardPage(page);
    await dashboard.open();
    await dashboard.reject(title, 'The link does not play');
    await dashboard.toast(dashboardText('toast.rejected')).waitFor();
    await expect.poll(() => dashboard.pendingSong(title).count()).toBe(0);

    const links = await dashboard.quickActions
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => [
          anchor.textContent?.trim(),
          new URL((anchor as HTMLAnchorElement).href).pathname,
        ]),
      );
    expect(links).toEqual([
      ['Review Songs', '/admin/songs'],
      ['Manage Users', '/admin/users'],
      ['Categories', '/admin/categories'],
      ['Analytics', '/admin/analytics'],
      ['Manage Images', '/admin/images'],
      ['Admin Settings', '/admin/settings'],
    ]);
    for (const label of ['activeUsers', 'verifiedSongs', 'todayVotes', 'weekVotes']) {
      await dashboard.platformStats.getByText(dashboardText(`platform.${label}`), { exact: true }).waitFor();
    }
    await dashboard.pendingApprovals
      .getByRole('link', { name: dashboardText('pending.viewAllLabel') })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/songs');
  });

  it('shows a fan who opens /admin/users Access Denied, with the way home', async () => {
    await signInAs(browser.context, browser.baseUrl, { email: DEMO.fan, password: DEMO_PASSWORD });
    const denied = new AdminAccessDenied(browser.page);
    await denied.open('/admin/users');
    expect(denied.path()).toBe('/admin/users');
    expect(await denied.goHome()).toBe('/');
  });
});
