import type { AuditEntry, AuditTarget, RecentActivity } from '@ovation/shared';
import type { AuditRow } from './repository';

type Details = Record<string, unknown>;

function isRecord(value: unknown): value is Details {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first text found under one of `keys` in the records given: a cheap label for the target. */
function firstText(records: unknown[], keys: string[]): string | null {
  for (const record of records) {
    if (!isRecord(record)) continue;
    for (const key of keys) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return null;
}

/** Keys whose value names the record, by target type: a song's title, a user's name, ... */
const LABEL_KEYS: Record<string, string[]> = {
  song: ['title'],
  user: ['name', 'email'],
  category: ['name'],
  banner: ['title'],
  ad: ['title'],
  image: ['filename'],
};

/**
 * An entry's before and after. Most changes record them as they are; the platform settings record a
 * list of `{ setting, from, to }`, turned here into the same two records so every entry reads alike.
 */
function changeOf(details: Details): { before: unknown; after: unknown; rest: Details } {
  const { before, after, ...rest } = details;
  if (before !== undefined || after !== undefined)
    return { before: before ?? null, after: after ?? null, rest };
  const changes = details.changes;
  if (
    Array.isArray(changes) &&
    changes.every((change) => isRecord(change) && typeof change.setting === 'string')
  ) {
    const { changes: _, ...others } = details;
    const list = changes as Array<{ setting: string; from: unknown; to: unknown }>;
    return {
      before: Object.fromEntries(list.map((change) => [change.setting, change.from ?? null])),
      after: Object.fromEntries(list.map((change) => [change.setting, change.to ?? null])),
      rest: others,
    };
  }
  return { before: null, after: null, rest };
}

function targetOf(row: AuditRow, details: Details): AuditTarget | null {
  if (!row.targetType) return null;
  const keys = LABEL_KEYS[row.targetType] ?? [];
  const label = firstText([details], ['label']) ?? firstText([details.after, details.before, details], keys);
  return { type: row.targetType, id: row.targetId, label };
}

/** One audit entry as the audit screen shows it (GET /admin/audit). */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  const details = isRecord(row.details) ? row.details : {};
  const { before, after, rest } = changeOf(details);
  return {
    _id: String(row.id),
    action: row.action,
    actor: row.actor ? { _id: row.actor.id, name: row.actor.name, email: row.actor.email } : null,
    target: targetOf(row, details),
    ip: row.ip,
    before,
    after,
    details: rest,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an action did, in English, with the target's phrase: 'approved the song "Essence"'. */
const ENGLISH_VERBS: Record<string, string> = {
  'settings.platform.changed': 'changed the platform settings',
  'settings.voting.changed': 'changed the voting window',
  'settings.social.changed': 'changed the social login settings',
  'song.approved': 'approved {target}',
  'song.rejected': 'rejected {target}',
  'song.reopened': 'sent {target} back to pending review',
  'song.created': 'added {target}',
  'song.updated': 'edited {target}',
  'song.deleted': 'deleted {target}',
  'song.copied': 'copied {target}',
  'song.bulk-created': 'added {target} by bulk upload',
  'user.deactivated': 'deactivated {target}',
  'user.reactivated': 'reactivated {target}',
  'user.role.changed': 'changed the role of {target}',
  'user.sessions.ended': 'signed {target} out of every device',
  'user.session.removed': 'removed {target} from online users',
  'sessions.cleaned-up': 'ended the inactive sessions',
  'users.exported': 'exported the user list',
  'audit.exported': 'exported the audit log',
  'category.created': 'created {target}',
  'category.updated': 'edited {target}',
  'category.deleted': 'deleted {target}',
  'category.winner': 'chose the winner of {target}',
  'category.winnerCleared': 'cleared the winner of {target}',
  'image.uploaded': 'uploaded {target}',
  'image.deleted': 'deleted {target}',
  'banner.created': 'added {target}',
  'banner.updated': 'edited {target}',
  'banner.reordered': 'reordered the banners',
  'banner.deleted': 'deleted {target}',
  'ad.created': 'created {target}',
  'ad.updated': 'edited {target}',
  'ad.deleted': 'deleted {target}',
  'ad.toggled': 'switched {target} on or off',
  'results.publish': 'published the results',
  'results.unpublish': 'unpublished the results',
  'results.liveStandings': 'changed the live standings setting',
  'results.exported': 'downloaded the vote report',
  'votes.quarantine': 'quarantined votes for review: {target}',
  'votes.invalidate': 'confirmed votes invalid for review: {target}',
  'votes.restore': 'restored votes of review: {target}',
  'integrity.exported': 'downloaded the integrity report',
};

const ENGLISH_TARGETS: Record<string, [named: string, unnamed: string]> = {
  song: ['the song "{label}"', 'a song'],
  user: ['{label}', 'an account'],
  category: ['the category "{label}"', 'a category'],
  banner: ['the banner "{label}"', 'a banner'],
  ad: ['the ad "{label}"', 'an ad'],
  image: ['the image "{label}"', 'an image'],
  voteReview: ['"{label}"', 'a vote review'],
};

function englishTarget(target: AuditTarget | null): string {
  if (!target) return 'a record';
  const [named, unnamed] = ENGLISH_TARGETS[target.type] ?? ['{label}', `a ${target.type}`];
  return target.label ? named.replace('{label}', target.label) : unnamed;
}

/**
 * The English sentence for an entry ('Ada Obi approved the song "Essence"'), for clients that show the
 * dashboard's description as it is. This app translates from the action code instead.
 */
export function describeAuditEntry(action: string, actorName: string | null, target: AuditTarget | null) {
  const verb = (ENGLISH_VERBS[action] ?? `did ${action} on {target}`).replace(
    '{target}',
    englishTarget(target),
  );
  return `${actorName ?? 'A deleted account'} ${verb}`;
}

/** One line of the dashboard's Recent Activity, with the change's before and after so it says what changed. */
export function presentRecentActivity(row: AuditRow): RecentActivity {
  const entry = presentAuditEntry(row);
  return {
    _id: entry._id,
    action: entry.action,
    description: describeAuditEntry(entry.action, entry.actor?.name ?? null, entry.target),
    actor: entry.actor ? { name: entry.actor.name } : null,
    target: entry.target,
    timestamp: entry.createdAt,
    before: entry.before,
    after: entry.after,
  };
}
