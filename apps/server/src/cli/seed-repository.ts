import { count, eq } from 'drizzle-orm';
import { banners, categories, images, songs, users, votes } from '../db/schema';
import type { Database } from '../lib/db';

/** What `npm run db:seed` reports it added: the rows of each kind of demo data. */
export async function countSeededRows(db: Database) {
  const total = async (query: Promise<Array<{ value: number }>>) => (await query)[0]?.value ?? 0;
  return {
    categories: await total(db.select({ value: count() }).from(categories)),
    songs: await total(db.select({ value: count() }).from(songs)),
    approved: await total(db.select({ value: count() }).from(songs).where(eq(songs.status, 'approved'))),
    pending: await total(db.select({ value: count() }).from(songs).where(eq(songs.status, 'pending'))),
    rejected: await total(db.select({ value: count() }).from(songs).where(eq(songs.status, 'rejected'))),
    users: await total(db.select({ value: count() }).from(users)),
    votes: await total(db.select({ value: count() }).from(votes)),
    covers: await total(db.select({ value: count() }).from(images).where(eq(images.kind, 'cover'))),
    banners: await total(db.select({ value: count() }).from(banners)),
  };
}
