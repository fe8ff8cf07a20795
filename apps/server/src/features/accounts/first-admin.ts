import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { OperatorError } from '../../lib/operator-error';
import { hashPassword } from '../../lib/passwords';
import { audit } from '../audit/service';
import { endUserSessions, forgetCachedSessions } from '../sessions/service';
import * as repository from './repository';

export type AdminAccountOutcome = 'created' | 'promoted' | 'password-replaced';

/**
 * The operator's way to the first admin (`npm run admin:create`): creates a verified admin, or makes an
 * existing account one (verified, active), always with the password the operator gives, in one transaction
 * with its audit entry. An existing account's sessions all end: whoever held the address before (perhaps
 * without ever proving it) must not stay signed in as an admin. The strength rules are the caller's
 * (lib/password-strength).
 */
export async function createOrPromoteAdmin(
  deps: { db: Database; clock: Clock },
  input: { email: string; name: string; password: string },
): Promise<{ outcome: AdminAccountOutcome; userId: string }> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password);
  const result = await deps.db.transaction(async (tx) => {
    const existing = await repository.findUserByEmail(tx, input.email);
    if (!existing) {
      const user = await repository.insertUser(tx, {
        name: input.name,
        email: input.email,
        role: 'admin',
        passwordHash,
        emailVerified: true,
        emailVerifiedAt: now,
      });
      // Taken between the lookup and the insert: the next run finds the account and promotes it.
      if (!user)
        throw new OperatorError(
          `an account with ${input.email} was created meanwhile: run the command again`,
        );
      await audit(tx, null, {
        action: 'user.admin.created',
        targetType: 'user',
        targetId: user.id,
        details: { via: 'cli', email: input.email, name: input.name },
      });
      return { outcome: 'created' as const, userId: user.id };
    }
    const wasAdmin = existing.role === 'admin' && existing.isActive && existing.emailVerified;
    await repository.updateUser(tx, existing.id, {
      role: 'admin',
      isActive: true,
      deactivatedAt: null,
      emailVerified: true,
      emailVerifiedAt: existing.emailVerifiedAt ?? now,
      passwordHash,
    });
    await endUserSessions(tx, deps.clock, existing.id, wasAdmin ? 'password-set-by-cli' : 'promoted-by-cli');
    await audit(tx, null, {
      action: wasAdmin ? 'user.password.set-by-cli' : 'user.role.changed',
      targetType: 'user',
      targetId: existing.id,
      before: { role: existing.role, isActive: existing.isActive, emailVerified: existing.emailVerified },
      after: { role: 'admin', isActive: true, emailVerified: true },
      details: { via: 'cli', passwordSet: true, sessionsEnded: true },
    });
    return {
      outcome: wasAdmin ? ('password-replaced' as const) : ('promoted' as const),
      userId: existing.id,
    };
  });
  // Evicted again once committed: an instance that re-read a session meanwhile cached it as still live.
  forgetCachedSessions(deps.db, result.userId);
  return result;
}
