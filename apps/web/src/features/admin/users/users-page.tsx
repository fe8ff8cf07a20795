import {
  ADMIN_USER_ROLE_FILTERS,
  ADMIN_USER_SORTS,
  type AdminUser,
} from '@ovation/shared/schemas/admin-users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRowSelection } from '../../../components/data/data-table';
import { EmptyState } from '../../../components/data/empty-state';
import { FilterBar } from '../../../components/data/filter-bar';
import { SortBar } from '../../../components/data/sort-bar';
import { StatTiles } from '../../../components/data/stat-tiles';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { buttonClass } from '../../../components/ui/button-styles';
import {
  CalendarIcon,
  CheckIcon,
  DownloadIcon,
  MusicIcon,
  SearchIcon,
  UsersIcon,
} from '../../../components/ui/icons';
import { InlineSpinner } from '../../../components/ui/spinner';
import { accessProblem } from '../../../lib/api-error-message';
import { isolate } from '../../../lib/bidi';
import { useSession } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { ListSection } from '../layout/list-section';
import { listSortParams, listSortProps } from '../layout/list-sort';
import { listSectionTexts, searchFilterProps } from '../layout/list-texts';
import { PageHeader } from '../layout/page-header';
import { countryFlag, countryName, resolveCountryCode } from '../lib/country-flag';
import {
  adminUsersKeys,
  endUserSessions,
  exportUsers,
  setUserActive,
  setUserRole,
  useAdminUsers,
  useUserFilterOptions,
  useUserStats,
} from './api';
import { UserBulkBar } from './bulk-actions';
import { PrivacyRequestDialog } from './privacy-request-dialog';
import { RoleDialog } from './role-dialog';
import { UserCard } from './user-card';

/** The list's filters, kept in the URL (Back, reload and a shared link keep them). */
const USER_SORT = listSortParams(ADMIN_USER_SORTS);
const LIST_DEFAULTS = {
  page: 1,
  search: '',
  role: 'all' as (typeof ADMIN_USER_ROLE_FILTERS)[number],
  country: '',
  state: '',
  ...USER_SORT.defaults,
};
const LIST_CHOICES = { role: ADMIN_USER_ROLE_FILTERS, ...USER_SORT.choices };

/** The users list's sortable columns, in the sort bar's order (the shared schema's whitelist). */
const SORT_LABELS = {
  createdAt: 'sort.createdAt',
  name: 'sort.name',
  email: 'sort.email',
  role: 'sort.role',
  country: 'sort.country',
  lastLogin: 'sort.lastLogin',
} as const;

const ROLE_FILTER_LABELS = { all: 'allRoles', fan: 'fans', artist: 'artists', admin: 'admins' } as const;

type Confirming = { kind: 'status' | 'sessions'; user: AdminUser } | null;

