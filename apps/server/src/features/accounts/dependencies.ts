import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaVerifier } from '../../lib/captcha';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import type { Mailer } from '../../lib/mailer';
import type { Limiter } from '../../lib/rate-limit';

export interface AccountsDependencies {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  captcha: CaptchaVerifier;
  logger: FastifyBaseLogger;
  /** HMAC key for codes, reset links and mailed addresses, so a database leak reveals none of them. */
  otpKey: Buffer;
  /** Keys of the admins' second factor: `secrets` encrypts TOTP secrets at rest, `challenges` signs the
   * short-lived challenge between the password and the code. */
  secondFactorKeys: { secrets: Buffer; challenges: Buffer };
  /** PUBLIC_URL without a trailing slash: the base of the links in account mails. */
  publicUrl: string;
  limiters: {
    /** Sign-in attempts per submitted e-mail (counted before the password is checked). */
    loginAccount: Limiter;
    /** Failed sign-ins per IP. */
    loginIp: Limiter;
    /** Codes mailed per purpose and submitted address, whether or not an account exists. */
    codeMails: Limiter;
    /** Code guesses per purpose and submitted address, whether or not an account exists. */
    codeGuesses: Limiter;
    /** Wrong second-factor codes per account: a lockout of its own, apart from the password's. */
    secondFactor: Limiter;
  };
}
