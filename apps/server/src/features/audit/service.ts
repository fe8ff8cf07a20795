import { auditLog } from '../../db/schema';
import type { Database } from '../../lib/db';

/** Security events: kept in the audit log (1 year, see the legal pages). */
type SecurityAction =
  | 'auth.register'
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.login.locked'
  | 'auth.logout'
  | 'auth.session.expired'
  | 'auth.email.verified'
  | 'auth.otp.failure'
  | 'auth.password.changed'
  | 'auth.password.reset-requested'
  | 'auth.password.reset'
  | 'auth.password.reset-failure'
  | 'auth.register-existing'
  | 'auth.social.login'
  | 'auth.device.refused'
  | 'auth.session.other-device';

/** Admin writes and exports of personal data: every one is audited (admin-design.md, server 4). */
type AdminAction =
  | 'settings.platform.changed'
  | 'settings.voting.changed'
  | 'settings.social.changed'
  | 'song.approved'
  | 'song.rejected'
  | 'song.updated'
  | 'song.deleted'
  | 'song.copied'
  | 'song.bulk-created'
  | 'user.deactivated'
  | 'user.reactivated'
  | 'user.role.changed'
  | 'user.sessions.ended'
  | 'user.session.removed'
  | 'sessions.cleaned-up'
  | 'users.exported'
  | 'category.created'
  | 'category.updated'
  | 'category.deleted'
  | 'category.winner'
  | 'category.winnerCleared'
  | 'image.uploaded'
  | 'image.deleted'
  | 'banner.created'
  | 'banner.updated'
  | 'banner.reordered'
  | 'banner.deleted'
  | 'ad.created'
  | 'ad.updated'
  | 'ad.deleted'
  | 'ad.toggled'
  | 'results.publish'
  | 'results.unpublish'
  | 'results.liveStandings'
  | 'results.exported'
  | 'votes.quarantine'
  | 'votes.invalidate'
  | 'votes.restore'
  | 'integrity.exported'
  | 'user.admin.created'
  | 'user.password.set-by-cli'
  | 'job.run';

export type AuditAction = SecurityAction | AdminAction;

/** The security events, for the audit screen's action filter (shown only when one is chosen). */
export const SECURITY_AUDIT_ACTIONS: readonly SecurityAction[] = [
  'auth.register',
  'auth.login.success',
  'auth.login.failure',
  'auth.login.locked',
  'auth.logout',
  'auth.session.expired',
  'auth.email.verified',
  'auth.otp.failure',
  'auth.password.changed',
  'auth.password.reset-requested',
  'auth.password.reset',
  'auth.password.reset-failure',
  'auth.register-existing',
  'auth.social.login',
  'auth.device.refused',
  'auth.session.other-device',
];

/** The admin actions, for the audit screen's action filter. */
export const ADMIN_AUDIT_ACTIONS: readonly AdminAction[] = [
  'settings.platform.changed',
  'settings.voting.changed',
  'settings.social.changed',
  'song.approved',
  'song.rejected',
  'song.updated',
  'song.deleted',
  'song.copied',
  'song.bulk-created',
  'user.deactivated',
  'user.reactivated',
  'user.role.changed',
  'user.sessions.ended',
  'user.session.removed',
  'sessions.cleaned-up',
  'users.exported',
  'category.created',
  'category.updated',
  'category.deleted',
  'category.winner',
  'category.winnerCleared',
  'image.uploaded',
  'image.deleted',
  'banner.created',
  'banner.updated',
  'banner.reordered',
  'banner.deleted',
  'ad.created',
  'ad.updated',
  'ad.deleted',
  'ad.toggled',
  'results.publish',
  'results.unpublish',
  'results.liveStandings',
  'results.exported',
  'votes.quarantine',
  'votes.invalidate',
  'votes.restore',
  'integrity.exported',
  'user.admin.created',
  'user.password.set-by-cli',
  'job.run',
];

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  /** The record before and after an admin change; stored in `details` beside anything else given. */
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
}

/** Who made an admin change, from where (lib/access.ts `adminActor`). */
export interface Actor {
  id: string;
  ip: string | null;
}

/**
 * Records one event. Pass the transaction of the change so the entry and the change commit together
 * (or neither does); a failure to record is the caller's failure, never swallowed silently.
 */
export async function recordAudit(db: Database, entry: AuditEntry) {
  await recordAudits(db, [entry]);
}

/** Records several events in one statement (a bulk action: one entry per song). */
export async function recordAudits(db: Database, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      action: entry.action,
      actorId: entry.actorId ?? null,
      targetType: entry.targetType,
      targetId: entry.targetId,
      ip: entry.ip ?? null,
      details: {
        ...entry.details,
        ...(entry.before !== undefined ? { before: entry.before } : {}),
        ...(entry.after !== undefined ? { after: entry.after } : {}),
      },
    })),
  );
}

/** An admin's change of one record, audited as `action` on `targetType`/`targetId`. */
export function recordAdminChange(
  db: Database,
  actor: Actor,
  change: {
    action: AdminAction;
    targetType: string;
    targetId: string;
    before?: unknown;
    after?: unknown;
    details?: Record<string, unknown>;
  },
) {
  return recordAudit(db, { ...change, actorId: actor.id, ip: actor.ip });
}
