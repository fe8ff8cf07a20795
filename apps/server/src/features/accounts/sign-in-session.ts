import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Forbidden } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { startSessionOnDevice } from '../devices/service';
import type { AccountsDependencies } from './dependencies';
import * as repository from './repository';
import { hasSecondFactor, issueChallenge } from './second-factor';

declare const cleared: unique symbol;

/**
 * Leave to start a session for one account: it has no second factor, or its code was checked. Only this
 * module makes one, so a way in that never asked about the second factor cannot start a session.
 */
export interface SessionClearance {
  readonly [cleared]: true;
  readonly userId: string;
}

/** The answer to a sign-in that needs the second factor: POST /auth/login/second-factor takes it. */
export type SecondFactorChallengeAnswer = ReturnType<typeof issueChallenge> & { secondFactorRequired: true };

function clearance(userId: string) {
  return { userId } as SessionClearance;
}

/** The caller has just checked a code of the account's second factor (or passed its challenge). */
export function secondFactorPassed(user: repository.UserRow): SessionClearance {
  return clearance(user.id);
}

/**
 * Asks about the second factor of an account that proved itself some other way (a password, a mailed
 * code): none, and it may have a session; with one, the challenge that POST /auth/login/second-factor
 * trades with a code for the session.
 */
export async function clearOrChallenge(
  deps: Pick<AccountsDependencies, 'db' | 'clock' | 'secondFactorKeys'>,
  user: repository.UserRow,
): Promise<SessionClearance | SecondFactorChallengeAnswer> {
  if (!(await hasSecondFactor(deps.db, user.id))) return clearance(user.id);
  return { secondFactorRequired: true, ...issueChallenge(deps, user) };
}

/**
 * The same question where a challenge does not fit (a provider proves only the e-mail: an account with a
 * second factor signs in with its password and code): such an account is refused, 403.
 */
export async function clearOrRefuse(db: Database, user: repository.UserRow): Promise<SessionClearance> {
  if (await hasSecondFactor(db, user.id))
    throw Forbidden('FORBIDDEN', { extra: { reason: 'access_denied' } });
  return clearance(user.id);
}

export function isChallenge(
  answer: SessionClearance | SecondFactorChallengeAnswer,
): answer is SecondFactorChallengeAnswer {
  return 'secondFactorRequired' in answer;
}

/**
 * The one place the accounts feature starts a session, for an account cleared above: on the request's
 * device (its rules checked here unless the caller just did: `admitted`), ending the others where one
 * device is the rule, with the sign-in recorded. Answers the token, the session and the updated user.
 */
export async function startClearedSession(
  deps: { db: Database; clock: Clock },
  user: repository.UserRow,
  cleared: SessionClearance,
  meta: RequestMeta,
  options: { admitted: boolean },
) {
  if (cleared.userId !== user.id) throw new Error('session clearance for another account');
  const { token, sessionId } = await startSessionOnDevice(deps, user, meta, options);
  const signedIn = await repository.updateUser(deps.db, user.id, { lastLogin: deps.clock.now() });
  return { token, sessionId, user: signedIn ?? user };
}
