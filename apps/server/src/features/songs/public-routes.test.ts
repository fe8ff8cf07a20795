import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { songs, songViews } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { afrobeats, gospel, server, setUpCatalog } from '../../test/catalog';
import { createSong } from '../../test/factories';
import { ViewCounter } from './view-counter';

setUpCatalog();

describe('GET /api/songs', () => {
  it('pages approved songs only', async () => {
    const response = await server.request('GET', '/api/songs?limit=2');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(2);
    expect(response.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    const titles = response.body.data.map((song: { title: string }) => song.title);
    expect(titles).not.toContain('Hidden');
  });

  it('searches title and artist, ignoring case and accents', async () => {
    const byArtist = await server.request('GET', '/api/songs?search=JOE%20DWET');
    expect(byArtist.body.data.map((song: { title: string }) => song.title)).toEqual(['Béyoncé Dance']);
    const byTitle = await server.request('GET', `/api/songs?search=${encodeURIComponent('beyonce')}`);
    expect(byTitle.body.data).toHaveLength(1);
    const wildcard = await server.request('GET', '/api/songs?search=%25');
    expect(wildcard.body.data).toHaveLength(0);
  });

  it('sorts by title and filters by category', async () => {
    const response = await server.request(
      'GET',
      `/api/songs?sortBy=title&sortOrder=asc&category=${afrobeats.id}`,
    );
    expect(response.body.data.map((song: { title: string }) => song.title)).toEqual([
      'Béyoncé Dance',
      'Essence',
      'Love Me JeJe',
    ]);
  });

  it('refuses the Most Voted sort to non-admins', async () => {
    const response = await server.request('GET', '/api/songs?sortBy=totalVotes');
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('MOST_VOTED_ADMIN_ONLY');
  });

  it('hides a pending song from the public', async () => {
    const list = await server.request('GET', `/api/songs?category=${gospel.id}`);
    expect(list.body.data).toHaveLength(0);
  });
});

describe('views', () => {
  it('counts a view once per visitor per song per hour, and adds them to the song in batches', async () => {
    const song = await createSong(server.db, { categoryId: gospel.id, title: 'Viewed' });
    const counter = new ViewCounter(server.db, Buffer.from('test-key'));
    const at = new Date('2026-01-01T10:15:00Z');
    for (const agent of ['phone-a', 'phone-a', 'phone-a', 'phone-b']) {
      await counter.record(song.id, { ip: '10.0.0.1', userAgent: agent }, at);
    }
    await counter.record(song.id, { ip: '10.0.0.1', userAgent: 'phone-a' }, new Date('2026-01-01T11:05:00Z'));
    await counter.close();
    const [row] = await server.db.select({ views: songs.views }).from(songs).where(eq(songs.id, song.id));
    expect(row!.views).toBe(3);
  });

  it('records a view when the song page is opened', async () => {
    const song = await createSong(server.db, { categoryId: gospel.id, title: 'Opened' });
    await server.request('GET', `/api/songs/${song.id}`);
    // The view is recorded just after the answer is sent, so the page is not slowed by it.
    await expect
      .poll(
        async () => (await server.db.select().from(songViews).where(eq(songViews.songId, song.id))).length,
      )
      .toBe(1);
  });
});

describe('GET /api/songs/:id of a song not yet approved', () => {
  it("shows its owner and admins its status and the admin's reason; everyone else gets 404", async () => {
    const owner = await signIn(server, 'artist');
    const otherArtist = await signIn(server, 'artist');
    const fan = await signIn(server, 'fan');
    const admin = await signIn(server, 'admin');
    const pending = await createSong(server.db, {
      categoryId: gospel.id,
      title: 'Waiting Room',
      status: 'pending',
      uploaderId: owner.user.id,
    });
    const rejected = await createSong(server.db, {
      categoryId: gospel.id,
      title: 'Not This Time',
      status: 'rejected',
      moderationReason: 'The link does not play',
      uploaderId: owner.user.id,
    });

    const ownPending = await server.request('GET', `/api/songs/${pending.id}`, { token: owner.token });
    expect(ownPending.status).toBe(200);
    expect(ownPending.body.data).toMatchObject({
      status: 'pending',
      isVerified: false,
      moderationReason: null,
    });
    const ownRejected = await server.request('GET', `/api/songs/${rejected.id}`, { token: owner.token });
    expect(ownRejected.body.data).toMatchObject({
      status: 'rejected',
      moderationReason: 'The link does not play',
    });
    const asAdmin = await server.request('GET', `/api/songs/${rejected.id}`, { token: admin.token });
    expect(asAdmin.body.data.moderationReason).toBe('The link does not play');

    for (const token of [undefined, fan.token, otherArtist.token]) {
      const response = await server.request('GET', `/api/songs/${pending.id}`, { token });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('SONG_NOT_FOUND');
    }
  });

  it('never carries a moderation reason on an approved song', async () => {
    const owner = await signIn(server, 'artist');
    const song = await createSong(server.db, {
      categoryId: gospel.id,
      moderationReason: 'Approved after a second listen',
      uploaderId: owner.user.id,
    });
    for (const token of [undefined, owner.token]) {
      const response = await server.request('GET', `/api/songs/${song.id}`, { token });
      expect(response.body.data.status).toBe('approved');
      expect(response.body.data).not.toHaveProperty('moderationReason');
    }
  });
});
