import { and, desc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, songs } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createCategory, createSong, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let category: { id: string; name: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  category = await createCategory(server.db, { name: 'Best Moderation Song' });
});
afterAll(() => server.close());

const get = (url: string) => server.request('GET', url, { token: admin.token });
const verify = (id: string, body: unknown, token = admin.token) =>
  server.request('PUT', `/api/admin/songs/${id}/verify`, { token, body });
const verifyMany = (body: unknown, token = admin.token) =>
  server.request('PUT', '/api/admin/songs/verify', { token, body });

async function auditEntries(action: string, targetId: string) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id));
}

async function songRow(id: string) {
  const [row] = await server.db.select().from(songs).where(eq(songs.id, id));
  return row;
}

describe('GET /api/admin/songs', () => {
  it('lists every status, newest first, 20 a page, with the admin view of each song', async () => {
    const listed = await createCategory(server.db, { name: 'Paging Category' });
    const uploader = await createUser(server.db, { role: 'artist', name: 'Ama Uploader' });
    const start = Date.now() - 60 * 60 * 1000;
    for (let n = 0; n < 23; n++) {
      await createSong(server.db, {
        categoryId: listed.id,
        title: `Pagingtrack ${n}`,
        status: n % 3 === 0 ? 'pending' : n % 3 === 1 ? 'approved' : 'rejected',
        uploaderId: uploader.id,
        createdAt: new Date(start + n * 1000),
        votes: n,
      });
    }
    const first = await get('/api/admin/songs?search=pagingtrack');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 23, pages: 2 });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0]).toMatchObject({
      title: 'Pagingtrack 22',
      status: 'approved',
      category: { _id: listed.id, name: 'Paging Category' },
      uploader: { _id: uploader.id, name: 'Ama Uploader' },
      totalVotes: 22,
      moderationReason: null,
      description: '',
    });
    expect(Object.keys(first.body.data[0]).sort()).toEqual(
      [
        '_id',
        'title',
        'artist',
        'albumCover',
        'cover',
        'category',
        'status',
        'description',
        'songLink',
        'totalVotes',
        'moderationReason',
        'moderatedAt',
        'uploader',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    const second = await get('/api/admin/songs?search=pagingtrack&page=2');
    expect(second.body.data.map((song: { title: string }) => song.title)).toEqual([
      'Pagingtrack 2',
      'Pagingtrack 1',
      'Pagingtrack 0',
    ]);
  });

  it('filters by status; an empty status or `all` means every status', async () => {
    const statuses = ['pending', 'approved', 'rejected'] as const;
    for (const status of statuses) {
      await createSong(server.db, { categoryId: category.id, title: `Statusfilter ${status}`, status });
    }
    for (const status of statuses) {
      const response = await get(`/api/admin/songs?search=statusfilter&status=${status}`);
      expect(response.body.data.map((song: { title: string }) => song.title)).toEqual([
        `Statusfilter ${status}`,
      ]);
    }
    expect((await get('/api/admin/songs?search=statusfilter&status=')).body.pagination.total).toBe(3);
    expect((await get('/api/admin/songs?search=statusfilter&status=all')).body.pagination.total).toBe(3);
    const invalid = await get('/api/admin/songs?status=deleted');
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
  });

  it('searches title, artist and category names in every language, ignoring accents and case', async () => {
    const french = await createCategory(server.db, {
      name: 'Best Zouk Performance',
      translations: { fr: { name: 'Meilleure Prestation Zouk Éclatante' } },
      searchText: 'best zouk performance meilleure prestation zouk eclatante',
    });
    await createSong(server.db, { categoryId: category.id, title: 'Ngozi Télé', artist: 'Chérie Amour' });
    await createSong(server.db, { categoryId: french.id, title: 'Island Night', artist: 'Kassav' });
    const titles = async (search: string) =>
      (await get(`/api/admin/songs?search=${encodeURIComponent(search)}`)).body.data.map(
        (song: { title: string }) => song.title,
      );
    expect(await titles('NGOZI TELE')).toEqual(['Ngozi Télé']);
    expect(await titles('cherie')).toEqual(['Ngozi Télé']);
    expect(await titles('ÉCLATANTE')).toEqual(['Island Night']);
    expect(await titles('zouk perf')).toEqual(['Island Night']);
    expect(await titles('100%')).toEqual([]);
  });

  it('refuses a page size above 100', async () => {
    const response = await get('/api/admin/songs?limit=101');
    expect(response.status).toBe(400);
  });
});

