import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons';
import { isolate } from '../../../lib/bidi';
import { useClusterLabel } from './cluster-label';
import type { Formats } from './use-formats';
import type { VotesSource } from './votes-source';

/**
 * The votes panel's heading: what the votes are (a cluster's kind and song, a spike's song), the title
 * naming the source, and Close. The heading takes the focus when a new source opens.
 */
export function VotesPanelHeader({
  source,
  formats,
  titleId,
  headingRef,
  onClose,
}: {
  source: VotesSource;
  formats: Formats;
  titleId: string;
  headingRef: Ref<HTMLHeadingElement>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-integrity');
  const wordLabel = useClusterLabel();
  const title =
    source.kind === 'cluster'
      ? t('votes.clusterTitle', { label: isolate(wordLabel(source.cluster.label, source.cluster.kind).text) })
      : source.kind === 'spike'
        ? t('votes.spikeTitle', { time: formats.dateTime(source.at * 1000) })
        : source.kind === 'review'
          ? t('votes.reviewTitle', { id: formats.number(source.reviewId) })
          : t('votes.clusterTitle', { label: '' });
  return (
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
          id={titleId}
          ref={headingRef}
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
  );
}
