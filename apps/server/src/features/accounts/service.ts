import { ERROR_MESSAGES, OTP_RESEND_COOLDOWN_SECONDS, type ValidationMessageKey } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { Invalid, NotFound, TooManyRequests, Unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/request-meta';
import { audit } from '../audit/service';
import { checkPlace } from '../countries/service';
import { admitDevice } from '../devices/service';
import { endSession, endUserSessions, forgetCachedSessions } from '../sessions/service';
import { getPlatformSettings } from '../settings/service';
import { canRestore, restoreAccount } from './account-deletion-service';
import { claimCodeMail } from './codes';
import type { AccountsDependencies } from './dependencies';
import { fieldError } from './registration';
import * as repository from './repository';
import { checkCodeWithPassword, hasSecondFactor, passChallenge, refuseSecondFactor } from './second-factor';
import {
  clearOrChallenge,
  isChallenge,
  type SecondFactorChallengeAnswer,
  type SessionClearance,
  secondFactorPassed,
  startClearedSession,
} from './sign-in-session';
import { toPublicUser } from './user-view';
import { OTP_MAX_FAILED_ATTEMPTS, sendVerificationCode } from './verification';

export type { AccountsDependencies } from './dependencies';
export { requestPasswordReset, resetPassword } from './password-reset';
export { registerAccount } from './registration';
export {
  assertAdminSecondFactorInPlace,
  confirmSecondFactorSetup,
  disableSecondFactor,
  getSecondFactorStatus,
  hasSecondFactor,
  resetColleagueSecondFactor,
  startSecondFactorSetup,
} from './second-factor';
export { resendVerification, verifyEmail } from './verification';

/** The wrong-password answer says how many tries are left once this few remain. */
export const LOGIN_WARNING_REMAINING = 2;

/**
 * What a sign-in of an unverified account says about its code: a new one was mailed, or the one mailed
 * within the last minute still works (no new mail then), or only that the e-mail needs verifying. The
 * wait before Resend is offered comes along, so the code screen counts down from the right time.
 */
async function verificationReminder(deps: AccountsDependencies, user: repository.UserRow) {
  const claim = await claimCodeMail(deps, 'verify', user.email);
  if (claim.allowed) {
    const verificationSent = await sendVerificationCode(deps, user, { waitForMail: true });
    return {
      notice: verificationSent ? ('verificationCodeSent' as const) : undefined,
      extra: {
        emailNotVerified: true,
        verificationSent,
        codeStillValid: false,
        retryAfterSeconds: verificationSent ? OTP_RESEND_COOLDOWN_SECONDS : 0,
        email: user.email,
      },
    };
  }
  const pending = await repository.findVerification(deps.db, user.id);
  const codeStillValid =
    pending !== undefined &&
    pending.expiresAt > deps.clock.now() &&
    pending.failedAttempts < OTP_MAX_FAILED_ATTEMPTS;
  return {
    notice: codeStillValid ? ('verificationCodeStillValid' as const) : undefined,
    extra: {
      emailNotVerified: true,
      verificationSent: false,
      codeStillValid,
      retryAfterSeconds: claim.retryAfterSeconds,
      email: user.email,
    },
  };
}

/** A hash to verify against when the e-mail is unknown, so both paths take the same time. */
let decoyHash: Promise<string> | undefined;

/** The 429 of a locked sign-in, audited, with the longer of the two waits. */
async function refuseLocked(
  deps: AccountsDependencies,
  email: string,
  meta: RequestMeta,
  retryAfterSeconds: number,
): Promise<never> {
  await audit(deps.db, { id: null, ip: meta.ip }, { action: 'auth.login.locked', details: { email } });
  throw TooManyRequests('TOO_MANY_LOGIN_ATTEMPTS', { extra: { retryAfterSeconds } });
}

/**
 * Signs in with e-mail and password. 5 failures for one account or 20 from one IP within 15 minutes
 * lock further attempts (429) until the window passes. The device rules (features/devices) are applied
 * once the password is proven, so their refusal tells nothing to someone who does not know it.
 *
 * An account with a second factor (admins) signs in in two steps: the password answers a short-lived
 * signed challenge instead of a session, and POST /auth/login/second-factor trades it and a code for the
 * session. A code may also come with the password (`secondFactorCode`): that is the way in while the
 * account is locked by failures, which the right password together with a valid code passes, so someone
 * who knows only the e-mail cannot lock an admin out. The IP limit holds for everyone.
 */
export async function login(
  deps: AccountsDependencies,
  input: { email: string; password: string; secondFactorCode?: string },
  meta: RequestMeta,
) {
  const accountKey = input.email;
  // Per account, the attempt is counted before the password is checked, so a burst of parallel guesses
  // at one account cannot slip under the limit; a correct password clears it. Per IP only failures
  // count: a crowd of fans behind one carrier address may all log in at once when a show starts.
  const [account, address] = await Promise.all([
    deps.limiters.loginAccount.hit(accountKey),
    deps.limiters.loginIp.isExhausted(meta.ip),
  ]);
  const retryAfterSeconds = Math.max(account.retryAfterSeconds, address.retryAfterSeconds);
  const code = input.secondFactorCode || undefined;
  if (address.exhausted || (!account.allowed && !code)) {
    return refuseLocked(deps, input.email, meta, retryAfterSeconds);
  }
  const user = await repository.findUserByEmail(deps.db, input.email);
  decoyHash ??= hashPassword('decoy password for unknown accounts');
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!account.allowed) {
    // Locked: any failure answers the same lockout, so this way in tells nothing about the password.
    const passed =
      user?.passwordHash && passwordOk && (await checkCodeWithPassword(deps, user.id, code!, meta)) === 'ok';
    if (!passed || !user) {
      if (!passwordOk) await deps.limiters.loginIp.hit(meta.ip);
      return refuseLocked(deps, input.email, meta, retryAfterSeconds);
    }
  } else if (!user?.passwordHash || !passwordOk) {
    await audit(
      deps.db,
      { id: user?.id ?? null, ip: meta.ip },
      { action: 'auth.login.failure', details: { email: input.email } },
    );
    await deps.limiters.loginIp.hit(meta.ip);
    // Counted per submitted address whether or not it has an account, so it tells nothing of that.
    const warn = account.remaining <= LOGIN_WARNING_REMAINING;
    throw Unauthorized(
      'INVALID_CREDENTIALS',
      warn ? { extra: { attemptsRemaining: account.remaining } } : {},
    );
  }
  await deps.limiters.loginAccount.reset(accountKey);
  // An account its owner deleted comes back when they sign in within the 30 days; any other is refused.
  if (!user.isActive && !canRestore(user, deps.clock.now())) throw Unauthorized('ACCOUNT_DEACTIVATED');
  await admitDevice(deps, user, meta);
  const settings = await getPlatformSettings(deps.db);
  if (settings.securitySettings.requireEmailVerification && !user.emailVerified) {
    throw Unauthorized('EMAIL_NOT_VERIFIED', await verificationReminder(deps, user));
  }
  // The second factor: on the locked path its code was checked above already; a code sent with the
  // password is checked now; without one, an account with a factor answers the challenge.
  let cleared: SessionClearance | SecondFactorChallengeAnswer;
  if (!account.allowed) cleared = secondFactorPassed(user);
  else if (code && (await hasSecondFactor(deps.db, user.id))) {
    const check = await checkCodeWithPassword(deps, user.id, code, meta);
    if (check !== 'ok') refuseSecondFactor(check);
    cleared = secondFactorPassed(user);
  } else cleared = await clearOrChallenge(deps, user);
  if (isChallenge(cleared)) return cleared;
  return startSignedInSession(deps, user, cleared, meta, { admitted: true });
}

