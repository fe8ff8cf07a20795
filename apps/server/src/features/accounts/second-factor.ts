import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@ovation/shared';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../lib/db';
import { Conflict, Forbidden, Invalid, NotFound, TooManyRequests, Unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/request-meta';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { audit } from '../audit/service';
import { getPlatformSettings } from '../settings/service';
import { secretHash } from './codes';
import type { AccountsDependencies } from './dependencies';
import * as repository from './repository';
import { readChallenge } from './second-factor-challenge';
import * as factors from './second-factor-repository';

/** RFC 6238's defaults, the ones every authenticator app reads from the QR code. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** One step either side: a phone clock 30 seconds off, or a code typed as it rolls over, still works. */
const TOTP_WINDOW = 1;
/** The name the authenticator app lists the account under. */
const ISSUER = 'Ovation';
/** Recovery codes: no 0/o, 1/l/i to misread; 10 characters of 31 is about 50 bits, single use. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

type Deps = Pick<AccountsDependencies, 'db' | 'clock' | 'otpKey' | 'limiters' | 'secondFactorKeys'>;

function totpFor(secretBase32: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

function newRecoveryCode() {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index++)
    code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed (any case, spaces or dash) reduced to what its HMAC is taken of. */
function normalizeRecoveryCode(code: string) {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function recoveryHash(deps: Pick<AccountsDependencies, 'otpKey'>, userId: string, code: string) {
  return secretHash(deps, `second-factor-recovery:${userId}`, normalizeRecoveryCode(code));
}

/** Does the user have a confirmed second factor (an unconfirmed set-up does not count)? */
export async function hasSecondFactor(db: Database, userId: string) {
  const factor = await factors.findSecondFactor(db, userId);
  return factor?.confirmedAt != null;
}

/** The signed-in user's second factor, and whether the platform requires one of them. */
export async function getSecondFactorStatus(deps: Pick<AccountsDependencies, 'db'>, userId: string) {
  const [user, factor, settings] = await Promise.all([
    repository.findUserById(deps.db, userId),
    factors.findSecondFactor(deps.db, userId),
    getPlatformSettings(deps.db),
  ]);
  if (!user) throw NotFound();
  const enabled = factor?.confirmedAt != null;
  return {
    enabled,
    required: user.role === 'admin' && settings.securitySettings.requireAdminSecondFactor,
    confirmedAt: factor?.confirmedAt?.toISOString() ?? null,
    recoveryCodesRemaining: enabled ? await factors.countUnusedRecoveryCodes(deps.db, userId) : 0,
  };
}

/**
 * The admin scope's gate: while the platform requires a second factor of admins, an admin without one
 * may use no admin API until they set one up (the set-up routes are outside the admin scope).
 */
export async function assertAdminSecondFactorInPlace(db: Database, userId: string) {
  const settings = await getPlatformSettings(db);
  if (!settings.securitySettings.requireAdminSecondFactor) return;
  if (!(await hasSecondFactor(db, userId))) throw Forbidden('SECOND_FACTOR_SETUP_REQUIRED');
}

async function adminUser(db: Database, userId: string) {
  const user = await repository.findUserById(db, userId);
  if (!user) throw NotFound();
  if (user.role !== 'admin') throw Forbidden('ADMIN_ONLY');
  return user;
}

/**
 * Starts an admin's set-up: a new random secret, stored encrypted and unconfirmed until the first code
 * from the app proves it was scanned. Answers the secret as text and as the otpauth:// URI of the QR code.
 */
export async function startSecondFactorSetup(deps: Deps, userId: string, meta: RequestMeta) {
  const user = await adminUser(deps.db, userId);
  if (await hasSecondFactor(deps.db, userId)) throw Conflict('SECOND_FACTOR_ALREADY_ENABLED');
  const secret = new Secret({ size: 20 }).base32;
  await deps.db.transaction(async (tx) => {
    await factors.saveUnconfirmedSecondFactor(
      tx,
      userId,
      encryptSecret(deps.secondFactorKeys.secrets, secret),
    );
    await audit(tx, { id: userId, ip: meta.ip }, { action: 'auth.second-factor.setup-started' });
  });
  return { secret, otpauthUri: totpFor(secret, user.email).toString() };
}

type CodeCheck = 'ok' | 'wrong' | 'locked';

/**
 * The stored secret in clear, or null when it no longer decrypts (the server secret changed): the app's
 * codes then fail like wrong ones, and a colleague's reset lets the admin set up again.
 */
function readSecret(deps: Pick<Deps, 'secondFactorKeys'>, factor: factors.SecondFactorRow) {
  try {
    return decryptSecret(deps.secondFactorKeys.secrets, factor.secretEncrypted);
  } catch {
    return null;
  }
}

/**
 * Checks a code against the user's factor: an authenticator code (each 30-second step accepted once) or
 * an unused recovery code (spent by this). Wrong codes count toward their own lockout, 5 per account in
 * 15 minutes, audited; the IP's sign-in failures count them too.
 */
async function checkCode(
  deps: Deps,
  factor: factors.SecondFactorRow,
  code: string,
  meta: RequestMeta,
): Promise<CodeCheck> {
  const actor = { id: factor.userId, ip: meta.ip };
  const attempt = await deps.limiters.secondFactor.hit(factor.userId);
  if (!attempt.allowed) {
    await audit(deps.db, actor, { action: 'auth.second-factor.locked' });
    return 'locked';
  }
  const trimmed = code.replace(/\s/g, '');
  let accepted = false;
  let recovery = false;
  if (/^\d{6}$/.test(trimmed)) {
    const secret = readSecret(deps, factor);
    const now = deps.clock.now().getTime();
    const delta =
      secret === null
        ? null
        : totpFor(secret, '').validate({ token: trimmed, timestamp: now, window: TOTP_WINDOW });
    if (delta !== null) {
      const step = Math.floor(now / (TOTP_PERIOD_SECONDS * 1000)) + delta;
      accepted = await factors.claimTotpStep(deps.db, factor.userId, step);
    }
  } else if (factor.confirmedAt) {
    recovery = true;
    accepted = await factors.spendRecoveryCode(
      deps.db,
      factor.userId,
      recoveryHash(deps, factor.userId, trimmed),
      deps.clock.now(),
    );
  }
  if (!accepted) {
    await deps.limiters.loginIp.hit(meta.ip);
    await audit(deps.db, actor, { action: 'auth.second-factor.failure', details: { recovery } });
    return 'wrong';
  }
  await deps.limiters.secondFactor.reset(factor.userId);
  if (recovery) {
    const remaining = await factors.countUnusedRecoveryCodes(deps.db, factor.userId);
    await audit(deps.db, actor, { action: 'auth.second-factor.recovery-used', details: { remaining } });
  }
  return 'ok';
}

function refuse(check: Exclude<CodeCheck, 'ok'>): never {
  if (check === 'locked') throw TooManyRequests('SECOND_FACTOR_TOO_MANY_ATTEMPTS');
  throw Unauthorized('SECOND_FACTOR_INVALID');
}

/**
 * Confirms a set-up with the first code from the app, and answers 10 single-use recovery codes: shown
 * this once, only their HMACs are stored.
 */
export async function confirmSecondFactorSetup(deps: Deps, userId: string, code: string, meta: RequestMeta) {
  await adminUser(deps.db, userId);
  const factor = await factors.findSecondFactor(deps.db, userId);
  if (!factor) throw Conflict('SECOND_FACTOR_SETUP_NOT_STARTED');
  if (factor.confirmedAt) throw Conflict('SECOND_FACTOR_ALREADY_ENABLED');
  const check = await checkCode(deps, factor, code, meta);
  if (check !== 'ok') refuse(check);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    await factors.confirmSecondFactor(
      tx,
      userId,
      deps.clock.now(),
      recoveryCodes.map((recoveryCode) => recoveryHash(deps, userId, recoveryCode)),
    );
    await audit(tx, { id: userId, ip: meta.ip }, { action: 'auth.second-factor.enabled' });
  });
  return { recoveryCodes };
}

