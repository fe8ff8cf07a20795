import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { finishedDownloadAudit } from '../../test/downloads';
import {
  createCategory,
  createSong,
  createUser,
  createVote,
  setPlatformTimezone,
} from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let afrobeats: { id: string };
let gospel: { id: string };
let ids: Record<'essence' | 'loveMe' | 'calmDown' | 'formula' | 'pending' | 'ye', string>;

const HYPERLINK_TITLE = '=HYPERLINK("http://evil.example","Click me")';

/** Votes fraud review set aside, as the integrity actions leave them (their tallies no longer count them). */
async function setAside(
  songId: string,
  categoryId: string,
  status: 'quarantined' | 'invalid',
  count: number,
) {
  for (let index = 0; index < count; index++) {
    const fan = await createUser(server.db, { role: 'fan' });
    await createVote(server.db, { userId: fan.id, songId, categoryId, status });
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  afrobeats = await createCategory(server.db, { name: 'Best Afrobeats Song', sortOrder: 1 });
  gospel = await createCategory(server.db, { name: 'Best Gospel Song', sortOrder: 2, icon: '🙏' });
  await createCategory(server.db, { name: 'Best Newcomer', sortOrder: 3 });
  const song = (categoryId: string, title: string, artist: string, votes: number, status?: 'pending') =>
    createSong(server.db, { categoryId, title, artist, votes, status: status ?? 'approved' }).then(
      (row) => row.id,
    );
  ids = {
    essence: await song(afrobeats.id, 'Essence', 'Wizkid', 9),
    loveMe: await song(afrobeats.id, 'Love Me JeJe', 'Tems', 9),
    calmDown: await song(afrobeats.id, 'Calm Down', 'Rema', 5),
    formula: await song(afrobeats.id, HYPERLINK_TITLE, '@Attacker', 0),
    pending: await song(afrobeats.id, 'Not Yet', 'Someone', 0, 'pending'),
    ye: await song(gospel.id, 'Ye', 'Burna Boy', 3),
  };
  await setAside(ids.calmDown, afrobeats.id, 'quarantined', 6);
  await setAside(ids.ye, gospel.id, 'invalid', 2);
  await server.db.update(categories).set({ winnerSongId: ids.ye }).where(eq(categories.id, gospel.id));
});
afterAll(() => server.close());

describe('GET /api/admin/analytics', () => {
  it('is for admins only', async () => {
    expect((await server.request('GET', '/api/admin/analytics')).status).toBe(401);
    for (const role of ['fan', 'artist'] as const) {
      const { token } = await signIn(server, role);
      const response = await server.request('GET', '/api/admin/analytics', { token });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Only administrators can access this page.');
    }
  });

  it('counts valid votes only, with the quarantined and invalid votes beside them', async () => {
    const response = await server.request('GET', '/api/admin/analytics', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data.totals).toEqual({
      totalVotes: 26,
      totalSongs: 5,
      totalCategories: 3,
      avgVotesPerSong: 5.2,
      quarantinedVotes: 6,
      invalidVotes: 2,
    });
    expect(response.body.data.results).toEqual({
      published: false,
      showLiveStandings: true,
      publishedAt: null,
      publishedBy: null,
    });
    expect(typeof response.body.data.votingOpen).toBe('boolean');
  });

  it('ranks each category by valid votes with shares to two decimals and competition ranks', async () => {
    const response = await server.request('GET', '/api/admin/analytics', { token: admin.token });
    const [first, second, third] = response.body.data.categories;
    expect([first.name, second.name, third.name]).toEqual([
      'Best Afrobeats Song',
      'Best Gospel Song',
      'Best Newcomer',
    ]);
    expect(first).toMatchObject({ totalVotes: 23, totalSongs: 4, winnerSongId: null, rankingDiffers: true });
    const rows = first.songs.map((song: Record<string, unknown>) => [
      song.title,
      song.totalVotes,
      song.share,
      song.rank,
      song.quarantinedVotes,
      song.invalidVotes,
      song.votesWithSetAside,
      song.rankWithSetAside,
      song.isWinner,
    ]);
    // 9 / 23 = 39.130...%, 5 / 23 = 21.739...%: the pending song is not listed.
    expect(rows).toEqual([
      ['Essence', 9, 39.13, 1, 0, 0, 9, 2, false],
      ['Love Me JeJe', 9, 39.13, 1, 0, 0, 9, 2, false],
      ['Calm Down', 5, 21.74, 3, 6, 0, 11, 1, false],
      [HYPERLINK_TITLE, 0, 0, 4, 0, 0, 0, 4, false],
    ]);
    expect(first.songs[0]).toMatchObject({ _id: ids.essence, artist: 'Wizkid', albumCover: null });

    expect(second).toMatchObject({
      icon: '🙏',
      totalVotes: 3,
      totalSongs: 1,
      winnerSongId: ids.ye,
      rankingDiffers: false,
      translations: {},
    });
    expect(second.songs).toEqual([
      expect.objectContaining({
        _id: ids.ye,
        totalVotes: 3,
        share: 100,
        rank: 1,
        invalidVotes: 2,
        votesWithSetAside: 5,
        rankWithSetAside: 1,
        isWinner: true,
      }),
    ]);
    expect(third).toMatchObject({ totalVotes: 0, totalSongs: 0, songs: [], rankingDiffers: false });
  });
});

