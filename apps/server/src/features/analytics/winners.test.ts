import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, categories, users } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createCategory, createSong } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let category: { id: string; name: string };
let other: { id: string };
let songs: Record<'leader' | 'second' | 'pending' | 'elsewhere', { id: string; title: string }>;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const HOUR = 60 * 60 * 1000;

const choose = (body: unknown, options: { token?: string; categoryId?: string } = {}) =>
  server.request('POST', `/api/admin/categories/${options.categoryId ?? category.id}/winner`, {
    token: options.token ?? admin.token,
    body,
  });
const clear = (categoryId = category.id, token = admin.token) =>
  server.request('DELETE', `/api/admin/categories/${categoryId}/winner`, { token });
const setResults = (published: boolean) =>
  server.request('PUT', '/api/admin/results', {
    token: admin.token,
    body: { published, showLiveStandings: true },
  });

async function storedWinner(categoryId = category.id) {
  const [row] = await server.db
    .select({ winnerSongId: categories.winnerSongId })
    .from(categories)
    .where(eq(categories.id, categoryId));
  return row!.winnerSongId;
}

async function winnerAudits() {
  return server.db
    .select()
    .from(auditLog)
    .where(and(like(auditLog.action, 'category.winner%'), eq(auditLog.targetId, category.id)))
    .orderBy(asc(auditLog.id));
}

