import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_RESEND_COOLDOWN_SECONDS } from '@ovation/shared';
import type { AccountsDependencies } from './dependencies';
import * as repository from './repository';

/** What a mailed code is for; each has its own cooldown and guess count per address. */
export type CodePurpose = 'verify' | 'reset' | 'register-notice' | 'delete';

/** A fresh 6-digit code. */
export function newCode() {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The HMAC a code, link token or address is stored as; `scope` keeps the uses apart. */
export function secretHash(deps: Pick<AccountsDependencies, 'otpKey'>, scope: string, value: string) {
  return createHmac('sha256', deps.otpKey).update(`${scope}:${value}`).digest('hex');
}

/** Compares two hex HMACs in constant time. */
export function sameHash(expected: string, given: string) {
  const left = Buffer.from(expected, 'hex');
  const right = Buffer.from(given, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * May a code be mailed for `purpose` to `email` now? At most one a minute (on the server's clock) and 5
 * an hour. Keyed on the submitted address, never on an account, so the answer is the same whether or
 * not the address has an account.
 */
export async function claimCodeMail(
  deps: Pick<AccountsDependencies, 'db' | 'clock' | 'otpKey' | 'limiters'>,
  purpose: CodePurpose,
  email: string,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const address = email.toLowerCase();
  const now = deps.clock.now();
  const lastSent = await repository.claimCodeRequest(deps.db, {
    purpose,
    addressHash: secretHash(deps, 'address', address),
    now,
    cooldownSeconds: OTP_RESEND_COOLDOWN_SECONDS,
  });
  if (lastSent) {
    const elapsedSeconds = (now.getTime() - lastSent.getTime()) / 1000;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil(OTP_RESEND_COOLDOWN_SECONDS - elapsedSeconds)),
    };
  }
  const hourly = await deps.limiters.codeMails.hit(`${purpose}:${address}`);
  if (!hourly.allowed) return { allowed: false, retryAfterSeconds: hourly.retryAfterSeconds };
  return { allowed: true };
}

/**
 * Counts one guess at a code for `purpose` and `email`, before it is checked, whether or not an account
 * exists. `lastTry` is true for the 5th: a wrong 5th guess already answers 429.
 */
export async function countCodeGuess(
  deps: Pick<AccountsDependencies, 'limiters'>,
  purpose: CodePurpose,
  email: string,
): Promise<{ allowed: boolean; lastTry: boolean }> {
  const guess = await deps.limiters.codeGuesses.hit(`${purpose}:${email.toLowerCase()}`);
  return { allowed: guess.allowed, lastTry: guess.remaining === 0 };
}

/** A new code was mailed (or the code was right): the address gets its 5 tries back. */
export async function forgetCodeGuesses(
  deps: Pick<AccountsDependencies, 'limiters'>,
  purpose: CodePurpose,
  email: string,
) {
  await deps.limiters.codeGuesses.reset(`${purpose}:${email.toLowerCase()}`);
}
