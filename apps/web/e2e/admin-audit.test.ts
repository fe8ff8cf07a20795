import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPage, auditText } from './pages/admin-audit';
import { callApi, coverPng, deleteSongs, uploadSong } from './support/api';
import { DEMO } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { expectAdminDesktopLayout, openWidePage } from './support/reach';
import { ADMIN, ARTIST, apiAs, logIn, signInAs, storeSession } from './support/session';

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

    // Fields and values by their names, not as code.
    const change = await audit.change(row);
    expect(change).toContainEqual([
      auditText('fields.status'),
      auditText('values.pending'),
      auditText('values.approved'),
    ]);

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

  it('names fields and values in English and Arabic at 1366 px, laid out in the language’s direction', async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    for (const language of ['en', 'ar']) {
      const page = await openWidePage(browser, language);
      await storeSession(browser.context, admin);
      const audit = new AdminAuditPage(page, language);
      await audit.open('?action=song.approved');
      const row = audit.entry(TITLE);
      await row.waitFor();
      await expectAdminDesktopLayout(page, language, `audit log, ${language}, 1366 px`);
      const change = await audit.change(row);
      expect(change).toContainEqual([
        auditText('fields.status', language),
        auditText('values.pending', language),
        auditText('values.approved', language),
      ]);
    }
  });

  it('exports the filtered log as a CSV, and the export is itself in the log', async () => {
    const page = await openWidePage(browser, 'en');
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    const audit = new AdminAuditPage(page);
    await audit.open('?action=song.approved');
    const exported = await audit.exportCsv();
    expect(exported.status).toBe(200);
    expect(exported.fileName).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    await audit.open('?action=audit.exported');
    await audit.settled();
    expect((await audit.actions())[0]).toBe(auditText('actions.audit.exported'));
  });
});
