import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ERROR_MESSAGES,
  OTP_RESEND_COOLDOWN_SECONDS,
  type RegisterBody,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from '@ovation/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type CountryCode, isValidPhoneNumber } from 'libphonenumber-js/max';
import MailChecker from 'mailchecker';
import type { CaptchaVerifier } from '../../lib/captcha';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import {
  AppError,
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  TooManyRequests,
  Unauthorized,
} from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Limiter } from '../../lib/rate-limit';
import type { RequestMeta } from '../../lib/request-meta';
import { recordAudit } from '../audit/service';
import { checkPlace } from '../countries/service';
import { endUserSessions, startSession } from '../sessions/service';
import { getPlatformSettings } from '../settings/service';
import * as repository from './repository';
import { toPublicUser } from './user-view';
import { verificationMail } from './verification-mail';

/** A verification code lives 10 minutes and survives 5 wrong tries (issue 3). */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_FAILED_ATTEMPTS = 5;

export interface AccountsDependencies {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  captcha: CaptchaVerifier;
  logger: FastifyBaseLogger;
  /** HMAC key for verification codes, so a database leak does not reveal pending codes. */
  otpKey: Buffer;
  /** Failed logins per account and per IP; verification codes mailed per user. */
  limiters: { loginAccount: Limiter; loginIp: Limiter; codeMails: Limiter };
}

function fieldError(field: string, key: ValidationMessageKey) {
  return Invalid('VALIDATION_ERROR', {
    message: VALIDATION_MESSAGES[key],
    errors: [{ field, message: VALIDATION_MESSAGES[key], key: `validation.${key}` }],
  });
}

function codeFieldError(field: string, code: 'DISPOSABLE_EMAIL' | 'EMAIL_TAKEN' | 'WRONG_PASSWORD') {
  return [{ field, message: ERROR_MESSAGES[code], key: `errors.${code}` }];
}

function hashCode(deps: AccountsDependencies, userId: string, code: string) {
  return createHmac('sha256', deps.otpKey).update(`${userId}:${code}`).digest('hex');
}

/** Creates and mails a fresh code; answers whether the mail went out. */
async function sendVerificationCode(deps: AccountsDependencies, user: repository.UserRow): Promise<boolean> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = deps.clock.now();
  await repository.saveVerification(deps.db, {
    userId: user.id,
    codeHash: hashCode(deps, user.id, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    sentAt: now,
    failedAttempts: 0,
  });
  try {
    await deps.mailer.send(
      verificationMail({
        to: user.email,
        name: user.name,
        code,
        language: user.language,
        expiresInMinutes: OTP_TTL_MINUTES,
      }),
    );
    return true;
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, 'verification mail failed');
    return false;
  }
}

async function requireCaptcha(deps: AccountsDependencies, token: string | undefined, ip: string) {
  const settings = await getPlatformSettings(deps.db);
  if (!settings.securitySettings.requireCaptcha) return;
  if (!token) throw Invalid('CAPTCHA_REQUIRED');
  if (!(await deps.captcha.verify(token, ip))) throw Invalid('CAPTCHA_FAILED');
}

/**
 * Registers a fan or an artist. Checks what a schema cannot: the disposable-domain list, the phone
 * number for the chosen country, the country/state pair, the CAPTCHA, and e-mail uniqueness.
 */
