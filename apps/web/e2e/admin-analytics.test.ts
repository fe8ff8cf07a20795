import type { AdminAnalytics, ResultsSettings } from '@ovation/shared/schemas/admin-analytics';
import type { VotingSettings } from '@ovation/shared/schemas/voting';
import { describe, expect, it } from 'vitest';
import { AdminAnalyticsPage } from './pages/admin-analytics';
import { text } from './pages/catalogs';
import { callApi } from './support/api';
import { setUpBrowser } from './support/browser';
import { expectReachable, openNarrowPage } from './support/reach';
import { ADMIN, apiAs, logIn, signInAs } from './support/session';
import { readVotingWindow, serverNow, setVotingWindow } from './support/voting-window';

const browser = setUpBrowser();
const HOUR_MS = 3_600_000;
/** The report's header line (the admin spec's report columns, then the fraud-review columns). */
const REPORT_HEADER =
  'Category,Song,Artist,Votes,Percentage,Status,Rank,Quarantined votes,Invalid votes,Votes with set-aside,Rank with set-aside';
const categoriesText = (key: string) => text('en', key, 'categories');

/**
 * What the journeys change on the shared e2e server, read first and put back at the end, pass or fail: the
 * voting window, the results settings and the first category's winner.
 */
async function snapshot(token: string) {
  const analytics = await apiAs<AdminAnalytics>(browser.baseUrl, token, '/admin/analytics');
  return {
    window: await readVotingWindow(browser.baseUrl, token),
    results: analytics.results,
    category: analytics.categories[0]!,
  };
}

async function restore(token: string, saved: Awaited<ReturnType<typeof snapshot>>) {
  await setResults(token, { published: false, showLiveStandings: saved.results.showLiveStandings });
  const path = `/admin/categories/${saved.category._id}/winner`;
  if (saved.category.winnerSongId) {
    await callApi(browser.baseUrl, token, 'POST', path, {
      songId: saved.category.winnerSongId,
      confirmVotingOpen: true,
    });
  } else {
    await callApi(browser.baseUrl, token, 'DELETE', path);
  }
  await setResults(token, saved.results);
  await setVotingWindow(browser.baseUrl, token, saved.window);
}

async function setResults(token: string, results: Pick<ResultsSettings, 'published' | 'showLiveStandings'>) {
  const { published, showLiveStandings } = results;
  const response = await callApi(browser.baseUrl, token, 'PUT', '/admin/results', {
    published,
    showLiveStandings,
  });
  if (!response.ok) throw new Error(`Could not set the results: ${response.status}`);
}

/** Voting open now (started an hour ago, ends tomorrow) or closed (ended yesterday). */
async function setVoting(token: string, original: VotingSettings, open: boolean) {
  const now = await serverNow(browser.baseUrl);
  await setVotingWindow(browser.baseUrl, token, {
    ...original,
    isEnabled: true,
    startDate: new Date(now - (open ? 1 : 48) * HOUR_MS).toISOString(),
    endDate: new Date(now + (open ? 24 : -24) * HOUR_MS).toISOString(),
  });
}

/** The category page as a guest sees it: the list element and each card's title, rank, votes and Winner marker. */
async function publicCategory(categoryId: string) {
  const page = await browser.reset();
  await page.goto(`/categories/${categoryId}`);
  const cards = page.locator('main li article');
  await cards.first().waitFor();
  const list = await page
    .locator('main li:has(article)')
    .first()
    .evaluate((item) => item.parentElement?.tagName);
  const note = page.getByTestId('standings-note');
  return {
    page,
    list,
    note: (await note.count()) > 0 ? await note.innerText() : null,
    cards: await Promise.all(
      (await cards.all()).map(async (card) => ({
        title: (await card.locator('h3').innerText()).trim(),
        rank:
          (await card.getByTestId('rank').count()) > 0 ? await card.getByTestId('rank').innerText() : null,
        votes:
          (await card.getByTestId('votes').count()) > 0 ? await card.getByTestId('votes').innerText() : null,
        winner: (await card.getByTestId('winner-marker').count()) > 0,
      })),
    ),
  };
}

