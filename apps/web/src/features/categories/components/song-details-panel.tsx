import type { Song } from '@ovation/shared';
import { DEFAULT_DURATION } from '@ovation/shared/constants';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlayIcon } from '../../../components/ui/icons';
import { SongCover } from '../../../domain/songs/components/song-cover';
import { SongVotersList } from '../../../domain/songs/components/song-voters-list';
import { EligibleVoteButton } from '../../../domain/voting/components/eligible-vote-button';

const MediaPlayer = lazy(() =>
  import('../../../components/player/media-player').then((module) => ({ default: module.MediaPlayer })),
);

/**
 * The 'Song Details' slide-over (the public spec's Category detail): it enters from the END side, so it sits on the
 * right in left-to-right languages and on the left in Arabic. A native <dialog>: focus stays inside,
 * Escape and the backdrop close it. Cover or play opens the player inside the panel.
 */
export default function SongDetailsPanel({
  song,
  isAdmin,
  onClose,
}: {
  song: Song;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('categories');
  const { t: tMain } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const uploaded = song.createdAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(song.createdAt))
    : t('panel.recent');

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; the keyboard closes it with Escape.
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
      data-panel="song-details"
      className="m-0 ms-auto h-dvh max-h-none w-full max-w-md overflow-hidden border-s border-white/10 bg-ink-900 p-0 text-ink-100 shadow-2xl shadow-black/70 backdrop:bg-ink-950/70 backdrop:backdrop-blur-sm"
    >
      <div className="flex h-full flex-col transition-transform duration-300 ease-out starting:translate-x-full rtl:starting:-translate-x-full motion-reduce:transition-none">
        <div className="flex items-center justify-between gap-3 border-b border-white/[0.08] px-5 py-3">
          <h2 id={titleId} className="text-lg font-bold text-ink-50">
            {t('panel.title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="grid size-11 place-items-center rounded-full text-ink-300 hover:bg-white/10 hover:text-ink-50"
          >
            <CloseIcon />
            <span className="sr-only">{tMain('common.close')}</span>
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-5">
          {playing ? (
            <Suspense fallback={<div className="aspect-video animate-pulse rounded-2xl bg-white/[0.06]" />}>
              <MediaPlayer song={song} autoPlay />
            </Suspense>
          ) : (
            <button
              type="button"
              onClick={() => setPlaying(true)}
              className="group relative block w-full overflow-hidden rounded-2xl"
            >
              <SongCover
                cover={song.cover}
                seed={song._id}
                title={song.title}
                sizes="(min-width: 448px) 400px, 90vw"
                className="aspect-square w-full"
              />
              <span className="absolute inset-0 grid place-items-center bg-ink-950/20 group-hover:bg-ink-950/40">
                <span className="grid size-16 place-items-center rounded-full bg-gold-400 text-ink-950 shadow-xl shadow-black/50 transition-transform group-hover:scale-105">
                  <PlayIcon className="size-7" />
                </span>
              </span>
              <span className="sr-only">{t('panel.play', { title: song.title })}</span>
            </button>
          )}
          <h3 className="mt-5 text-2xl font-black text-ink-50">
            <bdi>{song.title}</bdi>
          </h3>
          <p className="text-ink-300">
            <bdi>{song.artist}</bdi>
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3">
            <div className="rounded-2xl bg-white/[0.04] p-3">
              <dt className="text-xs text-ink-400">{t('panel.duration')}</dt>
              <dd className="font-semibold text-ink-50" dir="ltr">
                {song.duration || DEFAULT_DURATION}
              </dd>
            </div>
            <div className="rounded-2xl bg-white/[0.04] p-3">
              <dt className="text-xs text-ink-400">{t('panel.uploaded')}</dt>
              <dd className="font-semibold text-ink-50">{uploaded}</dd>
            </div>
          </dl>
          <h4 className="mt-5 text-sm font-semibold tracking-wide text-ink-400 uppercase">
            {t('panel.description')}
          </h4>
          <p dir="auto" className="mt-1 leading-relaxed text-ink-200">
            {song.description || t('panel.noDescription')}
          </p>
          {isAdmin && (
            <section className="mt-6">
              <h4 className="mb-2 text-sm font-semibold tracking-wide text-ink-400 uppercase">
                {t('panel.voters')}
              </h4>
              <SongVotersList songId={song._id} />
            </section>
          )}
        </div>
        <div className="border-t border-white/[0.08] p-4">
          <EligibleVoteButton song={song} label="long" size="lg" recheck className="w-full" />
        </div>
      </div>
    </dialog>
  );
}
