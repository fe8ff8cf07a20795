import { lazy, type Ref, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronEndIcon, ChevronStartIcon, PlayIcon } from '../../../components/ui/icons';
import { InlineSpinner } from '../../../components/ui/spinner';
import type { ArtistSong } from '../../../domain/songs/api/artist-queries';
import { SongCover } from '../../../domain/songs/components/song-cover';

// The player (and the platform embed it opens) loads only when the artist asks to listen.
const MediaPlayer = lazy(() =>
  import('../../../components/player/media-player').then((module) => ({ default: module.MediaPlayer })),
);

interface SongPreviewProps {
  songs: ArtistSong[];
  index: number;
  playing: boolean;
  onPlay: () => void;
  /** Moves by one song; the parent wraps at both ends. */
  onStep: (step: -1 | 1) => void;
  ref?: Ref<HTMLElement>;
}

/**
 * The dashboard's preview player: the current song, Play preview, and Previous / Next (wrapping) when
 * the artist has more than one song. Focusable so a card's Preview button can hand the focus over.
 */
export function SongPreview({ songs, index, playing, onPlay, onStep, ref }: SongPreviewProps) {
  const { t, i18n } = useTranslation('dashboard');
  const song = songs[index];
  if (!song) return null;
  const numberFormat = new Intl.NumberFormat(i18n.language);
  const many = songs.length > 1;

  const stepButton = (step: -1 | 1) => (
    <button
      type="button"
      onClick={() => onStep(step)}
      className="grid size-11 place-items-center rounded-full border border-white/10 bg-white/[0.04] text-ink-100 hover:border-white/25 hover:bg-white/[0.1]"
    >
      {step === -1 ? <ChevronStartIcon /> : <ChevronEndIcon />}
      <span className="sr-only">{step === -1 ? t('player.previous') : t('player.next')}</span>
    </button>
  );

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="dashboard-preview"
      className="scroll-mt-20 rounded-3xl border border-gold-400/20 bg-gradient-to-br from-gold-400/[0.07] via-ink-900/90 to-jade-400/[0.05] p-4 outline-none sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 id="dashboard-preview" className="font-bold text-ink-50">
            {t('player.title')}
          </h3>
          {playing && (
            <p className="truncate text-sm font-semibold text-gold-200">
              <bdi>{song.title}</bdi>
            </p>
          )}
          <p className="text-sm text-ink-400" aria-live="polite">
            {t('player.position', {
              current: numberFormat.format(index + 1),
              total: numberFormat.format(songs.length),
            })}
          </p>
        </div>
        {many && (
          <div className="flex shrink-0 gap-2">
            {stepButton(-1)}
            {stepButton(1)}
          </div>
        )}
      </div>

      <div className="mt-4">
        {playing ? (
          <Suspense
            fallback={
              <div className="grid h-40 place-items-center text-gold-300">
                <InlineSpinner className="size-6" />
              </div>
            }
          >
            <MediaPlayer key={song._id} song={song} autoPlay />
          </Suspense>
        ) : (
          <div className="flex flex-wrap items-center gap-4">
            <SongCover
              cover={song.cover}
              seed={song._id}
              title={song.title}
              sizes="80px"
              className="size-20 shrink-0 rounded-xl text-2xl"
            />
            <div className="min-w-0 flex-1 basis-32">
              <p className="truncate font-bold text-ink-50">
                <bdi>{song.title}</bdi>
              </p>
              <p className="truncate text-sm text-ink-300">
                <bdi>{song.artist}</bdi>
              </p>
              <button
                type="button"
                onClick={onPlay}
                className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-full bg-gold-400 px-4 text-sm font-semibold text-ink-950 hover:bg-gold-300"
              >
                <PlayIcon className="size-4" />
                {t('player.play')}
                <span className="sr-only">: {song.title}</span>
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