/** The second step of a sign-in with a second factor: the challenge and a code, then the session. */
export async function loginWithSecondFactor(
  deps: AccountsDependencies,
  input: { challengeToken: string; code: string },
  meta: RequestMeta,
) {
  const user = await passChallenge(deps, input, meta);
  // The device rules again: the challenge may come back from another device than the password did.
  return startSignedInSession(deps, user, secondFactorPassed(user), meta, { admitted: false });
}

/**
 * Starts the session of a user who proved who they are (second factor included), restoring an account its
 * owner deleted: never before the second factor, so a challenge leaves a deleted account deleted.
 */
async function startSignedInSession(
  deps: AccountsDependencies,
  user: repository.UserRow,
  cleared: SessionClearance,
  meta: RequestMeta,
  device: { admitted: boolean },
) {
  const restoring = !user.isActive;
  if (restoring && !canRestore(user, deps.clock.now())) throw Unauthorized('ACCOUNT_DEACTIVATED');
  if (restoring) await restoreAccount(deps, user, meta);
  const { token, user: signedIn } = await startClearedSession(deps, user, cleared, meta, device);
  await audit(
    deps.db,
    { id: user.id, ip: meta.ip },
    { action: 'auth.login.success', details: { device: meta.deviceType } },
  );
  const messageKey = restoring ? ('accountRestored' as const) : ('loggedIn' as const);
  return {
    messageKey,
    token,
    user: toPublicUser(signedIn),
    ...(restoring ? { accountRestored: true } : {}),
  };
}

