import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, songs, voteQuotas, votes } from '../../db/schema';
import { foldForSearch } from '../../lib/text';
import { signIn } from '../../test/accounts';
import { createCategory, createSong, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: { token: string; user: { id: string } };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(() => server.close());

const asAdmin = (method: string, url: string, body?: unknown) =>
  server.request(method, url, { token: admin.token, body });

let unique = 0;
/** A valid create body with a name no other test uses. */
const categoryBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Best Highlife Song ${++unique}`,
  description: 'Horns, guitars and a good time.',
  icon: '🎺',
  color: '#10b981',
  sortOrder: 4,
  type: 'continental',
  ...overrides,
});

async function auditEntriesFor(targetId: string) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'category'), eq(auditLog.targetId, targetId)));
}

async function storedCategory(id: string) {
  const [row] = await server.db.select().from(categories).where(eq(categories.id, id));
  return row;
}

describe('POST /api/categories', () => {
  it('creates a category with the spec message, audited with its values', async () => {
    const response = await asAdmin(
      'POST',
      '/api/categories',
      categoryBody({ name: '  Best Highlife Song  ' }),
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Category created successfully');
    expect(response.body.data).toMatchObject({
      name: 'Best Highlife Song',
      description: 'Horns, guitars and a good time.',
      icon: '🎺',
      color: '#10B981',
      sortOrder: 4,
      type: 'continental',
      region: null,
      translations: {},
      totalSongs: 0,
      songCount: 0,
      totalVotes: 0,
    });
    const [entry] = await auditEntriesFor(response.body.data._id);
    expect(entry).toMatchObject({ action: 'category.created', actorId: admin.user.id });
    expect((entry!.details as { after: { name: string } }).after.name).toBe('Best Highlife Song');
  });

  it('fills the spec defaults: icon 🎵, colour #3B82F6, sort order 0, continental', async () => {
    const response = await asAdmin('POST', '/api/categories', { name: 'Only A Name' });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      icon: '🎵',
      color: '#3B82F6',
      sortOrder: 0,
      type: 'continental',
      region: null,
      description: '',
    });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'Category name is required'],
    ['a blank name', { name: '   ' }, 'name', 'Category name is required'],
    [
      'a name over 100 characters',
      { name: 'x'.repeat(101) },
      'name',
      'Category name must be at most 100 characters',
    ],
    [
      'a description over 500',
      { description: 'x'.repeat(501) },
      'description',
      'Description must be at most 500 characters',
    ],
    ['a colour that is not #RRGGBB', { color: 'blue' }, 'color', 'Colour must look like #3B82F6'],
    [
      'an icon that is a sentence',
      { icon: 'a very long icon text' },
      'icon',
      'Icon must be one emoji or a few characters',
    ],
    [
      'a fractional sort order',
      { sortOrder: 1.5 },
      'sortOrder',
      'Sort order must be a whole number of 0 or more',
    ],
    [
      'a sort order as text',
      { sortOrder: 'first' },
      'sortOrder',
      'Sort order must be a whole number of 0 or more',
    ],
    [
      'a negative sort order (banners refuse them too)',
      { sortOrder: -1 },
      'sortOrder',
      'Sort order must be a whole number of 0 or more',
    ],
    ['an unknown type', { type: 'global' }, 'type', 'Type must be continental or regional'],
    [
      'an unknown region',
      { type: 'regional', region: 'Atlantis' },
      'region',
      'Please choose a region from the list',
    ],
    [
      'a regional category without a region',
      { type: 'regional', region: '' },
      'region',
      'Please choose a region from the list',
    ],
    [
      'a translated name over 100',
      { translations: { fr: { name: 'x'.repeat(101) } } },
      'translations.fr.name',
      'Category name must be at most 100 characters',
    ],
  ])('refuses %s with its message, writing nothing', async (_case, overrides, field, message) => {
    const body = categoryBody(overrides);
    const before = await server.db.select({ id: categories.id }).from(categories);
    const response = await asAdmin('POST', '/api/categories', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await server.db.select({ id: categories.id }).from(categories)).toHaveLength(before.length);
  });

  it('stores a regional category with its region, and drops a region sent with a continental one', async () => {
    const regional = await asAdmin(
      'POST',
      '/api/categories',
      categoryBody({ type: 'regional', region: 'East Africa' }),
    );
    expect(regional.status).toBe(201);
    expect(regional.body.data).toMatchObject({ type: 'regional', region: 'East Africa' });
    const continental = await asAdmin('POST', '/api/categories', categoryBody({ region: 'East Africa' }));
    expect(continental.body.data.region).toBeNull();
  });

  it('refuses a name already taken in any case with 409 CATEGORY_NAME_TAKEN', async () => {
    await createCategory(server.db, { name: 'Best Rumba Song' });
    const response = await asAdmin('POST', '/api/categories', categoryBody({ name: 'best RUMBA song' }));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'CATEGORY_NAME_TAKEN',
      message: 'A category with this name already exists.',
    });
  });

  it('answers two simultaneous creates of one name with one 201 and one 409, never a 500', async () => {
    const name = `Race ${Date.now()}`;
    const answers = await Promise.all(
      [name, name.toUpperCase(), name.toLowerCase()].map((each) =>
        asAdmin('POST', '/api/categories', categoryBody({ name: each })),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const answer of answers.filter((each) => each.status === 409))
      expect(answer.body.code).toBe('CATEGORY_NAME_TAKEN');
    const stored = await server.db.select().from(categories);
    expect(stored.filter((row) => row.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  // Deterministic form of the race: the other create has passed its check and holds the name uncommitted.
  it.runIf(process.env.DATABASE_URL)(
    'turns the unique index refusing a racing create into 409, not 500',
    async () => {
      const name = `Index Race ${Date.now()}`;
      let commitOther!: () => void;
      const otherMayCommit = new Promise<void>((resolve) => {
        commitOther = resolve;
      });
      let otherInserted!: () => void;
      const inserted = new Promise<void>((resolve) => {
        otherInserted = resolve;
      });
      const other = server.db.transaction(async (tx) => {
        await createCategory(tx, { name });
        otherInserted();
        await otherMayCommit;
      });
      await inserted;
      const racing = asAdmin('POST', '/api/categories', categoryBody({ name: name.toUpperCase() }));
      // The racing insert now waits on the index entry; committing the other makes it fail.
      await new Promise((resolve) => setTimeout(resolve, 200));
      commitOther();
      await other;
      const response = await racing;
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('CATEGORY_NAME_TAKEN');
    },
  );

  it('stores translations (blank ones dropped) and keeps every name searchable', async () => {
    const response = await asAdmin(
      'POST',
      '/api/categories',
      categoryBody({
        name: 'Best Song of Hope',
        translations: {
          fr: { name: "Meilleure chanson d'espoir", description: 'Des chansons qui élèvent.' },
          ar: { name: 'أفضل أغنية أمل', description: '  ' },
          pt: { name: '', description: '' },
        },
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.data.translations).toEqual({
      fr: { name: "Meilleure chanson d'espoir", description: 'Des chansons qui élèvent.' },
      ar: { name: 'أفضل أغنية أمل' },
    });
    const stored = await storedCategory(response.body.data._id);
    // Folded as song search folds: no case, no accents (Arabic's hamza marks included).
    expect(stored!.searchText).toBe(
      foldForSearch("Best Song of Hope Meilleure chanson d'espoir أفضل أغنية أمل"),
    );
  });
});

describe('PUT /api/categories/:id', () => {
  it('replaces the fields, keeps the songs, and audits before and after', async () => {
    const category = await createCategory(server.db, { name: 'Best Kwaito Song', icon: '🎧' });
    const song = await createSong(server.db, { categoryId: category.id });
    const response = await asAdmin(
      'PUT',
      `/api/categories/${category.id}`,
      categoryBody({
        name: 'Best Kwaito Record',
        type: 'regional',
        region: 'Southern Africa',
        translations: { sw: { name: 'Wimbo Bora wa Kwaito' } },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Category updated successfully');
    expect(response.body.data).toMatchObject({
      _id: category.id,
      name: 'Best Kwaito Record',
      region: 'Southern Africa',
      songCount: 1,
      translations: { sw: { name: 'Wimbo Bora wa Kwaito' } },
    });
    const [moved] = await server.db.select().from(songs).where(eq(songs.id, song.id));
    expect(moved!.categoryId).toBe(category.id);
    expect((await storedCategory(category.id))!.searchText).toBe('best kwaito record wimbo bora wa kwaito');
    const [entry] = await auditEntriesFor(category.id);
    expect(entry!.action).toBe('category.updated');
    expect(entry!.details).toMatchObject({
      before: { name: 'Best Kwaito Song', icon: '🎧', type: 'continental' },
      after: { name: 'Best Kwaito Record', icon: '🎺', type: 'regional', region: 'Southern Africa' },
    });
  });

  it('lets a category keep its own name in another case', async () => {
    const category = await createCategory(server.db, { name: 'Best Bongo Song' });
    const response = await asAdmin(
      'PUT',
      `/api/categories/${category.id}`,
      categoryBody({ name: 'BEST BONGO SONG' }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data.name).toBe('BEST BONGO SONG');
  });

  it("refuses another category's name with 409 and changes nothing", async () => {
    await createCategory(server.db, { name: 'Best Zouk Song' });
    const category = await createCategory(server.db, { name: 'Best Kompa Song' });
    const response = await asAdmin(
      'PUT',
      `/api/categories/${category.id}`,
      categoryBody({ name: 'best zouk song' }),
    );
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CATEGORY_NAME_TAKEN');
    expect((await storedCategory(category.id))!.name).toBe('Best Kompa Song');
    expect(await auditEntriesFor(category.id)).toHaveLength(0);
  });

  it('answers an unknown category with 404', async () => {
    const response = await asAdmin(
      'PUT',
      '/api/categories/00000000-0000-4000-8000-000000000000',
      categoryBody(),
    );
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('CATEGORY_NOT_FOUND');
  });

  it('validates like the create', async () => {
    const category = await createCategory(server.db);
    const response = await asAdmin('PUT', `/api/categories/${category.id}`, categoryBody({ name: '' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Category name is required');
  });
});

describe('DELETE /api/categories/:id', () => {
  it('deletes an empty category with the spec message, audited with what it was', async () => {
    const category = await createCategory(server.db, { name: 'Best Taarab Song' });
    const fan = await createUser(server.db, { role: 'fan' });
    await server.db.insert(voteQuotas).values({ userId: fan.id, categoryId: category.id, votesCast: 0 });
    const response = await asAdmin('DELETE', `/api/categories/${category.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Category deleted successfully' });
    expect(await storedCategory(category.id)).toBeUndefined();
    expect(
      await server.db.select().from(voteQuotas).where(eq(voteQuotas.categoryId, category.id)),
    ).toHaveLength(0);
    const [entry] = await auditEntriesFor(category.id);
    expect(entry!.action).toBe('category.deleted');
    expect(entry!.details).toMatchObject({ before: { name: 'Best Taarab Song' } });
  });

  it.each(['approved', 'pending', 'rejected'] as const)(
    'refuses a category that still has a %s song with 409, deleting nothing',
    async (status) => {
      const category = await createCategory(server.db);
      const song = await createSong(server.db, { categoryId: category.id, status });
      const response = await asAdmin('DELETE', `/api/categories/${category.id}`);
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'CATEGORY_NOT_EMPTY',
        message:
          'This category still has songs or votes. Move or delete its songs first, then delete the category.',
      });
      expect(await storedCategory(category.id)).toBeDefined();
      expect(await server.db.select().from(songs).where(eq(songs.id, song.id))).toHaveLength(1);
      expect(await auditEntriesFor(category.id)).toHaveLength(0);
    },
  );

  it('refuses a category that only has votes left with 409', async () => {
    const category = await createCategory(server.db);
    const fan = await createUser(server.db, { role: 'fan' });
    await server.db.insert(votes).values({
      userId: fan.id,
      songId: '00000000-0000-4000-8000-00000000abcd',
      categoryId: category.id,
    });
    const response = await asAdmin('DELETE', `/api/categories/${category.id}`);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CATEGORY_NOT_EMPTY');
    expect(await storedCategory(category.id)).toBeDefined();
  });

  it('answers an unknown category with 404', async () => {
    const response = await asAdmin('DELETE', '/api/categories/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('CATEGORY_NOT_FOUND');
  });
});

