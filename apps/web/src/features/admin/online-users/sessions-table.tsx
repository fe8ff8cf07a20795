import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data/data-table';
import { buttonClass } from '../../../components/ui/button-styles';
import { CloseIcon } from '../../../components/ui/icons';
import { isolate } from '../../../lib/bidi';
import type { OnlineSession } from './api';
import { DEVICE_ICONS } from './device-icons';
import { ROLE_COLOURS } from './role-colours';
import type { OnlineFormats } from './use-online-formats';

/** The name a row shows and a Remove button says: the user's, else 'Unknown User'. */
export function useDisplayName() {
  const { t } = useTranslation('admin-online-users');
  return (session: OnlineSession) => session.user.name.trim() || t('table.unknownUser');
}

function UserCell({ session, name }: { session: OnlineSession; name: string }) {
  const { t } = useTranslation('admin-online-users');
  const initial = Array.from(session.user.name.trim())[0]?.toLocaleUpperCase() ?? '?';
  const colours = ROLE_COLOURS[session.user.role];
  return (
    <div className="flex min-w-52 items-center gap-3">
      <span
        aria-hidden="true"
        className={`grid size-10 shrink-0 place-items-center rounded-full text-base font-bold ring-1 ${colours.avatar}`}
      >
        {initial}
      </span>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-1.5">
          <bdi className="font-semibold break-words text-ink-50">{name}</bdi>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colours.badge}`}>
            {t(`roles.${session.user.role}`)}
          </span>
          {session.current && (
            <span className="rounded-full bg-jade-400/15 px-2 py-0.5 text-xs font-semibold text-jade-300">
              {t('table.you')}
            </span>
          )}
        </div>
        <p className="text-xs break-all text-ink-400">
          {session.user.email ? <bdi>{session.user.email}</bdi> : t('table.noEmail')}
        </p>
      </div>
    </div>
  );
}

export interface SessionsTableProps {
  rows: readonly OnlineSession[] | undefined;
  /** A new page or filter loading over the rows shown (not the quiet 30 s refresh). */
  loading: boolean;
  empty: ReactNode;
  formats: OnlineFormats;
  /** The time durations are measured to (epoch ms). */
  now: number;
  onRemove: (session: OnlineSession) => void;
}

/**
 * The people online (the admin spec's columns, a row a person): User (initial, name or 'Unknown User', email or
 * 'No email'), Device (icon and label, of their most recent session, with how many sessions they have online),
 * Location (flag and country name, or 'Unknown'), Session Duration, Last Activity (local time) and Remove
 * (ends all their sessions); the admin's own row is marked 'You' and cannot be removed from here.
 */
export function SessionsTable({ rows, loading, empty, formats, now, onRemove }: SessionsTableProps) {
  const { t } = useTranslation('admin-online-users');
  const displayName = useDisplayName();
  const columns: DataTableColumn<OnlineSession>[] = [
    {
      key: 'user',
      header: t('table.user'),
      rowHeader: true,
      className: 'min-w-52',
      cell: (session) => <UserCell session={session} name={displayName(session)} />,
    },
    {
      key: 'device',
      header: t('table.device'),
      className: 'whitespace-nowrap',
      cell: (session) => {
        const Icon = DEVICE_ICONS[session.deviceInfo.type];
        return (
          <div className="flex flex-col gap-0.5">
            <span className="inline-flex items-center gap-2 text-ink-200">
              <Icon className="size-5 shrink-0 text-ink-400" />
              {t(`devices.${session.deviceInfo.type}`)}
            </span>
            {/* One row a person: how many sessions (tabs, devices) they have online. */}
            <span
              className={`text-xs tabular-nums ${session.sessions > 1 ? 'font-semibold text-gold-300' : 'text-ink-400'}`}
            >
              {t('table.sessionCount', { count: session.sessions, number: formats.number(session.sessions) })}
            </span>
          </div>
        );
      },
    },
    {
      key: 'location',
      header: t('table.location'),
      cell: (session) => {
        const place = formats.place(session.location);
        return (
          <span className={`inline-flex items-center gap-2 ${place.known ? 'text-ink-200' : 'text-ink-400'}`}>
            <span aria-hidden="true" className="text-base leading-none">
              {place.flag}
            </span>
            <bdi>{place.name}</bdi>
          </span>
        );
      },
    },
    {
      key: 'duration',
      header: t('table.duration'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (session) => <bdi>{formats.duration(session.loginTime, now)}</bdi>,
    },
    {
      key: 'lastActivity',
      header: t('table.lastActivity'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (session) => (
        <time dateTime={session.lastActivity} title={formats.dateTime(session.lastActivity)}>
          {formats.clock(session.lastActivity)}
        </time>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('table.actions')}</span>,
      align: 'end',
      className: 'whitespace-nowrap',
      cell: (session) =>
        session.current ? null : (
          <button
            type="button"
            onClick={() => onRemove(session)}
            aria-label={t('table.removeNamed', { name: isolate(displayName(session)) })}
            className={buttonClass('ghost', 'sm', 'text-coral-300 hover:text-coral-300')}
          >
            <CloseIcon className="size-4" />
            {t('table.remove')}
          </button>
        ),
    },
  ];
  return (
    <DataTable
      label={t('table.label')}
      columns={columns}
      rows={rows}
      rowKey={(session) => session._id}
      loading={loading}
      empty={empty}
      minWidthClass="min-w-[46rem]"
    />
  );
}
