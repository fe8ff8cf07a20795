import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import {
  accountDeletionCodes,
  adViewerMonthsAnonymised,
  auditLog,
  consents,
  deviceAccounts,
  emailVerifications,
  mailsSent,
  passwordResets,
  sessions,
  socialAccounts,
  songViews,
  users,
  votes,
} from '../../db/schema';
import { affectedRows, type Database, rowsOf } from '../../lib/db';

/*
 * What the retention rules delete or erase, table by table. Each statement is bounded (a batch) so a
 * large backlog never holds long locks; the service loops until a batch comes back short, and every
 * account is erased in one transaction of its own, so an interrupted run leaves whole accounts only.
 */

/** Deactivated accounts whose 30 days are over and whose data is still there, oldest first. */
export async function findAccountsToErase(db: Database, deactivatedBefore: Date, limit: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, false), isNull(users.erasedAt), lt(users.deactivatedAt, deactivatedBefore)))
    .orderBy(users.deactivatedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Erases one account's personal data, inside the caller's transaction: the ways to sign in (password,
 * social identities, sessions, pending codes), the devices it used, and every field that says who it was.
 * The row stays, empty, so the account's votes keep their pseudonym and still count; those votes lose the
 * address and device id they were cast from. Answers false when the account was reactivated meanwhile.
 */
export async function eraseAccount(tx: Database, userId: string, now: Date): Promise<boolean> {
  const erased = await tx
    .update(users)
    .set({
      name: '',
      // Unique and never deliverable (.invalid is reserved): nobody can register or sign in with it.
      email: sql`'erased-' || ${users.id}::text || '@erased.invalid'`,
      phoneNumber: null,
      country: null,
      state: null,
      avatar: null,
      bio: '',
      passwordHash: null,
      language: 'en',
      erasedAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.isActive, false), isNull(users.erasedAt)))
    .returning({ id: users.id });
  if (erased.length === 0) return false;
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
  await tx.delete(deviceAccounts).where(eq(deviceAccounts.userId, userId));
  await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await tx.delete(accountDeletionCodes).where(eq(accountDeletionCodes.userId, userId));
  await tx.delete(mailsSent).where(eq(mailsSent.userId, userId));
  // What was accepted stays on record, not where from.
  await tx.update(consents).set({ ip: null }).where(eq(consents.userId, userId));
  await tx
    .update(votes)
    .set({ ip: null, deviceId: null })
    .where(
      and(eq(votes.userId, userId), or(sql`${votes.ip} is not null`, sql`${votes.deviceId} is not null`)),
    );
  return true;
}

/** Which audit entries a deletion takes, by action: those whose action is listed, or all the others. */
export type AuditActions = { among: readonly string[] } | { notAmong: readonly string[] };

/**
 * Deletes up to `limit` audit entries older than `before` whose action matches `actions` (oldest first);
 * answers how many went.
 */
export async function deleteAuditEntriesBefore(
  db: Database,
  before: Date,
  limit: number,
  actions: AuditActions,
): Promise<number> {
  const byAction =
    'among' in actions
      ? inArray(auditLog.action, [...actions.among])
      : notInArray(auditLog.action, [...actions.notAmong]);
  const result = await db.execute(sql`
    delete from ${auditLog} where ${auditLog.id} in (
      select ${auditLog.id} from ${auditLog}
      where ${auditLog.createdAt} < ${before.toISOString()}::timestamptz and ${byAction}
      order by ${auditLog.createdAt} limit ${limit}
    )`);
  return affectedRows(result);
}

/** Sessions whose last activity is older than `before`: long expired or ended, whatever ended them. */
export async function deleteSessionsInactiveSince(
  db: Database,
  before: Date,
  limit: number,
): Promise<number> {
  const result = await db.execute(sql`
    delete from ${sessions} where ${sessions.id} in (
      select ${sessions.id} from ${sessions} where ${sessions.lastActivityAt} < ${before.toISOString()}::timestamptz
      limit ${limit}
    )`);
  return affectedRows(result);
}

/** Mailed verification codes, password resets and deletion codes that expired before `now`: nothing can use them. */
export async function deleteExpiredCodes(db: Database, now: Date) {
  const verifications = await db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, now));
  const resets = await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
  const deletions = await db.delete(accountDeletionCodes).where(lt(accountDeletionCodes.expiresAt, now));
  return {
    emailVerifications: affectedRows(verifications),
    passwordResets: affectedRows(resets),
    accountDeletionCodes: affectedRows(deletions),
  };
}