describe('GET /api/categories (admin and public views)', () => {
  it('gives admins every song of the category and its votes, and the public neither', async () => {
    const category = await createCategory(server.db, { name: 'Best Counted Song' });
    await createSong(server.db, { categoryId: category.id, votes: 7 });
    await createSong(server.db, { categoryId: category.id, status: 'pending' });
    const forAdmin = await asAdmin('GET', '/api/categories');
    const adminView = forAdmin.body.data.find((each: { _id: string }) => each._id === category.id);
    expect(adminView).toMatchObject({ totalSongs: 1, songCount: 2, totalVotes: 7 });
    const forGuest = await server.request('GET', '/api/categories');
    const guestView = forGuest.body.data.find((each: { _id: string }) => each._id === category.id);
    expect(guestView.totalSongs).toBe(1);
    expect(guestView).not.toHaveProperty('songCount');
    expect(guestView).not.toHaveProperty('totalVotes');
  });

  it('carries the translations to guests, on the list, the category page and song cards', async () => {
    // Created through the API, which refreshes the guests' cached list.
    const created = await asAdmin(
      'POST',
      '/api/categories',
      categoryBody({
        name: 'Best Translated Song',
        description: 'In English',
        translations: { fr: { name: 'Meilleure chanson traduite', description: 'En français' } },
      }),
    );
    const category = { id: created.body.data._id as string };
    await createSong(server.db, { categoryId: category.id, title: 'Traduction' });
    const list = await server.request('GET', '/api/categories');
    const listed = list.body.data.find((each: { _id: string }) => each._id === category.id);
    expect(listed.translations).toEqual({
      fr: { name: 'Meilleure chanson traduite', description: 'En français' },
    });
    const detail = await server.request('GET', `/api/categories/${category.id}`);
    expect(detail.body.data.category.translations.fr.name).toBe('Meilleure chanson traduite');
    // Song cards need the name only: the description stays on the category pages.
    expect(detail.body.data.songs[0].category.translations).toEqual({
      fr: { name: 'Meilleure chanson traduite' },
    });
  });

  it("shows a guest an admin's create, update and delete at once, despite the public cache", async () => {
    const names = async () =>
      (await server.request('GET', '/api/categories')).body.data.map((each: { name: string }) => each.name);
    await names(); // fills the cache
    const created = await asAdmin('POST', '/api/categories', categoryBody({ name: 'Best Cached Song' }));
    expect(await names()).toContain('Best Cached Song');
    const id = created.body.data._id;
    const detail = await server.request('GET', `/api/categories/${id}`);
    expect(detail.body.data.category.name).toBe('Best Cached Song');
    await asAdmin('PUT', `/api/categories/${id}`, categoryBody({ name: 'Best Renamed Song' }));
    expect(await names()).toContain('Best Renamed Song');
    expect((await server.request('GET', `/api/categories/${id}`)).body.data.category.name).toBe(
      'Best Renamed Song',
    );
    await asAdmin('DELETE', `/api/categories/${id}`);
    expect(await names()).not.toContain('Best Renamed Song');
    expect((await server.request('GET', `/api/categories/${id}`)).status).toBe(404);
  });
});

