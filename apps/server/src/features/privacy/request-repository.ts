import { desc, eq } from 'drizzle-orm';
import { privacyRequests, users } from '../../db/schema';
import type { Database } from '../../lib/db';

export async function insertPrivacyRequest(db: Database, values: typeof privacyRequests.$inferInsert) {
  const [row] = await db.insert(privacyRequests).values(values).returning({ id: privacyRequests.id });
  return row!.id;
}

/** A user's requests, the most recently received first, with who answered them. */
export function findPrivacyRequests(db: Database, userId: string) {
  return db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      receivedAt: privacyRequests.receivedAt,
      answeredAt: privacyRequests.answeredAt,
      answerer: { id: users.id, name: users.name },
    })
    .from(privacyRequests)
    .leftJoin(users, eq(users.id, privacyRequests.answeredBy))
    .where(eq(privacyRequests.userId, userId))
    .orderBy(desc(privacyRequests.receivedAt), desc(privacyRequests.answeredAt));
}
