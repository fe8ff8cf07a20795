import { sql } from 'drizzle-orm';
import type { Database } from '../../lib/db';

/** The cheapest statement the database must answer: whether it is up at all. */
export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}
