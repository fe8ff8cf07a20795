import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, useRowSelection } from '../../../components/data/data-table';
import { EmptyState } from '../../../components/data/empty-state';
import { Pager } from '../../../components/data/pager';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { inputClass, SELECT_CLASS, SELECT_STYLE } from '../../../components/form/control-styles';
import { buttonClass } from '../../../components/ui/button-styles';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { useCategoryName } from '../lib/category-names';
import {
  type IntegrityVote,
  restoreReview,
  STALE_AFTER_VOTE_CHANGE,
  VOTE_STATUSES,
  type VoteCluster,
  type VoteFilter,
  type VoteStatus,
  votesQuery,
} from './api';
import { useClusterLabel } from './cluster-label';
import type { Formats } from './use-formats';
import { spikeFilter } from './velocity-data';

/**
 * Whose votes the panel lists: a cluster's (its filter), a velocity spike's (the song's votes in that
 * minute; `song` names it while the signals still draw it), a review's, or a cluster no longer in the
 * signals.
 */
export type VotesSource =
  | { kind: 'cluster'; cluster: VoteCluster }
  | { kind: 'spike'; songId: string; at: number; song: { title: string } | null }
  | { kind: 'review'; reviewId: number }
  | { kind: 'gone' };

const STATUS_TONES: Record<VoteStatus, string> = {
  valid: 'bg-jade-400/15 text-jade-300',
  quarantined: 'bg-gold-400/15 text-gold-200',
  invalid: 'bg-coral-500/15 text-coral-300',
};

