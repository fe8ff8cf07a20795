import type { AdminDashboard } from '@ovation/shared/schemas/admin-dashboard';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ArrowEndIcon, ClockIcon } from '../../../components/ui/icons';
import { SCREEN_ICONS } from '../layout/admin-icons';
import { Panel } from '../layout/panel';
import { summariseChanges } from '../lib/audit-words';
import { changedFields } from '../lib/change-diff';
import { useAuditWords } from '../lib/use-audit-words';
import { describeActivity, formatWhen } from './activity-text';

/** The admin spec's dashboard Quick Actions, in the spec's order, each to its screen. */
const QUICK_ACTIONS = [
  { path: 'songs', label: 'quick.reviewSongs' },
  { path: 'users', label: 'quick.manageUsers' },
  { path: 'categories', label: 'quick.categories' },
  { path: 'analytics', label: 'quick.analytics' },
  { path: 'images', label: 'quick.manageImages' },
  { path: 'settings', label: 'quick.adminSettings' },
] as const;

/**
 * What an activity changed, from what, to what ('Votes per category a day: 3 → 1; CAPTCHA required: On →
 * Off'), named in the reader's language; only for an edit (a record with a before and an after).
 */
function ActivityChanges({ activity }: { activity: AdminDashboard['recentActivity'][number] }) {
  const words = useAuditWords();
  // A creation or a deletion is said by the sentence itself; a bulk line stands for many records.
  if (activity.count !== undefined || activity.before == null || activity.after == null) return null;
  const summary = summariseChanges(changedFields(activity.before, activity.after), words);
  if (!summary) return null;
  return <p className="text-xs break-words text-ink-300">{summary}</p>;
}

export function QuickActions() {
  const { t } = useTranslation('admin-dashboard');
  return (
    <Panel title={t('quick.title')}>
      <ul className="grid grid-cols-2 gap-2">
        {QUICK_ACTIONS.map(({ path, label }) => {
          const Icon = SCREEN_ICONS[path];
          return (
            <li key={path}>
              <Link
                to={`/admin/${path}`}
                className="flex min-h-14 items-center gap-2.5 rounded-2xl bg-white/[0.04] px-3 py-2 text-sm font-semibold text-ink-100 ring-1 ring-white/[0.06] hover:bg-gold-400/10 hover:text-gold-200 hover:ring-gold-400/30"
              >
                <Icon className="size-5 shrink-0 text-gold-300" />
                <span className="min-w-0">{t(label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

/** The admin spec's dashboard Platform Stats: Active Users, Verified Songs, Today's Votes, Week's Votes. */
export function PlatformStats({ dashboard }: { dashboard: AdminDashboard | undefined }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  const stats = dashboard?.stats;
  const rows = [
    {
      key: 'active',
      label: t('platform.activeUsers'),
      hint: t('platform.activeUsersHint'),
      value: stats?.activeUsers,
    },
    {
      key: 'verified',
      label: t('platform.verifiedSongs'),
      hint: t('platform.verifiedSongsHint'),
      value: stats?.verifiedSongs,
    },
    { key: 'today', label: t('platform.todayVotes'), value: stats?.todayVotes },
    { key: 'week', label: t('platform.weekVotes'), value: stats?.weekVotes },
  ];
  return (
    <Panel title={t('platform.title')}>
      <dl className="divide-y divide-white/[0.06]">
        {rows.map((row) => (
          <div key={row.key} className="flex items-center justify-between gap-4 py-2.5">
            <dt className="min-w-0">
              <span className="block text-sm text-ink-200">{row.label}</span>
              {row.hint && <span className="block text-xs text-ink-400">{row.hint}</span>}
            </dt>
            <dd className="text-lg font-bold text-ink-50 tabular-nums">
              {row.value === undefined ? '–' : number.format(row.value)}
            </dd>
          </div>
        ))}
      </dl>
      {dashboard && (
        <p className="mt-3 text-xs text-ink-400">
          {t('platform.timezone', { timezone: dashboard.timezone })}
        </p>
      )}
    </Panel>
  );
}

/** The admin spec's dashboard Recent Activity: the latest admin changes, or 'No recent activity'. */
export function RecentActivity({ dashboard }: { dashboard: AdminDashboard | undefined }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const translator = {
    t: t as unknown as (key: string, options?: Record<string, unknown>) => string,
    exists: (key: string) => i18n.exists(key, { ns: 'admin-dashboard' }),
  };
  // One instant for the whole list, taken when the data arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when a new answer arrives.
  const now = useMemo(() => Date.now(), [dashboard]);
  const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });
  const activities = dashboard?.recentActivity;
  return (
    <Panel
      title={t('activity.title')}
      aside={
        <Link to="/admin/audit" className={buttonClass('ghost', 'sm')}>
          {t('activity.openAudit')}
          <ArrowEndIcon className="size-4" />
        </Link>
      }
    >
      {activities === undefined ? (
        <ul aria-hidden="true" className="grid gap-3">
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-5 w-2/3 animate-pulse rounded bg-white/10" />
          ))}
        </ul>
      ) : activities.length === 0 ? (
        <p className="py-6 text-center text-ink-400">{t('activity.empty')}</p>
      ) : (
        <ol className="grid gap-1">
          {activities.map((activity) => (
            <li key={activity._id} className="flex gap-3 rounded-xl px-1 py-2">
              <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
              <div className="min-w-0">
                <p className="text-sm text-ink-100">{describeActivity(translator, activity)}</p>
                <ActivityChanges activity={activity} />
                <time
                  dateTime={activity.timestamp}
                  title={full.format(new Date(activity.timestamp))}
                  className="text-xs text-ink-400"
                >
                  {formatWhen(activity.timestamp, now, i18n.language)}
                </time>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
