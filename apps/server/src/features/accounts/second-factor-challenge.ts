import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Unauthorized } from '../../lib/errors';
import type { AccountsDependencies } from './dependencies';
import * as repository from './repository';

/** How long the signed challenge between the password and the code is good for: time to open the app. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 5 * 60;

/** Ties a challenge to the password in force: changing the password voids the challenges issued before. */
function passwordStamp(user: repository.UserRow) {
  return createHash('sha256')
    .update(user.passwordHash ?? '')
    .digest('base64url')
    .slice(0, 16);
}

function signChallenge(deps: Pick<AccountsDependencies, 'secondFactorKeys'>, payload: string) {
  return createHmac('sha256', deps.secondFactorKeys.challenges).update(payload).digest();
}

/** The short-lived signed challenge a password step answers for an account with a second factor. */
export function issueChallenge(
  deps: Pick<AccountsDependencies, 'clock' | 'secondFactorKeys'>,
  user: repository.UserRow,
) {
  const expiresAt = new Date(deps.clock.now().getTime() + SECOND_FACTOR_CHALLENGE_SECONDS * 1000);
  const payload = Buffer.from(
    JSON.stringify({ u: user.id, e: expiresAt.getTime(), p: passwordStamp(user) }),
  ).toString('base64url');
  const signature = signChallenge(deps, payload).toString('base64url');
  return { challengeToken: `${payload}.${signature}`, expiresAt: expiresAt.toISOString() };
}

/** The user a valid, unexpired challenge was issued to; any other token is refused the same way. */
export async function readChallenge(
  deps: Pick<AccountsDependencies, 'db' | 'clock' | 'secondFactorKeys'>,
  token: string,
) {
  const expired = () => Unauthorized('SECOND_FACTOR_CHALLENGE_EXPIRED');
  const [payload, signature] = token.split('.');
  if (!payload || !signature) throw expired();
  const expected = signChallenge(deps, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw expired();
  let claims: { u?: unknown; e?: unknown; p?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw expired();
  }
  if (typeof claims.u !== 'string' || typeof claims.e !== 'number' || claims.e <= deps.clock.now().getTime())
    throw expired();
  const user = await repository.findUserById(deps.db, claims.u);
  if (!user || claims.p !== passwordStamp(user)) throw expired();
  return user;
}
