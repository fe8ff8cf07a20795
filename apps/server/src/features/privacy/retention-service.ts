import { RETENTION, SESSION_INACTIVITY_MINUTES } from '@ovation/shared';
import type { Database } from '../../lib/db';
import * as repository from './retention-repository';

/*
 * The retention promises of the legal pages, kept by scheduled jobs (declared in features/jobs). The
 * periods come from RETENTION in packages/shared, which the legal pages print, so the text and the jobs
 * cannot drift apart. Every rule is safe to run again: an interrupted run leaves whole accounts and whole
 * batches, and the next run finishes the work.
 */

/** What a rule touched, by table: what the job's run records (`{ users_erased: 2, audit_log: 130 }`). */
export type RetentionRows = Record<string, number>;

const DAY_MS = 86_400_000;
/** Accounts erased per query, each in its own transaction. */
const ACCOUNT_BATCH = 100;
/** Rows deleted per statement for the large tables (audit log, sessions). */
const ROW_BATCH = 5000;
/**
 * Sessions stay a day after they expire: the online users screen counts who was active in the last 24
 * hours, and an admin looking into a sign-in the same day still sees it.
 */
const SESSIONS_KEPT_AFTER_EXPIRY_MS = DAY_MS;

/** `years` calendar years before `now` (29 February goes to 28 February, or 1 March). */
function yearsBefore(now: Date, years: number): Date {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
}

async function untilShort(batch: () => Promise<number>, size: number): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await batch();
    total += count;
    if (count < size) return total;
  }
}

/**
 * "Account data deleted 30 days after deactivation": every account deactivated (by an admin, or by its
 * owner) more than RETENTION.accountDeletionDays ago is erased, each in one transaction. Its votes keep
 * counting under the empty row, which is all that is left of who cast them.
 */
export async function eraseDeactivatedAccounts(db: Database, now: Date): Promise<number> {
  const deactivatedBefore = new Date(now.getTime() - RETENTION.accountDeletionDays * DAY_MS);
  let erased = 0;
  for (;;) {
    const ids = await repository.findAccountsToErase(db, deactivatedBefore, ACCOUNT_BATCH);
    for (const id of ids) {
      if (await db.transaction((tx) => repository.eraseAccount(tx, id, now))) erased += 1;
    }
    if (ids.length < ACCOUNT_BATCH) return erased;
  }
}

/**
 * "Security logs kept 1 year": sign-ins, failures, lockouts, resets and every other audit entry older
 * than RETENTION.securityLogsYears are deleted; the admin changes in the same log follow the same rule.
 */
export function deleteOldSecurityLogs(db: Database, now: Date): Promise<number> {
  const before = yearsBefore(now, RETENTION.securityLogsYears);
  return untilShort(() => repository.deleteAuditEntriesBefore(db, before, ROW_BATCH), ROW_BATCH);
}

/**
 * "Analytics kept 2 years, then anonymised": votes older than RETENTION.analyticsYears keep what they count
 * (song, category, time, status, network) and lose the address and device they came from; the per-visitor
 * view records go, the view totals stay.
 */
export async function anonymiseOldAnalytics(db: Database, now: Date) {
  const before = yearsBefore(now, RETENTION.analyticsYears);
  return {
    votes_anonymised: await untilShort(
      () => repository.anonymiseVotesBefore(db, before, ROW_BATCH),
      ROW_BATCH,
    ),
    song_views: await untilShort(() => repository.deleteSongViewsBefore(db, before, ROW_BATCH), ROW_BATCH),
  };
}

/** The `retention` job: the legal pages' periods, applied. */
export async function applyRetention(db: Database, now: Date): Promise<RetentionRows> {
  return {
    users_erased: await eraseDeactivatedAccounts(db, now),
    audit_log: await deleteOldSecurityLogs(db, now),
    ...(await anonymiseOldAnalytics(db, now)),
  };
}

/**
 * The `expired-credentials` job: what can no longer sign anybody in is not kept either. Sessions a day
 * after they expired (SESSION_INACTIVITY_MINUTES without activity, or ended), mailed codes and reset
 * links once past their expiry. CAPTCHA challenges and vote retry passes are signed, not stored; what
 * remembers them spent (Redis keys with an expiry, or a bounded memory) forgets them on its own.
 */
export async function deleteExpiredCredentials(db: Database, now: Date): Promise<RetentionRows> {
  const inactiveBefore = new Date(
    now.getTime() - SESSION_INACTIVITY_MINUTES * 60_000 - SESSIONS_KEPT_AFTER_EXPIRY_MS,
  );
  const sessions = await untilShort(
    () => repository.deleteSessionsInactiveSince(db, inactiveBefore, ROW_BATCH),
    ROW_BATCH,
  );
  const codes = await repository.deleteExpiredCodes(db, now);
  return {
    sessions,
    email_verifications: codes.emailVerifications,
    password_resets: codes.passwordResets,
    account_deletion_codes: codes.accountDeletionCodes,
  };
}
