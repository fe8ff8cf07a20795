import { or, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../lib/text';
import { users } from '../schema';

/*
 * A query builder the repositories of two features share (see ./songs.ts for why it sits here): one
 * search, so the users list and the online users list find the same people for the same words.
 */

/**
 * A user whose name or e-mail holds `search`, ignoring case: the users list's and the online users
 * list's search (features/users and features/online-users). Written `lower(column) LIKE lower(pattern)`,
 * the form the trigram indexes users_name_search_idx and users_email_search_idx answer (and cheaper to
 * recheck than ILIKE).
 */
export function userNameOrEmailContains(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return or(
    sql`lower(${users.name}) like lower(${pattern})`,
    sql`lower(${users.email}) like lower(${pattern})`,
  )!;
}
