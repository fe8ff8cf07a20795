import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/service';
import { forgetCachedSessions } from '../sessions/service';
import * as repository from './repository';

export type AdminAccountOutcome = 'created' | 'promoted' | 'already-admin';

/**
 * The operator's way to the first admin (`npm run admin:create`): creates a verified admin, or makes an
 * existing account one (verified, active), in one transaction with its audit entry. A password given for
 * an existing account replaces its password. The strength rules are the caller's (lib/password-strength).
 */
export async function createOrPromoteAdmin(
  deps: { db: Database; clock: Clock },
  input: { email: string; name: string; password?: string },
): Promise<{ outcome: AdminAccountOutcome; userId: string }> {
  const now = deps.clock.now();
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const result = await deps.db.transaction(async (tx) => {
    const existing = await repository.findUserByEmail(tx, input.email);
    if (!existing) {
      if (!passwordHash) throw new Error('a new admin needs a password');
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
        throw new Error(`an account with ${input.email} was created meanwhile: run the command again`);
      await recordAudit(tx, {
        action: 'user.admin.created',
        targetType: 'user',
        targetId: user.id,
        details: { via: 'cli', email: input.email, name: input.name },
      });
      return { outcome: 'created' as const, userId: user.id };
    }
    const already = existing.role === 'admin' && existing.isActive && existing.emailVerified;
    await repository.updateUser(tx, existing.id, {
      role: 'admin',
      isActive: true,
      deactivatedAt: null,
      emailVerified: true,
      emailVerifiedAt: existing.emailVerifiedAt ?? now,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!already || passwordHash) {
      await recordAudit(tx, {
        action: already ? 'user.password.set-by-cli' : 'user.role.changed',
        targetType: 'user',
        targetId: existing.id,
        before: { role: existing.role, isActive: existing.isActive, emailVerified: existing.emailVerified },
        after: { role: 'admin', isActive: true, emailVerified: true },
        details: { via: 'cli', passwordSet: passwordHash !== undefined },
      });
    }
    return { outcome: already ? ('already-admin' as const) : ('promoted' as const), userId: existing.id };
  });
  // Sessions cached as the account's old role are re-read on their next request.
  forgetCachedSessions(deps.db, result.userId);
  return result;
}
