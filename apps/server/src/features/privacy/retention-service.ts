import { randomBytes } from 'node:crypto';
import { type PlatformSettings, RETENTION, SESSION_INACTIVITY_MINUTES } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { ADMIN_AUDIT_ACTIONS } from '../audit/service';
import { getPlatformSettings } from '../settings/service';
import * as repository from './retention-repository';

/*
 * The retention promises of the legal pages, kept by scheduled jobs (declared in features/jobs). The
 * periods come from RETENTION in packages/shared, which the legal pages print, so the text and the jobs
 * cannot drift apart. Every rule is safe to run again: an interrupted run leaves whole accounts and whole
 * batches, and the next run finishes the work.
 */

/**
 * What a rule touched, by table (the audit log by kind of entry): what the job's run records
 * (`{ users_erased: 2, audit_log_security: 130, audit_log_admin: 4 }`).
 */
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
 * How many years the admins' audit entries are kept: the platform setting, never less than the security
 * logs' RETENTION.securityLogsYears (the setting's own floor, restated so a stored value can never shorten
 * what the legal pages promise).
 */
export function adminAuditRetentionYears(settings: PlatformSettings): number {
  return Math.max(RETENTION.securityLogsYears, settings.retentionSettings.adminAuditRetentionYears);
}

/**
 * "Security logs kept 1 year, admin audit entries the same unless the settings say longer": sign-ins,
 * failures, lockouts, resets and every other entry that is not an admin action go after
 * RETENTION.securityLogsYears; the admin actions (ADMIN_AUDIT_ACTIONS) after the years the platform
 * settings give them (`retentionSettings.adminAuditRetentionYears`, at least as long).
 */
export async function deleteOldSecurityLogs(db: Database, now: Date) {
  const securityBefore = yearsBefore(now, RETENTION.securityLogsYears);
  const adminBefore = yearsBefore(now, adminAuditRetentionYears(await getPlatformSettings(db)));
  return {
    audit_log_security: await untilShort(
      () =>
        repository.deleteAuditEntriesBefore(db, securityBefore, ROW_BATCH, {
          notAmong: ADMIN_AUDIT_ACTIONS,
        }),
      ROW_BATCH,
    ),
    audit_log_admin: await untilShort(
      () => repository.deleteAuditEntriesBefore(db, adminBefore, ROW_BATCH, { among: ADMIN_AUDIT_ACTIONS }),
      ROW_BATCH,
    ),
  };
}

/**
 * "Analytics kept 2 years, then anonymised": votes older than RETENTION.analyticsYears keep what they count
 * (song, category, time, status, network) and lose the address and device they came from; the per-visitor
 * view records go, the view totals stay; the ads' viewer keys are replaced month by month.
 */
export async function anonymiseOldAnalytics(db: Database, now: Date) {
  const before = yearsBefore(now, RETENTION.analyticsYears);
  return {
    votes_anonymised: await untilShort(
      () => repository.anonymiseVotesBefore(db, before, ROW_BATCH),
      ROW_BATCH,
    ),
    song_views: await untilShort(() => repository.deleteSongViewsBefore(db, before, ROW_BATCH), ROW_BATCH),
    ad_viewers_anonymised: await anonymiseOldAdViewers(db, now),
  };
}

/**
 * The ads' unique-viewer records (a keyed hash of an account or browser, per hour) of every whole UTC month
 * over RETENTION.analyticsYears old: each month's keys are replaced under a random salt that is used for
 * that month and then forgotten. Impressions and clicks (counted per ad, not per viewer) do not change, and
 * a month's unique viewers stay exact; a period over several such months counts a viewer once per month.
 */
export async function anonymiseOldAdViewers(db: Database, now: Date): Promise<number> {
  const months = await repository.findAdViewerMonthsToAnonymise(
    db,
    yearsBefore(now, RETENTION.analyticsYears),
  );
  let rows = 0;
  for (const month of months) {
    const salt = randomBytes(16).toString('hex');
    rows += await db.transaction((tx) => repository.anonymiseAdViewerMonth(tx, month, salt, now));
  }
  return rows;
}

/**
 * "Voting records kept 3 years": votes cast more than RETENTION.votingRecordsYears ago are deleted and
 * counted in the vote archive, per song, category, state and review, so every total stays what it was.
 * Until then each vote keeps what fraud review needs. A vote still quarantined waits for its decision.
 */
export function archiveOldVotes(db: Database, now: Date): Promise<number> {
  const before = yearsBefore(now, RETENTION.votingRecordsYears);
  return untilShort(() => repository.archiveVotesBefore(db, before, now, ROW_BATCH), ROW_BATCH);
}

/** The record of mails sent (what a data download lists) is a security log: kept as long. */
export function deleteOldMailRecords(db: Database, now: Date): Promise<number> {
  const before = yearsBefore(now, RETENTION.securityLogsYears);
  return untilShort(() => repository.deleteMailRecordsBefore(db, before, ROW_BATCH), ROW_BATCH);
}

/** The `retention` job: the legal pages' periods, applied. */
export async function applyRetention(db: Database, now: Date): Promise<RetentionRows> {
  return {
    users_erased: await eraseDeactivatedAccounts(db, now),
    ...(await deleteOldSecurityLogs(db, now)),
    ...(await anonymiseOldAnalytics(db, now)),
    votes_archived: await archiveOldVotes(db, now),
    mails_sent: await deleteOldMailRecords(db, now),
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
