import {
  type DeleteAccountBody,
  ERROR_MESSAGES,
  OTP_RESEND_COOLDOWN_SECONDS,
  RETENTION,
} from '@ovation/shared';
import type { Database } from '../../lib/db';
import { Conflict, Forbidden, Invalid, NotFound, TooManyRequests } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/request-meta';
import { audit } from '../audit/service';
import { endUserSessions, forgetCachedSessions } from '../sessions/service';
import { isLastActiveAdmin } from '../users/admin-service';
import { accountDeletionMail } from './account-mails';
import { claimCodeMail, countCodeGuess, forgetCodeGuesses, newCode, sameHash, secretHash } from './codes';
import type { AccountsDependencies } from './dependencies';
import { mailAccount } from './mail-log';
import type { UserRow } from './repository';
import * as repository from './repository';

/*
 * An account deleted by its owner: deactivated at once (every session ends, everywhere), restored by
 * signing in again within RETENTION.accountDeletionDays, erased by the retention job after that. Its valid
 * votes keep counting, under the empty row the erasure leaves.
 */

const DAY_MS = 86_400_000;
/** A deletion code lives 10 minutes and survives 5 wrong tries, like a verification code. */
const DELETION_CODE_TTL_MINUTES = 10;
const DELETION_CODE_MAX_TRIES = 5;

function deletionCodeHash(deps: Pick<AccountsDependencies, 'otpKey'>, userId: string, code: string) {
  return secretHash(deps, 'delete', `${userId}:${code}`);
}

/** The last moment an account deleted at `deletedAt` can be restored by signing in. */
export function restorableUntil(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + RETENTION.accountDeletionDays * DAY_MS);
}

/**
 * Mails the code that confirms deleting an account without a password (one that only signs in with
 * Google or Facebook): at most one a minute and 5 an hour. An account with a password confirms with it.
 */
export async function sendDeletionCode(deps: AccountsDependencies, userId: string) {
  const user = await repository.findUserById(deps.db, userId);
  if (!user) throw NotFound();
  if (user.passwordHash) throw Conflict('PASSWORD_CONFIRMS_DELETION');
  const claim = await claimCodeMail(deps, 'delete', user.email);
  if (!claim.allowed) {
    throw TooManyRequests('OTP_RESEND_TOO_SOON', { extra: { retryAfterSeconds: claim.retryAfterSeconds } });
  }
  const code = newCode();
  const now = deps.clock.now();
  await repository.saveAccountDeletionCode(deps.db, {
    userId: user.id,
    codeHash: deletionCodeHash(deps, user.id, code),
    expiresAt: new Date(now.getTime() + DELETION_CODE_TTL_MINUTES * 60_000),
    sentAt: now,
    failedAttempts: 0,
  });
  await forgetCodeGuesses(deps, 'delete', user.email);
  await mailAccount(
    deps,
    user.id,
    'deletion-code',
    accountDeletionMail({
      to: user.email,
      name: user.name,
      code,
      language: user.language,
      expiresInMinutes: DELETION_CODE_TTL_MINUTES,
    }),
  );
  return { retryAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS };
}

/** Throws unless `input` proves the owner is at the keyboard: the password, or the mailed code. */
async function confirmOwner(deps: AccountsDependencies, user: UserRow, input: DeleteAccountBody) {
  if (user.passwordHash) {
    // Same limit as a sign-in: a stolen session must not become a way to guess the password.
    const attemptKey = `password:${user.id}`;
    const attempt = await deps.limiters.loginAccount.hit(attemptKey);
    if (!attempt.allowed) {
      throw TooManyRequests('TOO_MANY_LOGIN_ATTEMPTS', {
        extra: { retryAfterSeconds: attempt.retryAfterSeconds },
      });
    }
    if (!('password' in input) || !(await verifyPassword(user.passwordHash, input.password))) {
      throw Invalid('WRONG_PASSWORD', {
        errors: [{ field: 'password', message: ERROR_MESSAGES.WRONG_PASSWORD, key: 'errors.WRONG_PASSWORD' }],
      });
    }
    await deps.limiters.loginAccount.reset(attemptKey);
    return;
  }
  if (!('code' in input)) throw Conflict('CODE_CONFIRMS_DELETION');
  const guess = await countCodeGuess(deps, 'delete', user.email);
  if (!guess.allowed) throw TooManyRequests('OTP_TOO_MANY_ATTEMPTS');
  const attempt = await repository.claimAccountDeletionAttempt(deps.db, user.id, DELETION_CODE_MAX_TRIES);
  const matches =
    attempt !== undefined &&
    attempt.expiresAt >= deps.clock.now() &&
    sameHash(attempt.codeHash, deletionCodeHash(deps, user.id, input.code));
  if (!matches) {
    if (guess.lastTry) throw TooManyRequests('OTP_TOO_MANY_ATTEMPTS');
    throw Invalid('INVALID_OTP', {
      errors: [{ field: 'code', message: ERROR_MESSAGES.INVALID_OTP, key: 'errors.INVALID_OTP' }],
    });
  }
  await forgetCodeGuesses(deps, 'delete', user.email);
}