/** Opens the voting window, or closes it an hour ago, as an admin does on the voting control screen. */
async function setVoting(open: boolean) {
  const now = server.clock.now().getTime();
  const response = await server.request('PUT', '/api/voting-settings', {
    token: admin.token,
    body: {
      isEnabled: true,
      startDate: new Date(now - 48 * HOUR).toISOString(),
      endDate: new Date(now + (open ? 1 : -1) * HOUR).toISOString(),
      timezone: 'UTC',
      notes: '',
    },
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  category = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  other = await createCategory(server.db, { name: 'Best Gospel Song' });
  songs = {
    leader: await createSong(server.db, { categoryId: category.id, title: 'Essence', votes: 5 }),
    second: await createSong(server.db, { categoryId: category.id, title: 'Calm Down', votes: 3 }),
    pending: await createSong(server.db, { categoryId: category.id, title: 'Not Yet', status: 'pending' }),
    elsewhere: await createSong(server.db, { categoryId: other.id, title: 'Ye' }),
  };
});
afterAll(() => server.close());
beforeEach(() => setVoting(false));

describe('POST and DELETE /api/admin/categories/:categoryId/winner', () => {
  it('are for admins only', async () => {
    const body = { songId: songs.leader.id };
    expect(
      (await server.request('POST', `/api/admin/categories/${category.id}/winner`, { body })).status,
    ).toBe(401);
    expect((await server.request('DELETE', `/api/admin/categories/${category.id}/winner`)).status).toBe(401);
    for (const role of ['fan', 'artist'] as const) {
      const { token } = await signIn(server, role);
      expect((await choose(body, { token })).status).toBe(403);
      expect((await clear(category.id, token)).status).toBe(403);
    }
    expect(await storedWinner()).toBeNull();
  });

  it('refuses unknown ids, a song of another category, a song not approved and a malformed body, writing nothing', async () => {
    const unknownCategory = await choose({ songId: songs.leader.id }, { categoryId: UNKNOWN });
    expect(unknownCategory.status).toBe(404);
    expect(unknownCategory.body).toMatchObject({
      code: 'CATEGORY_NOT_FOUND',
      message: "The category you're looking for doesn't exist",
    });
    const unknownSong = await choose({ songId: UNKNOWN });
    expect(unknownSong.status).toBe(404);
    expect(unknownSong.body.code).toBe('SONG_NOT_FOUND');
    const foreign = await choose({ songId: songs.elsewhere.id });
    expect(foreign.status).toBe(409);
    expect(foreign.body).toMatchObject({
      code: 'SONG_NOT_IN_CATEGORY',
      message: 'This song is not in that category.',
    });
    const pending = await choose({ songId: songs.pending.id });
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({
      code: 'SONG_NOT_APPROVED',
      message: 'Only an approved song can be chosen as the winner.',
    });
    expect((await choose({ songId: 'not-an-id' })).status).toBe(400);
    expect((await choose({})).status).toBe(400);
    expect((await choose({ songId: songs.leader.id }, { categoryId: 'not-an-id' })).status).toBe(400);
    expect(await storedWinner()).toBeNull();
    expect(await storedWinner(other.id)).toBeNull();
    expect(await winnerAudits()).toEqual([]);
  });

  it('selects a winner, refuses the same choice again, and replaces it with a new one, each audited with both', async () => {
    const first = await choose({ songId: songs.second.id });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: 'Winner selected successfully!',
      data: { categoryId: category.id, songId: songs.second.id, previousSongId: null },
    });
    expect(await storedWinner()).toBe(songs.second.id);

    const again = await choose({ songId: songs.second.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ALREADY_WINNER',
      message: 'This song is already the winner of its category.',
    });

    const replaced = await choose({ songId: songs.leader.id });
    expect(replaced.body.data).toEqual({
      categoryId: category.id,
      songId: songs.leader.id,
      previousSongId: songs.second.id,
    });
    expect(await storedWinner()).toBe(songs.leader.id);

    const entries = await winnerAudits();
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.ip])).toEqual([
      ['category.winner', admin.user.id, '127.0.0.1'],
      ['category.winner', admin.user.id, '127.0.0.1'],
    ]);
    // The second-placed song was chosen first: the entry keeps its place beside the choice.
    expect(entries[0]!.details).toEqual({
      label: 'Best Afrobeats Song',
      votingOpen: false,
      votes: 3,
      rank: 2,
      rankWithSetAside: 2,
      rankingDiffers: false,
      before: { winnerSongId: null, winner: null },
      after: { winnerSongId: songs.second.id, winner: 'Calm Down' },
    });
    expect(entries[1]!.details).toMatchObject({
      rank: 1,
      before: { winnerSongId: songs.second.id, winner: 'Calm Down' },
      after: { winnerSongId: songs.leader.id, winner: 'Essence' },
    });

    const analytics = await server.request('GET', '/api/admin/analytics', { token: admin.token });
    const ranked = analytics.body.data.categories.find((entry: { _id: string }) => entry._id === category.id);
    expect(ranked.winnerSongId).toBe(songs.leader.id);
    expect(
      ranked.songs.map((song: { title: string; isWinner: boolean }) => [song.title, song.isWinner]),
    ).toEqual([
      ['Essence', true],
      ['Calm Down', false],
    ]);
  });

  it('asks for a second confirmation while voting is open, and records that it was given', async () => {
    await setVoting(true);
    const unconfirmed = await choose({ songId: songs.second.id });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({
      code: 'VOTING_STILL_OPEN',
      message: 'Voting is still open. Confirm that you want to choose a winner before voting has ended.',
    });
    // An admin whose profile speaks French is answered in French.
    const french = await signIn(server, 'admin');
    await server.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.user.id));
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: french.email, password: french.password },
    });
    const token = login.body.token as string;
    const refused = await choose({ songId: songs.second.id, confirmVotingOpen: false }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Le vote est encore ouvert. Confirmez que vous voulez choisir un gagnant avant la fin du vote.',
    );
    const before = await storedWinner();

    const confirmed = await choose({ songId: songs.second.id, confirmVotingOpen: true }, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('Gagnant sélectionné avec succès !');
    expect(confirmed.body.data.previousSongId).toBe(before);
    const entries = await winnerAudits();
    expect(entries.at(-1)!.details).toMatchObject({ votingOpen: true });
  });

  it('changes nothing while the results are published, and clears a winner once they are not', async () => {
    expect((await setResults(true)).status).toBe(200);
    const winner = await storedWinner();
    const chosen = await choose({ songId: songs.leader.id, confirmVotingOpen: true });
    expect(chosen.status).toBe(409);
    expect(chosen.body).toMatchObject({
      code: 'RESULTS_PUBLISHED',
      message: 'The results are published. Unpublish them first to make this change.',
    });
    const cleared = await clear();
    expect(cleared.status).toBe(409);
    expect(cleared.body.code).toBe('RESULTS_PUBLISHED');
    expect(await storedWinner()).toBe(winner);

    expect((await setResults(false)).status).toBe(200);
    const audits = (await winnerAudits()).length;
    const done = await clear();
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      success: true,
      message: 'Winner cleared successfully',
      data: { categoryId: category.id, songId: null, previousSongId: winner },
    });
    expect(await storedWinner()).toBeNull();
    const entries = await winnerAudits();
    expect(entries).toHaveLength(audits + 1);
    expect(entries.at(-1)).toMatchObject({
      action: 'category.winnerCleared',
      details: {
        label: 'Best Afrobeats Song',
        before: { winnerSongId: winner },
        after: { winnerSongId: null, winner: null },
      },
    });

    const none = await clear();
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'NO_WINNER', message: 'This category has no winner to clear.' });
    expect((await clear(UNKNOWN)).status).toBe(404);
    expect((await clear('not-an-id')).status).toBe(400);
  });

  it('lets two admins choosing at once take turns: one winner, each entry replacing what the other chose', async () => {
    const second = await signIn(server, 'admin');
    const responses = await Promise.all([
      choose({ songId: songs.leader.id }),
      choose({ songId: songs.second.id }, { token: second.token }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const entries = (await winnerAudits()).slice(-2);
    const [earlier, later] = entries.map(
      (entry) =>
        entry.details as { before: { winnerSongId: string | null }; after: { winnerSongId: string } },
    );
    expect(earlier!.before.winnerSongId).toBeNull();
    expect(later!.before.winnerSongId).toBe(earlier!.after.winnerSongId);
    expect(await storedWinner()).toBe(later!.after.winnerSongId);
  });
});
