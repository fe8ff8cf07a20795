import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data/data-table';
import { StackedTime } from '../../../components/data/stacked-time';
import { useCategoryName } from '../lib/category-names';
import type { IntegrityVote, VoteStatus } from './api';
import type { Formats } from './use-formats';

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
 * The votes table's columns: fan, time, song, IP prefix (never a full address), device and state, with
 * the review a vote is held in unless the table already lists one review's votes (`showReviews` false).
 */
export function useVoteColumns(formats: Formats, showReviews: boolean): DataTableColumn<IntegrityVote>[] {
  const { t } = useTranslation('admin-integrity');
  const categoryName = useCategoryName();
  return [
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
      cell: (vote) => (
        <StackedTime
          dateTime={vote.createdAt}
          day={formats.date(vote.createdAt)}
          time={formats.clock(vote.createdAt)}
        />
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
          {vote.review && showReviews && (
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
}

/** A device type in words ('Phone'); a type this screen does not know shows as the server wrote it. */
function DeviceName({ type }: { type: string | null }) {
  const { t, i18n } = useTranslation('admin-integrity');
  if (!type) return <span className="text-ink-400">{t('votes.none')}</span>;
  const key = `votes.devices.${type}`;
  return <span>{i18n.exists(key, { ns: 'admin-integrity' }) ? t(key as never) : type}</span>;
}