/** Signs out: the session ends at once, audited as the user's own event. */
export async function logout(
  deps: Pick<AccountsDependencies, 'db' | 'clock'>,
  session: { userId: string; sessionId: string },
  ip: string,
) {
  await endSession(deps.db, deps.clock, session.sessionId, 'logout');
  await audit(deps.db, { id: session.userId, ip }, { action: 'auth.logout' });
}

export async function getCurrentUser(deps: Pick<AccountsDependencies, 'db'>, userId: string) {
  const user = await repository.findUserById(deps.db, userId);
  if (!user) throw NotFound();
  return toPublicUser(user);
}

/** Updates what a user may change about themselves; e-mail and role are not among it. */
export async function updateProfile(
  deps: Pick<AccountsDependencies, 'db'>,
  userId: string,
  input: {
    name: string;
    bio?: string;
    phoneNumber?: string;
    country?: string;
    state?: string;
    language?: string;
  },
) {
  if (input.country !== undefined) {
    const place = checkPlace(input.country, input.state);
    if (!place.ok) throw fieldError(place.field, place.key as ValidationMessageKey);
  }
  const user = await repository.updateUser(deps.db, userId, {
    name: input.name,
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
    ...(input.country !== undefined ? { country: input.country, state: input.state || null } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
  });
  if (!user) throw NotFound();
  // Cached sessions carry the language API messages are answered in.
  if (input.language !== undefined) forgetCachedSessions(deps.db, userId);
  return toPublicUser(user);
}

/** Changes the password and ends every other session of the user. */
export async function changePassword(
  deps: Pick<AccountsDependencies, 'db' | 'clock' | 'limiters'>,
  userId: string,
  currentSessionId: string | null,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
) {
  const user = await repository.findUserById(deps.db, userId);
  if (!user) throw NotFound();
  // A stolen session must not become a way to guess the current password: same limit as logins.
  const attemptKey = `password:${userId}`;
  const attempt = await deps.limiters.loginAccount.hit(attemptKey);
  if (!attempt.allowed) {
    throw TooManyRequests('TOO_MANY_LOGIN_ATTEMPTS', {
      extra: { retryAfterSeconds: attempt.retryAfterSeconds },
    });
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw Invalid('WRONG_PASSWORD', {
      errors: [
        { field: 'currentPassword', message: ERROR_MESSAGES.WRONG_PASSWORD, key: 'errors.WRONG_PASSWORD' },
      ],
    });
  }
  await deps.limiters.loginAccount.reset(attemptKey);
  await repository.updateUser(deps.db, userId, { passwordHash: await hashPassword(input.newPassword) });
  await endUserSessions(deps.db, deps.clock, userId, 'password-changed', currentSessionId ?? undefined);
  await audit(deps.db, { id: userId, ip: meta.ip }, { action: 'auth.password.changed' });
}

/**
 * How long a code request is remembered: longer than any cooldown it enforces (a minute), so deleting
 * older ones never lets a code go out early.
 */
export const CODE_REQUESTS_KEPT_MINUTES = 60;

/** Deletes the code requests older than CODE_REQUESTS_KEPT_MINUTES (a scheduled job); answers how many. */
export function pruneCodeRequests(db: Database, now: Date) {
  return repository.deleteCodeRequestsBefore(
    db,
    new Date(now.getTime() - CODE_REQUESTS_KEPT_MINUTES * 60_000),
  );
}

/**
 * Deactivates an account: it can no longer sign in and every session ends at once, on every instance.
 * Its data is deleted 30 days later (the legal pages' retention).
 */
export async function deactivateAccount(deps: Pick<AccountsDependencies, 'db' | 'clock'>, userId: string) {
  const user = await repository.updateUser(deps.db, userId, {
    isActive: false,
    deactivatedAt: deps.clock.now(),
  });
  if (!user) throw NotFound();
  await endUserSessions(deps.db, deps.clock, userId, 'deactivated');
}
