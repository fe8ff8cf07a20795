import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { Pager } from '../../../components/data/pager';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { TextAreaField } from '../../../components/form/text-area-field';
import { buttonClass } from '../../../components/ui/button-styles';
import { CheckIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { useCategoryName } from '../lib/category-names';
import {
  invalidateReview,
  REASON_MAX_LENGTH,
  restoreReview,
  reviewsQuery,
  STALE_AFTER_VOTE_CHANGE,
  type VoteReview,
  type VoteReviewStatus,
} from './api';
import { useClusterLabel } from './cluster-label';
import { LabelText, LeadCard, ShowVotesButton } from './lead-card';
import type { Formats } from './use-formats';

const REVIEW_TONES: Record<VoteReviewStatus, string> = {
  open: 'bg-gold-400/15 text-gold-200',
  invalidated: 'bg-coral-500/15 text-coral-300',
  restored: 'bg-jade-400/15 text-jade-300',
};

type Decision = { kind: 'invalidate' | 'restore'; review: VoteReview };

/** One review: why, how many votes in which state, where, who set them aside and who decided. */
function ReviewCard({
  review,
  formats,
  shown,
  onShowVotes,
  onDecide,
}: {
  review: VoteReview;
  formats: Formats;
  shown: boolean;
  onShowVotes: () => void;
  onDecide?: (decision: Decision) => void;
}) {
  const { t } = useTranslation('admin-integrity');
  const wordLabel = useClusterLabel();
  const categoryName = useCategoryName();
  const titleId = `review-${review.id}`;
  const label = review.label ? wordLabel(review.label) : null;
  const name = (person: { name: string } | null) => isolate(person?.name ?? t('reviews.someone'));
  const blockedId = `${titleId}-second-admin`;
  return (
    <LeadCard titleId={titleId} shown={shown} className="gap-3" data-review-id={review.id}>
      <header className="flex flex-wrap items-center gap-2">
        <h4 id={titleId} className="text-base font-bold text-ink-50">
          {t('reviews.name', { id: formats.number(review.id) })}
        </h4>
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${REVIEW_TONES[review.status]}`}
        >
          {t(`reviews.statuses.${review.status}`)}
        </span>
        <span className="ms-auto text-sm font-semibold text-ink-100">
          {t('reviews.votes', { count: review.voteCount })}
        </span>
      </header>
      {label && (
        <p className="text-sm break-words text-ink-200">
          <LabelText label={label} />
        </p>
      )}
      <blockquote className="border-s-2 border-white/15 ps-3 text-sm break-words text-ink-100" dir="auto">
        <span className="sr-only">{t('reviews.reason')}: </span>
        {review.reason}
      </blockquote>
      <p className="text-xs text-ink-300 tabular-nums">
        {t('reviews.counts', {
          quarantined: formats.number(review.quarantinedVotes),
          invalid: formats.number(review.invalidVotes),
          restored: formats.number(review.restoredVotes),
        })}
      </p>
      {review.categories.length > 0 && (
        <ul aria-label={t('reviews.categories')} className="flex flex-wrap gap-1.5">
          {review.categories.map((category) => (
            <li key={category._id} className="rounded-full bg-white/[0.06] px-2 py-0.5 text-xs text-ink-200">
              <bdi>{categoryName(category)}</bdi>
            </li>
          ))}
        </ul>
      )}
      {review.decisionNote && (
        <p className="text-sm break-words text-ink-200">
          {t('reviews.noteValue', { note: isolate(review.decisionNote) })}
        </p>
      )}
      <p className="text-xs text-ink-400">
        {t('reviews.createdBy', { name: name(review.createdBy), time: formats.dateTime(review.createdAt) })}
        {review.decidedAt && (
          <span className="block">
            {t('reviews.decidedBy', {
              name: name(review.decidedBy),
              time: formats.dateTime(review.decidedAt),
            })}
          </span>
        )}
      </p>
      <div className="mt-auto flex flex-col gap-2 pt-1 sm:flex-row sm:flex-wrap">
        <ShowVotesButton titleId={titleId} shown={shown} onClick={onShowVotes}>
          {t('reviews.showVotes')}
        </ShowVotesButton>
        {onDecide && review.status === 'open' && (
          <>
            <button
              type="button"
              disabled={!review.canInvalidate || review.quarantinedVotes === 0}
              aria-describedby={review.canInvalidate ? titleId : `${titleId} ${blockedId}`}
              onClick={() => onDecide({ kind: 'invalidate', review })}
              className={buttonClass('danger', 'sm', 'sm:flex-1')}
            >
              {t('reviews.confirmInvalid')}
            </button>
            <button
              type="button"
              disabled={review.quarantinedVotes === 0}
              aria-describedby={titleId}
              onClick={() => onDecide({ kind: 'restore', review })}
              className={buttonClass('jade', 'sm', 'sm:flex-1')}
            >
              {t('reviews.restore')}
            </button>
          </>
        )}
      </div>
      {onDecide && review.status === 'open' && !review.canInvalidate && (
        <p
          id={blockedId}
          className="rounded-xl bg-gold-400/[0.08] px-3 py-2 text-xs text-gold-200 ring-1 ring-gold-400/20"
        >
          <span className="block font-semibold">{t('reviews.secondAdmin')}</span>
          {t('reviews.secondAdminText')}
        </p>
      )}
    </LeadCard>
  );
}

/**
 * The reviews: open ones (100 a page, the admin lists' largest, so usually all on one; each with Confirm
 * invalid and Restore; confirming needs a second admin when the platform has more than one and this admin
 * set the votes aside), then the decided ones, 20 a page.
 */
export function ReviewsPanel({
  formats,
  openPage,
  decidedPage,
  shownReviewId,
  onOpenPage,
  onDecidedPage,
  onShowVotes,
}: {
  formats: Formats;
  openPage: number;
  decidedPage: number;
  shownReviewId: number | null;
  onOpenPage: (page: number) => void;
  onDecidedPage: (page: number) => void;
  onShowVotes: (reviewId: number) => void;
}) {
  const { t } = useTranslation('admin-integrity');
  const id = useId();
  const open = useQuery(reviewsQuery('open', openPage));
  const decided = useQuery(reviewsQuery('decided', decidedPage));
  const [decision, setDecision] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const close = () => {
    setDecision(null);
    setNote('');
  };
  const invalidate = useAction({
    action: invalidateReview,
    success: t('reviews.invalidateDone'),
    failure: t('reviews.invalidateFailed'),
    invalidate: STALE_AFTER_VOTE_CHANGE,
    onSuccess: close,
    onError: close,
  });
  const restore = useAction({
    action: restoreReview,
    success: t('reviews.restoreDone'),
    failure: t('reviews.restoreFailed'),
    invalidate: STALE_AFTER_VOTE_CHANGE,
    onSuccess: close,
    onError: close,
  });
  const busy = invalidate.isPending || restore.isPending;
  const confirm = () => {
    if (!decision) return;
    const input = { id: decision.review.id, note: note.trim() || undefined };
    if (decision.kind === 'invalidate') invalidate.mutate(input);
    else restore.mutate(input);
  };

  /** The open or the decided reviews: a heading, then their cards, `empty` when none, or the failure. */
  const group = (kind: 'open' | 'decided', reviews: typeof open, empty: ReactNode, footer?: ReactNode) => (
    <section
      aria-labelledby={`${id}-${kind}`}
      className="flex flex-col gap-3"
      data-testid={`integrity-${kind}-reviews`}
    >
      <h3 id={`${id}-${kind}`} className="text-lg font-bold text-ink-50">
        {t(`reviews.${kind}`)}
      </h3>
      {reviews.isError ? (
        <LoadFailed
          message={apiErrorMessage(reviews.error, t('reviews.loadFailed'))}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data && reviews.data.reviews.length === 0 ? (
        empty
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {(reviews.data?.reviews ?? []).map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              formats={formats}
              shown={review.id === shownReviewId}
              onShowVotes={() => onShowVotes(review.id)}
              onDecide={kind === 'open' ? setDecision : undefined}
            />
          ))}
        </ul>
      )}
      {footer}
    </section>
  );

  const count = decision?.review.quarantinedVotes ?? 0;
  const reviewId = decision ? formats.number(decision.review.id) : '';
  return (
    <div className="flex flex-col gap-8">
      <p className="text-sm text-ink-300">{t('reviews.intro')}</p>
      {group(
        'open',
        open,
        <EmptyState
          icon={<CheckIcon />}
          title={t('reviews.emptyOpen')}
          description={t('reviews.emptyOpenText')}
          className="py-8"
        />,
        <Pager
          page={open.data?.pagination?.page ?? 1}
          pages={open.data?.pagination?.pages ?? 1}
          onPage={onOpenPage}
        />,
      )}
      {group(
        'decided',
        decided,
        <p className="text-sm text-ink-400">{t('reviews.emptyDecided')}</p>,
        <Pager
          page={decided.data?.pagination?.page ?? 1}
          pages={decided.data?.pagination?.pages ?? 1}
          onPage={onDecidedPage}
        />,
      )}
      <ConfirmDialog
        open={decision !== null}
        title={decision?.kind === 'restore' ? t('reviews.restoreTitle') : t('reviews.invalidateTitle')}
        description={
          decision?.kind === 'restore'
            ? t('reviews.restoreText', { count, id: reviewId })
            : t('reviews.invalidateText', { count, id: reviewId })
        }
        confirmLabel={decision?.kind === 'restore' ? t('reviews.restore') : t('reviews.confirmInvalid')}
        tone={decision?.kind === 'restore' ? 'primary' : 'danger'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => {
          if (!busy) close();
        }}
      >
        <TextAreaField
          id={`${id}-note`}
          label={t('reviews.note')}
          optional
          hint={t('reviews.noteHint')}
          maxLength={REASON_MAX_LENGTH}
          rows={2}
          dir="auto"
          value={note}
          onChange={setNote}
          disabled={busy}
        />
      </ConfirmDialog>
    </div>
  );
}
