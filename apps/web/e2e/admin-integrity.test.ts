import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAnalyticsPage } from './pages/admin-analytics';
import { AdminIntegrityPage, integrityCount } from './pages/admin-integrity';
import { text } from './pages/catalogs';
import { callApi, captchaToken, coverPng, deleteSongs, registerAccount, uploadSong } from './support/api';
import { DEMO_PASSWORD, uniqueEmail } from './support/auth-flows';
import { setUpBrowser } from './support/browser';
import { latestCode } from './support/mail';
import { expectReachable, openNarrowPage } from './support/reach';
import { ADMIN, ARTIST, apiAs, logIn, type SignedIn, storeSession } from './support/session';

const browser = setUpBrowser();
const SUFFIX = Date.now().toString(36);
const BURST_SONG = `E2E Burst Anthem ${SUFFIX}`;
const STEADY_SONG = `E2E Steady Groove ${SUFFIX}`;
/**
 * The signals flag a group of at least 15 accounts (apps/server/src/features/integrity/signal-rules.ts):
 * the burst is 16 new fans voting for one song within a minute, all from this machine, so from one /24
 * (127.0.0.0/24). The song is new in the demo category with the most votes, whose week of votes (cast by
 * everybody else) gave it no share, so the concentration is far above what that category predicts.
 */
const BURST = 16;
/** Two more new fans vote for the second song: it ranks below the burst song until the burst is set aside. */
const STEADY = 2;
const REASON = `Sixteen new accounts from one network within a minute, all for one song (${SUFFIX})`;

let admin: SignedIn;
let categoryId = '';
const songIds: string[] = [];
/** A fan registered by the journey, with the address it signs in with. */
type NewFan = SignedIn & { email: string };
let secondAdmin: NewFan;
const burstSize = BURST;

interface AnalyticsSong {
  _id: string;
  rank: number;
  totalVotes: number;
  quarantinedVotes: number;
  invalidVotes: number;
  votesWithSetAside: number;
  rankWithSetAside: number;
}

/** The journey's burst song's newest spike in GET /admin/integrity/signals (the last hour). */
async function newestBurstSpike() {
  const signals = await apiAs<{
    velocity: { series: { songId: string; spikes: { at: string; votes: number }[] }[] };
  }>(browser.baseUrl, admin.token, `/admin/integrity/signals?categoryId=${categoryId}&window=1h`);
  const spikes = signals.velocity.series.find((song) => song.songId === songIds[0])?.spikes ?? [];
  const newest = [...spikes].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  if (!newest) throw new Error('the burst song has no spike in the signals');
  return newest;
}

/** The journey's category in GET /admin/analytics: its songs by rank. */
async function rankings() {
  const analytics = await apiAs<{ categories: { _id: string; songs: AnalyticsSong[] }[] }>(
    browser.baseUrl,
    admin.token,
    '/admin/analytics',
  );
  const category = analytics.categories.find((each) => each._id === categoryId);
  if (!category) throw new Error('the journey category is not in the analytics');
  const byId = (id: string) => category.songs.find((song) => song._id === id) as AnalyticsSong;
  return { burst: byId(songIds[0] as string), steady: byId(songIds[1] as string) };
}

/** A fan's vote through the API, solving the ALTCHA as the vote button's widget does. */
async function castVote(fan: SignedIn, songId: string) {
  const response = await callApi(browser.baseUrl, fan.token, 'POST', '/votes', {
    songId,
    captchaToken: await captchaToken(browser.baseUrl),
  });
  if (response.status !== 201) throw new Error(`vote failed: ${response.status} ${await response.text()}`);
}

/**
 * A new fan, registered and verified as a person does it (the ALTCHA solved, the mailed code typed):
 * journeys never share the demo fans' daily votes.
 */
