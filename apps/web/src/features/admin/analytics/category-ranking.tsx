import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceholderCover } from '../../../components/player/cover-art';
import { buttonClass } from '../../../components/ui/button-styles';
import { AwardIcon, type IconProps, StrokeIcon } from '../../../components/ui/icons';
import { isolate } from '../../../lib/bidi';
import { useCategoryName } from '../lib/category-names';
import { type AnalyticsCategory, type AnalyticsSong, MORE_SONGS_PAGE, useMoreSongs } from './api';
import { AlertNote } from './notes';

const ExternalIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M14 4h6v6" />
    <path d="M20 4 10 14" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </StrokeIcon>
);

export interface RankingHandlers {
  onSelect: (category: AnalyticsCategory, song: AnalyticsSong) => void;
  onClear: (category: AnalyticsCategory, song: AnalyticsSong) => void;
  /** Winners are locked while the results are published; `lockedNoteId` names the note saying so. */
  locked: boolean;
  lockedNoteId: string;
}

/** A share of the category's valid votes, with two decimals in the reader's language (45.23 %). */
export function useShareFormat() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (share: number) => format.format(share / 100);
}

/** A rank (or any count) in the reader's language and digits, as the public song card writes it. */
export function useRankFormat() {
  const { i18n } = useTranslation();
  const format = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  return (rank: number) => format.format(rank);
}

const RANK_TONES = ['bg-gold-400 text-ink-950', 'bg-ink-200 text-ink-950', 'bg-coral-400 text-ink-950'];

/**
 * One category's ranking (the admin spec's "Vote analytics"): songs by valid votes with rank, share (two decimals),
 * the Winner marker, View (a new tab) and Select Winner. When the set-aside votes (quarantined and invalid)
 * would order the songs differently, each song also shows where it would stand with them.
 */
export function CategoryRanking({
  category,
  handlers,
}: {
  category: AnalyticsCategory;
  handlers: RankingHandlers;
}) {
  const { t } = useTranslation('admin-analytics');
  const formatRank = useRankFormat();
  const name = useCategoryName({ lookUp: false })(category);
  const winner = category.winner;
  const headingId = `ranking-${category._id}`;

  return (
    <section
      aria-labelledby={headingId}
      data-category={category._id}
      className="scroll-mt-20 rounded-3xl border border-white/[0.08] bg-ink-900 p-4 sm:p-6"
    >
      <header className="flex items-start gap-3 sm:gap-4">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/[0.06] text-2xl ring-1 ring-white/10"
        >
          {category.icon}
        </span>
        <div className="min-w-0 flex-1">
          <h3
            id={headingId}
            tabIndex={-1}
            className="text-lg leading-snug font-bold text-ink-50 outline-none"
          >
            <bdi>{name}</bdi>
          </h3>
          <p className="mt-0.5 text-sm text-ink-400">
            {t('ranking.votes', { count: category.totalVotes })} ·{' '}
            {t('ranking.songs', { count: category.totalSongs })}
          </p>
        </div>
        <p
          className={`hidden shrink-0 items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold sm:inline-flex ${
            winner ? 'bg-gold-400/15 text-gold-200 ring-1 ring-gold-400/30' : 'bg-white/[0.05] text-ink-400'
          }`}
        >
          {winner && <AwardIcon className="size-3.5" />}
          {winner ? (
            <span className="max-w-56 truncate">
              {t('ranking.winnerIs', { title: isolate(winner.title) })}
            </span>
          ) : (
            t('ranking.noWinner')
          )}
        </p>
      </header>

      {winner && category.winnerNoLongerLeads && (
        <AlertNote tone="coral" className="mt-4">
          <span data-testid="winner-no-longer-leads">
            {t('ranking.winnerNoLongerLeads', {
              title: isolate(winner.title),
              rank: formatRank(winner.rank),
            })}
          </span>
        </AlertNote>
      )}
      {category.leadUnderReview && (
        <AlertNote tone="gold" className="mt-4">
          <span data-testid="lead-under-review">{t('ranking.leadUnderReview')}</span>
        </AlertNote>
      )}
      {category.rankingDiffers && (
        <AlertNote tone="gold" className="mt-4">
          {t('ranking.differs')}
        </AlertNote>
      )}

      {category.totalSongs === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-white/15 px-4 py-6 text-center text-sm text-ink-400">
          {t('ranking.noSongs')}
        </p>
      ) : (
        <SongList category={category} handlers={handlers} />
      )}
    </section>
  );
}