/** The RFC 4180 fields of a CSV text (quoted fields with doubled quotes, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  return rows;
}

describe('GET /api/admin/analytics/report', () => {
  it('is for admins only', async () => {
    expect((await server.request('GET', '/api/admin/analytics/report')).status).toBe(401);
    const { token } = await signIn(server, 'fan');
    expect((await server.request('GET', '/api/admin/analytics/report', { token })).status).toBe(403);
  });

  it('streams a dated UTF-8 CSV with a BOM, two-decimal percentages and formula-safe cells, audited with its SHA-256', async () => {
    await setPlatformTimezone(server.db, 'Africa/Lagos');
    // 23:30 UTC on the 28th is already the 29th in Lagos: the file is named for the platform's day.
    server.clock.set(new Date('2025-11-28T23:30:00Z'));
    const response = await fetch(`${server.baseUrl}/api/admin/analytics/report`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('filename="vote-report-2025-11-29.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows).toEqual([
      [
        'Category',
        'Song',
        'Artist',
        'Votes',
        'Percentage',
        'Status',
        'Rank',
        'Quarantined votes',
        'Invalid votes',
        'Votes with set-aside',
        'Rank with set-aside',
      ],
      ['Best Afrobeats Song', 'Essence', 'Wizkid', '9', '39.13', 'Contender', '1', '0', '0', '9', '2'],
      ['Best Afrobeats Song', 'Love Me JeJe', 'Tems', '9', '39.13', 'Contender', '1', '0', '0', '9', '2'],
      ['Best Afrobeats Song', 'Calm Down', 'Rema', '5', '21.74', 'Contender', '3', '6', '0', '11', '1'],
      [
        'Best Afrobeats Song',
        `'${HYPERLINK_TITLE}`,
        "'@Attacker",
        '0',
        '0.00',
        'Contender',
        '4',
        '0',
        '0',
        '0',
        '4',
      ],
      ['Best Gospel Song', 'Ye', 'Burna Boy', '3', '100.00', 'Winner', '1', '0', '2', '5', '1'],
    ]);
    // No cell a spreadsheet would run as a formula.
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    const entry = await finishedDownloadAudit(server.db, 'results.exported', admin.user.id);
    // The same details as every export's (lib/downloads.ts sendAudited): the stage, then the receipt.
    expect(entry!.details).toEqual({
      filename: 'vote-report-2025-11-29.csv',
      stage: 'completed',
      rowCount: 5,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(entry!.ip).toBe('127.0.0.1');
  });
});
