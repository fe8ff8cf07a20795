import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRowSelection } from '../../../components/data/data-table';
import { Pager } from '../../../components/data/pager';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { SelectField } from '../../../components/form/select-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { restoreReview, STALE_AFTER_VOTE_CHANGE, VOTE_STATUSES, type VoteStatus, votesQuery } from './api';
import type { Formats } from './use-formats';
import { VotesPanelHeader } from './votes-panel-header';
import { filterOfSource, keyOfSource, quarantinesFrom, type VotesSource } from './votes-source';
import { VotesTable } from './votes-table';

export type { VotesSource } from './votes-source';

/**
 * The votes behind a signal, 50 a page, newest first, filtered by state. Rows can be picked: Quarantine
 * selected for a cluster or a spike (the screen confirms it), Restore selected for a review (confirmed
 * here). The state filter and the page live in the URL with the rest of the screen.
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
  const base = filterOfSource(source);
  const filter = base && { ...base, ...(status ? { status } : {}) };
  const votes = useQuery({ ...votesQuery(filter ?? {}, page), enabled: filter !== null });
  const sourceKey = keyOfSource(source);
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

  const pagination = votes.data?.pagination;
  return (
    <section
      ref={panel}
      aria-labelledby={`${id}-title`}
      // Clear of the sticky bars: the site header, and below lg the admin menu bar under it.
      className="flex min-w-0 scroll-mt-36 flex-col gap-4 rounded-3xl border border-gold-400/25 bg-ink-900/60 p-4 sm:p-6 lg:scroll-mt-24"
      data-testid="integrity-votes"
    >
      <VotesPanelHeader
        source={source}
        formats={formats}
        titleId={`${id}-title`}
        headingRef={heading}
        onClose={onClose}
      />
      {source.kind === 'gone' ? (
        <p className="text-sm text-ink-300">{t('votes.clusterGone')}</p>
      ) : (
        <>
          <SelectField
            id={`${id}-status`}
            label={t('votes.status')}
            className="sm:max-w-56"
            value={status}
            onChange={onStatus}
            placeholder={t('votes.allStatuses')}
            options={VOTE_STATUSES.map((value) => ({ value, label: t(`votes.statuses.${value}`) }))}
          />
          {votes.isError ? (
            <LoadFailed
              message={apiErrorMessage(votes.error, t('votes.loadFailed'))}
              onRetry={() => void votes.refetch()}
            />
          ) : (
            <VotesTable
              rows={votes.data?.votes}
              loading={votes.isFetching}
              formats={formats}
              selected={selected}
              onSelect={setSelected}
              action={
                quarantinesFrom(source)
                  ? { kind: 'quarantine', onPick: onQuarantineSelected }
                  : { kind: 'restore', onPick: setRestoring }
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