/** Turns one's own second factor off, with a current code or the account's password; audited. */
export async function disableSecondFactor(
  deps: Deps,
  userId: string,
  proof: { code: string } | { password: string },
  meta: RequestMeta,
) {
  const user = await repository.findUserById(deps.db, userId);
  if (!user) throw NotFound();
  const factor = await factors.findSecondFactor(deps.db, userId);
  if (!factor?.confirmedAt) throw Conflict('SECOND_FACTOR_NOT_ENABLED');
  if ('code' in proof) {
    const check = await checkCode(deps, factor, proof.code, meta);
    if (check !== 'ok') refuse(check);
  } else {
    // A stolen session must not become a way to guess the password: the same limit as changing it.
    const attemptKey = `password:${userId}`;
    const attempt = await deps.limiters.loginAccount.hit(attemptKey);
    if (!attempt.allowed) {
      throw TooManyRequests('TOO_MANY_LOGIN_ATTEMPTS', {
        extra: { retryAfterSeconds: attempt.retryAfterSeconds },
      });
    }
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, proof.password))) {
      throw Invalid('WRONG_PASSWORD');
    }
    await deps.limiters.loginAccount.reset(attemptKey);
  }
  await deps.db.transaction(async (tx) => {
    await factors.deleteSecondFactor(tx, userId);
    await audit(tx, { id: userId, ip: meta.ip }, { action: 'auth.second-factor.disabled' });
  });
}

