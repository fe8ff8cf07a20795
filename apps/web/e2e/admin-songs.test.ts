import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSongsPage } from './pages/admin-songs';
import { coverPng, deleteSongs, uploadSong } from './support/api';
import { setUpBrowser } from './support/browser';
import { ADMIN, ARTIST, apiAs, logIn, signInAs } from './support/session';

const browser = setUpBrowser();

/** A word no seeded song has, so the journey only ever sees its own songs. */
const MARKER = `Zq${Date.now().toString(36)}`;
const created: string[] = [];
let adminToken: string;

/** Three songs uploaded as the demo artist: they wait for review (pending). */
beforeAll(async () => {
  adminToken = (await logIn(browser.baseUrl, ADMIN)).token;
  const artistToken = (await logIn(browser.baseUrl, ARTIST)).token;
  const categories = await apiAs<{ _id: string }[]>(browser.baseUrl, artistToken, '/categories');
  const cover = await coverPng('#1f8a70');
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    const title = `${MARKER} ${name}`;
    const id = await uploadSong(browser.baseUrl, artistToken, {
      title,
      artist: 'E2E Moderation Band',
      category: categories[0]!._id,
      songLink: 'https://www.youtube.com/watch?v=e2eModerate',
      description: `Uploaded by the moderation journey (${title}).`,
      cover,
    });
    created.push(id);
  }
});

/** The journey's songs leave with it: the demo artist's dashboard is shared with other journeys. */
afterAll(async () => {
  await deleteSongs(browser.baseUrl, adminToken, created);
});

describe('song moderation', () => {
  it('filters by status and search, rejects with a reason, edits and deletes songs', async () => {
    const page = browser.page;
    const session = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const songs = new AdminSongsPage(page);
    const [alpha, beta, gamma] = ['Alpha', 'Beta', 'Gamma'].map((name) => `${MARKER} ${name}`) as [
      string,
      string,
      string,
    ];

    await songs.open();
    await songs.search(MARKER.toUpperCase());
    await expect.poll(() => songs.titles()).toEqual([gamma, beta, alpha]);
    expect(new URL(page.url()).searchParams.get('search')).toBe(MARKER.toUpperCase());

    // None of them is approved yet; pending shows all three, and the filter is in the address.
    await songs.filterStatus('approved');
    await songs.emptyState().waitFor();
    await songs.filterStatus('pending');
    await expect.poll(() => songs.titles()).toEqual([gamma, beta, alpha]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('pending');

    // Reject Alpha with a reason the artist will read.
    const reason = 'The link plays another song.';
    await songs.reject(alpha, reason);
    await songs.toast(songs.text('toast.rejected'));
    await expect.poll(() => songs.titles()).toEqual([gamma, beta]);
    await songs.filterStatus('rejected');
    await expect.poll(() => songs.titles()).toEqual([alpha]);
    expect(await songs.row(alpha).innerText()).toContain(reason);
    const artistToken = (await logIn(browser.baseUrl, ARTIST)).token;
    const mine = await apiAs<{ _id: string; status: string; moderationReason: string | null }[]>(
      browser.baseUrl,
      artistToken,
      '/songs/artist/me',
    );
    expect(mine.find((song) => song._id === created[0])).toMatchObject({
      status: 'rejected',
      moderationReason: reason,
    });

    // Edit Beta: the form starts from the song, and the list shows the change.
    await songs.filterStatus('pending');
    const dialog = await songs.openEdit(beta);
    expect(await dialog.getByLabel(songs.text('edit.songTitle')).inputValue()).toBe(beta);
    expect(await dialog.getByText(songs.text('edit.coverHint')).count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await songs.edit(beta, { title: `${beta} Remix`, description: 'Edited by the moderator.' });
    await songs.toast(songs.text('toast.updated'));
    await expect.poll(() => songs.titles()).toEqual([gamma, `${beta} Remix`]);
    expect(await songs.row(`${beta} Remix`).innerText()).toContain('Edited by the moderator.');

    // Delete Gamma, after the spec's warning.
    const confirm = await songs.askDelete(gamma);
    expect(await confirm.innerText()).toContain(songs.text('delete.description'));
    await songs.confirmDelete(confirm);
    await songs.toast(songs.text('toast.deleted'));
    await expect.poll(() => songs.titles()).toEqual([`${beta} Remix`]);
    const gone = await fetch(`${browser.baseUrl}/api/songs/${created[2]}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(gone.status).toBe(404);

    // Clear Filters empties the search and the status, in the address too.
    await songs.clearFilters();
    expect(new URL(page.url()).search).toBe('');
  });
});
