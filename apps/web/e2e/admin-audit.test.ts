import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPage, auditText } from './pages/admin-audit';
import { DEMO, DEMO_PASSWORD } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { ARTIST, apiAs, signInAs } from './support/session';

const browser = setUpBrowser();
const ADMIN = { email: DEMO.admin, password: DEMO_PASSWORD } as const;
const TITLE = `E2E Audit Groove ${Date.now().toString(36)}`;
let adminToken: string;
let songId: string;

async function login(credentials: { email: string; password: string }) {
  const response = await fetch(`${browser.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await response.json()) as { token: string }).token;
}

/** The journey's own song: uploaded by the demo artist, then approved by the admin through the API. */
beforeAll(async () => {
  adminToken = await login(ADMIN);
  const artistToken = await login(ARTIST);
  const categories = await apiAs<{ _id: string }[]>(browser.baseUrl, artistToken, '/categories');
  const cover = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('title', TITLE);
  form.append('artist', 'E2E Audit Band');
  form.append('category', categories[0]!._id);
  form.append('songLink', 'https://www.youtube.com/watch?v=e2eAuditLog');
  form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
  const upload = await fetch(`${browser.baseUrl}/api/songs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${artistToken}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  songId = ((await upload.json()) as { data: { _id: string } }).data._id;
  const verify = await fetch(`${browser.baseUrl}/api/admin/songs/${songId}/verify`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'approve' }),
  });
  if (verify.status !== 200) throw new Error(`approve failed: ${verify.status}`);
});

afterAll(async () => {
  if (songId) {
    await fetch(`${browser.baseUrl}/api/songs/${songId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
  }
});

describe('audit log', () => {
  it('filters by action and shows the approval with its before and after', async () => {
    const page = browser.page;
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    const audit = new AdminAuditPage(page);
    await audit.open();

    const approved = auditText('actions.song.approved');
    await audit.filterAction(approved);
    await page.waitForURL((url) => url.searchParams.get('action') === 'song.approved');
    const row = audit.entry(TITLE);
    await row.waitFor();
    expect(new Set(await audit.actions())).toEqual(new Set([approved]));
    expect(await row.innerText()).toContain(DEMO.admin);

    const change = await audit.change(row);
    expect(change).toContainEqual(['status', 'pending', 'approved']);

    // The filter lives in the URL: a reload keeps it, and narrowing by who still finds the entry.
    await page.reload();
    await audit.entry(TITLE).waitFor();
    expect(await page.getByLabel(auditText('filters.action'), { exact: true }).inputValue()).toBe(
      'song.approved',
    );
    await audit.filterActor('admin@ovation');
    await page.waitForURL((url) => url.searchParams.get('actor') === 'admin@ovation');
    await audit.entry(TITLE).waitFor();
  });
});
