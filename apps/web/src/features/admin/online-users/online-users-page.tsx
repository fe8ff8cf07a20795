import {
  ONLINE_PRESENCE_MINUTES,
  RECENT_ACTIVITY_HOURS,
  UNKNOWN_LOCATION,
} from '@ovation/shared/schemas/admin-online-users';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { FilterBar } from '../../../components/data/filter-bar';
import { StatTiles } from '../../../components/data/stat-tiles';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { buttonClass } from '../../../components/ui/button-styles';
import { ClockIcon, GlobeIcon, RefreshIcon, UserIcon, UsersIcon } from '../../../components/ui/icons';
import { InlineSpinner } from '../../../components/ui/spinner';
import { accessProblem } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { ListSection } from '../layout/list-section';
import { listSectionTexts, searchFilterProps } from '../layout/list-texts';
import { PageHeader } from '../layout/page-header';
import {
  AUTO_REFRESH_MS,
  cleanupInactive,
  ONLINE_USER_ROLE_FILTERS,
  type OnlineSession,
  type OnlineUserRoleFilter,
  onlineUsersKeys,
  removeSession,
  useOnlineStats,
  useOnlineUsers,
} from './api';
import { DeviceStatistics, UsersByRole } from './breakdowns';
import { SessionsTable, useDisplayName } from './sessions-table';
import { useOnlineFormats } from './use-online-formats';

/** The list's filters, kept in the URL (Back, reload and a shared link keep them). */
const LIST_DEFAULTS = { page: 1, search: '', role: 'all' as OnlineUserRoleFilter };
const LIST_CHOICES = { role: ONLINE_USER_ROLE_FILTERS };

/**
 * Online users (the admin spec): the cards, the role filter, auto-refresh every 30 s (on by default,
 * paused while the tab is hidden), Cleanup Inactive (says how many sessions of how many people it ended)
 * and Refresh, the people online with their number of sessions (Remove signs one out everywhere), Users
 * by Role and Device Statistics. Every figure counts people: one admin in nine tabs is one admin.
 */
