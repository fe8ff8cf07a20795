import { detectLinkKind, type Role, type SongStatus } from '@ovation/shared';
import { categories, songs, songVoteTallies, users } from '../db/schema';
import type { Database } from '../lib/db';
import { foldForSearch } from '../lib/text';

let sequence = 0;
const next = () => ++sequence;

export async function createCategory(db: Database, values: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${n}`, description: `Description ${n}`, sortOrder: n, ...values })
    .returning();
  return row!;
}

export async function createUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> & { role?: Role } = {},
) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({ name: `User ${n}`, email: `user${n}@example.com`, emailVerified: true, ...values })
    .returning();
  return row!;
}

export async function createSong(
  db: Database,
  values: Partial<typeof songs.$inferInsert> & { categoryId: string; status?: SongStatus; votes?: number },
) {
  const n = next();
  const { votes = 0, ...rest } = values;
  const title = rest.title ?? `Song ${n}`;
  const artist = rest.artist ?? `Artist ${n}`;
  const songLink = rest.songLink ?? `https://www.youtube.com/watch?v=abcdefgh${String(n).padStart(3, '0')}`;
  const [row] = await db
    .insert(songs)
    .values({
      status: 'approved',
      ...rest,
      title,
      artist,
      songLink,
      linkKind: detectLinkKind(songLink),
      searchText: foldForSearch(`${title} ${artist}`),
    })
    .returning();
  if (votes > 0) await db.insert(songVoteTallies).values({ songId: row!.id, shard: 0, votes });
  return row!;
}
