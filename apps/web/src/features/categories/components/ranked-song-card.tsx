import type { Song } from '@ovation/shared';
import { DEFAULT_DURATION } from '@ovation/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { AwardIcon, ClockIcon } from '../../../components/ui/icons';
import { ShareMenu } from '../../../domain/songs/components/share-menu';
import { SongCover } from '../../../domain/songs/components/song-cover';
import { TrashIcon } from '../../../domain/songs/components/song-icons';
import { songPageUrl } from '../../../domain/songs/share-links';
import { EligibleVoteButton } from '../../../domain/voting/components/eligible-vote-button';

/**
 * The category page's grid cells: the page's width less its side padding and gaps, one column on phones
 * (1 rem padding), two from 640 px (1.5 rem, 1 rem gap), three from 1024 px (2 rem), four in the 80 rem
 * column from 1280 px.
 */
const RANKED_COVER_SIZES =
  '(min-width: 1280px) 292px, (min-width: 1024px) calc((100vw - 6rem) / 3), (min-width: 640px) calc((100vw - 4rem) / 2), calc(100vw - 2rem)';

interface RankedSongCardProps {
  song: Song;
  /** '#n' on the cover; null when the standings are hidden (a neutral order, no ranks). */
  rank: number | null;
  isAdmin: boolean;
  /** The vote total and a bar: admins always, everyone once the results are published. */
  showTotals: boolean;
  /** The Winner marker: the published winner (admins see the chosen one before publication too). */
  isWinner: boolean;
  /** The top song's votes: the bars are drawn relative to it. */
  topVotes: number;
  onOpenDetails: (song: Song) => void;
  onDelete: (song: Song) => void;
}

const RANK_STYLES = ['bg-gold-400 text-ink-950', 'bg-ink-200 text-ink-950', 'bg-coral-400 text-ink-950'];

/**
 * A song in a category's ranking: #n (unless the standings are hidden), the Winner marker, cover, artist,
 * title, duration, the total when it may be shown, Vote, View Details, Share.
 */
export function RankedSongCard({
  song,
  rank,
  isAdmin,
  showTotals,
  isWinner,
  topVotes,
  onOpenDetails,
  onDelete,
}: RankedSongCardProps) {
  const { t, i18n } = useTranslation('categories');
  const { t: tSongs } = useTranslation('songs');
  const votes = song.totalVotes ?? 0;
  const share = topVotes > 0 ? Math.round((votes / topVotes) * 100) : 0;

  return (
    <article
      data-winner={isWinner || undefined}
      className={`group flex h-full flex-col rounded-2xl border bg-ink-900 transition-colors hover:border-gold-400/40 ${
        isWinner ? 'border-gold-400/70 shadow-[0_0_0_1px_rgb(247_192_74/0.35)]' : 'border-white/[0.08]'
      }`}
    >
      <button
        type="button"
        onClick={() => onOpenDetails(song)}
        className="relative block aspect-[4/3] overflow-hidden rounded-t-2xl text-start sm:aspect-square"
      >
        <SongCover
          cover={song.cover}
          seed={song._id}
          title={song.title}
          sizes={RANKED_COVER_SIZES}
          className="size-full transition-transform duration-500 group-hover:scale-[1.03]"
        />
        {rank !== null && (
          <span
            data-testid="rank"
            className={`absolute start-3 top-3 rounded-full px-3 py-1 text-sm font-black shadow-lg shadow-black/40 ${RANK_STYLES[rank - 1] ?? 'bg-ink-950/85 text-ink-50'}`}
          >
            {t('detail.rank', { rank: new Intl.NumberFormat(i18n.language).format(rank) })}
          </span>
        )}
        {isWinner && (
          <span
            data-testid="winner-marker"
            className="absolute end-3 top-3 inline-flex items-center gap-1 rounded-full bg-gold-400 px-3 py-1 text-sm font-black text-ink-950 shadow-lg shadow-black/40"
          >
            <AwardIcon className="size-4" />
            {t('detail.winner')}
          </span>
        )}
        <span className="sr-only">{t('detail.openDetails', { title: song.title })}</span>
      </button>
      <div className="flex flex-1 flex-col p-4">
        <p className="truncate text-sm text-ink-300">
          <bdi>{song.artist}</bdi>
        </p>
        <h3 className="truncate text-lg font-bold text-ink-50">
          <bdi>{song.title}</bdi>
        </h3>
        <p className="mt-1 flex items-center gap-1.5 text-xs text-ink-400">
          <ClockIcon className="size-3.5" />
          <span dir="ltr">{song.duration || DEFAULT_DURATION}</span>
        </p>
        {showTotals && (
          <div className="mt-3">
            <p className="flex justify-between text-xs">
              <span data-testid="votes" className="font-semibold text-jade-300">
                {tSongs('card.votes', { count: votes })}
              </span>
              {isAdmin && <span className="text-ink-400 tabular-nums">{share}%</span>}
            </p>
            <div
              role="progressbar"
              aria-label={t('detail.shareOfTop', { title: song.title })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share}
              className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/10"
            >
              <div className="h-full rounded-full bg-jade-400" style={{ width: `${share}%` }} />
            </div>
          </div>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
          <EligibleVoteButton song={song} recheck className="min-w-0 flex-1 px-3" />
          <ShareMenu
            url={songPageUrl(song._id, window.location.origin)}
            text={tSongs('share.text', { title: song.title, artist: song.artist })}
            label={tSongs('share.label', { title: song.title })}
          />
          <Link to={`/songs/${song._id}`} className={buttonClass('secondary', 'sm', 'w-full px-3')}>
            {t('detail.viewDetails')}
            <span className="sr-only">: {song.title}</span>
          </Link>
          {isAdmin && (
            <button
              type="button"
              onClick={() => onDelete(song)}
              className={buttonClass('ghost', 'sm', 'w-full px-3 text-coral-300 hover:bg-coral-500/10')}
            >
              <TrashIcon className="size-4" />
              {t('detail.deleteSong')}
              <span className="sr-only">: {song.title}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