describe('GET /api/admin/categories/stats', () => {
  it('counts categories, every song, every vote and the average songs per category', async () => {
    const fresh = await startTestServer();
    try {
      const freshAdmin = await signIn(fresh, 'admin');
      const empty = await fresh.request('GET', '/api/admin/categories/stats', { token: freshAdmin.token });
      expect(empty.body.data).toEqual({ total: 0, totalSongs: 0, totalVotes: 0, avgSongsPerCategory: 0 });
      const [one, two, three] = await Promise.all([
        createCategory(fresh.db),
        createCategory(fresh.db),
        createCategory(fresh.db),
      ]);
      await createSong(fresh.db, { categoryId: one!.id, votes: 4 });
      await createSong(fresh.db, { categoryId: one!.id, status: 'pending' });
      await createSong(fresh.db, { categoryId: two!.id, votes: 6 });
      await createSong(fresh.db, { categoryId: three!.id, status: 'rejected' });
      const response = await fresh.request('GET', '/api/admin/categories/stats', { token: freshAdmin.token });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        total: 3,
        totalSongs: 4,
        totalVotes: 10,
        avgSongsPerCategory: 1.3,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('a category change across two instances sharing Redis', () => {
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL;
  it.runIf(shared)("reaches the other instance's guests at once", async () => {
    const redis = [new Redis(process.env.REDIS_URL!), new Redis(process.env.REDIS_URL!)];
    const first = await startTestServer({ redis: redis[0] });
    const second = await startTestServer({ redis: redis[1], sameDatabaseAs: first });
    try {
      const firstAdmin = await signIn(first, 'admin');
      const namesOnSecond = async () =>
        (await second.request('GET', '/api/categories')).body.data.map((each: { name: string }) => each.name);
      expect(await namesOnSecond()).not.toContain('Best Shared Song'); // cached on the second instance
      const created = await first.request('POST', '/api/categories', {
        token: firstAdmin.token,
        body: categoryBody({ name: 'Best Shared Song' }),
      });
      expect(created.status).toBe(201);
      // Well under the 2 s the second instance would otherwise keep its cached list.
      await expect.poll(namesOnSecond, { timeout: 400, interval: 25 }).toContain('Best Shared Song');
    } finally {
      await second.close();
      await first.close();
      for (const client of redis) client.disconnect();
    }
  });
});
