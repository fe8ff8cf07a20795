import type { Database } from '../../lib/db';
import { insertAuditEntries } from './repository';

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
  | 'auth.session.other-device'
  | 'auth.account.deleted'
  | 'auth.account.restored'
  | 'auth.data.exported'
  | 'auth.consent.accepted'
  | 'auth.second-factor.setup-started'
  | 'auth.second-factor.enabled'
  | 'auth.second-factor.disabled'
  | 'auth.second-factor.failure'
  | 'auth.second-factor.locked'
  | 'auth.second-factor.recovery-used';

/**
 * Admin writes and exports of personal data: every one is audited (admin-design.md, server 4), and kept
 * as many years as the platform settings say (`retentionSettings.adminAuditRetentionYears`), never less
 * than the security events.
 */
type AdminAction =
  | 'settings.platform.changed'
  | 'settings.voting.changed'
  | 'settings.social.changed'
  | 'song.approved'
  | 'song.rejected'
  | 'song.reopened'
  | 'song.created'
  | 'song.updated'
  | 'song.deleted'
  | 'song.copied'
  | 'song.bulk-created'
  | 'user.deactivated'
  | 'user.reactivated'
  | 'user.role.changed'
  | 'user.sessions.ended'
  | 'user.second-factor.reset'
  | 'user.session.removed'
  | 'sessions.cleaned-up'
  | 'users.exported'
  | 'audit.exported'
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
  | 'breach.recorded'
  | 'user.deleted-on-request'
  | 'privacy.access.answered'
  | 'privacy.deletion.answered'
  | 'breach.notified'
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
  'auth.account.deleted',
  'auth.account.restored',
  'auth.data.exported',
  'auth.consent.accepted',
  'auth.second-factor.setup-started',
  'auth.second-factor.enabled',
  'auth.second-factor.disabled',
  'auth.second-factor.failure',
  'auth.second-factor.locked',
  'auth.second-factor.recovery-used',
];

/** The admin actions, for the audit screen's action filter. */
export const ADMIN_AUDIT_ACTIONS: readonly AdminAction[] = [
  'settings.platform.changed',
  'settings.voting.changed',
  'settings.social.changed',
  'song.approved',
  'song.rejected',
  'song.reopened',
  'song.created',
  'song.updated',
  'song.deleted',
  'song.copied',
  'song.bulk-created',
  'user.deactivated',
  'user.reactivated',
  'user.role.changed',
  'user.sessions.ended',
  'user.second-factor.reset',
  'user.session.removed',
  'sessions.cleaned-up',
  'users.exported',
  'audit.exported',
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
  'breach.recorded',
  'breach.notified',
  'user.deleted-on-request',
  'privacy.access.answered',
  'privacy.deletion.answered',
];

/** What happened, to what: everything of an audit entry but who did it. */
export interface AuditEvent {
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  /** The record before and after an admin change; stored in `details` beside anything else given. */
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
}

/** An admin making a change, from where (lib/access.ts `adminActor`). */
export interface Actor {
  id: string;
  ip: string | null;
}

/**
 * Who an entry names: an admin (`adminActor(request)`), a person acting on their own account
 * (`{ id: user.id, ip }`), or someone not known to be anybody (`{ id: null, ip }`: a sign-in for an
 * address without an account). Null for the platform itself (the command line), with no address.
 */
export type AuditActor = { id: string | null; ip: string | null } | null;

/**
 * Records one event by `actor`. Pass the transaction of the change so the entry and the change commit
 * together (or neither does); a failure to record is the caller's failure, never swallowed silently.
 */
export async function audit(db: Database, actor: AuditActor, event: AuditEvent) {
  await auditAll(db, actor, [event]);
}

/** Records several events by one actor in one statement (a bulk action: one entry per song). */
export async function auditAll(db: Database, actor: AuditActor, events: AuditEvent[]) {
  if (events.length === 0) return;
  await insertAuditEntries(
    db,
    events.map((event) => ({
      action: event.action,
      actorId: actor?.id ?? null,
      targetType: event.targetType,
      targetId: event.targetId,
      ip: actor?.ip ?? null,
      details: {
        ...event.details,
        ...(event.before !== undefined ? { before: event.before } : {}),
        ...(event.after !== undefined ? { after: event.after } : {}),
      },
    })),
  );
}