/** One line of the report (quoted cells may hold commas and doubled quotes). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted && char === '"' && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  return cells;
}

describe('vote analytics', () => {
  it('selects a winner after the confirmation (saying so while voting is open) and downloads the report', async () => {
    const { token } = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const saved = await snapshot(token);
    const category = saved.category;
    const [first, second] = category.songs;
    if (!first || !second) throw new Error('The demo data has two songs in its first category');
    try {
      await setResults(token, { published: false, showLiveStandings: true });
      await setVoting(token, saved.window, true);
      const screen = new AdminAnalyticsPage(browser.page);
      await screen.open();
      expect(Object.keys(await screen.stats())).toEqual([
        'Total Votes',
        'Total Songs',
        'Categories',
        'Avg Votes/Song',
        'Quarantined votes',
        'Invalid votes',
      ]);
      // Shares with two decimals, as the server computed them.
      const shown = await screen.ranking(category.name);
      // Each category opens on its leaders (five at most); the rest come on demand.
      expect(shown.map((row) => row.title)).toEqual(category.songs.slice(0, 5).map((song) => song.title));
      expect(shown[0]!.share).toBe(`${first.share.toFixed(2)}%`);

      // Voting is open: the one confirmation says so before anything is sent, then the winner.
      let dialog = await screen.startSelecting(category.name, second.title);
      expect(await screen.wordsOf(dialog)).toContain(`Select “${second.title}” by ${second.artist}`);
      expect(await screen.wordsOf(dialog)).toContain(screen.text('winner.votingOpen'));
      await dialog.getByRole('button', { name: screen.text('winner.openConfirm'), exact: true }).click();
      await screen.toast('Winner selected successfully!');
      await expect
        .poll(async () => (await screen.ranking(category.name)).find((row) => row.winner)?.title)
        .toBe(second.title);

      // Voting closed: one confirmation, which says whose place the new winner takes.
      await setVoting(token, saved.window, false);
      await screen.open();
      dialog = await screen.startSelecting(category.name, first.title);
      expect(await screen.wordsOf(dialog)).toContain(`This replaces the current winner, “${second.title}”.`);
      await dialog.getByRole('button', { name: screen.text('winner.confirm'), exact: true }).click();
      await screen.toast('Winner selected successfully!');
      await expect
        .poll(async () => (await screen.ranking(category.name)).find((row) => row.winner)?.title)
        .toBe(first.title);
      const after = await apiAs<AdminAnalytics>(browser.baseUrl, token, '/admin/analytics');
      expect(after.categories[0]!.winnerSongId).toBe(first._id);

      // The report: dated name, BOM, the header line, the winner's row.
      const file = await screen.exportReport();
      await screen.toast(screen.text('export.done'));
      expect(file.name).toMatch(/^vote-report-\d{4}-\d{2}-\d{2}\.csv$/);
      expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = file.bytes.subarray(3).toString('utf8').split(/\r?\n/);
      expect(lines[0]).toBe(REPORT_HEADER);
      const rows = lines.slice(1).filter(Boolean).map(parseCsvLine);
      const winnerRows = rows.filter((row) => row[0] === category.name && row[5] === 'Winner');
      expect(winnerRows.map((row) => row[1])).toEqual([first.title]);
      expect(winnerRows[0]![4]).toBe(first.share.toFixed(2));
    } finally {
      await restore(token, saved);
    }
  });

  it('publishing shows the winner and totals to the public; live standings off lists songs A→Z', async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    const saved = await snapshot(admin.token);
    const category = saved.category;
    const winner = category.songs[1] ?? category.songs[0]!;
    const openAdminScreen = async () => {
      await browser.reset();
      await signInAs(browser.context, browser.baseUrl, ADMIN);
      const screen = new AdminAnalyticsPage(browser.page);
      await screen.open();
      return screen;
    };
    try {
      await setResults(admin.token, { published: false, showLiveStandings: true });
      const chosen = await callApi(
        browser.baseUrl,
        admin.token,
        'POST',
        `/admin/categories/${category._id}/winner`,
        {
          songId: winner._id,
          confirmVotingOpen: true,
        },
      );
      expect([200, 409]).toContain(chosen.status); // 409 ALREADY_WINNER when the demo data already chose it

      // Publish: asks first; winners lock.
      let screen = await openAdminScreen();
      await screen.flip('publish');
      await screen.toast(screen.text('results.published'));
      expect(await screen.switch('publish').getAttribute('aria-checked')).toBe('true');
      const other = category.songs.find((song) => song._id !== winner._id)!;
      expect(await screen.selectButton(category.name, other.title).isDisabled()).toBe(true);

      // A guest now sees the final results: ranks, totals, the Winner marker; the song page too.
      const final = await publicCategory(category._id);
      expect(final.note).toContain(categoriesText('detail.finalTitle'));
      expect(final.cards.filter((card) => card.winner).map((card) => card.title)).toEqual([winner.title]);
      expect(final.cards.every((card) => card.votes !== null && card.rank !== null)).toBe(true);
      const winnerCard = final.cards.find((card) => card.title === winner.title)!;
      expect(winnerCard.votes).toBe(`${winner.totalVotes} vote${winner.totalVotes === 1 ? '' : 's'}`);
      await final.page.goto(`/songs/${winner._id}`);
      await final.page.getByTestId('winner-badge').waitFor();
      expect(await final.page.getByTestId('song-total').innerText()).toContain(String(winner.totalVotes));

      // Unpublish: back to live standings, ranked without numbers or winner.
      screen = await openAdminScreen();
      await screen.flip('publish');
      await screen.toast(screen.text('results.unpublished'));
      const live = await publicCategory(category._id);
      expect(live.list).toBe('OL');
      expect(live.note).toBeNull();
      expect(live.cards[0]!.rank).toBe('#1');
      expect(live.cards.some((card) => card.votes !== null || card.winner)).toBe(false);
      await live.page.goto(`/songs/${winner._id}`);
      await live.page.locator('main h1').waitFor();
      expect(await live.page.getByTestId('winner-badge').count()).toBe(0);
      expect(await live.page.getByTestId('song-total').count()).toBe(0);

      // Live standings off: a neutral A→Z list without ranks, and a note saying when the standings come.
      screen = await openAdminScreen();
      await screen.flip('live');
      await screen.toast(screen.text('results.liveHidden'));
      const hidden = await publicCategory(category._id);
      expect(hidden.list).toBe('UL');
      expect(hidden.note).toBe(categoriesText('detail.hiddenText'));
      expect(hidden.cards.every((card) => card.rank === null && card.votes === null && !card.winner)).toBe(
        true,
      );
      const titles = hidden.cards.map((card) => card.title);
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    } finally {
      await restore(admin.token, saved);
    }
  });

  it("shows 'Access Denied' when the server refuses the analytics to this session", async () => {
    await signInAs(browser.context, browser.baseUrl, ADMIN);
    // A role taken away while the page was open: the server answers 403 to the stored admin session.
    // The screen asks for each category's leaders (a query string), so the route matches any query.
    await browser.page.route(/\/api\/admin\/analytics(\?.*)?$/, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'FORBIDDEN', message: 'Forbidden' }),
      }),
    );
    await browser.page.goto('/admin/analytics');
    await browser.page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await browser.page.getByText('Only administrators can access this page.').waitFor();
  });

  it('reads at 320 px in English and Arabic without sideways scrolling or serious axe findings', async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    const saved = await snapshot(admin.token);
    const category = saved.category;
    try {
      // A winner and a published result: every marker and note of the screens is on the page.
      await setResults(admin.token, { published: false, showLiveStandings: false });
      await callApi(browser.baseUrl, admin.token, 'POST', `/admin/categories/${category._id}/winner`, {
        songId: category.songs[0]!._id,
        confirmVotingOpen: true,
      });
      for (const language of ['en', 'ar']) {
        const page = await openNarrowPage(browser, language);
        await page.goto(`/categories/${category._id}`);
        await page.getByTestId('standings-note').waitFor();
        await expectReachable(page, `hidden standings, ${language}`);

        await signInAs(browser.context, browser.baseUrl, ADMIN);
        await page.goto('/admin/analytics');
        await page.locator('main section[data-category] article[data-winner]').first().waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
        await expectReachable(page, `analytics, ${language}`);
      }
      await setResults(admin.token, { published: true, showLiveStandings: true });
      for (const language of ['en', 'ar']) {
        const page = await openNarrowPage(browser, language);
        await page.goto(`/categories/${category._id}`);
        await page.getByTestId('winner-marker').waitFor();
        await expectReachable(page, `final standings, ${language}`);
        await page.goto(`/songs/${category.songs[0]!._id}`);
        await page.getByTestId('winner-badge').waitFor();
        await expectReachable(page, `winner's song page, ${language}`);
      }
    } finally {
      await restore(admin.token, saved);
    }
  });
});