export default function OnlineUsersPage() {
  const { t } = useTranslation('admin-online-users');
  const queryClient = useQueryClient();
  const formats = useOnlineFormats();
  const displayName = useDisplayName();
  const { params, setParams, applyFilters, reset } = useListParams(LIST_DEFAULTS, LIST_CHOICES);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const list = useOnlineUsers(params, autoRefresh);
  // The admin spec: a stats failure is only logged; its cards show dashes.
  const stats = useOnlineStats(autoRefresh);
  const [removing, setRemoving] = useState<OnlineSession | null>(null);

  const refresh = useAction({
    action: () => queryClient.refetchQueries({ queryKey: onlineUsersKeys.all, type: 'active' }),
    success: false,
    failure: t('table.loadFailed'),
  });
  const cleanup = useAction({
    action: cleanupInactive,
    success: ({ data: { ended, users } }) =>
      ended === 0
        ? t('cleanup.none')
        : t('cleanup.ended', {
            count: ended,
            number: formats.number(ended),
            people: t('table.count', { count: users, number: formats.number(users) }),
          }),
    failure: t('cleanup.failed'),
    invalidate: [onlineUsersKeys.all],
  });
  const remove = useAction({
    action: removeSession,
    success: t('remove.done'),
    failure: t('remove.failed'),
    invalidate: [onlineUsersKeys.all],
    onSuccess: () => setRemoving(null),
    onError: () => setRemoving(null),
  });

  if (accessProblem(list.error)) return <AccessProblem error={list.error} />;

  const filtered = params.search !== '' || params.role !== 'all';
  const countries = stats.data?.locations.filter((location) => location._id !== UNKNOWN_LOCATION).length;
  const now = Date.now();

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description', { minutes: formats.number(ONLINE_PRESENCE_MINUTES) })}
        back
        actions={
          <>
            <button
              type="button"
              disabled={cleanup.isPending}
              onClick={() => cleanup.mutate()}
              className={buttonClass('secondary', 'md', 'px-4 sm:px-5')}
            >
              {cleanup.isPending ? <InlineSpinner /> : <ClockIcon className="size-4" />}
              {cleanup.isPending ? t('controls.cleaning') : t('controls.cleanup')}
            </button>
            <button
              type="button"
              disabled={refresh.isPending}
              onClick={() => refresh.mutate()}
              className={buttonClass('primary', 'md', 'px-4 sm:px-5')}
            >
              {refresh.isPending ? <InlineSpinner /> : <RefreshIcon className="size-4" />}
              {refresh.isPending ? t('controls.refreshing') : t('controls.refresh')}
            </button>
          </>
        }
      />

      <div className="flex flex-col gap-6">
        <section aria-label={t('cards.label')}>
          <StatTiles
            tiles={[
              {
                key: 'currentOnline',
                label: t('cards.currentOnline'),
                value: stats.data?.currentOnline,
                icon: <UsersIcon className="size-5" />,
              },
              {
                key: 'recentActivity',
                label: t('cards.recentActivity', { hours: formats.number(RECENT_ACTIVITY_HOURS) }),
                value: stats.data?.recentActivity,
                icon: <ClockIcon className="size-5" />,
              },
              {
                key: 'uniqueUsers',
                label: t('cards.uniqueUsers', { hours: formats.number(RECENT_ACTIVITY_HOURS) }),
                value: stats.data?.uniqueUsers,
                icon: <UserIcon className="size-5" />,
              },
              {
                key: 'countries',
                label: t('cards.countries'),
                value: countries,
                icon: <GlobeIcon className="size-5" />,
              },
            ]}
          />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-white/15 bg-white/[0.04] px-4 text-sm font-semibold text-ink-100 hover:border-white/30 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-300">
              <input
                type="checkbox"
                checked={autoRefresh}
                onChange={(event) => setAutoRefresh(event.target.checked)}
                className="size-5 cursor-pointer rounded accent-gold-400 focus-visible:outline-none"
              />
              {t('controls.autoRefresh')}
              <span className="font-normal text-ink-400">
                {t('controls.autoRefreshHint', { seconds: formats.number(AUTO_REFRESH_MS / 1000) })}
              </span>
            </label>
            {stats.data && (
              <p className="text-xs text-ink-400">
                {t('cards.asOf', { time: formats.clock(stats.data.computedAt) })}
                {' · '}
                {t('table.sessionCount', {
                  count: stats.data.onlineSessions,
                  number: formats.number(stats.data.onlineSessions),
                })}
              </p>
            )}
          </div>
        </section>

        <FilterBar
          {...searchFilterProps(t, params.search, applyFilters, reset)}
          selects={[
            {
              name: 'role',
              label: t('filters.role'),
              value: params.role,
              options: ONLINE_USER_ROLE_FILTERS.map((value) => ({
                value,
                label: value === 'all' ? t('filters.allRoles') : t(`roles.${value}`),
              })),
            },
          ]}
        />

        <ListSection {...listSectionTexts(t, 'table')} query={list} onPage={(page) => setParams({ page })}>
          <SessionsTable
            rows={list.data?.sessions}
            loading={list.isPlaceholderData}
            formats={formats}
            now={now}
            onRemove={setRemoving}
            empty={
              <EmptyState
                icon={<UsersIcon />}
                title={t('table.empty')}
                description={
                  filtered
                    ? t('table.emptyFiltered')
                    : t('table.emptyAll', { minutes: formats.number(ONLINE_PRESENCE_MINUTES) })
                }
                clear={filtered ? { label: t('filters.clear'), onClear: reset } : undefined}
              />
            }
          />
        </ListSection>

        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <UsersByRole stats={stats.data} formats={formats} />
          <DeviceStatistics stats={stats.data} formats={formats} />
        </div>
      </div>

      <ConfirmDialog
        open={removing !== null}
        title={t('remove.title')}
        description={t('remove.description')}
        confirmLabel={t('remove.confirm')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removing && (
          <p className="mt-4 rounded-xl bg-white/[0.04] px-4 py-3 font-semibold text-ink-50">
            <bdi>{displayName(removing)}</bdi>
            <span className="block text-sm font-normal break-all text-ink-300">
              {removing.user.email ? <bdi>{removing.user.email}</bdi> : t('table.noEmail')}
            </span>
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
