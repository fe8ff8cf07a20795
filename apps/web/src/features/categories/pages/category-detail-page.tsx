import type { Category, Song, Standings } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BetweenSongsAd, WithAdSidebar } from '../../../components/ads/ad-slot';
import { buttonClass } from '../../../components/ui/button-styles';
import { ArrowStartIcon, AwardIcon, GridIcon, MusicIcon, RefreshIcon } from '../../../components/ui/icons';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCategories, useCategoryDetail } from '../../../domain/categories/api/use-categories';
import { categoryEligibilityQuery, isFan } from '../../../domain/voting/api/use-eligibility';
import {
  CATEGORY_VOTED_RESET_MS,
  ELIGIBILITY_RECHECK_MS,
  VOTE_WINDOW_MS,
} from '../../../domain/voting/vote-rules';
import { useVotingRuleText } from '../../../domain/voting/voting-rule';
import { ApiError } from '../../../lib/api-client';
import { i18next } from '../../../lib/i18n';
import { hasRole, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { dedupeSongs, findNeighbours, songPlaces } from '../category-helpers';
import { CategoryHeader } from '../components/category-header';
import { CategoryHero } from '../components/category-hero';
import { RankedSongCard } from '../components/ranked-song-card';

void i18next.loadNamespaces(['categories', 'songs']);

const SongDetailsPanel = lazy(() => import('../components/song-details-panel'));
const DeleteSongDialog = lazy(() => import('../components/delete-song-dialog'));

/** /categories/:id (the public spec's Category detail). */
export default function CategoryDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('categories');
  const { t: tMain, i18n } = useTranslation();
  const detail = useCategoryDetail(id);
  const categories = useCategories();
  useDocumentTitle(
    detail.data
      ? tMain('meta.pageTitle', { page: localizeCategory(detail.data.category, i18n.language).name })
      : null,
  );

  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    const notFound =
      detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <div className="mx-auto grid max-w-xl place-items-center px-4 py-20 text-center">
        <GridIcon className="size-12 text-gold-300" />
        <h1 className="mt-4 font-display text-3xl font-black text-ink-50">
          {notFound ? t('detail.notFoundTitle') : t('detail.loadFailed')}
        </h1>
        {notFound && <p className="mt-2 text-ink-300">{tMain('errors.CATEGORY_NOT_FOUND')}</p>}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {!notFound && (
            <button
              type="button"
              onClick={() => void detail.refetch()}
              className={buttonClass('primary', 'md')}
            >
              <RefreshIcon className="size-4" />
              {tMain('common.retry')}
            </button>
          )}
          <Link to="/categories" className={buttonClass(notFound ? 'primary' : 'secondary', 'md')}>
            <ArrowStartIcon className="size-4" />
            {t('detail.backToCategories')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <CategoryDetail
      key={id}
      category={detail.data.category}
      songs={detail.data.songs}
      standings={detail.data.standings ?? 'live'}
      neighbours={categories.data ? findNeighbours(categories.data, id) : null}
    />
  );
}