export async function registerAccount(
  deps: AccountsDependencies,
  input: RegisterBody & { email: string },
  meta: RequestMeta,
) {
  const settings = await getPlatformSettings(deps.db);
  if (!settings.generalSettings.allowRegistration) throw Forbidden('REGISTRATION_CLOSED');
  await requireCaptcha(deps, input.captchaToken, meta.ip);
  if (!MailChecker.isValid(input.email)) {
    throw Invalid('DISPOSABLE_EMAIL', { errors: codeFieldError('email', 'DISPOSABLE_EMAIL') });
  }
  const place = checkPlace(input.country, input.state);
  if (!place.ok) throw fieldError(place.field, place.key as ValidationMessageKey);
  const phone = input.phoneNumber;
  const phoneValid = phone.startsWith('+')
    ? isValidPhoneNumber(phone)
    : isValidPhoneNumber(phone, place.isoCode as CountryCode);
  if (!phoneValid) throw fieldError('phoneNumber', 'phoneInvalid');

  const requireVerification = settings.securitySettings.requireEmailVerification;
  const user = await repository.insertUser(deps.db, {
    name: input.name,
    email: input.email,
    phoneNumber: phone,
    country: input.country,
    state: input.state || null,
    role: input.role ?? 'fan',
    passwordHash: await hashPassword(input.password),
    emailVerified: false,
    language: input.language ?? 'en',
  });
  if (!user) throw Conflict('EMAIL_TAKEN', { errors: codeFieldError('email', 'EMAIL_TAKEN') });
  await recordAudit(deps.db, {
    action: 'auth.register',
    actorId: user.id,
    ip: meta.ip,
    details: { role: user.role },
  });

  if (!requireVerification) {
    const { token } = await startSession(deps.db, deps.clock, user.id, meta);
    const signedIn = await repository.updateUser(deps.db, user.id, { lastLogin: deps.clock.now() });
    return {
      message: 'Registration successful!',
      token,
      user: toPublicUser(signedIn ?? user),
      requiresVerification: false,
      verificationSent: false,
    };
  }
  const verificationSent = await sendVerificationCode(deps, user);
  return {
    message: verificationSent
      ? 'Registration successful! Please check your email for the verification code.'
      : 'Registration successful but failed to send verification email',
    user: toPublicUser(user),
    requiresVerification: true,
    verificationSent,
  };
}

/** Checks a 6-digit code; on success the e-mail is verified and a session starts. */
export async function verifyEmail(
  deps: AccountsDependencies,
  input: { email: string; otp: string },
  meta: RequestMeta,
) {
  const user = await repository.findUserByEmail(deps.db, input.email);
  if (!user) throw Invalid('INVALID_OTP');
  const attempt = await repository.claimVerificationAttempt(deps.db, user.id, OTP_MAX_FAILED_ATTEMPTS);
  if (!attempt) {
    if (await repository.findVerification(deps.db, user.id)) throw TooManyRequests('OTP_TOO_MANY_ATTEMPTS');
    throw Invalid(user.emailVerified ? 'ALREADY_VERIFIED' : 'INVALID_OTP');
  }
  if (attempt.expiresAt < deps.clock.now()) throw Invalid('OTP_EXPIRED');
  const expected = Buffer.from(attempt.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps, user.id, input.otp), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await recordAudit(deps.db, {
      action: 'auth.otp.failure',
      actorId: user.id,
      ip: meta.ip,
      details: { failed: attempt.failedAttempts },
    });
    if (attempt.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) throw TooManyRequests('OTP_TOO_MANY_ATTEMPTS');
    throw Invalid('INVALID_OTP');
  }
  await repository.deleteVerification(deps.db, user.id);
  if (!user.isActive) throw Unauthorized('ACCOUNT_DEACTIVATED');
  const verified = await repository.updateUser(deps.db, user.id, {
    emailVerified: true,
    lastLogin: deps.clock.now(),
  });
  await recordAudit(deps.db, { action: 'auth.email.verified', actorId: user.id, ip: meta.ip });
  const { token } = await startSession(deps.db, deps.clock, user.id, meta);
  return { message: 'Email verified successfully!', token, user: toPublicUser(verified!) };
}

/**
 * Sends a new code, at most one a minute. An unknown or already verified address gets the same
 * answer as a real one, so the call does not reveal who has an account.
 */
