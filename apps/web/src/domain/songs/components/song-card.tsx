import type { Song } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { VoteButton } from '../../voting/components/vote-button';
import { SONG_GRID_SIZES, SongCover } from './song-cover';

/** What a card needs; a full Song fits, and so does the home page's sample content. */
export type SongCardData = Pick<Song, '_id' | 'title' | 'artist' | 'cover' | 'totalVotes'> & {
  /** Sample content has no category id: its card links to the songs list instead of voting. */
  category: { _id?: string; name: string; icon: string };
};

interface SongCardProps {
  song: SongCardData;
  /** Sample content (no backend data): marked as such and linking to the songs list. */
  sample?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** A song in a grid: cover, title, artist, category, View Details and Vote. */
export function SongCard({ song, sample = false, headingLevel: Heading = 'h3' }: SongCardProps) {
  const { t, i18n } = useTranslation();
  const href = sample ? '/songs' : `/songs/${song._id}`;

  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-2xl border border-white/[0.08] bg-ink-900 transition-colors hover:border-gold-400/40">
      <div className="relative aspect-square overflow-hidden">
        <SongCover
          cover={song.cover}
          seed={song._id}
          title={song.title}
          sizes={SONG_GRID_SIZES}
          className="size-full transition-transform duration-500 group-hover:scale-[1.03]"
        />
        {sample && (
          <span className="absolute start-2 top-2 rounded-full bg-ink-950/80 px-2.5 py-1 text-xs font-semibold text-gold-200 backdrop-blur">
            {t('home.sampleBadge')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="flex items-center gap-1.5 text-xs font-medium text-gold-200/90">
          <span aria-hidden="true">{song.category.icon}</span>
          <bdi className="truncate">{localizeCategory(song.category, i18n.language).name}</bdi>
        </p>
        <Heading className="mt-1 truncate text-base font-bold text-ink-50">
          <bdi>{song.title}</bdi>
        </Heading>
        <p className="truncate text-sm text-ink-300">
          <bdi>{song.artist}</bdi>
        </p>
        {song.totalVotes !== undefined && (
          <p className="mt-1 text-sm font-medium text-jade-300">
            {t('songs.votes', { count: song.totalVotes })}
          </p>
        )}
        <div className="mt-auto grid gap-2 pt-3 sm:grid-cols-[1fr_auto]">
          <Link to={href} className={buttonClass('secondary', 'sm', 'px-3')}>
            {t('songs.viewDetails')}
            <span className="sr-only">: {song.title}</span>
          </Link>
          {!sample && song.category._id ? (
            <VoteButton
              song={{ ...song, category: { ...song.category, _id: song.category._id } }}
              className="px-4"
            />
          ) : (
            <Link to={href} className={buttonClass('primary', 'sm', 'px-4')}>
              {t('songs.vote')}
              <span className="sr-only">: {song.title}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
