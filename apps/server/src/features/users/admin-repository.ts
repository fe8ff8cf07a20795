import type { AdminUsersQuery, Role } from '@ovation/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { orderOfList } from '../../db/queries/list-order';
import { userNameOrEmailContains } from '../../db/queries/users';
import { users } from '../../db/schema';
import type { Database } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';

/** What the admin sees of a user; never the password hash. */
const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  country: users.country,
  state: users.state,
  role: users.role,
  isActive: users.isActive,
  bio: users.bio,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
  deactivatedAt: users.deactivatedAt,
  erasedAt: users.erasedAt,
};

export type AdminUserRow = {
  [Key in keyof typeof adminUserColumns]: (typeof users.$inferSelect)[Key];
};

/** The list's and the export's filters. */
export interface UserFilters {
  role?: Role;
  country?: string;
  state?: string;
  search?: string;
}

/**
 * Role, country and state match exactly; the search matches part of the name or e-mail, ignoring case
 * (in the form the trigram indexes answer).
 */
function filterConditions(filters: UserFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.role) conditions.push(eq(users.role, filters.role));
  if (filters.country) conditions.push(eq(users.country, filters.country));
  if (filters.state) conditions.push(eq(users.state, filters.state));
  if (filters.search) conditions.push(userNameOrEmailContains(filters.search));
  return conditions;
}

/** The users list's sortable columns (ADMIN_USER_SORTS). */
const USER_SORT_COLUMNS = {
  createdAt: users.createdAt,
  name: users.name,
  email: users.email,
  role: users.role,
  country: [users.country, users.state],
  lastLogin: users.lastLogin,
};

/**
 * One page of the users list, sorted by the chosen column (newest first by default), and how many match in all. The
 * count (which reads every match) is only asked when the page is full: a page with fewer rows than the
 * limit already says how many there are, as most narrow searches' first page does.
 */
export async function findUsersPage(db: Database, query: AdminUsersQuery) {
  const where = and(...filterConditions(query));
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .where(where)
    .orderBy(...orderOfList(USER_SORT_COLUMNS, query, users.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const lastPageFound = rows.length < query.limit && (rows.length > 0 || query.page === 1);
  if (lastPageFound) return { rows, total: offsetOf(query) + rows.length };
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

/**
 * The countries users registered with, and the states: of `country` when given, else of every country.
 * Both distinct and sorted; read from the (country, state) index.
 */
export async function findFilterOptions(db: Database, country?: string) {
  const [countries, states] = await Promise.all([
    db
      .selectDistinct({ value: users.country })
      .from(users)
      .where(and(isNotNull(users.country), ne(users.country, '')))
      .orderBy(asc(users.country)),
    db
      .selectDistinct({ value: users.state })
      .from(users)
      .where(
        and(isNotNull(users.state), ne(users.state, ''), country ? eq(users.country, country) : undefined),
      )
      .orderBy(asc(users.state)),
  ]);
  return {
    countries: countries.map((row) => row.value!),
    states: states.map((row) => row.value!),
  };
}

export async function findAdminUser(db: Database, id: string): Promise<AdminUserRow | undefined> {
  const rows = await db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * Inside a transaction: locks every active admin's row, in id order (so two such transactions queue
 * instead of deadlocking), and answers their ids. Whoever holds these locks is the only one who may take
 * the admin role or access away from one of them, so the 'last admin' check cannot race.
 */
export async function lockActiveAdmins(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Inside a transaction: the user's row, locked until the transaction ends. */
export async function lockAdminUser(tx: Database, id: string): Promise<AdminUserRow | undefined> {
  const rows = await tx.select(adminUserColumns).from(users).where(eq(users.id, id)).for('update');
  return rows[0];
}

/** Inside a transaction: several users' rows locked in id order, so two bulk actions cannot deadlock. */
export function lockAdminUsers(tx: Database, ids: string[]): Promise<AdminUserRow[]> {
  return tx
    .select(adminUserColumns)
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for('update');
}

export async function updateAdminUser(
  tx: Database,
  id: string,
  values: Partial<Pick<typeof users.$inferInsert, 'isActive' | 'deactivatedAt' | 'deletedByOwner' | 'role'>>,
  at: Date,
): Promise<AdminUserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(eq(users.id, id))
    .returning(adminUserColumns);
  return row!;
}

/**
 * Every user matching `filters`, newest first, read in batches by keyset pagination on (created_at, id):
 * one batch in memory at a time, and each batch an index range instead of an ever larger OFFSET. The
 * cursor keeps created_at as PostgreSQL's text so its microseconds survive (a JavaScript Date drops them).
 */
export async function* streamUsers(
  db: Database,
  filters: UserFilters,
  batchSize: number,
): AsyncGenerator<AdminUserRow[]> {
  const conditions = filterConditions(filters);
  let cursor: { createdAt: string; id: string } | undefined;
  for (;;) {
    const after = cursor
      ? sql`${users.createdAt} <= ${cursor.createdAt}::timestamptz and (${users.createdAt}, ${users.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows = await db
      .select({ ...adminUserColumns, cursor: sql<string>`${users.createdAt}::text` })
      .from(users)
      .where(and(...conditions, after))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.cursor, id: last.id };
    yield rows;
    if (rows.length < batchSize) return;
  }
}
