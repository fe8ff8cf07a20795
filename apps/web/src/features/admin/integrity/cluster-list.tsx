import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { buttonClass } from '../../../components/ui/button-styles';
import { ShieldIcon } from '../../../components/ui/icons';
import { useCategoryName } from '../lib/category-names';
import type { ClusterKind, VoteCluster } from './api';
import { useClusterLabel } from './cluster-label';
import { LabelText, LeadCard, ShowVotesButton } from './lead-card';
import type { Formats } from './use-formats';

const KIND_TONES: Record<ClusterKind, string> = {
  network: 'bg-sky-400/15 text-sky-200 ring-sky-300/30',
  device: 'bg-violet-400/15 text-violet-200 ring-violet-300/30',
  'registration-burst': 'bg-gold-400/15 text-gold-200 ring-gold-300/30',
  'email-pattern': 'bg-jade-400/15 text-jade-300 ring-jade-300/30',
};

/** A figure of a cluster card: its name above, the value below. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-400">{label}</dt>
      <dd className="font-semibold text-ink-50 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * One cluster: what the accounts share (kind and label), where they voted, how many accounts and votes,
 * the share of the song's votes and the time span; Open votes and Quarantine this cluster.
 */
function ClusterCard({
  cluster,
  formats,
  opened,
  onOpen,
  onQuarantine,
}: {
  cluster: VoteCluster;
  formats: Formats;
  opened: boolean;
  onOpen: () => void;
  onQuarantine: () => void;
}) {
  const { t } = useTranslation('admin-integrity');
  const label = useClusterLabel()(cluster.label, cluster.kind);
  const categoryName = useCategoryName();
  const titleId = `cluster-${cluster.key.replace(/[^\w-]/g, '_')}`;
  return (
    <LeadCard titleId={titleId} shown={opened} className="gap-4" data-cluster-key={cluster.key}>
      <header className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${KIND_TONES[cluster.kind]}`}
          >
            {t(`clusters.kinds.${cluster.kind}`)}
          </span>
          <span className="text-xs text-ink-400">{t(`clusters.kindHints.${cluster.kind}`)}</span>
        </p>
        <h3 id={titleId} className="min-w-0 text-lg leading-snug font-bold break-words text-ink-50">
          <LabelText label={label} />
        </h3>
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs text-ink-400">{t('clusters.song')}</dt>
          <dd className="truncate font-semibold text-ink-50" title={cluster.songTitle}>
            <bdi>{cluster.songTitle}</bdi>
          </dd>
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs text-ink-400">{t('clusters.category')}</dt>
          <dd
            className="truncate text-ink-100"
            title={categoryName({ _id: cluster.categoryId, name: cluster.categoryName })}
          >
            <bdi>{categoryName({ _id: cluster.categoryId, name: cluster.categoryName })}</bdi>
          </dd>
        </div>
        <Fact label={t('clusters.accounts')}>{formats.number(cluster.accounts)}</Fact>
        <Fact label={t('clusters.votes')}>
          {formats.number(cluster.votes)}
          {cluster.validVotes !== cluster.votes && (
            <span className="block text-xs font-normal text-ink-300">
              {t('clusters.stillCounted', { count: cluster.validVotes })}
            </span>
          )}
        </Fact>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-ink-400">{t('clusters.share')}</dt>
          <dd className="mt-1 flex items-center gap-3">
            <span className="font-semibold text-ink-50 tabular-nums">
              {formats.percent(cluster.shareOfSongVotes)}
            </span>
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-white/[0.08]">
              <span
                className="block h-full rounded-full bg-coral-400"
                style={{ width: `${Math.min(100, Math.max(0, cluster.shareOfSongVotes * 100))}%` }}
              />
            </span>
          </dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-ink-400">{t('clusters.span')}</dt>
          <dd className="text-ink-100">{formats.range(cluster.firstAt, cluster.lastAt)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <ShowVotesButton titleId={titleId} shown={opened} onClick={onOpen}>
          {t('clusters.openVotes')}
        </ShowVotesButton>
        <button
          type="button"
          onClick={onQuarantine}
          disabled={cluster.validVotes === 0}
          aria-describedby={cluster.validVotes === 0 ? `${titleId} ${titleId}-none` : titleId}
          className={buttonClass('danger', 'sm', 'sm:flex-1')}
        >
          {t('clusters.quarantine')}
        </button>
      </div>
      {cluster.validVotes === 0 && (
        <p id={`${titleId}-none`} className="-mt-2 text-xs text-ink-400">
          {t('clusters.nothingValid')}
        </p>
      )}
    </LeadCard>
  );
}

/**
 * The clusters of the chosen scope and window, with the reminder that each is a lead, not a verdict:
 * shared mobile networks and common phones are normal, so a person looks at the votes before acting.
 */
export function ClusterList({
  clusters,
  formats,
  openedKey,
  onOpen,
  onQuarantine,
}: {
  clusters: readonly VoteCluster[];
  formats: Formats;
  openedKey: string;
  onOpen: (cluster: VoteCluster) => void;
  onQuarantine: (cluster: VoteCluster) => void;
}) {
  const { t } = useTranslation('admin-integrity');
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-3 rounded-2xl bg-sky-400/[0.07] p-3 text-sm text-sky-100 ring-1 ring-sky-300/20">
        <ShieldIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-200" />
        <span>{t('clusters.lead')}</span>
      </p>
      {clusters.length === 0 ? (
        <EmptyState
          icon={<ShieldIcon />}
          title={t('clusters.empty')}
          description={t('clusters.emptyText')}
          className="py-8"
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" data-testid="integrity-clusters">
          {clusters.map((cluster) => (
            <ClusterCard
              key={cluster.key}
              cluster={cluster}
              formats={formats}
              opened={cluster.key === openedKey}
              onOpen={() => onOpen(cluster)}
              onQuarantine={() => onQuarantine(cluster)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