/**
 * Votes cast before `before` lose the address, device id and browser signature they came from (their
 * network, a /24 or /64, stays: it names no one); up to `limit` at a time. Answers how many changed.
 */
export async function anonymiseVotesBefore(db: Database, before: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    update ${votes} set ip = null, device_id = null, device_signature = null
    where ${votes.id} in (
      select ${votes.id} from ${votes}
      where ${votes.createdAt} < ${before.toISOString()}::timestamptz
        and (${votes.ip} is not null or ${votes.deviceId} is not null or ${votes.deviceSignature} is not null)
      limit ${limit}
    )`);
  return affectedRows(result);
}

/** Per-visitor view records older than `before` (the views they counted stay in each song's total). */
export async function deleteSongViewsBefore(db: Database, before: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${songViews} where ctid in (
      select ctid from ${songViews} where ${songViews.hourBucket} < ${before.toISOString()}::timestamptz
      limit ${limit}
    )`);
  return affectedRows(result);
}

/**
 * Deletes up to `limit` votes cast before `before` (votes still quarantined wait for their decision) and
 * adds them to the archive's counts, in one statement: at no moment is a vote neither a row nor counted.
 * Answers how many went.
 */
export async function archiveVotesBefore(db: Database, before: Date, now: Date, limit: number) {
  const result = await db.execute(sql`
    with gone as (
      delete from ${votes} where ${votes.id} in (
        select ${votes.id} from ${votes}
        where ${votes.createdAt} < ${before.toISOString()}::timestamptz and ${votes.status} <> 'quarantined'
        order by ${votes.id} limit ${limit}
      )
      returning song_id, category_id, status, coalesce(review_id, 0) as review_id
    ), counted as (
      insert into vote_archive as a (song_id, category_id, status, review_id, votes, archived_at)
      select song_id, category_id, status, review_id, count(*), ${now.toISOString()}::timestamptz
      from gone group by song_id, category_id, status, review_id
      on conflict (song_id, category_id, status, review_id)
        do update set votes = a.votes + excluded.votes, archived_at = excluded.archived_at
      returning votes
    )
    select (select count(*) from gone)::int as deleted`);
  return Number(rowsOf<{ deleted: number }>(result)[0]?.deleted ?? 0);
}

/** Up to `limit` records of mails sent before `before`; answers how many went. */
export async function deleteMailRecordsBefore(db: Database, before: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${mailsSent} where ${mailsSent.id} in (
      select ${mailsSent.id} from ${mailsSent} where ${mailsSent.sentAt} < ${before.toISOString()}::timestamptz
      limit ${limit}
    )`);
  return affectedRows(result);
}

/**
 * The UTC months (their first instant) that still hold ad viewer keys as they were counted, and that ended
 * before `before`, oldest first.
 */
export async function findAdViewerMonthsToAnonymise(db: Database, before: Date): Promise<Date[]> {
  const result = await db.execute(sql`
    select distinct date_trunc('month', hour at time zone 'UTC') at time zone 'UTC' as month
    from ad_viewer_hours
    where hour < date_trunc('month', ${before.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'
      and date_trunc('month', hour at time zone 'UTC') at time zone 'UTC' not in (select month from ${adViewerMonthsAnonymised})
    order by month`);
  return rowsOf<{ month: Date | string }>(result).map((row) => new Date(row.month));
}

/**
 * Inside the caller's transaction: every viewer key of the month starting at `month` replaced by a keyed
 * hash of it under `salt` (a viewer is still one viewer within the month, and can no longer be linked to an
 * account, a browser, or the same viewer in another month), and the month marked done. Answers the rows.
 */
export async function anonymiseAdViewerMonth(tx: Database, month: Date, salt: string, now: Date) {
  const result = await tx.execute(sql`
    update ad_viewer_hours
    set viewer = ('x' || substr(md5(${salt} || viewer::text), 1, 16))::bit(64)::bigint
    where hour >= ${month.toISOString()}::timestamptz
      and hour < (${month.toISOString()}::timestamptz at time zone 'UTC' + interval '1 month') at time zone 'UTC'`);
  await tx.insert(adViewerMonthsAnonymised).values({ month, anonymisedAt: now });
  return affectedRows(result);
}
