import type { AdminUser, AdminUsersQuery, Role, UserFilterOptions, UserStats } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import type { SuccessKey } from '../../lib/language';
import { type Actor, audit } from '../audit/service';
import { endUserSessions, sessionCacheFor } from '../sessions/service';
import * as repository from './admin-repository';
import { countryCodeOf, toAdminUser, toAuditedUser } from './presenter';
import { countUsers, type UserCounts } from './user-count-repository';

export interface UsersAdminDependencies {
  db: Database;
  clock: Clock;
}

/**
 * What an action answers: the user as it now is, and the key of the message the spec's client shows
 * (the route answers it in the admin's language).
 */
export interface UserActionResult {
  user: AdminUser;
  messageKey: SuccessKey;
}

/** The message of a role change, and of a change to the role the user already has. */
const ROLE_CHANGED: Record<Role, SuccessKey> = {
  fan: 'roleChangedToFan',
  artist: 'roleChangedToArtist',
  admin: 'roleChangedToAdmin',
};
const ROLE_UNCHANGED: Record<Role, SuccessKey> = {
  fan: 'userAlreadyFan',
  artist: 'userAlreadyArtist',
  admin: 'userAlreadyAdmin',
};

/**
 * The users list (GET /admin/users): filters, search over name and e-mail, 20 a page, newest first; with
 * how many match.
 */
export async function listUsers(deps: UsersAdminDependencies, query: AdminUsersQuery) {
  const { rows, total } = await repository.findUsersPage(deps.db, query);
  return { users: rows.map(toAdminUser), total };
}

/** Every account figure at `now`: the users screen's tiles and the dashboard's. */
export function countAccounts(db: Database, now: Date): Promise<UserCounts> {
  return countUsers(db, now);
}

/** The four tiles of the users screen, under the spec's names ('artiste' counts artists). */
export async function getUserStats(deps: UsersAdminDependencies): Promise<UserStats> {
  const counts = await countAccounts(deps.db, deps.clock.now());
  return {
    total: counts.total,
    artiste: counts.artiste,
    active: counts.active,
    newThisMonth: counts.newThisMonth,
  };
}

/** The country and state choices of the filters: what users registered with (states of `country` if given). */
export async function getFilterOptions(
  deps: UsersAdminDependencies,
  country: string | undefined,
): Promise<UserFilterOptions> {
  const options = await repository.findFilterOptions(deps.db, country);
  const countryCodes: Record<string, string> = {};
  for (const name of options.countries) {
    const code = countryCodeOf(name);
    if (code) countryCodes[name] = code;
  }
  return { ...options, countryCodes };
}

/**
 * Forgets the user's cached sessions on every instance (through Redis), after the change committed: a
 * deactivated user's next request is refused, a new role applies from the next request. It must be the
 * root database's cache, not the transaction's, and after the commit, or a request reading the user
 * in between could cache what is about to change.
 */
function forgetCachedSessions(deps: UsersAdminDependencies, userId: string) {
  sessionCacheFor(deps.db).evict({ kind: 'user', id: userId });
}

/**
 * Would this change leave the platform without an active admin? Called with the active admins locked
 * (repository.lockActiveAdmins), so two admins demoting each other at once queue: the second sees the
 * first's change and is refused.
 */
function assertNotLastAdmin(activeAdmins: string[], target: repository.AdminUserRow) {
  const removesAnAdmin = target.role === 'admin' && target.isActive;
  if (removesAnAdmin && activeAdmins.filter((id) => id !== target.id).length === 0) {
    throw Conflict('LAST_ADMIN');
  }
}

/**
 * Deactivates or reactivates an account (PATCH /admin/users/{id}/status). Deactivation ends every
 * session of the user at once, on every instance; they can no longer sign in or vote. An admin cannot
 * deactivate themselves, nor the last active admin. Changing nothing (already in that state) answers
 * the user as they are and audits nothing.
 */
