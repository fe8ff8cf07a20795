import type { UserBulkAction, UserBulkOutcome, UserBulkResult, UserBulkSkipReason } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { type Actor, type AuditEvent, auditAll } from '../audit/service';
import { endUserSessions, sessionCacheFor } from '../sessions/service';
import * as repository from './admin-repository';
import type { UsersAdminDependencies } from './admin-service';
import { toAdminUser, toAuditedUser } from './presenter';

type Row = repository.AdminUserRow;

/** What happened to one user inside the transaction: the row as it now is, or why it was left alone. */
type Step =
  | { id: string; outcome: 'done' | 'unchanged'; row: Row }
  | { id: string; outcome: 'skipped'; reason: UserBulkSkipReason; row: Row | undefined };

/**
 * Why `action` must leave `row` alone, as the one-user actions would refuse it: an erased account has
 * nothing left to change; an admin never deactivates themselves, nor the last active admin (`activeAdmins`
 * are those still active after the earlier users of this same action).
 */
function refusal(
  action: UserBulkAction,
  actor: Actor,
  row: Row | undefined,
  activeAdmins: Set<string>,
): UserBulkSkipReason | null {
  if (!row) return 'USER_NOT_FOUND';
  if (row.erasedAt) return 'ACCOUNT_ERASED';
  if (action !== 'deactivate') return null;
  if (row.id === actor.id) return 'CANNOT_CHANGE_OWN_ACCOUNT';
  const removesAnAdmin = row.role === 'admin' && row.isActive;
  if (removesAnAdmin && [...activeAdmins].filter((id) => id !== row.id).length === 0) return 'LAST_ADMIN';
  return null;
}

/** Deactivates or reactivates one locked user, as PATCH /admin/users/{id}/status does; answers the new row. */
async function setActive(tx: Database, deps: UsersAdminDependencies, row: Row, isActive: boolean) {
  const now = deps.clock.now();
  const after = await repository.updateAdminUser(
    tx,
    row.id,
    // An admin's decision either way: signing in no longer restores an account its owner deleted.
    { isActive, deactivatedAt: isActive ? null : now, deletedByOwner: false },
    now,
  );
  if (!isActive) await endUserSessions(tx, deps.clock, row.id, 'deactivated-by-admin');
  return after;
}

/**
 * One action on several users at once (POST /admin/users/bulk), in one transaction with their rows locked
 * in id order: deactivate, reactivate, or end every session. Each user changed gets its own audit entry,
 * marked `bulk`, as a bulk song moderation writes them. Users the one-user actions would refuse are left
 * alone and answered `skipped` with the refusal's code (an unknown or erased account; for deactivate, the
 * caller themself and the last active admin); users already in the asked state are `unchanged`. The
 * caller ending their own sessions keeps the one they are using (`currentSessionId`).
 */
export async function bulkUserAction(
  deps: UsersAdminDependencies,
  actor: Actor,
  request: { action: UserBulkAction; userIds: string[] },
  currentSessionId: string | null,
): Promise<UserBulkOutcome> {
  const { action } = request;
  const ids = [...new Set(request.userIds)];
  const steps = await deps.db.transaction(async (tx) => {
    const activeAdmins = new Set(action === 'deactivate' ? await repository.lockActiveAdmins(tx) : []);
    const rows = new Map((await repository.lockAdminUsers(tx, ids)).map((row) => [row.id, row]));
    const done: Step[] = [];
    const events: AuditEvent[] = [];
    for (const id of ids) {
      const before = rows.get(id);
      const reason = refusal(action, actor, before, activeAdmins);
      if (reason || !before) {
        done.push({ id, outcome: 'skipped', reason: reason ?? 'USER_NOT_FOUND', row: before });
        continue;
      }
      if (action === 'endSessions') {
        const keep = id === actor.id ? (currentSessionId ?? undefined) : undefined;
        await endUserSessions(tx, deps.clock, id, 'ended-by-admin', keep);
        events.push({
          action: 'user.sessions.ended',
          targetType: 'user',
          targetId: id,
          details: { keptCurrentSession: keep !== undefined, bulk: true },
        });
        done.push({ id, outcome: 'done', row: before });
        continue;
      }
      const isActive = action === 'reactivate';
      if (before.isActive === isActive) {
        done.push({ id, outcome: 'unchanged', row: before });
        continue;
      }
      const after = await setActive(tx, deps, before, isActive);
      if (!isActive) activeAdmins.delete(id);
      events.push({
        action: isActive ? 'user.reactivated' : 'user.deactivated',
        targetType: 'user',
        targetId: id,
        before: toAuditedUser(before),
        after: toAuditedUser(after),
        details: { bulk: true },
      });
      done.push({ id, outcome: 'done', row: after });
    }
    await auditAll(tx, actor, events);
    return done;
  });
  // After the commit, on every instance: a deactivated user's next request is refused.
  for (const step of steps) {
    if (step.outcome === 'done') sessionCacheFor(deps.db).evict({ kind: 'user', id: step.id });
  }
  const results: UserBulkResult[] = steps.map((step) => ({
    _id: step.id,
    outcome: step.outcome,
    reason: step.outcome === 'skipped' ? step.reason : null,
    user: step.row ? toAdminUser(step.row) : null,
  }));
  const count = (outcome: UserBulkResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return { action, results, done: count('done'), unchanged: count('unchanged'), skipped: count('skipped') };
}