export async function resendVerification(deps: AccountsDependencies, email: string) {
  const user = await repository.findUserByEmail(deps.db, email);
  const genericAnswer = {
    message: 'If the account exists, a new code has been sent.',
    retryAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
  };
  if (!user || user.emailVerified) return genericAnswer;
  const pending = await repository.findVerification(deps.db, user.id);
  if (pending) {
    const elapsedSeconds = (deps.clock.now().getTime() - pending.sentAt.getTime()) / 1000;
    if (elapsedSeconds < OTP_RESEND_COOLDOWN_SECONDS) {
      const retryAfterSeconds = Math.ceil(OTP_RESEND_COOLDOWN_SECONDS - elapsedSeconds);
      throw TooManyRequests('OTP_RESEND_TOO_SOON', { extra: { retryAfterSeconds } });
    }
  }
  const allowance = await deps.limiters.codeMails.hit(user.id);
  if (!allowance.allowed) {
    throw TooManyRequests('OTP_RESEND_TOO_SOON', {
      extra: { retryAfterSeconds: allowance.retryAfterSeconds },
    });
  }
  const sent = await sendVerificationCode(deps, user);
  if (!sent)
    throw new AppError(503, 'SERVICE_UNAVAILABLE', { message: 'Failed to resend OTP. Please try again.' });
  return {
    message: 'Verification code sent to your email. Please enter the code to continue.',
    retryAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
  };
}

/** A hash to verify against when the e-mail is unknown, so both paths take the same time. */
let decoyHash: Promise<string> | undefined;

/**
 * Signs in with e-mail and password. 5 failures for one account or 20 from one IP within 15 minutes
 * lock further attempts (429) until the window passes.
 */
export async function login(
  deps: AccountsDependencies,
  input: { email: string; password: string },
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
  if (!account.allowed || address.exhausted) {
    await recordAudit(deps.db, { action: 'auth.login.locked', ip: meta.ip, details: { email: input.email } });
    const retryAfterSeconds = Math.max(account.retryAfterSeconds, address.retryAfterSeconds);
    throw TooManyRequests('TOO_MANY_LOGIN_ATTEMPTS', { extra: { retryAfterSeconds } });
  }
  const user = await repository.findUserByEmail(deps.db, input.email);
  decoyHash ??= hashPassword('decoy password for unknown accounts');
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user?.passwordHash || !passwordOk) {
    await recordAudit(deps.db, {
      action: 'auth.login.failure',
      actorId: user?.id,
      ip: meta.ip,
      details: { email: input.email },
    });
    await deps.limiters.loginIp.hit(meta.ip);
    throw Unauthorized('INVALID_CREDENTIALS');
  }
  await deps.limiters.loginAccount.reset(accountKey);
  if (!user.isActive) throw Unauthorized('ACCOUNT_DEACTIVATED');
  const settings = await getPlatformSettings(deps.db);
  if (settings.securitySettings.requireEmailVerification && !user.emailVerified) {
    const pending = await repository.findVerification(deps.db, user.id);
    const recentlySent =
      pending && deps.clock.now().getTime() - pending.sentAt.getTime() < OTP_RESEND_COOLDOWN_SECONDS * 1000;
    const mayMail = !recentlySent && (await deps.limiters.codeMails.hit(user.id)).allowed;
    const verificationSent = recentlySent || (mayMail && (await sendVerificationCode(deps, user)));
    throw Unauthorized('EMAIL_NOT_VERIFIED', {
      message: verificationSent
        ? 'Verification code sent to your email. Please enter the code to continue.'
        : 'Please verify your email to continue.',
      extra: { emailNotVerified: true, verificationSent, email: user.email },
    });
  }
  const { token } = await startSession(deps.db, deps.clock, user.id, meta);
  const signedIn = await repository.updateUser(deps.db, user.id, { lastLogin: deps.clock.now() });
  await recordAudit(deps.db, {
    action: 'auth.login.success',
    actorId: user.id,
    ip: meta.ip,
    details: { device: meta.deviceType },
  });
  return { message: 'Login successful!', token, user: toPublicUser(signedIn!) };
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
    throw Invalid('WRONG_PASSWORD', { errors: codeFieldError('currentPassword', 'WRONG_PASSWORD') });
  }
  await deps.limiters.loginAccount.reset(attemptKey);
  await repository.updateUser(deps.db, userId, { passwordHash: await hashPassword(input.newPassword) });
  await endUserSessions(deps.db, deps.clock, userId, 'password-changed', currentSessionId ?? undefined);
  await recordAudit(deps.db, { action: 'auth.password.changed', actorId: userId, ip: meta.ip });
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
