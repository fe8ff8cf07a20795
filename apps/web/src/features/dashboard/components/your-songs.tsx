import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { AlertIcon, ChevronDownIcon, MusicIcon } from '../../../components/ui/icons';
import type { ArtistSong } from '../../../domain/songs/api/artist-queries';
import { DASHBOARD_SONG_COUNT, topVoteCount, wrapIndex } from '../dashboard-figures';
import { ArtistSongCard } from './artist-song-card';
import { SongPreview } from './song-preview';

interface YourSongsProps {
  songs: ArtistSong[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** 'Your Songs': count, the first six (View All shows the rest), the preview player, the empty state. */
export function YourSongs({ songs, loading, failed, onRetry }: YourSongsProps) {
  const { t } = useTranslation('dashboard');
  const [expanded, setExpanded] = useState(false);
  const [previewIndex, setPreviewIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const previewRef = useRef<HTMLElement>(null);
  const list = songs ?? [];
  const shown = expanded ? list : list.slice(0, DASHBOARD_SONG_COUNT);
  const hiddenCount = list.length - DASHBOARD_SONG_COUNT;
  const topVotes = topVoteCount(list);
  const current = wrapIndex(previewIndex, list.length);

  const previewSong = (index: number) => {
    setPreviewIndex(index);
    setPlaying(true);
    previewRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    previewRef.current?.focus({ preventScroll: true });
  };

  return (
    <section aria-labelledby="dashboard-songs">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h2 id="dashboard-songs" className="text-2xl font-extrabold tracking-tight text-ink-50">
            {t('songs.title')}
          </h2>
          {songs && <p className="text-sm text-ink-400">{t('songs.count', { count: list.length })}</p>}
        </div>
        {hiddenCount > 0 && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls="dashboard-song-list"
            onClick={() => setExpanded((value) => !value)}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 font-semibold text-gold-300 hover:text-gold-200"
          >
            {expanded ? t('songs.showLess') : t('songs.viewAll', { count: list.length })}
            <ChevronDownIcon className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
          </button>
        )}
      </div>

      {loading ? (
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-hidden="true">
          {Array.from({ length: 4 }, (_, position) => (
            <li key={position} className="h-48 animate-pulse rounded-2xl bg-white/[0.05]" />
          ))}
        </ul>
      ) : failed ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-2xl border border-coral-400/40 bg-coral-400/[0.06] p-4">
          <AlertIcon className="size-5 text-coral-300" />
          <p className="flex-1 text-ink-100">{t('songs.failed')}</p>
          <button type="button" onClick={onRetry} className={buttonClass('secondary', 'sm')}>
            {t('songs.retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-3xl border-2 border-dashed border-white/10 px-6 py-12 text-center">
          <span className="grid size-16 place-items-center rounded-full bg-gold-400/10 text-gold-300">
            <MusicIcon className="size-8" />
          </span>
          <h3 className="mt-4 text-xl font-bold text-ink-50">{t('songs.emptyTitle')}</h3>
          <p className="mt-1 max-w-sm text-ink-300">{t('songs.emptyText')}</p>
          <Link to="/upload" className={buttonClass('primary', 'lg', 'mt-6')}>
            {t('songs.emptyAction')}
          </Link>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <SongPreview
            ref={previewRef}
            songs={list}
            index={current}
            playing={playing}
            onPlay={() => setPlaying(true)}
            onStep={(step) => setPreviewIndex(wrapIndex(current + step, list.length))}
          />
          <ul id="dashboard-song-list" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {shown.map((song, index) => (
              <li key={song._id}>
                <ArtistSongCard song={song} topVotes={topVotes} onPreview={() => previewSong(index)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
