import type { AuditTarget, RecentActivity } from '@ovation/shared/schemas/admin-dashboard';
import { isolate } from '../../../lib/bidi';

/** The admin-dashboard namespace's `t` and `exists`, loosened for keys built from action codes. */
export interface ActivityTranslator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

const NAMED_TARGETS = new Set(['song', 'user', 'category']);

/** 'the song “Essence”', 'an account': the target's phrase in the reader's language. */
function targetPhrase({ t }: ActivityTranslator, target: AuditTarget | null): string {
  const type = target && NAMED_TARGETS.has(target.type) ? target.type : 'other';
  if (target?.label) return t(`target.${type}`, { label: isolate(target.label) });
  return t(`target.${type}Unnamed`);
}

/**
 * A Recent Activity line, translated from the action code, the actor and the target ('Ada Obi approved
 * the song “Essence”'). The server's English `description` is not used: codes, not English, cross the
 * wire. An action this build has no sentence for still reads sensibly.
 */
export function describeActivity(translator: ActivityTranslator, activity: RecentActivity): string {
  const { t, exists } = translator;
  const actor = activity.actor ? isolate(activity.actor.name) : t('activity.deletedActor');
  const target = targetPhrase(translator, activity.target);
  const key = `activity.${activity.action}`;
  // A line standing for many entries (a bulk upload's songs) is counted: its sentence has plural forms.
  if (activity.count !== undefined && exists(`${key}_other`)) {
    return t(key, { actor, target, count: activity.count });
  }
  if (exists(key)) return t(key, { actor, target });
  return t('activity.unknown', { actor, action: activity.action, target });
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * How long ago, in the reader's language ('5 minutes ago', 'yesterday'); past a week, the date itself.
 * `now` is passed in so a list renders every line against one instant.
 */
export function formatWhen(iso: string, now: number, language: string): string {
  const instant = Date.parse(iso);
  let amount = Math.round((instant - now) / 1000);
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(amount) < size) return relative.format(amount, unit);
    amount = Math.round(amount / size);
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(instant);
}