/**
 * The category's leaders, then (once asked) the rest a page at a time: a category of 5,000 songs opens
 * with five rows, and the admin reads further only where they need to.
 */
function SongList({ category, handlers }: { category: AnalyticsCategory; handlers: RankingHandlers }) {
  const { t } = useTranslation('admin-analytics');
  const formatCount = useRankFormat();
  const [expanded, setExpanded] = useState(false);
  const more = useMoreSongs(category._id, expanded);
  const songs = expanded
    ? [...category.songs, ...(more.data?.pages.flatMap((page) => page.songs) ?? [])]
    : category.songs;
  // While the first page below the leaders loads, the button stays (busy) rather than blinking away.
  const hasMore = expanded && more.data ? more.hasNextPage : songs.length < category.totalSongs;
  const next = Math.min(MORE_SONGS_PAGE, category.totalSongs - songs.length);
  const loading = more.isFetching;

  return (
    <>
      <ol className="mt-4 divide-y divide-white/[0.06]">
        {songs.map((song) => (
          <li key={song._id}>
            <SongRow category={category} song={song} handlers={handlers} />
          </li>
        ))}
      </ol>
      {more.isError && <p className="mt-3 text-sm text-coral-200">{t('ranking.moreFailed')}</p>}
      {(hasMore || expanded) && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="me-auto text-xs text-ink-400" data-testid="shown">
            {t('ranking.shown', { shown: formatCount(songs.length), count: category.totalSongs })}
          </p>
          {hasMore && (
            <button
              type="button"
              disabled={loading}
              aria-busy={loading || undefined}
              onClick={() => (expanded ? void more.fetchNextPage() : setExpanded(true))}
              className={buttonClass('secondary', 'sm', 'px-3')}
            >
              {t('ranking.showMore', { count: next })}
            </button>
          )}
          {expanded && (
            <button
              type="button"
              onClick={() => setExpanded(false)}
              className={buttonClass('ghost', 'sm', 'px-3')}
            >
              {t('ranking.showLeaders')}
            </button>
          )}
        </div>
      )}
    </>
  );
}

