import { afterAll, beforeAll } from 'vitest';
import { createCategory, createSong, createUser } from './factories';
import { startTestServer, type TestServer } from './server';

/*
 * The small catalog the public read tests share (songs, categories, stats): two categories, three approved
 * songs in the first (5 and 9 votes, one with accents to search for), a pending song in the second, one fan.
 */

export let server: TestServer;
export let afrobeats: { id: string };
export let gospel: { id: string };

/** Starts a server holding the shared catalog for the calling test file, and closes it after. */
export function setUpCatalog() {
  beforeAll(async () => {
    server = await startTestServer();
    afrobeats = await createCategory(server.db, { name: 'Best Afrobeats Song', sortOrder: 1 });
    gospel = await createCategory(server.db, { name: 'Best Gospel Song', type: 'continental', sortOrder: 2 });
    await createUser(server.db, { role: 'fan' });
    await createSong(server.db, {
      categoryId: afrobeats.id,
      title: 'Love Me JeJe',
      artist: 'Tems',
      votes: 5,
    });
    await createSong(server.db, { categoryId: afrobeats.id, title: 'Essence', artist: 'Wizkid', votes: 9 });
    await createSong(server.db, {
      categoryId: afrobeats.id,
      title: 'Béyoncé Dance',
      artist: 'Joé Dwèt Filé',
    });
    await createSong(server.db, {
      categoryId: gospel.id,
      title: 'Hidden',
      artist: 'Pending Artist',
      status: 'pending',
    });
  });
  afterAll(() => server.close());
}
