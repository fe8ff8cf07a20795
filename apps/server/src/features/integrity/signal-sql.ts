import { type SQL, sql } from 'drizzle-orm';
import type { votes } from '../../db/schema';

export const iso = (date: Date) => date.toISOString();

/** The votes of [from, to): the range both created_at indexes answer. */
export function inRange(column: SQL | typeof votes.createdAt, range: { from: Date; to: Date }) {
  return sql`${column} >= ${iso(range.from)}::timestamptz and ${column} < ${iso(range.to)}::timestamptz`;
}

/** sum(`count`) since each cut, as a list of columns: one pass gives every window its figure. */
export function sinceEach(cuts: Date[], time: SQL, count: SQL) {
  return sql.join(
    cuts.map(
      (cut) => sql`coalesce(sum(${count}) filter (where ${time} >= ${iso(cut)}::timestamptz), 0)::int`,
    ),
    sql`, `,
  );
}