export function VoteStatusBadge({ status }: { status: VoteStatus }) {
  const { t } = useTranslation('admin-integrity');
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[status]}`}>
      {t(`votes.statuses.${status}`)}
    </span>
  );
}

/**
 * The votes behind a signal, 50 a page, newest first: time, fan, song, IP prefix (never a full address),
 * device and state. Rows can be picked: Quarantine selected for a cluster or a spike, Restore selected for
 * a review.
 * The state filter and the page live in the URL with the rest of the screen.
 */
export function VotesPanel({
  source,
  status,
  page,
  formats,
  onStatus,
  onPage,
  onClose,
  onQuarantineSelected,
  selectionResetKey,
}: {
  source: VotesSource;
  status: VoteStatus | '';
  page: number;
  formats: Formats;
  onStatus: (status: VoteStatus | '') => void;
  onPage: (page: number) => void;
  onClose: () => void;
  onQuarantineSelected: (voteIds: number[]) => void;
  /** Changes when votes changed elsewhere (a quarantine): the selection empties. */
  selectionResetKey: number;
}) {
  const { t } = useTranslation('admin-integrity');
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  const wordLabel = useClusterLabel();
  const categoryName = useCategoryName();
  const base: VoteFilter | null =
    source.kind === 'cluster'
      ? source.cluster.filter
      : source.kind === 'spike'
        ? spikeFilter(source.songId, source.at)
        : source.kind === 'review'
          ? { reviewId: source.reviewId }
          : null;
  const filter: VoteFilter | null = base && { ...base, ...(status ? { status } : {}) };
  const votes = useQuery({ ...votesQuery(filter ?? {}, page), enabled: filter !== null });
  const sourceKey =
    source.kind === 'cluster'
      ? source.cluster.key
      : source.kind === 'spike'
        ? `${source.songId}@${source.at}`
        : source.kind === 'review'
          ? source.reviewId
          : '';
  const { selected, setSelected, clear } = useRowSelection(
    JSON.stringify([sourceKey, status, page, selectionResetKey]),
  );
  const [restoring, setRestoring] = useState<number[] | null>(null);
  const restore = useAction({
    action: restoreReview,
    success: t('reviews.restoreDone'),
    failure: t('reviews.restoreFailed'),
    invalidate: STALE_AFTER_VOTE_CHANGE,
    onSuccess: () => {
      setRestoring(null);
      clear();
    },
    onError: () => setRestoring(null),
  });

  // Opening a cluster, a spike or a review (a button pressed) takes the reader to its votes; a page opened on
  // a shared address stays at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new source moves the focus.
  useEffect(() => {
    if (document.activeElement === document.body) return;
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [sourceKey]);

  const rows = votes.data?.votes;
  const byId = new Map((rows ?? []).map((vote) => [String(vote.id), vote]));
  const pickedWith = (wanted: VoteStatus, ids: string[]) =>
    ids.map((key) => byId.get(key)).filter((vote): vote is IntegrityVote => vote?.status === wanted);

  const title =
    source.kind === 'cluster'
      ? t('votes.clusterTitle', { label: isolate(wordLabel(source.cluster.label, source.cluster.kind).text) })
      : source.kind === 'spike'
        ? t('votes.spikeTitle', { time: formats.dateTime(source.at * 1000) })
        : source.kind === 'review'
          ? t('votes.reviewTitle', { id: formats.number(source.reviewId) })
          : t('votes.clusterTitle', { label: '' });

  const columns: DataTableColumn<IntegrityVote>[] = [
    {
      key: 'fan',
      header: t('votes.table.fan'),
      rowHeader: true,
      cell: (vote) => (
        <div className="min-w-0">
          <p className="font-semibold text-ink-50">
            <bdi>{vote.fan.name}</bdi>
          </p>
          <p className="text-xs font-normal whitespace-nowrap text-ink-400" dir="ltr">
            {vote.fan.email}
          </p>
        </div>
      ),
    },
    {
      key: 'time',
      header: t('votes.table.time'),
      className: 'whitespace-nowrap',
      // The day above the time: the table fits a desktop's width without scrolling sideways.
      cell: (vote) => (
        <time dateTime={vote.createdAt} className="flex flex-col">
          <span>{formats.date(vote.createdAt)}</span>
          <span className="text-xs text-ink-400">{formats.clock(vote.createdAt)}</span>
        </time>
      ),
    },
    {
      key: 'song',
      header: t('votes.table.song'),
      className: 'min-w-44',
      cell: (vote) => (
        <div className="min-w-0">
          <p className="text-ink-100">
            <bdi>{vote.song.title}</bdi>
          </p>
          <p className="text-xs text-ink-400">
            <bdi>{categoryName(vote.category)}</bdi>
          </p>
        </div>
      ),
    },
    {
      key: 'prefix',
      header: t('votes.table.prefix'),
      className: 'whitespace-nowrap',
      cell: (vote) => (
        <span className="font-mono text-xs text-ink-200" dir="ltr">
          {vote.ipPrefix ?? t('votes.none')}
        </span>
      ),
    },
    {
      key: 'device',
      header: t('votes.table.device'),
      className: 'whitespace-nowrap',
      cell: (vote) => (
        <div className="flex flex-col">
          <DeviceName type={vote.deviceType} />
          {vote.deviceId ? (
            <span className="font-mono text-xs text-ink-200" dir="ltr" title={t('votes.deviceIdHint')}>
              {vote.deviceId}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('votes.table.status'),
      cell: (vote) => (
        <div className="flex flex-col items-start gap-1">
          <VoteStatusBadge status={vote.status} />
          {vote.review && source.kind !== 'review' && (
            // The reason on its own line, in its own direction: clamped at its own end in any language.
            <span className="flex max-w-56 flex-col text-xs text-ink-400" title={vote.review.reason}>
              <span>{t('reviews.name', { id: formats.number(vote.review.id) })}</span>
              <span dir="auto" className="line-clamp-2 break-words">
                {vote.review.reason}
              </span>
            </span>
          )}
        </div>
      ),
    },
  ];

  const pagination = votes.data?.pagination;
  return (
    <section
      ref={panel}
      aria-labelledby={`${id}-title`}
      // Clear of the sticky bars: the site header, and below lg the admin menu bar under it.
      className="flex min-w-0 scroll-mt-36 flex-col gap-4 rounded-3xl border border-gold-400/25 bg-ink-900/60 p-4 sm:p-6 lg:scroll-mt-24"
      data-testid="integrity-votes"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {source.kind === 'cluster' && (
            <p className="text-xs font-semibold tracking-wide text-gold-200 uppercase">
              {t(`clusters.kinds.${source.cluster.kind}`)}
              {' · '}
              <bdi className="normal-case">{source.cluster.songTitle}</bdi>
            </p>
          )}
          {source.kind === 'spike' && (
            <p className="text-xs font-semibold tracking-wide text-gold-200 uppercase">
              {t('votes.spike')}
              {source.song && (
                <>
                  {' · '}
                  <bdi className="normal-case">{source.song.title}</bdi>
                </>
              )}
            </p>
          )}
          <h2
            id={`${id}-title`}
            ref={heading}
            tabIndex={-1}
            className="min-w-0 text-xl font-bold break-words text-ink-50 focus:outline-none"
          >
            {title}
          </h2>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('votes.close')}
          className="grid size-11 shrink-0 place-items-center rounded-full text-ink-300 hover:bg-white/10 hover:text-ink-50"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      {source.kind === 'gone' ? (
        <p className="text-sm text-ink-300">{t('votes.clusterGone')}</p>
      ) : (
        <>
          <div className="flex flex-col gap-1.5 sm:max-w-56">
            <label htmlFor={`${id}-status`} className="text-sm font-semibold text-ink-200">
              {t('votes.status')}
            </label>
            <select
              id={`${id}-status`}
              value={status}
              onChange={(event) => onStatus(event.target.value as VoteStatus | '')}
              className={inputClass(false, SELECT_CLASS)}
              style={SELECT_STYLE}
            >
              <option value="">{t('votes.allStatuses')}</option>
              {VOTE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`votes.statuses.${value}`)}
                </option>
              ))}
            </select>
          </div>
          {votes.isError ? (
            <LoadFailed
              message={apiErrorMessage(votes.error, t('votes.loadFailed'))}
              onRetry={() => void votes.refetch()}
            />
          ) : (
            <DataTable
              label={t('votes.table.label')}
              columns={columns}
              rows={rows}
              rowKey={(vote) => String(vote.id)}
              loading={votes.isFetching}
              minWidthClass="min-w-[52rem]"
              selection={{
                selected,
                onChange: setSelected,
                rowLabel: (vote) =>
                  t('votes.rowLabel', {
                    name: isolate(vote.fan.name),
                    time: formats.dateTime(vote.createdAt),
                  }),
              }}
              bulkActions={(ids) =>
                source.kind === 'cluster' || source.kind === 'spike' ? (
                  <BulkButton
                    label={t('votes.quarantineSelected')}
                    disabledText={t('votes.nothingToQuarantine')}
                    tone="danger"
                    ids={pickedWith('valid', ids).map((vote) => vote.id)}
                    onClick={onQuarantineSelected}
                  />
                ) : (
                  <BulkButton
                    label={t('votes.restoreSelected')}
                    disabledText={t('votes.nothingToRestore')}
                    tone="secondary"
                    ids={pickedWith('quarantined', ids).map((vote) => vote.id)}
                    onClick={setRestoring}
                  />
                )
              }
              empty={
                <EmptyState
                  icon={<SearchIcon />}
                  title={t('votes.empty')}
                  description={t('votes.emptyText')}
                />
              }
            />
          )}
          <Pager page={pagination?.page ?? 1} pages={pagination?.pages ?? 1} onPage={onPage} />
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={t('reviews.restoreTitle')}
        description={t('reviews.restoreSelectedText', { count: restoring?.length ?? 0 })}
        confirmLabel={t('reviews.restore')}
        tone="primary"
        busy={restore.isPending}
        onConfirm={() =>
          restoring && source.kind === 'review' && restore.mutate({ id: source.reviewId, voteIds: restoring })
        }
        onCancel={() => setRestoring(null)}
      />
    </section>
  );
}

/** A bulk action that acts on the picked rows it applies to; disabled, with the reason, when none do. */
function BulkButton({
  label,
  disabledText,
  tone,
  ids,
  onClick,
}: {
  label: string;
  disabledText: string;
  tone: 'danger' | 'secondary';
  ids: number[];
  onClick: (ids: number[]) => void;
}) {
  const id = useId();
  return (
    <>
      <button
        type="button"
        disabled={ids.length === 0}
        aria-describedby={ids.length === 0 ? id : undefined}
        onClick={() => onClick(ids)}
        className={buttonClass(tone, 'sm')}
      >
        {label}
      </button>
      {ids.length === 0 && (
        <span id={id} className="text-xs text-ink-300">
          {disabledText}
        </span>
      )}
    </>
  );
}

/** A device type in words ('Phone'); a type this screen does not know shows as the server wrote it. */
function DeviceName({ type }: { type: string | null }) {
  const { t, i18n } = useTranslation('admin-integrity');
  if (!type) return <span className="text-ink-400">{t('votes.none')}</span>;
  const key = `votes.devices.${type}`;
  return <span>{i18n.exists(key, { ns: 'admin-integrity' }) ? t(key as never) : type}</span>;
}