/** User management (the admin spec): tiles, filters and export, the user cards and their actions. */
export default function AdminUsersPage() {
  const { t, i18n } = useTranslation('admin-users');
  const { params, setParams, applyFilters, reset } = useListParams(LIST_DEFAULTS, LIST_CHOICES);
  const users = useAdminUsers(params);
  const stats = useUserStats();
  const options = useUserFilterOptions(params.country);
  const me = useSession().user?._id;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [changingRole, setChangingRole] = useState<AdminUser | null>(null);
  const [answering, setAnswering] = useState<AdminUser | null>(null);
  const { page: _page, ...filters } = params;
  const selection = useRowSelection(JSON.stringify(params));

  const status = useAction({
    action: (user: AdminUser) => setUserActive(user, !user.isActive),
    success: (_result, user) => (user.isActive ? t('deactivate.done') : t('reactivate.done')),
    failure: t('deactivate.failed'),
    invalidate: [adminUsersKeys.all],
    onSuccess: () => setConfirming(null),
    onError: () => setConfirming(null),
  });
  const role = useAction({
    action: ({ user, role: next }: { user: AdminUser; role: AdminUser['role'] }) => setUserRole(user, next),
    success: (_result, { role: next }) => t('role.done', { role: t(`roles.${next}`) }),
    failure: t('role.failed'),
    invalidate: [adminUsersKeys.all],
    onSuccess: () => setChangingRole(null),
    onError: () => setChangingRole(null),
  });
  const sessions = useAction({
    action: endUserSessions,
    success: (_result, user) => (user._id === me ? t('sessions.ownDone') : t('sessions.done')),
    failure: t('sessions.failed'),
    onSuccess: () => setConfirming(null),
    onError: () => setConfirming(null),
  });
  const download = useAction({
    action: () => exportUsers(filters),
    success: t('export.done'),
    failure: t('export.failed'),
  });

  if (accessProblem(users.error)) return <AccessProblem error={users.error} />;

  const filtered =
    params.search !== '' || params.role !== 'all' || params.country !== '' || params.state !== '';
  const codes = options.data?.countryCodes ?? {};
  const codeOf = (name: string) => resolveCountryCode(codes[name], name);
  const localName = (name: string) => countryName(codeOf(name), name, i18n.language);
  const countries = [...(options.data?.countries ?? [])];
  if (params.country && !countries.includes(params.country)) countries.push(params.country);
  const states = params.country ? [...(options.data?.states ?? [])] : [];
  if (params.state && !states.includes(params.state)) states.push(params.state);
  const collator = new Intl.Collator(i18n.language);

  // A new country empties the state: states belong to one country.
  const apply = (values: Record<string, string>) =>
    applyFilters(values.country !== params.country ? { ...values, state: '' } : values);

  const target = confirming?.user;
  const deactivating = confirming?.kind === 'status' && target?.isActive;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} back />

      <section aria-label={t('stats.label')} className="mb-6">
        <StatTiles
          tiles={[
            {
              key: 'total',
              label: t('stats.total'),
              value: stats.data?.total,
              icon: <UsersIcon className="size-5" />,
            },
            {
              key: 'artiste',
              label: t('stats.artiste'),
              value: stats.data?.artiste,
              icon: <MusicIcon className="size-5" />,
            },
            {
              key: 'active',
              label: t('stats.active'),
              value: stats.data?.active,
              icon: <CheckIcon className="size-5" />,
            },
            {
              key: 'newThisMonth',
              label: t('stats.newThisMonth'),
              value: stats.data?.newThisMonth,
              icon: <CalendarIcon className="size-5" />,
            },
          ]}
        />
      </section>

      <div className="mb-6">
        <FilterBar
          {...searchFilterProps(t, params.search, apply, reset)}
          selects={[
            {
              name: 'role',
              label: t('filters.role'),
              value: params.role,
              options: ADMIN_USER_ROLE_FILTERS.map((value) => ({
                value,
                label: t(`filters.${ROLE_FILTER_LABELS[value]}`),
              })),
            },
            {
              name: 'country',
              label: t('filters.country'),
              value: params.country,
              options: [
                { value: '', label: t('filters.allCountries') },
                ...countries
                  .map((name) => ({ value: name, local: localName(name) }))
                  .sort((a, b) => collator.compare(a.local, b.local))
                  .map(({ value, local }) => ({ value, label: `${countryFlag(codeOf(value))} ${local}` })),
              ],
            },
            {
              name: 'state',
              label: t('filters.state'),
              value: params.state,
              disabled: !params.country,
              options: [
                { value: '', label: t('filters.allStates') },
                ...states.map((name) => ({ value: name, label: name })),
              ],
            },
          ]}
          actions={
            <button
              type="button"
              disabled={download.isPending}
              onClick={() => download.mutate()}
              className={buttonClass('jade', 'lg', 'flex-auto sm:flex-none')}
            >
              {download.isPending ? <InlineSpinner /> : <DownloadIcon className="size-4" />}
              {download.isPending ? t('filters.exporting') : t('filters.export')}
            </button>
          }
        />
      </div>

      <ListSection {...listSectionTexts(t, 'list')} query={users} onPage={(page) => setParams({ page })}>
        <SortBar
          className="mb-3"
          options={ADMIN_USER_SORTS.map((key) => ({ key, label: t(SORT_LABELS[key]) }))}
          {...listSortProps(params, setParams)}
        />
        {users.data && users.data.users.length > 0 && (
          <UserBulkBar
            users={users.data.users}
            selected={selection.selected}
            onChange={selection.setSelected}
          />
        )}
        {users.data?.users.length === 0 ? (
          <EmptyState
            icon={<SearchIcon />}
            title={t('list.empty')}
            description={filtered ? t('list.emptyFiltered') : t('list.emptyAll')}
            clear={filtered ? { label: t('filters.clear'), onClear: reset } : undefined}
          />
        ) : (
          <ul
            aria-busy={users.isFetching}
            className={`grid gap-4 lg:grid-cols-2 2xl:grid-cols-3 ${users.isFetching ? 'opacity-70' : ''}`}
          >
            {(users.data?.users ?? []).map((user) => (
              <li key={user._id} className="min-w-0">
                <UserCard
                  user={user}
                  isSelf={user._id === me}
                  selection={{
                    checked: selection.selected.has(user._id),
                    onToggle: () => {
                      const next = new Set(selection.selected);
                      if (!next.delete(user._id)) next.add(user._id);
                      selection.setSelected(next);
                    },
                  }}
                  handlers={{
                    onToggleActive: (chosen) => setConfirming({ kind: 'status', user: chosen }),
                    onChangeRole: setChangingRole,
                    onEndSessions: (chosen) => setConfirming({ kind: 'sessions', user: chosen }),
                    onPrivacyRequest: setAnswering,
                  }}
                />
              </li>
            ))}
            {!users.data &&
              Array.from({ length: 4 }, (_, index) => (
                <li key={index} className="h-64 animate-pulse rounded-2xl bg-white/[0.04]" />
              ))}
          </ul>
        )}
      </ListSection>

      <ConfirmDialog
        open={confirming !== null}
        title={
          target
            ? confirming?.kind === 'sessions'
              ? t('sessions.title', { name: isolate(target.name) })
              : t(deactivating ? 'deactivate.title' : 'reactivate.title', { name: isolate(target.name) })
            : ''
        }
        description={
          confirming?.kind === 'sessions'
            ? target?._id === me
              ? t('sessions.ownDescription')
              : t('sessions.description')
            : deactivating
              ? t('deactivate.description')
              : t('reactivate.description')
        }
        confirmLabel={
          confirming?.kind === 'sessions'
            ? t('sessions.confirm')
            : deactivating
              ? t('deactivate.confirm')
              : t('reactivate.confirm')
        }
        tone={confirming?.kind === 'status' && !deactivating ? 'primary' : 'danger'}
        busy={status.isPending || sessions.isPending}
        onConfirm={() => {
          if (!confirming) return;
          if (confirming.kind === 'status') status.mutate(confirming.user);
          else sessions.mutate(confirming.user);
        }}
        onCancel={() => setConfirming(null)}
      >
        {target && (
          <p className="mt-4 rounded-xl bg-white/[0.04] px-4 py-3 font-semibold text-ink-50">
            <bdi>{target.name}</bdi>
            <span className="block text-sm font-normal break-all text-ink-300">
              <bdi>{target.email}</bdi>
            </span>
          </p>
        )}
      </ConfirmDialog>
      <PrivacyRequestDialog user={answering} onClose={() => setAnswering(null)} />
      <RoleDialog
        user={changingRole}
        busy={role.isPending}
        onConfirm={(user, next) => role.mutate({ user, role: next })}
        onClose={() => setChangingRole(null)}
      />
    </>
  );
}