async function registerFan(label: string): Promise<NewFan> {
  const email = uniqueEmail(`integrity.${label}`);
  await registerAccount(browser.baseUrl, { name: `Integrity ${label}`, email, password: DEMO_PASSWORD });
  const verified = await fetch(`${browser.baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otp: await latestCode(email) }),
  });
  const session = (await verified.json()) as SignedIn;
  if (!session.token) throw new Error(`verification failed for ${email}`);
  return { ...session, email };
}

async function setRole(userId: string, role: 'admin' | 'fan') {
  const response = await callApi(browser.baseUrl, admin.token, 'PATCH', `/admin/users/${userId}/role`, {
    role,
  });
  if (response.status !== 200)
    throw new Error(`role change failed: ${response.status} ${await response.text()}`);
}

/**
 * Two new approved songs in a demo category, the burst and a couple of ordinary votes, and a second
 * admin. Everything goes again afterwards (deleting the songs deletes their votes): other journeys count
 * the songs and the admins.
 */
beforeAll(async () => {
  admin = await logIn(browser.baseUrl, ADMIN);
  const categories = await apiAs<{ _id: string; totalVotes?: number }[]>(
    browser.baseUrl,
    admin.token,
    '/categories',
  );
  const busiest = [...categories].sort((a, b) => (b.totalVotes ?? 0) - (a.totalVotes ?? 0))[0];
  if (!busiest) throw new Error('the demo data has no category');
  categoryId = busiest._id;

  const artist = await logIn(browser.baseUrl, ARTIST);
  for (const [title, colour] of [
    [BURST_SONG, '#9a3412'],
    [STEADY_SONG, '#1d4ed8'],
  ] as const) {
    const id = await uploadSong(browser.baseUrl, artist.token, {
      title,
      artist: 'E2E Integrity Band',
      category: categoryId,
      songLink: `https://www.youtube.com/watch?v=e2eInteg${songIds.length}${SUFFIX}`,
      cover: await coverPng(colour),
    });
    songIds.push(id);
    const approved = await callApi(browser.baseUrl, admin.token, 'PUT', `/admin/songs/${id}/verify`, {
      action: 'approve',
    });
    if (approved.status !== 200) throw new Error(`approve failed: ${approved.status}`);
  }

  const fans = await Promise.all(
    Array.from({ length: BURST + STEADY + 1 }, (_, index) => registerFan(String(index + 1))),
  );
  // The last new account is the second admin (an admin may vote too, but this one never did).
  secondAdmin = fans.pop() as NewFan;
  await setRole(secondAdmin.user._id, 'admin');
  for (const fan of fans.slice(0, STEADY)) await castVote(fan, songIds[1] as string);
  await Promise.all(fans.slice(STEADY).map((fan) => castVote(fan, songIds[0] as string)));
});

afterAll(async () => {
  if (secondAdmin) await setRole(secondAdmin.user._id, 'fan');
  await deleteSongs(browser.baseUrl, admin.token, songIds);
});

