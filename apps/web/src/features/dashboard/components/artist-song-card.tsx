import { localizeCategory } from '@ovation/shared/category-words';
import type { SongStatus } from '@ovation/shared/constants';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon, AwardIcon, CheckIcon, ClockIcon, PlayIcon } from '../../../components/ui/icons';
import type { ArtistSong } from '../../../domain/songs/api/artist-queries';
import { SongCover } from '../../../domain/songs/components/song-cover';
import { voteShare } from '../dashboard-figures';

const STATUS: Record<
  SongStatus,
  {
    label: 'songs.statusApproved' | 'songs.statusPending' | 'songs.statusRejected';
    hint: 'songs.pendingHint' | 'songs.rejectedHint' | null;
    Icon: ComponentType<SVGProps<SVGSVGElement>>;
    tone: string;
  }
> = {
  approved: {
    label: 'songs.statusApproved',
    hint: null,
    Icon: CheckIcon,
    tone: 'bg-jade-400/15 text-jade-300',
  },
  pending: {
    label: 'songs.statusPending',
    hint: 'songs.pendingHint',
    Icon: ClockIcon,
    tone: 'bg-gold-400/15 text-gold-200',
  },
  rejected: {
    label: 'songs.statusRejected',
    hint: 'songs.rejectedHint',
    Icon: AlertIcon,
    tone: 'bg-coral-400/15 text-coral-300',
  },
};

/** Thumbnails are 80 px (96 px from 640 px wide): the 160 px rendition covers both at 2x. */
const THUMBNAIL_SIZES = '(min-width: 640px) 96px, 80px';

interface ArtistSongCardProps {
  song: ArtistSong;
  topVotes: number;
  onPreview: () => void;
}

/** One of the artist's songs: status badge, category, votes, bar against the top song, rank, preview. */
export function ArtistSongCard({ song, topVotes, onPreview }: ArtistSongCardProps) {
  const { t, i18n } = useTranslation('dashboard');
  const status = STATUS[song.status];
  const share = voteShare(song.totalVotes, topVotes);
  const numberFormat = new Intl.NumberFormat(i18n.language);
  const titleId = `song-${song._id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-white/[0.08] bg-ink-900/80 p-3 transition-colors hover:border-white/15 sm:p-4"
    >
      <div className="flex gap-3 sm:gap-4">
        <SongCover
          cover={song.cover}
          seed={song._id}
          title={song.title}
          sizes={THUMBNAIL_SIZES}
          className="size-20 shrink-0 rounded-xl text-2xl sm:size-24"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span
              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}
              title={status.hint ? t(status.hint) : undefined}
            >
              <status.Icon className="size-3.5" />
              {t(status.label)}
            </span>
            <span className="flex min-w-0 items-center gap-1 text-xs font-medium text-gold-200/90">
              <span aria-hidden="true">{song.category.icon}</span>
              <bdi className="truncate">{localizeCategory(song.category, i18n.language).name}</bdi>
            </span>
          </div>
          <h3 id={titleId} className="mt-1.5 truncate text-base font-bold text-ink-50">
            <bdi>{song.title}</bdi>
          </h3>
          <p className="truncate text-sm text-ink-300">
            <bdi>{song.artist}</bdi>
          </p>
          {status.hint && <p className="mt-0.5 text-xs text-ink-400">{t(status.hint)}</p>}
          {/* The admin's reason for a song not approved: a rejection, or a song sent back to review. */}
          {song.status !== 'approved' && song.moderationReason && (
            <p
              className={`mt-1 rounded-lg px-2 py-1 text-xs ${song.status === 'rejected' ? 'bg-coral-400/10 text-coral-200' : 'bg-gold-400/10 text-gold-200'}`}
            >
              {t('songs.rejectedReason')} <bdi>{song.moderationReason}</bdi>
            </p>
          )}
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold text-jade-300">{t('songs.votes', { count: song.totalVotes })}</span>
        {song.status === 'approved' && song.rankInCategory !== null && (
          <span className="inline-flex items-center gap-1 font-semibold text-gold-300">
            <AwardIcon className="size-4" />
            {t('songs.rank', { rank: numberFormat.format(song.rankInCategory) })}
          </span>
        )}
      </div>
      <div aria-hidden="true" className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-white/[0.08]">
        <div
          className="h-full rounded-full bg-gradient-to-r from-jade-400 to-gold-400 rtl:bg-gradient-to-l"
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <p className="sr-only">{t('songs.share', { percent: Math.round(share * 100) })}</p>

      <div className="mt-auto flex flex-wrap gap-2 pt-3">
        <button
          type="button"
          onClick={onPreview}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white/[0.06] px-4 text-sm font-semibold text-ink-50 hover:bg-white/[0.12]"
        >
          <PlayIcon className="size-4 text-gold-300" />
          {t('songs.preview')}
          <span className="sr-only">: {song.title}</span>
        </button>
        {song.status === 'approved' && (
          <Link
            to={`/songs/${song._id}`}
            className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-gold-300 hover:bg-white/[0.06]"
          >
            {t('songs.view')}
            <span className="sr-only">: {song.title}</span>
          </Link>
        )}
      </div>
    </article>
  );
}
