import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPage, auditText } from './pages/admin-audit';
import { callApi, coverPng, deleteSongs, uploadSong } from './support/api';
import { DEMO } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { ADMIN, ARTIST, apiAs, logIn, signInAs } from './support/session';

const browser = setUpBrowser();
const TITLE = `E2E Audit Groove ${Date.now().toString(36)}`;
let adminToken: string;
let songId: string;

/** The journey's own song: uploaded by the demo artist, then approved by the admin through the API. */
beforeAll(async () => {
  adminToken = (await logIn(browser.baseUrl, ADMIN)).token;
  const artistToken = (await logIn(browser.baseUrl, ARTIST)).token;
  const categories = await apiAs<{ _id: string }[]>(browser.baseUrl, artistToken, '/categories');
  songId = await uploadSong(browser.baseUrl, artistToken, {
    title: TITLE,
    artist: 'E2E Audit Band',
    category: categories[0]!._id,
    songLink: 'https://www.youtube.com/watch?v=e2eAuditLog',
    cover: await coverPng('#0f766e'),
  });
  const verify = await callApi(browser.baseUrl, adminToken, 'PUT', `/admin/songs/${songId}/verify`, {
    action: 'approve',
  });
  if (verify.status !== 200) throw new Error(`approve failed: ${verify.status}`);
});

afterAll(async () => {
  if (songId) await deleteSongs(browser.baseUrl, adminToken, [songId]);
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
