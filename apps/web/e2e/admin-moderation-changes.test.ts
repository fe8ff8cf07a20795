import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminBulkUploadModal } from './pages/admin-bulk-upload';
import { AdminDashboardPage } from './pages/admin-dashboard';
import { AdminSongsPage } from './pages/admin-songs';
import { text } from './pages/catalogs';
import { waitForToast } from './pages/screen-parts';
import { callApi, coverPng, deleteSongs, uploadSong } from './support/api';
import { setUpBrowser } from './support/browser';
import { ADMIN, ARTIST, apiAs, logIn, signInAs } from './support/session';
import { readVotingWindow, serverNow, setVotingWindow } from './support/voting-window';

const browser = setUpBrowser();

/** A word no seeded song has, so each journey only sees its own songs. */
const MARKER = `Zr${Date.now().toString(36)}`;
const HOUR_MS = 60 * 60 * 1000;
const created: string[] = [];
let adminToken: string;
let artistToken: string;
let categories: { _id: string; name: string }[];

beforeAll(async () => {
  adminToken = (await logIn(browser.baseUrl, ADMIN)).token;
  artistToken = (await logIn(browser.baseUrl, ARTIST)).token;
  categories = await apiAs<{ _id: string; name: string }[]>(browser.baseUrl, adminToken, '/categories');
});

afterAll(async () => {
  const leftovers = await apiAs<{ _id: string }[]>(
    browser.baseUrl,
    adminToken,
    `/admin/songs?search=${MARKER}&limit=100`,
  );
  await deleteSongs(browser.baseUrl, adminToken, [...created, ...leftovers.map((song) => song._id)]);
});

/** A song of the demo artist, waiting for review: its id. */
async function artistSong(title: string) {
  const id = await uploadSong(browser.baseUrl, artistToken, {
    title,
    artist: 'E2E Second Thoughts',
    category: categories[0]!._id,
    songLink: 'https://www.youtube.com/watch?v=e2eReverse1',
    cover: await coverPng('#7c3aed'),
  });
  created.push(id);
  return id;
}

async function artistView(id: string) {
  const mine = await apiAs<{ _id: string; status: string; moderationReason: string | null }[]>(
    browser.baseUrl,
    artistToken,
    '/songs/artist/me',
  );
  return mine.find((song) => song._id === id);
}

async function adminView(title: string) {
  const found = await apiAs<{ _id: string; status: string; category: { _id: string } }[]>(
    browser.baseUrl,
    adminToken,
    `/admin/songs?search=${encodeURIComponent(title)}`,
  );
  return found;
}

describe('changing a moderation decision and moving a song', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`rejects an approved song, sends it back to review and moves it (${language}, 1366 px)`, async () => {
      const t = (key: string) => text(language, key, 'admin-songs');
      const title = `${MARKER} Reversal ${language}`;
      const id = await artistSong(title);
      const approved = await callApi(browser.baseUrl, adminToken, 'PUT', `/admin/songs/${id}/verify`, {
        action: 'approve',
      });
      expect(approved.status).toBe(200);

      const page = await browser.reset({ language });
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInAs(browser.context, browser.baseUrl, ADMIN);
      const songs = new AdminSongsPage(page);
      await songs.openIn(language, `?search=${encodeURIComponent(title)}`);
      const row = page.getByRole('row').filter({ hasText: title });
      await row.waitFor();

      // Approved to rejected, with the reason the artist reads.
      const reason = language === 'ar' ? 'الرابط يشغّل أغنية أخرى' : 'The link plays another song';
      const dialog = await songs.changeDecision(title, 'reject', reason, language);
      await dialog.waitFor({ state: 'hidden' });
      await waitForToast(page, t('decision.done.reject'));
      await expect.poll(async () => row.innerText()).toContain(t('status.rejected'));
      expect(await artistView(id)).toMatchObject({ status: 'rejected', moderationReason: reason });

      // Back to pending review: a reason is asked for first.
      const again = await songs.changeDecision(title, 'reopen', '', language);
      await again.getByText(t('decision.reasonRequired')).waitFor();
      await again.getByRole('textbox', { name: t('decision.reason') }).fill(reason);
      await again.getByRole('button', { name: t('decision.save'), exact: true }).click();
      await again.waitFor({ state: 'hidden' });
      await waitForToast(page, t('decision.done.reopen'));
      await expect.poll(async () => row.innerText()).toContain(t('status.pending'));
      expect(await artistView(id)).toMatchObject({ status: 'pending', moderationReason: reason });

      // Edit Song moves it (nobody voted for it) to another category.
      const target = categories[1]!;
      await songs.moveToCategory(title, target._id, language);
      await waitForToast(page, t('toast.updated'));
      const [moved] = await adminView(title);
      expect(moved?.category._id).toBe(target._id);
    });
  }

  it('asks before approving from the dashboard while voting is open', async () => {
    const saved = await readVotingWindow(browser.baseUrl, adminToken);
    const now = await serverNow(browser.baseUrl);
    await setVotingWindow(browser.baseUrl, adminToken, {
      ...saved,
      isEnabled: true,
      startDate: new Date(now - HOUR_MS).toISOString(),
      endDate: new Date(now + 24 * HOUR_MS).toISOString(),
    });
    try {
      const title = `${MARKER} Live Approval`;
      await artistSong(title);
      const page = await browser.reset();
      await signInAs(browser.context, browser.baseUrl, ADMIN);
      const dashboard = new AdminDashboardPage(page);
      await dashboard.open();
      await dashboard.pendingSong(title).waitFor();
      const question = await dashboard.approve(title, { expectConfirmation: true });
      expect(question).toContain(title);
      await dashboard.toast(text('en', 'toast.approved', 'admin-dashboard')).waitFor();
      expect((await adminView(title))[0]?.status).toBe('approved');
    } finally {
      await setVotingWindow(browser.baseUrl, adminToken, saved);
    }
  });
});

describe('bulk upload preview', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows what would be created and refused, stores nothing until Confirm (${language})`, async () => {
      const t = (key: string) => text(language, key, 'admin-bulk-upload');
      const page = await browser.reset({ language });
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInAs(browser.context, browser.baseUrl, ADMIN);
      const modal = new AdminBulkUploadModal(page, language);
      await modal.open();
      const title = `${MARKER} Preview ${language}`;
      await modal.chooseFile(
        'preview.csv',
        [
          'title,artist,song_link,category_name',
          `${title},E2E Preview Band,https://www.youtube.com/watch?v=e2ePreview1,${categories[0]!.name}`,
          `${title} Lost,E2E Preview Band,https://www.youtube.com/watch?v=e2ePreview2,No Such Category`,
        ].join('\n'),
      );

      await modal.preview();
      expect(await modal.summary()).toEqual({
        [t('summary.total')]: new Intl.NumberFormat(language).format(2),
        [t('preview.successful')]: new Intl.NumberFormat(language).format(1),
        [t('preview.failed')]: new Intl.NumberFormat(language).format(1),
      });
      expect((await modal.failures()).join('\n')).toContain(`${title} Lost`);
      expect(await adminView(title)).toEqual([]);

      await modal.confirm();
      expect(await modal.progress()).toBe(100);
      expect((await adminView(title)).map((song) => song.status)).toEqual(['approved']);
    });
  }
});