function SongRow({
  category,
  song,
  handlers,
}: {
  category: AnalyticsCategory;
  song: AnalyticsSong;
  handlers: RankingHandlers;
}) {
  const { t } = useTranslation('admin-analytics');
  const formatShare = useShareFormat();
  const formatRank = useRankFormat();
  const rank = formatRank(song.rank);
  const title = isolate(song.title);
  const setAside = song.quarantinedVotes + song.invalidVotes;
  const share = formatShare(song.share);
  const lockedProps = handlers.locked
    ? { disabled: true, 'aria-describedby': handlers.lockedNoteId }
    : { disabled: false };

  return (
    <article
      aria-label={song.title}
      data-winner={song.isWinner || undefined}
      className={`-mx-2 my-1 grid grid-cols-[auto_auto_minmax(0,1fr)] items-center gap-x-3 gap-y-3 rounded-2xl px-2 py-2.5 md:grid-cols-[auto_auto_minmax(0,1fr)_10rem_auto] ${
        song.isWinner ? 'bg-gold-400/[0.07] ring-1 ring-gold-400/40' : ''
      }`}
    >
      <span
        className={`grid h-8 min-w-10 place-items-center rounded-full px-2 text-sm font-black tabular-nums ${
          RANK_TONES[song.rank - 1] ?? 'bg-white/[0.08] text-ink-100'
        }`}
      >
        <span aria-hidden="true" data-testid="rank">
          {t('ranking.rank', { rank })}
        </span>
        <span className="sr-only">{t('ranking.rankLabel', { rank })}</span>
      </span>
      <Thumbnail song={song} />
      <div className="min-w-0">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate font-semibold text-ink-50">
            <bdi>{song.title}</bdi>
          </span>
          {song.isWinner && (
            <span className="inline-flex items-center gap-1 rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-ink-950">
              <AwardIcon className="size-3.5" />
              {t('ranking.winner')}
            </span>
          )}
        </p>
        <p className="truncate text-sm text-ink-400">
          <bdi>{song.artist}</bdi>
        </p>
        {category.rankingDiffers ? (
          <p
            data-testid="with-set-aside"
            className={`mt-1 text-xs ${
              song.rankWithSetAside === song.rank ? 'text-ink-400' : 'font-semibold text-gold-200'
            }`}
          >
            {t('ranking.withSetAside', {
              rank: formatRank(song.rankWithSetAside),
              votes: t('ranking.votes', { count: song.votesWithSetAside }),
            })}
          </p>
        ) : (
          setAside > 0 && (
            <p className="mt-1 text-xs text-ink-400">{t('ranking.setAside', { count: setAside })}</p>
          )
        )}
      </div>

      <div className="col-span-3 md:col-span-1">
        <p className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-semibold text-jade-300 tabular-nums">
            {t('ranking.votes', { count: song.totalVotes })}
          </span>
          <span className="text-ink-300 tabular-nums" data-testid="share">
            {share}
          </span>
        </p>
        <div
          role="img"
          aria-label={t('ranking.share', { share })}
          className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-white/10"
        >
          <div
            className={`h-full rounded-full ${song.isWinner ? 'bg-gold-400' : 'bg-jade-400'}`}
            style={{ inlineSize: `${Math.min(100, Math.max(0, song.share))}%` }}
          />
        </div>
      </div>

      <div className="col-span-3 flex flex-wrap gap-2 md:col-span-1 md:flex-nowrap md:justify-end">
        <a
          href={`/songs/${song._id}`}
          target="_blank"
          rel="noopener"
          aria-label={t('ranking.viewSong', { title })}
          className={buttonClass('ghost', 'sm', 'px-3')}
        >
          <ExternalIcon className="size-4" />
          {t('ranking.view')}
        </a>
        {song.isWinner ? (
          <button
            type="button"
            {...lockedProps}
            onClick={() => handlers.onClear(category, song)}
            aria-label={t('ranking.clearSong', { title })}
            className={buttonClass(
              'ghost',
              'sm',
              'flex-1 px-3 text-coral-200 hover:bg-coral-500/10 md:flex-none',
            )}
          >
            {t('ranking.clear')}
          </button>
        ) : (
          <button
            type="button"
            {...lockedProps}
            onClick={() => handlers.onSelect(category, song)}
            aria-label={t('ranking.selectSong', { title })}
            className={buttonClass('secondary', 'sm', 'flex-1 px-3 md:flex-none')}
          >
            <AwardIcon className="size-4" />
            {t('ranking.select')}
          </button>
        )}
      </div>
    </article>
  );
}

function Thumbnail({ song }: { song: AnalyticsSong }) {
  if (!song.albumCover) {
    return (
      <PlaceholderCover
        seed={song._id}
        title={song.title}
        className="size-12 shrink-0 rounded-lg text-base [&_span]:text-xl"
      />
    );
  }
  return (
    <img
      src={song.albumCover}
      alt=""
      loading="lazy"
      decoding="async"
      width={48}
      height={48}
      className="size-12 shrink-0 rounded-lg bg-ink-800 object-cover"
    />
  );
}