export async function setUserActive(
  deps: UsersAdminDependencies,
  actor: Actor,
  userId: string,
  isActive: boolean,
): Promise<UserActionResult> {
  if (!isActive && userId === actor.id) throw Forbidden('CANNOT_CHANGE_OWN_ACCOUNT');
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const activeAdmins = isActive ? [] : await repository.lockActiveAdmins(tx);
    const before = await repository.lockAdminUser(tx, userId);
    if (!before) throw NotFound('USER_NOT_FOUND');
    if (before.erasedAt) throw Conflict('ACCOUNT_ERASED');
    if (before.isActive === isActive) return { row: before, changed: false };
    if (!isActive) assertNotLastAdmin(activeAdmins, before);
    const after = await repository.updateAdminUser(
      tx,
      userId,
      // An admin's decision either way: signing in no longer restores an account its owner deleted.
      { isActive, deactivatedAt: isActive ? null : now, deletedByOwner: false },
      now,
    );
    if (!isActive) await endUserSessions(tx, deps.clock, userId, 'deactivated-by-admin');
    await audit(tx, actor, {
      action: isActive ? 'user.reactivated' : 'user.deactivated',
      targetType: 'user',
      targetId: userId,
      before: toAuditedUser(before),
      after: toAuditedUser(after),
    });
    return { row: after, changed: true };
  });
  if (result.changed) forgetCachedSessions(deps, userId);
  const changed = isActive ? 'userReactivated' : 'userDeactivated';
  return {
    user: toAdminUser(result.row),
    messageKey: result.changed ? changed : isActive ? 'userAlreadyActive' : 'userAlreadyInactive',
  };
}

/**
 * Gives a user another role (PATCH /admin/users/{id}/role). An admin cannot change their own role, and
 * the last active admin keeps theirs. The new role applies from the user's next request.
 */
export async function changeUserRole(
  deps: UsersAdminDependencies,
  actor: Actor,
  userId: string,
  role: Role,
): Promise<UserActionResult> {
  if (userId === actor.id && role !== 'admin') throw Forbidden('CANNOT_CHANGE_OWN_ACCOUNT');
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const activeAdmins = await repository.lockActiveAdmins(tx);
    const before = await repository.lockAdminUser(tx, userId);
    if (!before) throw NotFound('USER_NOT_FOUND');
    if (before.erasedAt) throw Conflict('ACCOUNT_ERASED');
    if (before.role === role) return { row: before, changed: false };
    if (role !== 'admin') assertNotLastAdmin(activeAdmins, before);
    const after = await repository.updateAdminUser(tx, userId, { role }, now);
    await audit(tx, actor, {
      action: 'user.role.changed',
      targetType: 'user',
      targetId: userId,
      before: toAuditedUser(before),
      after: toAuditedUser(after),
    });
    return { row: after, changed: true };
  });
  if (result.changed) forgetCachedSessions(deps, userId);
  return {
    user: toAdminUser(result.row),
    messageKey: result.changed ? ROLE_CHANGED[role] : ROLE_UNCHANGED[role],
  };
}

/**
 * Signs a user out everywhere (DELETE /admin/users/{id}/sessions): every session ends at once, on every
 * instance; the account stays active, so they may sign in again. An admin ending their own sessions
 * keeps the one they are using (`currentSessionId`).
 */
export async function endSessionsOfUser(
  deps: UsersAdminDependencies,
  actor: Actor,
  userId: string,
  currentSessionId: string | null,
): Promise<UserActionResult> {
  const keep = userId === actor.id ? (currentSessionId ?? undefined) : undefined;
  const row = await deps.db.transaction(async (tx) => {
    const user = await repository.lockAdminUser(tx, userId);
    if (!user) throw NotFound('USER_NOT_FOUND');
    await endUserSessions(tx, deps.clock, userId, 'ended-by-admin', keep);
    await audit(tx, actor, {
      action: 'user.sessions.ended',
      targetType: 'user',
      targetId: userId,
      details: { keptCurrentSession: keep !== undefined },
    });
    return user;
  });
  forgetCachedSessions(deps, userId);
  return {
    user: toAdminUser(row),
    messageKey: keep ? 'otherSessionsEnded' : 'userSessionsEnded',
  };
}

/**
 * Inside a transaction: is `userId` the platform's only active admin? The active admins stay locked until
 * the transaction ends, so two admins leaving at once queue and the second is refused.
 */
export async function isLastActiveAdmin(tx: Database, userId: string): Promise<boolean> {
  const admins = await repository.lockActiveAdmins(tx);
  return admins.length === 1 && admins[0] === userId;
}
