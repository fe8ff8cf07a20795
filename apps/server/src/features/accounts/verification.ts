import { OTP_RESEND_COOLDOWN_SECONDS } from '@ovation/shared';
import { Invalid, TooManyRequests, Unauthorized } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { audit } from '../audit/service';
import { admitDevice } from '../devices/service';
import { claimCodeMail, countCodeGuess, forgetCodeGuesses, newCode, sameHash, secretHash } from './codes';
import type { AccountsDependencies } from './dependencies';
import { mailAccount } from './mail-log';
import * as repository from './repository';
import { clearOrChallenge, isChallenge, startClearedSession } from './sign-in-session';
import { toPublicUser } from './user-view';
import { verificationMail } from './verification-mail';

/** A verification code lives 10 minutes and survives 5 wrong tries. */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_FAILED_ATTEMPTS = 5;

function verificationCodeHash(deps: Pick<AccountsDependencies, 'otpKey'>, userId: string, code: string) {
  return secretHash(deps, 'verify', `${userId}:${code}`);
}

/**
 * Creates a fresh code and mails it. With `waitForMail` the answer says whether the mail went out;
 * without, the mail leaves in the background (so an answer takes as long whether or not an account got
 * a mail) and the answer is true once the code is stored.
 */
export async function sendVerificationCode(
  deps: AccountsDependencies,
  user: repository.UserRow,
  { waitForMail }: { waitForMail: boolean },
): Promise<boolean> {
  const code = newCode();
  const now = deps.clock.now();
  await repository.saveVerification(deps.db, {
    userId: user.id,
    codeHash: verificationCodeHash(deps, user.id, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    sentAt: now,
    failedAttempts: 0,
  });
  const mailed = mailAccount(
    deps,
    user.id,
    'verification-code',
    verificationMail({
      to: user.email,
      name: user.name,
      code,
      language: user.language,
      expiresInMinutes: OTP_TTL_MINUTES,
    }),
  ).then(
    () => true,
    (error: unknown) => {
      deps.logger.error({ err: error, userId: user.id }, 'verification mail failed');
      return false;
    },
  );
  return waitForMail ? mailed : true;
}

/**
 * Checks a 6-digit code; on success the e-mail is verified and a session starts on the request's device
 * (the device rules of features/devices apply, as at sign-in), or for an account with a second factor
 * the challenge of POST /auth/login/second-factor, as a sign-in's password step answers. Every wrong case
 * (unknown address, already verified, no code, wrong or expired code) answers the same 400
 * INVALID_OTP, and the 5th wrong guess at an address a 429, whether or not it has an account.
 */
export async function verifyEmail(
  deps: AccountsDependencies,
  input: { email: string; otp: string },
  meta: RequestMeta,
) {
  const guess = await countCodeGuess(deps, 'verify', input.email);
  if (!guess.allowed) throw TooManyRequests('OTP_TOO_MANY_ATTEMPTS');
  const user = await repository.findUserByEmail(deps.db, input.email);
  const attempt =
    user && !user.emailVerified
      ? await repository.claimVerificationAttempt(deps.db, user.id, OTP_MAX_FAILED_ATTEMPTS)
      : undefined;
  const given = verificationCodeHash(deps, user?.id ?? 'none', input.otp);
  const matches =
    attempt !== undefined && attempt.expiresAt >= deps.clock.now() && sameHash(attempt.codeHash, given);
  if (!user || !matches) {
    if (attempt) {
      await audit(
        deps.db,
        { id: attempt.userId, ip: meta.ip },
        { action: 'auth.otp.failure', details: { failed: attempt.failedAttempts } },
      );
    }
    if (guess.lastTry) throw TooManyRequests('OTP_TOO_MANY_ATTEMPTS');
    throw Invalid('INVALID_OTP');
  }
  // The device rules before the code is used up: a refusal (another account's device) changes nothing.
  await admitDevice(deps, user, meta);
  await repository.deleteVerification(deps.db, user.id);
  await forgetCodeGuesses(deps, 'verify', input.email);
  if (!user.isActive) throw Unauthorized('ACCOUNT_DEACTIVATED');
  const verified = await repository.updateUser(deps.db, user.id, {
    emailVerified: true,
    emailVerifiedAt: deps.clock.now(),
  });
  await audit(deps.db, { id: user.id, ip: meta.ip }, { action: 'auth.email.verified' });
  // The e-mail is verified either way; an account with a second factor signs in only with its code.
  const cleared = await clearOrChallenge(deps, verified!);
  if (isChallenge(cleared)) return { messageKey: 'emailVerified' as const, ...cleared };
  const session = await startClearedSession(deps, verified!, cleared, meta, { admitted: true });
  return { messageKey: 'emailVerified' as const, token: session.token, user: toPublicUser(session.user) };
}

/**
 * Sends a new code, at most one a minute and 5 an hour per address. Every address gets the same
 * answer, and the same 429 within the cooldown, whether it has an account, is verified or is unknown.
 */
export async function resendVerification(deps: AccountsDependencies, email: string) {
  const claim = await claimCodeMail(deps, 'verify', email);
  if (!claim.allowed) {
    throw TooManyRequests('OTP_RESEND_TOO_SOON', { extra: { retryAfterSeconds: claim.retryAfterSeconds } });
  }
  await forgetCodeGuesses(deps, 'verify', email);
  const user = await repository.findUserByEmail(deps.db, email);
  if (user && !user.emailVerified && user.isActive) {
    await sendVerificationCode(deps, user, { waitForMail: false });
  }
  return {
    messageKey: 'verificationCodeResent' as const,
    retryAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
  };
}
