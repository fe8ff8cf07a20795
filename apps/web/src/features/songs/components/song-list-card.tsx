import type { Song } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoverPreview } from '../../../components/player/hover-preview';
import { buttonClass } from '../../../components/ui/button-styles';
import { PlayIcon, UsersIcon } from '../../../components/ui/icons';
import { ShareMenu } from '../../../domain/songs/components/share-menu';
import { SONG_GRID_SIZES, SongCover } from '../../../domain/songs/components/song-cover';
import { CopyIcon } from '../../../domain/songs/components/song-icons';
import { songPageUrl } from '../../../domain/songs/share-links';
import { EligibleVoteButton } from '../../../domain/voting/components/eligible-vote-button';

interface SongListCardProps {
  song: Song;
  isAdmin: boolean;
  /** Opens the player (everyone) or the voters list (admins), as the spec asks. */
  onOpen: (song: Song) => void;
  onCopy: (song: Song) => void;
  priority?: boolean;
}

/**
 * A song on the songs page: cover with a desktop hover preview and a play button, title, artist, category,
 * View Details, Vote and Share; admins also see the vote count and a Copy button, and their click on the
 * cover lists the voters.
 */
export function SongListCard({ song, isAdmin, onOpen, onCopy, priority = false }: SongListCardProps) {
  const { t, i18n } = useTranslation('songs');
  const preview = useHoverPreview(song);
  const url = songPageUrl(song._id, window.location.origin);

  return (
    <article className="group flex h-full w-full flex-col rounded-2xl border border-white/[0.08] bg-ink-900 transition-colors hover:border-gold-400/40">
      <div className="relative aspect-square overflow-hidden rounded-t-2xl" {...preview.handlers}>
        <SongCover
          cover={song.cover}
          seed={song._id}
          title={song.title}
          sizes={SONG_GRID_SIZES}
          priority={priority}
          className="size-full transition-transform duration-500 group-hover:scale-[1.03]"
        />
        {preview.overlay}
        <button
          type="button"
          onClick={() => onOpen(song)}
          className="absolute inset-0 flex items-end justify-end bg-gradient-to-t from-ink-950/70 via-transparent to-transparent p-3 opacity-100 transition-opacity focus-visible:opacity-100 sm:opacity-90 sm:group-hover:opacity-100"
        >
          <span className="grid size-11 place-items-center rounded-full bg-gold-400 text-ink-950 shadow-lg shadow-black/40 transition-transform group-hover:scale-105">
            {isAdmin ? <UsersIcon className="size-5" /> : <PlayIcon className="size-5" />}
          </span>
          <span className="sr-only">
            {isAdmin ? t('card.showVoters', { title: song.title }) : t('card.play', { title: song.title })}
          </span>
        </button>
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="flex items-center gap-1.5 text-xs font-medium text-gold-200/90">
          <span aria-hidden="true">{song.category.icon}</span>
          <bdi className="truncate">{localizeCategory(song.category, i18n.language).name}</bdi>
        </p>
        <h2 className="mt-1 truncate text-base font-bold text-ink-50">
          <Link to={`/songs/${song._id}`} className="hover:text-gold-200 focus-visible:text-gold-200">
            <bdi>{song.title}</bdi>
          </Link>
        </h2>
        <p className="truncate text-sm text-ink-300">
          <bdi>{song.artist}</bdi>
        </p>
        {isAdmin && song.totalVotes !== undefined && (
          <p className="mt-1 text-sm font-medium text-jade-300">
            {t('card.votes', { count: song.totalVotes })}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-3">
          <EligibleVoteButton song={song} className="min-w-0 flex-1 px-3" />
          <ShareMenu
            url={url}
            text={t('share.text', { title: song.title, artist: song.artist })}
            label={t('share.label', { title: song.title })}
          />
          {isAdmin && (
            <button
              type="button"
              onClick={() => onCopy(song)}
              className="grid size-11 place-items-center rounded-full border border-white/15 bg-white/[0.06] text-ink-100 hover:border-white/30 hover:bg-white/[0.12]"
            >
              <CopyIcon className="size-[1.125rem]" />
              <span className="sr-only">{t('copy.open', { title: song.title })}</span>
            </button>
          )}
          <Link to={`/songs/${song._id}`} className={buttonClass('ghost', 'sm', 'w-full px-3 text-gold-200')}>
            {t('card.viewDetails')}
            <span className="sr-only">: {song.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
