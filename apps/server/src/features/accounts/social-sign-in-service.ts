import { MIN_NAME_LENGTH, type SocialProvider, type User } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Forbidden, Unauthorized } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { audit } from '../audit/service';
import { admitDevice, registerOnDevice } from '../devices/service';
import { acceptLegalDocuments } from '../privacy/consent-service';
import { endUserSessions } from '../sessions/service';
import { getPlatformSettings } from '../settings/service';
import { canRestore, restoreAccount } from './account-deletion-service';
import * as repository from './repository';
import { clearOrRefuse, startClearedSession } from './sign-in-session';
import * as socialRepository from './social-accounts-repository';
import { toPublicUser } from './user-view';

/** The users table's name limit (the shared nameField's maximum). */
const MAX_NAME_LENGTH = 100;

/** An identity a provider vouched for, with an e-mail address it has verified. */
export interface VerifiedSocialProfile {
  provider: SocialProvider;
  subject: string;
  email: string;
  name: string | null;
}

export interface SocialSignIn {
  token: string;
  user: User;
  /** A new account was made for this identity. */
  created: boolean;
  /** The identity was linked to an account just now (new or existing). */
  linked: boolean;
}

function displayName(profile: VerifiedSocialProfile) {
  const name = profile.name?.trim().slice(0, MAX_NAME_LENGTH) ?? '';
  return name.length >= MIN_NAME_LENGTH ? name : profile.email.split('@')[0]!.slice(0, MAX_NAME_LENGTH);
}

/**
 * Links the identity to the account that already owns its e-mail (case-insensitive), once the device
 * rules let that account in on the request's device (checked here, before anything is linked). An
 * account whose address was never verified may have been registered by someone else in advance: proving
 * the address through the provider verifies it, removes that password and ends its sessions.
 */
async function linkExistingAccount(
  deps: { db: Database; clock: Clock },
  user: repository.UserRow,
  profile: VerifiedSocialProfile,
  meta: RequestMeta,
) {
  if (!user.isActive && !canRestore(user, deps.clock.now())) throw Unauthorized('ACCOUNT_DEACTIVATED');
  await admitDevice(deps, user, meta);
  let linked = user;
  if (!user.emailVerified) {
    linked =
      (await repository.updateUser(deps.db, user.id, {
        emailVerified: true,
        emailVerifiedAt: new Date(),
        passwordHash: null,
      })) ?? user;
    await endUserSessions(deps.db, deps.clock, user.id, 'social-link-verified-email');
  }
  await socialRepository.insertSocialAccount(deps.db, {
    userId: user.id,
    provider: profile.provider,
    providerUserId: profile.subject,
  });
  return linked;
}

/**
 * A new verified fan without a password, when registration is open and the device rules allow it (the
 * account, its link and its device in one transaction, as a form registration).
 */
async function createSocialAccount(
  deps: { db: Database; clock: Clock },
  profile: VerifiedSocialProfile,
  meta: RequestMeta,
) {
  const settings = await getPlatformSettings(deps.db);
  if (!settings.generalSettings.allowRegistration) throw Forbidden('REGISTRATION_CLOSED');
  return registerOnDevice(deps, 'fan', meta, async (tx) => {
    const user = await repository.insertUser(tx, {
      name: displayName(profile),
      email: profile.email.toLowerCase(),
      role: 'fan',
      passwordHash: null,
      emailVerified: true,
      emailVerifiedAt: new Date(),
    });
    if (!user) return undefined;
    // Signing up socially accepts the current terms of service and privacy policy, like the form.
    await acceptLegalDocuments(tx, user.id, { ip: meta.ip, now: deps.clock.now() });
    await socialRepository.insertSocialAccount(tx, {
      userId: user.id,
      provider: profile.provider,
      providerUserId: profile.subject,
    });
    return user;
  });
}

/**
 * Signs in with a provider identity: the account already linked to it, else the account with its
 * e-mail (then linked), else a new verified fan. Deactivated accounts are refused, and so is a device
 * the device rules (features/devices) keep for another account, before anything is linked or created.
 * Starts a session, records the login and answers the token and the user as the client reads it.
 */
export async function signInWithSocialProfile(
  deps: { db: Database; clock: Clock },
  profile: VerifiedSocialProfile,
  meta: RequestMeta,
): Promise<SocialSignIn> {
  const link = await socialRepository.findSocialAccount(deps.db, profile.provider, profile.subject);
  let user = link ? await repository.findUserById(deps.db, link.userId) : undefined;
  const existing = user ? undefined : await repository.findUserByEmail(deps.db, profile.email);
  // A provider proves only the e-mail: an account with a second factor signs in with its password and
  // code, and nothing is linked, verified or restored for it here.
  const known = user ?? existing;
  if (known) await clearOrRefuse(deps.db, known);
  let created = false;
  let linked = false;
  if (!user) {
    // Linking and creating check the device themselves, before they write: the session below does not
    // check it a second time.
    if (existing) {
      user = await linkExistingAccount(deps, existing, profile, meta);
    } else {
      user = await createSocialAccount(deps, profile, meta);
      created = user !== undefined;
      // Another sign-in took the address a moment ago: link to that account instead.
      user ??= await linkExistingAccount(
        deps,
        (await repository.findUserByEmail(deps.db, profile.email))!,
        profile,
        meta,
      );
    }
    linked = true;
  }
  // Asked again of the account signing in (another sign-in may have taken the address meanwhile).
  const cleared = await clearOrRefuse(deps.db, user);
  // An account its owner deleted comes back when they sign in within the 30 days; any other is refused.
  if (!user.isActive) {
    if (!canRestore(user, deps.clock.now())) throw Unauthorized('ACCOUNT_DEACTIVATED');
    user = await restoreAccount(deps, user, meta);
  }
  const { token, user: signedIn } = await startClearedSession(deps, user, cleared, meta, {
    admitted: linked,
  });
  await audit(
    deps.db,
    { id: user.id, ip: meta.ip },
    {
      action: 'auth.social.login',
      details: { provider: profile.provider, created, linked, device: meta.deviceType },
    },
  );
  return { token, user: toPublicUser(signedIn), created, linked };
}