/**
 * An admin resets a colleague's second factor (a lost phone): it is removed with its recovery codes, and
 * the colleague sets one up again at their next sign-in when the platform requires it. Never one's own:
 * that is turned off with a code or the password.
 */
export async function resetColleagueSecondFactor(
  deps: Pick<AccountsDependencies, 'db'>,
  actor: { id: string; ip: string },
  userId: string,
) {
  if (actor.id === userId) throw Forbidden('CANNOT_RESET_OWN_SECOND_FACTOR');
  await deps.db.transaction(async (tx) => {
    const user = await repository.findUserById(tx, userId);
    if (!user) throw NotFound('USER_NOT_FOUND');
    const removed = await factors.deleteSecondFactor(tx, userId);
    if (!removed) throw Conflict('SECOND_FACTOR_NOT_ENABLED');
    await audit(tx, actor, {
      action: 'user.second-factor.reset',
      targetType: 'user',
      targetId: userId,
      details: { email: user.email },
    });
  });
}

/**
 * The second step of an admin's sign-in: the challenge from the password step and a code. Answers the
 * user to start the session for; a wrong code is 401, and 5 wrong codes lock this step for 15 minutes.
 */
export async function passChallenge(
  deps: Deps,
  input: { challengeToken: string; code: string },
  meta: RequestMeta,
) {
  const address = await deps.limiters.loginIp.isExhausted(meta.ip);
  if (address.exhausted) {
    throw TooManyRequests('TOO_MANY_LOGIN_ATTEMPTS', {
      extra: { retryAfterSeconds: address.retryAfterSeconds },
    });
  }
  const user = await readChallenge(deps, input.challengeToken);
  const factor = await factors.findSecondFactor(deps.db, user.id);
  // Reset by a colleague since the password step: the password step decides again.
  if (!factor?.confirmedAt) throw Unauthorized('SECOND_FACTOR_CHALLENGE_EXPIRED');
  const check = await checkCode(deps, factor, input.code, meta);
  if (check !== 'ok') refuse(check);
  return user;
}

/**
 * A code sent with the password: answers whether it passed. `ok` false with `locked` when this step is
 * locked by wrong codes.
 */
export async function checkCodeWithPassword(deps: Deps, userId: string, code: string, meta: RequestMeta) {
  const factor = await factors.findSecondFactor(deps.db, userId);
  if (!factor?.confirmedAt) return 'wrong' as const;
  return checkCode(deps, factor, code, meta);
}

export { issueChallenge } from './second-factor-challenge';
export { refuse as refuseSecondFactor };