describe('GET /api/admin/songs/pending and /stats', () => {
  it('gives the 5 newest pending songs, or `limit` of them', async () => {
    const fresh = await startTestServer();
    try {
      const freshAdmin = await signIn(fresh, 'admin');
      const own = await createCategory(fresh.db, { name: 'Pending Category' });
      const start = Date.now() - 60_000;
      for (let n = 0; n < 7; n++) {
        await createSong(fresh.db, {
          categoryId: own.id,
          title: `Waiting ${n}`,
          status: 'pending',
          createdAt: new Date(start + n * 1000),
        });
      }
      await createSong(fresh.db, { categoryId: own.id, title: 'Already out', status: 'approved' });
      const pending = await fresh.request('GET', '/api/admin/songs/pending', { token: freshAdmin.token });
      expect(pending.status).toBe(200);
      expect(pending.body.data.map((song: { title: string }) => song.title)).toEqual([
        'Waiting 6',
        'Waiting 5',
        'Waiting 4',
        'Waiting 3',
        'Waiting 2',
      ]);
      const two = await fresh.request('GET', '/api/admin/songs/pending?limit=2', { token: freshAdmin.token });
      expect(two.body.data).toHaveLength(2);
      const stats = await fresh.request('GET', '/api/admin/songs/stats', { token: freshAdmin.token });
      expect(stats.body).toEqual({
        success: true,
        data: { pending: 7, approved: 1, rejected: 0, total: 8 },
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('PUT /api/admin/songs/{id}/verify', () => {
  it('approves a pending song, audits it with before and after, and shows it publicly at once', async () => {
    const own = await createCategory(server.db, { name: 'Fresh Public Category' });
    const song = await createSong(server.db, { categoryId: own.id, title: 'Soon Public', status: 'pending' });
    // The public pages are read (and cached) before the approval.
    expect((await server.request('GET', `/api/songs?category=${own.id}`)).body.data).toEqual([]);
    expect((await server.request('GET', `/api/categories/${own.id}`)).body.data.songs).toEqual([]);

    const response = await verify(song.id, { action: 'approve' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Song approved successfully');
    expect(response.body.data).toMatchObject({ _id: song.id, status: 'approved', moderationReason: null });
    const row = await songRow(song.id);
    expect(row).toMatchObject({ status: 'approved', moderatedBy: admin.user.id });
    expect(row!.moderatedAt).toBeInstanceOf(Date);

    const [entry] = await auditEntries('song.approved', song.id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'song' });
    expect(entry!.details).toMatchObject({
      before: { status: 'pending', title: 'Soon Public' },
      after: { status: 'approved', title: 'Soon Public' },
    });

    const publicList = await server.request('GET', `/api/songs?category=${own.id}`);
    expect(publicList.body.data.map((item: { title: string }) => item.title)).toEqual(['Soon Public']);
    const categoryPage = await server.request('GET', `/api/categories/${own.id}`);
    expect(categoryPage.body.data.songs.map((item: { title: string }) => item.title)).toEqual([
      'Soon Public',
    ]);
  });

  it('rejects with a reason the artist then sees on their dashboard', async () => {
    const artist = await signIn(server, 'artist');
    const song = await createSong(server.db, {
      categoryId: category.id,
      title: 'Needs Work',
      status: 'pending',
      uploaderId: artist.user.id,
    });
    const response = await verify(song.id, { action: 'reject', reason: '  The link does not play.  ' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Song rejected successfully');
    expect(response.body.data).toMatchObject({
      status: 'rejected',
      moderationReason: 'The link does not play.',
    });
    const [entry] = await auditEntries('song.rejected', song.id);
    expect(entry!.details).toMatchObject({
      before: { status: 'pending', moderationReason: null },
      after: { status: 'rejected', moderationReason: 'The link does not play.' },
    });
    const mine = await server.request('GET', '/api/songs/artist/me', { token: artist.token });
    expect(mine.body.data[0]).toMatchObject({
      title: 'Needs Work',
      status: 'rejected',
      moderationReason: 'The link does not play.',
    });
  });

  it('answers 409 with the current status when another admin moderated the song first', async () => {
    const otherAdmin = await signIn(server, 'admin');
    const song = await createSong(server.db, { categoryId: category.id, status: 'pending' });
    const [first, second] = await Promise.all([
      verify(song.id, { action: 'approve' }),
      verify(song.id, { action: 'reject', reason: 'Too late' }, otherAdmin.token),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body).toMatchObject({ success: false, code: 'SONG_ALREADY_MODERATED' });
    const row = await songRow(song.id);
    expect(loser.body.currentStatus).toBe(row!.status);
    // Exactly one decision was stored and audited.
    const entries = [
      ...(await auditEntries('song.approved', song.id)),
      ...(await auditEntries('song.rejected', song.id)),
    ];
    expect(entries).toHaveLength(1);
    const again = await verify(song.id, { action: 'approve' });
    expect(again.status).toBe(409);
  });

  it('answers 404 for an unknown song and 400 for a bad action or a reason over 500 characters', async () => {
    const unknown = await verify('7d3c1f7e-0000-4000-8000-000000000000', { action: 'approve' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SONG_NOT_FOUND');
    const song = await createSong(server.db, { categoryId: category.id, status: 'pending' });
    const badAction = await verify(song.id, { action: 'publish' });
    expect(badAction.status).toBe(400);
    expect(badAction.body.errors[0].field).toBe('action');
    const long = await verify(song.id, { action: 'reject', reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({
      field: 'reason',
      message: 'The reason must be at most 500 characters',
      key: 'validation.reasonTooLong',
    });
    expect((await songRow(song.id))!.status).toBe('pending');
    const exactly = await verify(song.id, { action: 'reject', reason: 'x'.repeat(500) });
    expect(exactly.status).toBe(200);
  });
});

describe('PUT /api/admin/songs/verify (bulk)', () => {
  it('answers 404 when none of the songs exists', async () => {
    const response = await verifyMany({ ids: ['7d3c1f7e-0000-4000-8000-0000000000ab'], action: 'approve' });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('SONG_NOT_FOUND');
  });

  it('moderates the pending songs in one go, one audit entry each, and reports the others as skipped', async () => {
    const [one, two, done] = await Promise.all(
      ['Bulk One', 'Bulk Two', 'Bulk Done'].map((title) =>
        createSong(server.db, {
          categoryId: category.id,
          title,
          status: title === 'Bulk Done' ? 'approved' : 'pending',
        }),
      ),
    );
    const gone = '7d3c1f7e-0000-4000-8000-0000000000aa';
    const response = await verifyMany({
      ids: [one!.id, two!.id, done!.id, gone],
      action: 'reject',
      reason: 'Duplicate entries',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('2 songs rejected successfully');
    expect(response.body.data.moderated.map((song: { _id: string }) => song._id).sort()).toEqual(
      [one!.id, two!.id].sort(),
    );
    expect(response.body.data.skipped).toEqual([
      { _id: done!.id, status: 'approved' },
      { _id: gone, status: 'missing' },
    ]);
    for (const song of [one!, two!]) {
      expect(await songRow(song.id)).toMatchObject({
        status: 'rejected',
        moderationReason: 'Duplicate entries',
      });
      const [entry] = await auditEntries('song.rejected', song.id);
      expect(entry!.details).toMatchObject({
        bulk: true,
        before: { status: 'pending' },
        after: { status: 'rejected' },
      });
    }
    expect(await auditEntries('song.rejected', done!.id)).toEqual([]);
  });

  it('answers 409 listing the songs when none is still pending, changing nothing', async () => {
    const song = await createSong(server.db, { categoryId: category.id, status: 'rejected' });
    const response = await verifyMany({ ids: [song.id], action: 'approve' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'SONG_ALREADY_MODERATED',
      skipped: [{ _id: song.id, status: 'rejected' }],
    });
    expect((await songRow(song.id))!.status).toBe('rejected');
  });

  it('needs 1 to 100 song ids', async () => {
    expect((await verifyMany({ ids: [], action: 'approve' })).status).toBe(400);
    const many = Array.from(
      { length: 101 },
      (_, n) => `7d3c1f7e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    expect((await verifyMany({ ids: many, action: 'approve' })).status).toBe(400);
    expect((await verifyMany({ ids: ['not-a-uuid'], action: 'approve' })).status).toBe(400);
  });

  it('approves a single song through the bulk call with the single message', async () => {
    const song = await createSong(server.db, { categoryId: category.id, status: 'pending' });
    const response = await verifyMany({ ids: [song.id, song.id], action: 'approve' });
    expect(response.body.message).toBe('Song approved successfully');
    expect(response.body.data.moderated).toHaveLength(1);
  });
});

describe('an approval seen by another instance sharing Redis', () => {
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL;
  it.runIf(shared)("drops the other instance's cached public pages at once", async () => {
    const redis = [new Redis(process.env.REDIS_URL!), new Redis(process.env.REDIS_URL!)];
    const first = await startTestServer({ redis: redis[0] });
    const second = await startTestServer({ redis: redis[1], sameDatabaseAs: first });
    try {
      const firstAdmin = await signIn(first, 'admin');
      const own = await createCategory(first.db, { name: 'Two Instances' });
      const song = await createSong(first.db, { categoryId: own.id, title: 'Everywhere', status: 'pending' });
      // The second instance caches the empty list (2 s in process, 5 s in Redis).
      expect((await second.request('GET', `/api/songs?category=${own.id}`)).body.data).toEqual([]);
      const approved = await first.request('PUT', `/api/admin/songs/${song.id}/verify`, {
        token: firstAdmin.token,
        body: { action: 'approve' },
      });
      expect(approved.status).toBe(200);
      await expect
        .poll(async () => (await second.request('GET', `/api/songs?category=${own.id}`)).body.data.length, {
          timeout: 500,
          interval: 25,
        })
        .toBe(1);
    } finally {
      await second.close();
      await first.close();
      for (const client of redis) client.disconnect();
    }
  });
});
