import { randomBytes } from 'node:crypto';
import { OTP_RESEND_COOLDOWN_SECONDS } from '@ovation/shared';
import { Invalid, TooManyRequests, Unauthorized } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/request-meta';
import { audit } from '../audit/service';
import { endUserSessions } from '../sessions/service';
import { passwordResetMail } from './account-mails';
import { claimCodeMail, countCodeGuess, forgetCodeGuesses, newCode, sameHash, secretHash } from './codes';
import type { AccountsDependencies } from './dependencies';
import { mailAccount } from './mail-log';
import * as repository from './repository';

/** A reset code or link lives 15 minutes and survives 5 wrong tries. */
export const RESET_TTL_MINUTES = 15;
export const RESET_MAX_FAILED_ATTEMPTS = 5;
/** 32 random bytes: a link token nobody can guess in the 15 minutes it lives. */
const RESET_TOKEN_BYTES = 32;

const codeHash = (deps: AccountsDependencies, userId: string, code: string) =>
  secretHash(deps, 'reset-code', `${userId}:${code}`);
const tokenHash = (deps: AccountsDependencies, userId: string, token: string) =>
  secretHash(deps, 'reset-token', `${userId}:${token}`);

/**
 * Mails a reset code and a single-use link to the account of `email`, if there is an active one. The
 * answer is always the same 200 and body (unknown address, deactivated account, or a request within the
 * minute's cooldown or over the hour's 5 included), and the mail leaves in the background, so neither
 * the answer nor its timing says whether an account exists.
 */
export async function requestPasswordReset(deps: AccountsDependencies, email: string, meta: RequestMeta) {
  const answer = {
    messageKey: 'passwordResetRequested' as const,
    retryAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
  };
  const claim = await claimCodeMail(deps, 'reset', email);
  if (!claim.allowed) return answer;
  await forgetCodeGuesses(deps, 'reset', email);
  const user = await repository.findUserByEmail(deps.db, email);
  if (!user?.isActive) return answer;

  const code = newCode();
  const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
  const now = deps.clock.now();
  await repository.savePasswordReset(deps.db, {
    userId: user.id,
    codeHash: codeHash(deps, user.id, code),
    tokenHash: tokenHash(deps, user.id, token),
    expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
    sentAt: now,
    failedAttempts: 0,
  });
  await audit(deps.db, { id: user.id, ip: meta.ip }, { action: 'auth.password.reset-requested' });
  const query = new URLSearchParams({ email: user.email.toLowerCase(), token });
  void mailAccount(
    deps,
    user.id,
    'password-reset',
    passwordResetMail({
      to: user.email,
      name: user.name,
      code,
      link: `${deps.publicUrl}/reset-password?${query}`,
      language: user.language,
      expiresInMinutes: RESET_TTL_MINUTES,
    }),
  ).catch((error: unknown) =>
    deps.logger.error({ err: error, userId: user.id }, 'password reset mail failed'),
  );
  return answer;
}

/**
 * Sets a new password with the mailed code or the link's token. Every wrong case (unknown address, no
 * reset asked, wrong, used or expired code or link) answers 400 INVALID_RESET_CODE, and the 5th wrong
 * guess at an address 429, whether or not it has an account. On success the reset is used up, the
 * password changes, every session of the user ends, the sign-in lock of the address is lifted, and the
 * e-mail counts as verified (the code proved the mailbox). The user then signs in: see the web page.
 */
export async function resetPassword(
  deps: AccountsDependencies,
  input: { email: string; code?: string; token?: string; password: string },
  meta: RequestMeta,
) {
  const guess = await countCodeGuess(deps, 'reset', input.email);
  if (!guess.allowed) throw TooManyRequests('OTP_TOO_MANY_ATTEMPTS');
  const user = await repository.findUserByEmail(deps.db, input.email);
  const attempt = user
    ? await repository.claimPasswordResetAttempt(deps.db, user.id, RESET_MAX_FAILED_ATTEMPTS)
    : undefined;
  const userId = user?.id ?? 'none';
  const matches =
    attempt !== undefined &&
    attempt.expiresAt >= deps.clock.now() &&
    (input.token !== undefined
      ? sameHash(attempt.tokenHash, tokenHash(deps, userId, input.token))
      : sameHash(attempt.codeHash, codeHash(deps, userId, input.code ?? '')));
  // Used up in one statement, so two parallel uses of one code cannot both change the password.
  const used = user !== undefined && matches && (await repository.consumePasswordReset(deps.db, user.id));
  if (!user || !used) {
    if (attempt) {
      await audit(
        deps.db,
        { id: attempt.userId, ip: meta.ip },
        {
          action: 'auth.password.reset-failure',
          details: { failed: attempt.failedAttempts, by: input.token !== undefined ? 'link' : 'code' },
        },
      );
    }
    if (guess.lastTry) throw TooManyRequests('OTP_TOO_MANY_ATTEMPTS');
    throw Invalid('INVALID_RESET_CODE');
  }
  await forgetCodeGuesses(deps, 'reset', input.email);
  if (!user.isActive) throw Unauthorized('ACCOUNT_DEACTIVATED');
  await repository.updateUser(deps.db, user.id, {
    passwordHash: await hashPassword(input.password),
    emailVerified: true,
    // The code proved the mailbox; an address verified before keeps its first verification time.
    ...(user.emailVerified ? {} : { emailVerifiedAt: deps.clock.now() }),
  });
  await repository.deleteVerification(deps.db, user.id);
  await endUserSessions(deps.db, deps.clock, user.id, 'password-reset');
  await deps.limiters.loginAccount.reset(input.email.toLowerCase());
  await audit(
    deps.db,
    { id: user.id, ip: meta.ip },
    { action: 'auth.password.reset', details: { by: input.token !== undefined ? 'link' : 'code' } },
  );
  return { messageKey: 'passwordReset' as const };
}
