import type { AuditEntry } from '@ovation/shared/schemas/admin-dashboard';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data/data-table';
import { EmptyState } from '../../../components/data/empty-state';
import { FilterBar } from '../../../components/data/filter-bar';
import { Pager } from '../../../components/data/pager';
import { StackedTime } from '../../../components/data/stacked-time';
import { buttonClass } from '../../../components/ui/button-styles';
import { DownloadIcon, SearchIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { InlineSpinner } from '../../../components/ui/spinner';
import { accessProblem, apiErrorMessage } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { auditActionsQuery, auditListQuery, exportAuditLog } from './api';
import { ChangeView } from './change-view';
import { DateRangeFilter } from './date-range-filter';

/** The filters in the URL: back and forward work, a filtered log can be shared, a reload keeps it. */
const LIST_DEFAULTS = { page: 1, actor: '', action: '', from: '', to: '' };

/**
 * The audit log (/admin/audit, beyond the admin spec): every admin change, newest first, 20 a page, filtered by
 * who, action and dates; each entry with who, what, when (in the platform's timezone), IP, and what it
 * changed, every field and value named in the reader's language. Security events (sign-ins, lockouts) show
 * when one of them is chosen as the action. Export CSV downloads every entry the filters match.
 */
export default function AdminAuditPage() {
  const { t, i18n } = useTranslation('admin-audit');
  const { params, setParams, applyFilters, reset } = useListParams(LIST_DEFAULTS);
  const list = useQuery(auditListQuery(params));
  const actions = useQuery(auditActionsQuery);
  const download = useAction({
    action: () => exportAuditLog(params),
    success: false,
    failure: t('export.failed'),
  });
  const error = list.error ?? actions.error;
  if (accessProblem(error)) return <AccessProblem error={error} />;

  const timezone = actions.data?.timezone ?? 'UTC';
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: timezone });
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium', timeZone: timezone });
  const actionName = (code: string) =>
    i18n.exists(`actions.${code}`, { ns: 'admin-audit' }) ? t(`actions.${code}` as never) : code;
  const securityName = (code: string) => t('filters.security', { action: actionName(code) });
  const actionOptions = [
    { value: '', label: t('filters.allActions') },
    ...(actions.data?.admin ?? []).map((code) => ({ value: code, label: actionName(code) })),
    ...(actions.data?.security ?? []).map((code) => ({ value: code, label: securityName(code) })),
  ];
  // Until the choices load, the chosen action still shows.
  if (params.action && !actionOptions.some((option) => option.value === params.action)) {
    actionOptions.push({ value: params.action, label: actionName(params.action) });
  }

  const targetName = (entry: AuditEntry) => {
    if (!entry.target) return null;
    const type = i18n.exists(`targets.${entry.target.type}`, { ns: 'admin-audit' })
      ? t(`targets.${entry.target.type}` as never)
      : entry.target.type;
    // A setting is named, not shown by its key ('Platform settings', not 'platform').
    const setting = entry.target.type === 'setting' ? entry.target.id : null;
    if (setting && i18n.exists(`settingTargets.${setting}`, { ns: 'admin-audit' })) {
      return { type, name: t(`settingTargets.${setting}` as never) as string };
    }
    return { type, name: entry.target.label ?? entry.target.id };
  };

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      key: 'what',
      header: t('table.what'),
      rowHeader: true,
      className: 'min-w-40',
      cell: (entry) => {
        const target = targetName(entry);
        return (
          <div className="min-w-0">
            <p className="font-semibold text-ink-50">
              {entry.action.startsWith('auth.') ? securityName(entry.action) : actionName(entry.action)}
            </p>
            {target && (
              <p className="text-xs font-normal text-ink-300">
                {target.type}
                {target.name && (
                  <>
                    {': '}
                    <bdi>{target.name}</bdi>
                  </>
                )}
              </p>
            )}
          </div>
        );
      },
    },
    {
      key: 'when',
      header: t('table.when'),
      className: 'whitespace-nowrap',
      cell: (entry) => (
        <StackedTime
          dateTime={entry.createdAt}
          day={day.format(new Date(entry.createdAt))}
          time={time.format(new Date(entry.createdAt))}
        />
      ),
    },
    {
      key: 'who',
      header: t('table.who'),
      cell: (entry) =>
        entry.actor ? (
          <div className="min-w-0">
            <p className="font-semibold text-ink-50">
              <bdi>{entry.actor.name}</bdi>
            </p>
            <p className="text-xs whitespace-nowrap text-ink-400" dir="ltr">
              {entry.actor.email}
            </p>
          </div>
        ) : (
          <span className="text-ink-400">
            {entry.details.via === 'cli'
              ? t('commandLine')
              : entry.action.startsWith('auth.')
                ? t('noActor')
                : t('deletedActor')}
          </span>
        ),
    },
    {
      key: 'change',
      header: t('table.change'),
      cell: (entry) => <ChangeView entry={entry} timeZone={actions.data?.timezone} />,
    },
    {
      key: 'ip',
      header: t('table.ip'),
      className: 'whitespace-nowrap',
      cell: (entry) => (
        <span className="font-mono text-xs text-ink-200" dir="ltr">
          {entry.ip ?? t('noIp')}
        </span>
      ),
    },
  ];

  const pagination = list.data?.pagination;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        back
        actions={
          <button
            type="button"
            disabled={download.isPending}
            onClick={() => download.mutate()}
            title={t('export.hint')}
            className={buttonClass('secondary', 'md', 'px-4 sm:px-5')}
          >
            {download.isPending ? <InlineSpinner /> : <DownloadIcon className="size-4" />}
            {download.isPending ? t('export.running') : t('export.button')}
          </button>
        }
      />
      <div className="flex flex-col gap-4">
        <FilterBar
          label={t('filters.label')}
          search={{
            label: t('filters.actor'),
            placeholder: t('filters.actorPlaceholder'),
            value: params.actor,
          }}
          selects={[
            {
              name: 'action',
              label: t('filters.action'),
              value: params.action,
              options: actionOptions,
              disabled: actions.isPending,
            },
          ]}
          onApply={(values) => applyFilters({ actor: values.search ?? '', action: values.action ?? '' })}
          onClear={reset}
        />
        <DateRangeFilter
          from={params.from}
          to={params.to}
          onChange={(range) => setParams(range)}
          hint={actions.data ? t('timezone', { timezone }) : undefined}
        />
        {list.isError ? (
          <LoadFailed
            message={apiErrorMessage(list.error, t('loadFailed'))}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <DataTable
            label={t('table.label')}
            columns={columns}
            rows={list.data?.entries}
            rowKey={(entry) => entry._id}
            loading={list.isFetching}
            minWidthClass="min-w-[56rem]"
            empty={<EmptyState icon={<SearchIcon />} title={t('empty')} description={t('emptyText')} />}
          />
        )}
        <Pager
          page={pagination?.page ?? 1}
          pages={pagination?.pages ?? 1}
          onPage={(page) => setParams({ page })}
          className="mt-2"
        />
      </div>
    </>
  );
}