/** The fan's recent vote in this category: shown as a badge for 4 hours, re-checked every minute. */
function useRecentVote(categoryId: string) {
  const session = useSession();
  const userId = isFan(session) ? session.user._id : '';
  const eligibility = useQuery({
    ...categoryEligibilityQuery(userId, categoryId),
    enabled: userId !== '',
    refetchInterval: ELIGIBILITY_RECHECK_MS,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ELIGIBILITY_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const answer = eligibility.data;
  if (!answer?.votedSongTitle || !(answer.hasVoted || answer.hasVotedToday)) return null;
  // The vote's time is 24 h before the renewal; past the spec's 4 hours the badge goes.
  const votedAt = answer.nextVoteTime ? Date.parse(answer.nextVoteTime) - VOTE_WINDOW_MS : now;
  return now - votedAt > CATEGORY_VOTED_RESET_MS ? null : answer.votedSongTitle;
}

type Dialog = { kind: 'details' | 'delete'; song: Song } | null;

function CategoryDetail({
  category,
  songs: rawSongs,
  standings,
  neighbours,
}: {
  category: Category;
  songs: Song[];
  standings: Standings;
  neighbours: ReturnType<typeof findNeighbours>;
}) {
  const { t } = useTranslation('categories');
  const votingRule = useVotingRuleText();
  const session = useSession();
  const isAdmin = hasRole(session, ['admin']);
  const songs = dedupeSongs(rawSongs);
  // Totals are public once the results are published; admins always see them. Ranks show unless an admin
  // hid the live standings (admins still get their songs ranked by votes, so they keep the numbers).
  const showTotals = isAdmin || standings === 'final';
  const ranks = standings === 'hidden' && !isAdmin ? null : songPlaces(songs);
  const showWinner = isAdmin || standings === 'final';
  const List = ranks ? 'ol' : 'ul';
  const votedSongTitle = useRecentVote(category._id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const totalVotes = songs.reduce((sum, song) => sum + (song.totalVotes ?? 0), 0);
  const average = songs.length > 0 ? totalVotes / songs.length : 0;
  const topVotes = songs.reduce((top, song) => Math.max(top, song.totalVotes ?? 0), 0);
  const numbers = new Intl.NumberFormat(document.documentElement.lang || 'en', { maximumFractionDigits: 1 });

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 pb-24 sm:px-6 sm:py-10 lg:px-8">
      <CategoryHeader neighbours={neighbours} />
      <CategoryHero
        category={category}
        songCount={songs.length}
        totals={showTotals ? { votes: totalVotes, average } : null}
        votedSongTitle={votedSongTitle}
      />

      <WithAdSidebar sidebarClassName="xl:mt-10">
        <section aria-labelledby="category-songs" className="mt-10">
          <h2 id="category-songs" className="text-2xl font-bold text-ink-50">
            {t('detail.songsHeading')}
          </h2>
          <StandingsNote standings={standings} isAdmin={isAdmin} />
          {songs.length === 0 ? (
            <div className="mt-6 rounded-3xl border border-white/[0.08] bg-ink-900/60 px-6 py-14 text-center">
              <MusicIcon className="mx-auto size-10 text-gold-300" />
              <p className="mt-4 text-xl font-bold text-ink-50">{t('detail.emptyTitle')}</p>
              <p className="mt-2 text-ink-300">{t('detail.emptyText')}</p>
              <Link to="/upload" className={buttonClass('primary', 'md', 'mt-6')}>
                {t('detail.upload')}
              </Link>
            </div>
          ) : (
            <List className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {songs.map((song, index) => (
                <Fragment key={song._id}>
                  <li className="flex *:w-full">
                    <RankedSongCard
                      song={song}
                      rank={ranks?.[index] ?? null}
                      isAdmin={isAdmin}
                      showTotals={showTotals}
                      isWinner={showWinner && song.isWinner === true}
                      topVotes={topVotes}
                      onOpenDetails={(target) => setDialog({ kind: 'details', song: target })}
                      onDelete={(target) => setDialog({ kind: 'delete', song: target })}
                    />
                  </li>
                  {/* A whole row up to three columns; beside the 5th and 6th cards on four. */}
                  <BetweenSongsAd
                    index={index}
                    total={songs.length}
                    className="col-span-full xl:col-span-2"
                  />
                </Fragment>
              ))}
            </List>
          )}
        </section>
      </WithAdSidebar>

      <section aria-label={t('detail.summaryLabel')} className="mt-12 grid gap-3 sm:grid-cols-3">
        <SummaryCard label={t('detail.summarySongs')} value={numbers.format(songs.length)} />
        {showTotals && (
          <>
            <SummaryCard label={t('detail.summaryVotes')} value={numbers.format(totalVotes)} />
            <SummaryCard label={t('detail.summaryAverage')} value={numbers.format(average)} />
          </>
        )}
      </section>

      <section className="mt-6 rounded-3xl border border-gold-400/20 bg-gradient-to-br from-gold-400/10 via-transparent to-jade-400/10 p-6 text-center sm:p-10">
        <h2 className="text-2xl font-bold text-ink-50">{t('detail.exploreTitle')}</h2>
        <p className="mx-auto mt-2 max-w-xl text-ink-300">{t('detail.exploreText', { rule: votingRule })}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/categories" className={buttonClass('primary', 'md')}>
            {t('detail.browseCategories')}
          </Link>
          <Link to="/songs" className={buttonClass('secondary', 'md')}>
            {t('detail.allSongs')}
          </Link>
        </div>
      </section>

      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'details' && (
            <SongDetailsPanel song={dialog.song} isAdmin={isAdmin} onClose={() => setDialog(null)} />
          )}
          {dialog.kind === 'delete' && (
            <DeleteSongDialog song={dialog.song} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      )}
    </div>
  );
}

/**
 * What the order of the songs means: the final results once published, or (live standings off) that the
 * standings are revealed when the results are published. Live standings need no note (the public spec's ranking).
 */
function StandingsNote({ standings, isAdmin }: { standings: Standings; isAdmin: boolean }) {
  const { t } = useTranslation('categories');
  if (standings === 'live') return null;
  const final = standings === 'final';
  return (
    <p
      data-testid="standings-note"
      className={`mt-3 flex max-w-3xl items-start gap-2 rounded-2xl px-4 py-3 text-sm ring-1 ${
        final ? 'bg-gold-400/10 text-gold-100 ring-gold-400/30' : 'bg-white/[0.04] text-ink-300 ring-white/10'
      }`}
    >
      {final && <AwardIcon className="mt-0.5 size-4 shrink-0 text-gold-300" />}
      <span>
        {final && <strong className="font-semibold text-gold-200">{t('detail.finalTitle')} · </strong>}
        {final ? t('detail.finalText') : isAdmin ? t('detail.hiddenTextAdmin') : t('detail.hiddenText')}
      </span>
    </p>
  );
}

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-white/[0.08] bg-ink-900 p-5">
      <p className="text-sm text-ink-400">{label}</p>
      <p className="mt-1 text-3xl font-black text-ink-50 tabular-nums">{value}</p>
    </div>
  );
}
