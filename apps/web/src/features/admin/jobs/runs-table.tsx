import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data/data-table';
import type { JobRun } from './api';
import { RunError, RunRows, RunStatusBadge, RunTrigger } from './run-parts';
import type { JobFormats } from './use-job-formats';

export interface RunsTableProps {
  rows: readonly JobRun[] | undefined;
  /** A new page or filter loading over the rows shown. */
  loading: boolean;
  empty: ReactNode;
  formats: JobFormats;
}

/**
 * Recent runs, newest first: when it started (UTC), job, what started it (the schedule, the command line or
 * an admin, named), status, duration, rows touched, the instance that ran it, and a failed run's error.
 */
export function RunsTable({ rows, loading, empty, formats }: RunsTableProps) {
  const { t } = useTranslation('admin-jobs');
  const columns: DataTableColumn<JobRun>[] = [
    {
      key: 'startedAt',
      header: t('runs.startedAt'),
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (run) => (
        <time dateTime={run.startedAt} className="block tabular-nums">
          <span className="block">{formats.day(run.startedAt)}</span>
          <span className="block text-xs font-normal text-ink-400">{formats.time(run.startedAt)}</span>
        </time>
      ),
    },
    {
      key: 'job',
      header: t('runs.job'),
      cell: (run) => {
        const name = formats.jobName(run.job);
        return name === run.job ? (
          <span className="block font-mono text-xs break-all">
            <bdi dir="ltr">{run.job}</bdi>
          </span>
        ) : (
          <span className="block break-words">{name}</span>
        );
      },
    },
    { key: 'trigger', header: t('runs.trigger'), cell: (run) => <RunTrigger run={run} /> },
    { key: 'status', header: t('runs.status'), cell: (run) => <RunStatusBadge status={run.status} /> },
    {
      key: 'duration',
      header: t('runs.duration'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums',
      cell: (run) =>
        run.durationMs === null ? (
          <span className="text-ink-400">—</span>
        ) : (
          <bdi>{formats.duration(run.durationMs)}</bdi>
        ),
    },
    {
      key: 'rows',
      header: t('runs.rows'),
      cell: (run) =>
        run.status === 'running' ? (
          <span className="text-ink-400">—</span>
        ) : (
          <RunRows run={run} formats={formats} />
        ),
    },
    {
      key: 'instance',
      header: t('runs.instance'),
      cell: (run) => (
        <span className="block max-w-32 min-w-16 font-mono text-xs [overflow-wrap:anywhere] text-ink-300">
          <bdi dir="ltr">{run.instance}</bdi>
        </span>
      ),
    },
    {
      key: 'error',
      header: t('runs.error'),
      cell: (run) =>
        run.error ? (
          <RunError error={run.error} className="max-w-md min-w-36 text-xs text-coral-200" />
        ) : (
          <span className="text-ink-400">—</span>
        ),
    },
  ];
  return (
    <DataTable
      label={t('runs.label')}
      columns={columns}
      rows={rows}
      rowKey={(run) => run._id}
      loading={loading}
      empty={empty}
      minWidthClass="min-w-[56rem]"
    />
  );
}
