import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts';
import { createAd } from '../../test/ads';
import { createCategory, createSong, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

/**
 * Every sortable admin list (songs, users, categories, ads), sorted by each whitelisted column both ways:
 * the rows come in the column's order, equal values in id order (the same direction), nulls last going
 * up and first going down (PostgreSQL's order); an unknown column is refused with 400.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(() => server.close());

type Row = Record<string, unknown> & { _id: string };
type Key = string | number | boolean | null;

/** Ascending comparison as PostgreSQL sorts these columns: null is the greatest value. */
function compare(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function expectedOrder(rows: Row[], key: (row: Row) => Key, order: 'asc' | 'desc'): string[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => sign * (compare(key(a), key(b)) || compare(a._id, b._id)))
    .map((row) => row._id);
}

async function listIds(url: string): Promise<{ ids: string[]; rows: Row[] }> {
  const response = await server.request('GET', url, { token: admin.token });
  expect(response.status).toBe(200);
  const data = response.body.data as Row[] | { ads: Row[] };
  const rows = Array.isArray(data) ? data : data.ads;
  return { ids: rows.map((row) => row._id), rows };
}

/**
 * For each column: page 1 of `filter` sorted both ways equals the rows sorted in the test by `keys[column]`
 * (then id), and every row's place is checked, not just the first.
 */
function sortsByEachColumn(path: string, filter: string, keys: Record<string, (row: Row) => Key>) {
  for (const [column, key] of Object.entries(keys)) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts ${path} by ${column} ${order}`, async () => {
        const { ids, rows } = await listIds(`${path}?${filter}&sort=${column}&order=${order}&limit=100`);
        expect(rows.length).toBeGreaterThanOrEqual(4);
        expect(ids).toEqual(expectedOrder(rows, key, order));
        // Both ways are exact mirrors: the id tiebreak runs in the same direction.
        const other = await listIds(
          `${path}?${filter}&sort=${column}&order=${order === 'asc' ? 'desc' : 'asc'}&limit=100`,
        );
        expect(other.ids).toEqual([...ids].reverse());
      });
    }
  }

  it(`refuses ${path} sorted by an unknown column with 400`, async () => {
    for (const sort of ['password', 'id; drop table users', 'createdat']) {
      const response = await server.request('GET', `${path}?sort=${encodeURIComponent(sort)}`, {
        token: admin.token,
      });
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    const order = await server.request('GET', `${path}?order=sideways`, { token: admin.token });
    expect(order.status).toBe(400);
  });

  it(`pages ${path} in one order: no row twice, none skipped`, async () => {
    const first = await listIds(`${path}?${filter}&sort=${Object.keys(keys)[1]}&order=asc&limit=2`);
    const second = await listIds(`${path}?${filter}&sort=${Object.keys(keys)[1]}&order=asc&limit=2&page=2`);
    const all = await listIds(`${path}?${filter}&sort=${Object.keys(keys)[1]}&order=asc&limit=100`);
    expect([...first.ids, ...second.ids]).toEqual(all.ids.slice(0, 4));
  });
}

const STATUS_RANK = { pending: 0, approved: 1, rejected: 2 } as const;
const ROLE_RANK = { fan: 0, artist: 1, admin: 2 } as const;

describe('GET /api/admin/songs sorted', () => {
  beforeAll(async () => {
    const now = server.clock.now().getTime();
    const zulu = await createCategory(server.db, { name: 'Zulu Sortcat' });
    const alpha = await createCategory(server.db, { name: 'Alpha Sortcat' });
    const songs = [
      { title: 'Sortsong Mango', artist: 'Bravo', categoryId: zulu.id, status: 'pending' as const },
      { title: 'Sortsong Apple', artist: 'Delta', categoryId: alpha.id, status: 'rejected' as const },
      { title: 'Sortsong Kiwi', artist: 'Bravo', categoryId: alpha.id, status: 'approved' as const },
      { title: 'Sortsong Apple', artist: 'Charlie', categoryId: zulu.id, status: 'approved' as const },
      { title: 'Sortsong Pear', artist: 'Alpha', categoryId: zulu.id, status: 'pending' as const },
    ];
    for (const [index, song] of songs.entries()) {
      // Two songs share a creation time: the id decides between them.
      await createSong(server.db, { ...song, createdAt: new Date(now - Math.min(index, 3) * DAY) });
    }
  });

  sortsByEachColumn('/api/admin/songs', 'search=sortsong', {
    createdAt: (row) => row.createdAt as string,
    title: (row) => row.title as string,
    artist: (row) => row.artist as string,
    category: (row) => (row.category as { name: string }).name,
    status: (row) => STATUS_RANK[row.status as keyof typeof STATUS_RANK],
  });
});

describe('GET /api/admin/users sorted', () => {
  beforeAll(async () => {
    const now = server.clock.now().getTime();
    const people = [
      { name: 'Yaw', email: 'yaw@sort.example', role: 'fan' as const, country: 'Togo', state: 'Maritime' },
      { name: 'Abena', email: 'abena@sort.example', role: 'artist' as const, country: 'Togo', state: 'Kara' },
      { name: 'Kwame', email: 'kwame@sort.example', role: 'admin' as const, country: 'Togo', state: 'Kara' },
      { name: 'Efua', email: 'efua@sort.example', role: 'fan' as const, country: 'Togo', state: 'Savanes' },
    ];
    for (const [index, person] of people.entries()) {
      await createUser(server.db, {
        ...person,
        createdAt: new Date(now - (index + 1) * DAY),
        lastLogin: index === 2 ? null : new Date(now - index * 3600_000),
      });
    }
  });

  sortsByEachColumn('/api/admin/users', 'country=Togo', {
    createdAt: (row) => row.createdAt as string,
    name: (row) => row.name as string,
    email: (row) => row.email as string,
    role: (row) => ROLE_RANK[row.role as keyof typeof ROLE_RANK],
    // The country, then its state: every user here is in Togo, so the states decide.
    country: (row) => `${row.country as string}/${row.state as string}`,
    lastLogin: (row) => (row.lastLogin as string | null) ?? null,
  });
});

describe('GET /api/admin/categories sorted', () => {
  beforeAll(async () => {
    const names = ['Sortgroup Delta', 'Sortgroup Bravo', 'Sortgroup Echo', 'Sortgroup Alpha'];
    for (const [index, name] of names.entries()) {
      // Two categories share a display order: the name decides between them.
      const category = await createCategory(server.db, { name, sortOrder: 900 + Math.min(index, 2) });
      for (let song = 0; song < index % 3; song += 1) {
        await createSong(server.db, { categoryId: category.id, votes: (index + 1) * (song + 1) });
      }
    }
  });

  it('lists categories in the admins’ display order by default, with the list contract', async () => {
    const response = await server.request('GET', '/api/admin/categories?search=sortgroup', {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1 });
    expect(response.body.data.map((row: Row) => row.name)).toEqual([
      'Sortgroup Delta',
      'Sortgroup Bravo',
      'Sortgroup Alpha',
      'Sortgroup Echo',
    ]);
    expect(response.body.data[0]).toMatchObject({ songCount: 0, totalVotes: 0 });
  });

  it('is for admins only', async () => {
    const fan = await signIn(server, 'fan');
    expect((await server.request('GET', '/api/admin/categories', { token: fan.token })).status).toBe(403);
    expect((await server.request('GET', '/api/admin/categories')).status).toBe(401);
  });

  sortsByEachColumn('/api/admin/categories', 'search=sortgroup', {
    sortOrder: (row) => `${String(row.sortOrder).padStart(6, '0')}/${row.name as string}`,
    name: (row) => row.name as string,
    songCount: (row) => row.songCount as number,
    totalVotes: (row) => row.totalVotes as number,
  });
});

describe('GET /api/ads sorted', () => {
  beforeAll(async () => {
    const now = server.clock.now().getTime();
    const rows = [
      { title: 'Sortad Oscar', isActive: true, startDate: '2026-01-05', endDate: '2026-12-31' },
      { title: 'Sortad Bravo', isActive: false, startDate: '2026-01-01', endDate: null },
      { title: 'Sortad Lima', isActive: true, startDate: '2026-01-05', endDate: '2026-06-30' },
      { title: 'Sortad Alpha', isActive: false, startDate: '2026-02-01', endDate: '2026-06-30' },
    ];
    for (const [index, ad] of rows.entries()) {
      await createAd(server.db, { ...ad, withImage: false, createdAt: new Date(now - index * DAY) });
    }
  });

  sortsByEachColumn('/api/ads', 'search=sortad', {
    createdAt: (row) => row.createdAt as string,
    title: (row) => row.title as string,
    status: (row) => row.isActive as boolean,
    startDate: (row) => (row.displaySettings as { startDate: string }).startDate,
    endDate: (row) => (row.displaySettings as { endDate: string | null }).endDate,
  });
});
