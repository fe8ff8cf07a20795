import { count } from 'drizzle-orm';
import { categories } from '../../db/schema';
import type { Database } from '../../lib/db';

/** How many categories exist: the admin dashboard's "Total Categories" figure. */
export async function countCategories(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(categories);
  return row?.total ?? 0;
}