describe('vote integrity', () => {
  it('flags a burst from one network, quarantines it with a reason, and a second admin confirms it invalid', async () => {
    const before = await rankings();
    expect(before.burst.totalVotes).toBe(burstSize);
    expect(before.burst.rank).toBeLessThan(before.steady.rank);

    await storeSession(browser.context, admin);
    const screen = new AdminIntegrityPage(browser.page);
    await screen.open(`?category=${categoryId}&window=1h`);

    // The burst is a network cluster of twelve accounts: every vote of the song, from 127.0.0.0/24.
    const cluster = screen.cluster(BURST_SONG, 'network');
    await cluster.waitFor();
    expect(await cluster.getByRole('heading', { level: 3 }).innerText()).toBe('127.0.0.0/24');
    expect(await screen.clusterFact(cluster, screen.text('clusters.accounts'))).toBe(String(burstSize));
    expect(await screen.clusterFact(cluster, screen.text('clusters.share'))).toBe('100%');
    // The velocity chart marks the burst as a spike, and says so in words.
    expect(await browser.page.getByTestId('integrity-spikes').innerText()).toContain(BURST_SONG);
    await browser.page.getByText(screen.text('clusters.lead')).waitFor();

    // The spike lists the votes behind it: the burst song's votes of that minute, as many as it counted.
    const spike = await newestBurstSpike();
    await screen.openSpikeVotes(screen.spikes(BURST_SONG).first());
    const spikeRows = await screen.voteRows();
    expect(spikeRows).toHaveLength(spike.votes);
    for (const row of spikeRows) {
      expect(row).toContain('127.0.0.0/24');
      expect(row.join(' ')).toContain(BURST_SONG);
    }
    // Its votes can be quarantined as a selection, as a cluster's can (cancelled here: the cluster is).
    const selected = await screen.startQuarantineSelected();
    expect(await selected.innerText()).toContain(integrityCount('quarantine.selectedText', spike.votes));
    await selected
      .getByRole('button', { name: text('en', 'kit.dialog.cancel', 'admin'), exact: true })
      .click();
    await selected.waitFor({ state: 'hidden' });

    // Its votes: twelve fans, the prefix only (never a full address), all still valid.
    await screen.openVotes(cluster);
    const rows = await screen.voteRows();
    expect(rows).toHaveLength(burstSize);
    for (const row of rows) {
      expect(row).toContain('127.0.0.0/24');
      expect(row.join(' ')).toContain(BURST_SONG);
      expect(row).toContain(screen.text('votes.statuses.valid'));
    }

    // Quarantine asks why; too short a reason is refused before anything is sent.
    const dialog = await screen.startQuarantine(cluster);
    await screen.submitQuarantine(dialog, 'no');
    await dialog.getByText(screen.text('quarantine.reasonTooShort')).waitFor();
    await screen.submitQuarantine(dialog, REASON);
    await dialog.waitFor({ state: 'hidden' });
    await screen.toast(integrityCount('quarantine.done', burstSize));

    // The votes left the count at once: the ordinary song now leads; with the set-aside votes it would not.
    const after = await rankings();
    expect(after.burst).toMatchObject({ totalVotes: 0, quarantinedVotes: burstSize });
    expect(after.steady.rank).toBeLessThan(after.burst.rank);
    expect(after.burst.rankWithSetAside).toBeLessThan(after.steady.rankWithSetAside);

    // The admin sees the change on the analytics screen: the ordinary song above the burst song, the
    // category's note that the set-aside votes would change its ranking, and where each would stand.
    const analytics = new AdminAnalyticsPage(browser.page);
    await analytics.open();
    const ranking = analytics.categoryById(categoryId);
    await ranking.getByText(analytics.text('ranking.differs')).waitFor();
    // Each category opens on its leaders: the rest are loaded on demand, as an admin would ask for them.
    let shown = await analytics.ranking(ranking);
    while (
      !shown.some((row) => row.title === STEADY_SONG) ||
      !shown.some((row) => row.title === BURST_SONG)
    ) {
      const more = analytics.showMore(ranking);
      if ((await more.count()) === 0) break;
      const before = shown.length;
      await more.click();
      await expect.poll(async () => (await ranking.getByRole('article').count()) > before).toBe(true);
      shown = await analytics.ranking(ranking);
    }
    const titles = shown.map((row) => row.title);
    expect(titles).toContain(STEADY_SONG);
    expect(titles.indexOf(STEADY_SONG)).toBeLessThan(titles.indexOf(BURST_SONG));
    expect(shown.find((row) => row.title === BURST_SONG)).toMatchObject({
      rank: `#${after.burst.rank.toLocaleString('en')}`,
      withSetAside: analytics.withSetAsideText(after.burst.rankWithSetAside, after.burst.votesWithSetAside),
    });
    expect(shown.find((row) => row.title === STEADY_SONG)).toMatchObject({
      rank: `#${after.steady.rank.toLocaleString('en')}`,
      withSetAside: analytics.withSetAsideText(after.steady.rankWithSetAside, after.steady.votesWithSetAside),
    });
    await screen.open(`?category=${categoryId}&window=1h`);

    // The admin who set them aside cannot confirm them invalid: another admin exists.
    const review = screen.review(REASON);
    await review.waitFor();
    expect(await screen.confirmInvalidButton(review).isDisabled()).toBe(true);
    await review.getByText(screen.text('reviews.secondAdmin')).waitFor();
    expect(await review.innerText()).toContain(integrityCount('reviews.votes', burstSize));

    // The second admin confirms.
    const second = await logIn(browser.baseUrl, { email: secondAdmin.email, password: DEMO_PASSWORD });
    const page = await browser.reset();
    await storeSession(browser.context, second);
    const secondScreen = new AdminIntegrityPage(page);
    await secondScreen.open(`?category=${categoryId}&window=1h`);
    const pending = secondScreen.review(REASON);
    await pending.waitFor();
    expect(await secondScreen.confirmInvalidButton(pending).isDisabled()).toBe(false);
    await secondScreen.confirmInvalid(pending);
    await secondScreen.toast(secondScreen.text('reviews.invalidateDone'));
    const decided = secondScreen.review(REASON, 'decided');
    await decided.waitFor();
    expect(await decided.innerText()).toContain(secondScreen.text('reviews.statuses.invalidated'));

    // The integrity report names the category with its invalid votes and the reason.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: secondScreen.text('report.download'), exact: true }).click();
    const report = await downloading;
    expect(report.suggestedFilename()).toMatch(/^integrity-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await report.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(REASON);

    const final = await rankings();
    expect(final.burst).toMatchObject({
      totalVotes: 0,
      quarantinedVotes: 0,
      invalidVotes: burstSize,
    });
    expect(final.steady.rank).toBeLessThan(final.burst.rank);
  });

  it('reads at 320 px in English and Arabic without sideways scrolling or serious axe findings', async () => {
    for (const language of ['en', 'ar']) {
      const page = await openNarrowPage(browser, language);
      await storeSession(browser.context, admin);
      const screen = new AdminIntegrityPage(page);
      await page.goto(`/admin/integrity?category=${categoryId}&window=1h`);
      const cluster = page
        .getByTestId('integrity-clusters')
        .locator('article')
        .filter({ hasText: BURST_SONG })
        .first();
      await cluster.waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await cluster
        .getByRole('button', { name: screen.text('clusters.openVotes', language), exact: true })
        .click();
      await page.getByTestId('integrity-votes').locator('tbody tr').first().waitFor();
      await page.locator('canvas').first().waitFor();
      await expectReachable(page, `integrity, ${language}`);
    }
  });
});
