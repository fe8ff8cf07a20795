import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  type RegisterBody,
  type User,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from '@ovation/shared';
import { type CountryCode, isValidPhoneNumber } from 'libphonenumber-js/max';
import MailChecker from 'mailchecker';
import { Forbidden, Invalid } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/request-meta';
import { audit } from '../audit/service';
import { checkPlace } from '../countries/service';
import { registerOnDevice } from '../devices/service';
import { acceptLegalDocuments } from '../privacy/consent-service';
import { getPlatformSettings } from '../settings/service';
import { existingAccountMail } from './account-mails';
import { claimCodeMail, forgetCodeGuesses } from './codes';
import type { AccountsDependencies } from './dependencies';
import { mailAccount } from './mail-log';
import * as repository from './repository';
import { clearOrRefuse, startClearedSession } from './sign-in-session';
import { toPublicUser } from './user-view';
import { sendVerificationCode } from './verification';

export function fieldError(field: string, key: ValidationMessageKey) {
  return Invalid('VALIDATION_ERROR', {
    errors: [{ field, message: VALIDATION_MESSAGES[key], key: `validation.${key}` }],
  });
}

async function requireCaptcha(deps: AccountsDependencies, token: string | undefined, ip: string) {
  const settings = await getPlatformSettings(deps.db);
  if (!settings.securitySettings.requireCaptcha) return;
  if (!token) throw Invalid('CAPTCHA_REQUIRED');
  if (!(await deps.captcha.verify(token, ip))) throw Invalid('CAPTCHA_FAILED');
}

/** The answer's user for a taken address: built from what was sent, so it tells nothing of the owner. */
function userFromInput(input: RegisterBody & { email: string }, phone: string, now: Date): User {
  const id = randomUUID();
  return {
    _id: id,
    id,
    name: input.name.trim(),
    email: input.email,
    phoneNumber: phone,
    country: input.country.trim(),
    state: input.state?.trim() || null,
    role: input.role ?? 'fan',
    avatar: null,
    bio: '',
    emailVerified: false,
    isEmailVerified: false,
    verified: false,
    isVerified: false,
    isActive: true,
    language: input.language ?? 'en',
    createdAt: now.toISOString(),
    lastLogin: null,
    hasPassword: true,
  };
}

/** Mails the owner of a taken address that someone tried to register with it; answers whether it went. */
async function tellOwner(deps: AccountsDependencies, owner: repository.UserRow): Promise<boolean> {
  // The owner hears of it at most 5 times an hour, however often someone tries.
  const allowance = await deps.limiters.codeMails.hit(`register-notice:${owner.email.toLowerCase()}`);
  if (!allowance.allowed || !owner.isActive) return true;
  const email = encodeURIComponent(owner.email);
  try {
    await mailAccount(
      deps,
      owner.id,
      'registration-notice',
      existingAccountMail({
        to: owner.email,
        name: owner.name,
        language: owner.language,
        signInLink: `${deps.publicUrl}/login`,
        resetLink: `${deps.publicUrl}/forgot-password?email=${email}`,
      }),
    );
    return true;
  } catch (error) {
    deps.logger.error({ err: error, userId: owner.id }, 'registration notice mail failed');
    return false;
  }
}

/**
 * Registers a fan or an artist. Checks what a schema cannot: the disposable-domain list, the phone
 * number for the chosen country, the country/state pair and the CAPTCHA.
 *
 * A taken address answers exactly like a new one (201, same body, a fresh-looking user built from the
 * request) and its owner gets a mail with a sign-in and a reset link, so registration does not tell who
 * has an account. With e-mail verification off a new account is signed in at once;
 * a taken address cannot be, so it answers without a token and says to check the mailbox: the token's
 * presence then tells a prober the address was free, which signing in at registration cannot avoid.
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
    throw Invalid('DISPOSABLE_EMAIL', {
      errors: [{ field: 'email', message: ERROR_MESSAGES.DISPOSABLE_EMAIL, key: 'errors.DISPOSABLE_EMAIL' }],
    });
  }
  const place = checkPlace(input.country, input.state);
  if (!place.ok) throw fieldError(place.field, place.key as ValidationMessageKey);
  const phone = input.phoneNumber;
  const phoneValid = phone.startsWith('+')
    ? isValidPhoneNumber(phone)
    : isValidPhoneNumber(phone, place.isoCode as CountryCode);
  if (!phoneValid) throw fieldError('phoneNumber', 'phoneInvalid');

  const requireVerification = settings.securitySettings.requireEmailVerification;
  const role = input.role ?? 'fan';
  const passwordHash = await hashPassword(input.password);
  // The device rules (features/devices) are checked before anything is created, in one transaction
  // with the insert, so two registrations on one device at once cannot both pass.
  // Registering accepts the current terms of service and privacy policy, recorded with the account.
  const user = await registerOnDevice(deps, role, meta, async (tx) => {
    const created = await repository.insertUser(tx, {
      name: input.name,
      email: input.email,
      phoneNumber: phone,
      country: input.country,
      state: input.state || null,
      role,
      passwordHash,
      emailVerified: false,
      language: input.language ?? 'en',
    });
    if (created) await acceptLegalDocuments(tx, created.id, { ip: meta.ip, now: deps.clock.now() });
    return created;
  });
  // Both paths count as a code mailed to the address, so a resend right after answers the same 429.
  await claimCodeMail(deps, 'verify', input.email);
  await forgetCodeGuesses(deps, 'verify', input.email);

  if (!user) {
    const owner = await repository.findUserByEmail(deps.db, input.email);
    await audit(
      deps.db,
      { id: owner?.id ?? null, ip: meta.ip },
      { action: 'auth.register-existing', details: { role: input.role ?? 'fan' } },
    );
    const told = owner ? tellOwner(deps, owner) : Promise.resolve(true);
    const publicUser = userFromInput(input, phone, deps.clock.now());
    if (!requireVerification) {
      void told;
      return {
        messageKey: 'registrationReceived' as const,
        user: publicUser,
        requiresVerification: false,
        verificationSent: false,
      };
    }
    const verificationSent = await told;
    return { ...verificationAnswer(verificationSent), user: publicUser };
  }

  await audit(
    deps.db,
    { id: user.id, ip: meta.ip },
    { action: 'auth.register', details: { role: user.role } },
  );
  if (!requireVerification) {
    // A new account has no second factor yet: the clearance only confirms it.
    const cleared = await clearOrRefuse(deps.db, user);
    const session = await startClearedSession(deps, user, cleared, meta, { admitted: true });
    return {
      messageKey: 'registered' as const,
      token: session.token,
      user: toPublicUser(session.user),
      requiresVerification: false,
      verificationSent: false,
    };
  }
  const verificationSent = await sendVerificationCode(deps, user, { waitForMail: true });
  return { ...verificationAnswer(verificationSent), user: toPublicUser(user) };
}

function verificationAnswer(verificationSent: boolean) {
  return {
    messageKey: verificationSent ? ('registeredCheckEmail' as const) : ('registeredMailFailed' as const),
    requiresVerification: true,
    verificationSent,
  };
}