/**
 * Deletes the signed-in user's own account once they confirmed it: deactivated now, every session ended
 * on every instance, audited; the platform's last active admin is refused. Answers until when signing in
 * restores it.
 */
export async function deleteOwnAccount(
  deps: AccountsDependencies,
  userId: string,
  input: DeleteAccountBody,
  meta: RequestMeta,
) {
  const user = await repository.findUserById(deps.db, userId);
  if (!user) throw NotFound();
  await confirmOwner(deps, user, input);
  const now = deps.clock.now();
  await closeAsDeleted(deps, user, now, {
    actor: { id: user.id, ip: meta.ip },
    action: 'auth.account.deleted',
  });
  return { restorableUntil: restorableUntil(now) };
}

/**
 * Deactivates an account as deleted by its owner, in one transaction: restorable by signing in within the
 * 30 days, every session ended on every instance, audited as `audited` says; the last active admin is
 * refused.
 */
async function closeAsDeleted(
  deps: Pick<AccountsDependencies, 'db' | 'clock'>,
  user: UserRow,
  now: Date,
  audited: {
    actor: { id: string; ip: string | null };
    action: 'auth.account.deleted' | 'user.deleted-on-request';
  },
  tx?: Database,
) {
  const write = async (db: Database) => {
    if (user.role === 'admin' && (await isLastActiveAdmin(db, user.id))) throw Conflict('LAST_ADMIN');
    await repository.updateUser(db, user.id, { isActive: false, deactivatedAt: now, deletedByOwner: true });
    await repository.deleteAccountDeletionCode(db, user.id);
    await endUserSessions(db, deps.clock, user.id, 'account-deleted');
    await audit(db, audited.actor, { action: audited.action, targetType: 'user', targetId: user.id });
  };
  if (tx) await write(tx);
  else await deps.db.transaction(write);
  // The sessions ended inside the transaction; the caches (here and on every instance) forget them now.
  forgetCachedSessions(deps.db, user.id);
}

/**
 * An admin deletes an account at its owner's request (received by e-mail or otherwise), inside the
 * caller's transaction: exactly as if the owner had done it, so signing in within the 30 days restores it.
 * An admin's own account is refused here: they delete it from their profile.
 */
export async function deleteAccountOnRequest(
  deps: Pick<AccountsDependencies, 'db' | 'clock'>,
  tx: Database,
  actor: { id: string; ip: string | null },
  userId: string,
) {
  if (userId === actor.id) throw Forbidden('CANNOT_CHANGE_OWN_ACCOUNT');
  const user = await repository.findUserById(tx, userId);
  if (!user) throw NotFound('USER_NOT_FOUND');
  if (user.erasedAt) throw Conflict('ACCOUNT_ERASED');
  const now = deps.clock.now();
  await closeAsDeleted(deps, user, now, { actor, action: 'user.deleted-on-request' }, tx);
  return { restorableUntil: restorableUntil(now) };
}

/**
 * Whether signing in again brings this account back: its owner deleted it, and the retention job has not
 * erased it yet (it would have no password or social link left to sign in with).
 */
export function canRestore(user: UserRow, now: Date): boolean {
  return (
    !user.isActive &&
    user.deletedByOwner &&
    user.erasedAt === null &&
    user.deactivatedAt !== null &&
    now <= restorableUntil(user.deactivatedAt)
  );
}

/** Brings back an account its owner deleted, at their sign-in; audited. */
export async function restoreAccount(
  deps: Pick<AccountsDependencies, 'db'>,
  user: UserRow,
  meta: RequestMeta,
) {
  const restored = await repository.updateUser(deps.db, user.id, {
    isActive: true,
    deactivatedAt: null,
    deletedByOwner: false,
  });
  await audit(deps.db, { id: user.id, ip: meta.ip }, { action: 'auth.account.restored' });
  return restored!;
}
