import { auditLog } from '../../db/schema';
import type { Database } from '../../lib/db';

/** Security and admin events kept in the audit log (1 year, see the legal pages). */
export type AuditAction =
  | 'auth.register'
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.login.locked'
  | 'auth.logout'
  | 'auth.session.expired'
  | 'auth.email.verified'
  | 'auth.otp.failure'
  | 'auth.password.changed'
  | 'auth.social.login'
  | 'settings.platform.changed'
  | 'settings.voting.changed'
  | 'settings.social.changed';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Records one event; a failure to record is logged by the caller's handler, never swallowed silently. */
export async function recordAudit(db: Database, entry: AuditEntry) {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    targetType: entry.targetType,
    targetId: entry.targetId,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
