import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, songs } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createCategory, createSong, createUser, createVote } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let category: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  category = await createCategory(server.db, { name: 'Best Reversed Song' });
});
afterAll(() => server.close());

const verify = (id: string, body: unknown, token = admin.token) =>
  server.request('PUT', `/api/admin/songs/${id}/verify`, { token, body });
const setPublished = (published: boolean) =>
  server.request('PUT', '/api/admin/results', { token: admin.token, body: { published } });

async function songRow(id: string) {
  const [row] = await server.db.select().from(songs).where(eq(songs.id, id));
  return row!;
}

async function auditActions(targetId: string) {
  const rows = await server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => ({
    action: row.action,
    details: row.details as { reversal?: boolean; before: { status: string }; after: { status: string } },
  }));
}

describe('changing a moderation decision', () => {
  it('moves a song from approved to rejected, back to approved and back to pending, audited, votes kept', async () => {
    const artist = await signIn(server, 'artist');
    const song = await createSong(server.db, {
      categoryId: category.id,
      title: 'Second Thoughts',
      uploaderId: artist.user.id,
      votes: 7,
    });

    const rejected = await verify(song.id, {
      action: 'reject',
      expectedStatus: 'approved',
      reason: 'The link plays another song',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      moderationReason: 'The link plays another song',
      totalVotes: 7,
    });
    // Hidden from the public while not approved, shown to its artist with the reason.
    expect((await server.request('GET', `/api/songs/${song.id}`)).status).toBe(404);
    const mine = await server.request('GET', '/api/songs/artist/me', { token: artist.token });
    expect(mine.body.data.find((row: { _id: string }) => row._id === song.id)).toMatchObject({
      status: 'rejected',
      moderationReason: 'The link plays another song',
      totalVotes: 7,
    });

    const approved = await verify(song.id, {
      action: 'approve',
      expectedStatus: 'rejected',
      reason: 'The artist fixed the link',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', totalVotes: 7 });
    expect((await server.request('GET', `/api/songs/${song.id}`)).status).toBe(200);

    const reopened = await verify(song.id, {
      action: 'reopen',
      expectedStatus: 'approved',
      reason: 'Checking the rights again',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.message).toBe('Song sent back to pending review');
    expect(reopened.body.data).toMatchObject({
      status: 'pending',
      moderationReason: 'Checking the rights again',
    });
    const again = await server.request('GET', '/api/songs/artist/me', { token: artist.token });
    expect(again.body.data.find((row: { _id: string }) => row._id === song.id)).toMatchObject({
      status: 'pending',
      moderationReason: 'Checking the rights again',
    });

    const audits = await auditActions(song.id);
    expect(audits.map((entry) => entry.action)).toEqual(['song.rejected', 'song.approved', 'song.reopened']);
    expect(audits.every((entry) => entry.details.reversal === true)).toBe(true);
    expect(audits.map((entry) => [entry.details.before.status, entry.details.after.status])).toEqual([
      ['approved', 'rejected'],
      ['rejected', 'approved'],
      ['approved', 'pending'],
    ]);
    // A song back in review is decided like any pending one.
    expect((await verify(song.id, { action: 'approve' })).status).toBe(200);
  });

  it('asks for a reason and a different status', async () => {
    const song = await createSong(server.db, { categoryId: category.id, title: 'No Reason Given' });
    const bare = await verify(song.id, { action: 'reject', expectedStatus: 'approved' });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    const same = await verify(song.id, { action: 'approve', expectedStatus: 'approved', reason: 'Again' });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([expect.objectContaining({ field: 'action' })]);
    expect((await songRow(song.id)).status).toBe('approved');
  });

  it('refuses a decision on a song whose status changed since the admin saw it (409, current status)', async () => {
    const song = await createSong(server.db, {
      categoryId: category.id,
      title: 'Seen Earlier',
      status: 'rejected',
    });
    // Without expectedStatus a decision is a first one: a decided song answers as before.
    const first = await verify(song.id, { action: 'approve' });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'SONG_ALREADY_MODERATED', currentStatus: 'rejected' });
    const stale = await verify(song.id, {
      action: 'reject',
      expectedStatus: 'approved',
      reason: 'Stale view',
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'SONG_ALREADY_MODERATED', currentStatus: 'rejected' });
    expect(stale.body.message).toBe(
      'This song was already moderated by another admin. The list now shows its current status.',
    );
  });

  it('lets only one of two admins change the same decision at once', async () => {
    const other = await signIn(server, 'admin');
    const song = await createSong(server.db, { categoryId: category.id, title: 'Raced Reversal' });
    const answers = await Promise.all([
      verify(song.id, { action: 'reject', expectedStatus: 'approved', reason: 'First admin' }),
      verify(song.id, { action: 'reopen', expectedStatus: 'approved', reason: 'Second admin' }, other.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await songRow(song.id)).status).toBe(winner.body.data.status);
    expect(await auditActions(song.id)).toHaveLength(1);
  });

  it('keeps published results and a chosen winner as they are', async () => {
    const fan = await createUser(server.db, { role: 'fan' });
    const nominee = await createSong(server.db, {
      categoryId: category.id,
      title: 'Published Nominee',
      votes: 1,
    });
    const voted = await createSong(server.db, {
      categoryId: category.id,
      title: 'Rejected With Votes',
      status: 'rejected',
    });
    await createVote(server.db, { userId: fan.id, songId: voted.id, categoryId: category.id });
    const fresh = await createSong(server.db, {
      categoryId: category.id,
      title: 'Rejected Never Voted',
      status: 'rejected',
    });

    expect((await setPublished(true)).status).toBe(200);
    try {
      const leave = await verify(nominee.id, {
        action: 'reject',
        expectedStatus: 'approved',
        reason: 'Late',
      });
      expect(leave.status).toBe(409);
      expect(leave.body.code).toBe('RESULTS_PUBLISHED');
      const back = await verify(voted.id, { action: 'approve', expectedStatus: 'rejected', reason: 'Late' });
      expect(back.status).toBe(409);
      expect(back.body.code).toBe('RESULTS_PUBLISHED');
      // Sent back to review before the results were published, it keeps its votes: approving it again
      // would change the published count too.
      const reopened = await createSong(server.db, {
        categoryId: category.id,
        title: 'Reopened With Votes',
        status: 'pending',
      });
      await createVote(server.db, { userId: fan.id, songId: reopened.id, categoryId: category.id });
      const first = await verify(reopened.id, { action: 'approve' });
      expect(first.status).toBe(409);
      expect(first.body.code).toBe('RESULTS_PUBLISHED');
      // Nor through "Approve selected".
      const bulk = await server.request('PUT', '/api/admin/songs/verify', {
        token: admin.token,
        body: { ids: [reopened.id], action: 'approve' },
      });
      expect(bulk.status).toBe(409);
      expect(bulk.body.code).toBe('RESULTS_PUBLISHED');
      expect((await songRow(reopened.id)).status).toBe('pending');
      // A song nobody voted for changes no count.
      const unvoted = await verify(fresh.id, {
        action: 'approve',
        expectedStatus: 'rejected',
        reason: 'Fine now',
      });
      expect(unvoted.status).toBe(200);
    } finally {
      expect((await setPublished(false)).status).toBe(200);
    }

    await server.db
      .update(categories)
      .set({ winnerSongId: nominee.id })
      .where(eq(categories.id, category.id));
    const winner = await verify(nominee.id, {
      action: 'reopen',
      expectedStatus: 'approved',
      reason: 'Recheck',
    });
    expect(winner.status).toBe(409);
    expect(winner.body.code).toBe('SONG_IS_WINNER');
    expect((await songRow(nominee.id)).status).toBe('approved');
    await server.db.update(categories).set({ winnerSongId: null }).where(eq(categories.id, category.id));
  });

  it('keeps bulk decisions to pending songs', async () => {
    const song = await createSong(server.db, {
      categoryId: category.id,
      title: 'Bulk Reopen',
      status: 'rejected',
    });
    const response = await server.request('PUT', '/api/admin/songs/verify', {
      token: admin.token,
      body: { ids: [song.id], action: 'reopen' },
    });
    expect(response.status).toBe(400);
  });
});
