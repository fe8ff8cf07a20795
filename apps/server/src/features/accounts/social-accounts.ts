import { MIN_NAME_LENGTH, type SocialProvider, type User } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Forbidden, Unauthorized } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { recordAudit } from '../audit/service';
import { endUserSessions, startSession } from '../sessions/service';
import { getPlatformSettings } from '../settings/service';
import * as repository from './repository';
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
 * Links the identity to the account that already owns its e-mail (case-insensitive). An account whose
 * address was never verified may have been registered by someone else in advance: proving the address
 * through the provider verifies it, removes that password and ends its sessions.
 */
async function linkExistingAccount(
  deps: { db: Database; clock: Clock },
  user: repository.UserRow,
  profile: VerifiedSocialProfile,
) {
  if (!user.isActive) throw Unauthorized('ACCOUNT_DEACTIVATED');
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

/** A new verified fan without a password, when registration is open. */
async function createSocialAccount(deps: { db: Database }, profile: VerifiedSocialProfile) {
  const settings = await getPlatformSettings(deps.db);
  if (!settings.generalSettings.allowRegistration) throw Forbidden('REGISTRATION_CLOSED');
  const user = await repository.insertUser(deps.db, {
    name: displayName(profile),
    email: profile.email.toLowerCase(),
    role: 'fan',
    passwordHash: null,
    emailVerified: true,
    emailVerifiedAt: new Date(),
  });
  if (!user) return undefined;
  await socialRepository.insertSocialAccount(deps.db, {
    userId: user.id,
    provider: profile.provider,
    providerUserId: profile.subject,
  });
  return user;
}

/**
 * Signs in with a provider identity: the account already linked to it, else the account with its
 * e-mail (then linked), else a new verified fan. Deactivated accounts are refused. Starts a session,
 * records the login and answers the token and the user as the client reads it.
 */
export async function signInWithSocialProfile(
  deps: { db: Database; clock: Clock },
  profile: VerifiedSocialProfile,
  meta: RequestMeta,
): Promise<SocialSignIn> {
  const link = await socialRepository.findSocialAccount(deps.db, profile.provider, profile.subject);
  let user = link ? await repository.findUserById(deps.db, link.userId) : undefined;
  let created = false;
  let linked = false;
  if (!user) {
    const existing = await repository.findUserByEmail(deps.db, profile.email);
    if (existing) {
      user = await linkExistingAccount(deps, existing, profile);
    } else {
      user = await createSocialAccount(deps, profile);
      created = user !== undefined;
      // Another sign-in took the address a moment ago: link to that account instead.
      user ??= await linkExistingAccount(
        deps,
        (await repository.findUserByEmail(deps.db, profile.email))!,
        profile,
      );
    }
    linked = true;
  }
  if (!user.isActive) throw Unauthorized('ACCOUNT_DEACTIVATED');

  const { token } = await startSession(deps.db, deps.clock, user.id, meta);
  const signedIn = (await repository.updateUser(deps.db, user.id, { lastLogin: deps.clock.now() })) ?? user;
  await recordAudit(deps.db, {
    action: 'auth.social.login',
    actorId: user.id,
    ip: meta.ip,
    details: { provider: profile.provider, created, linked, device: meta.deviceType },
  });
  return { token, user: toPublicUser(signedIn), created, linked };
}
