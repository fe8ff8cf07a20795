import type { Song } from '@ovation/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button-styles';
import { ExternalLinkIcon } from '../ui/icons';
import { SongCover } from './cover-art';
import { embedSourceFor, PLATFORM_NAMES } from './embed-url';
import { VolumeIcon } from './player-icons';

/** What a player needs of a song: any full Song fits. */
export type PlayableSong = Pick<
  Song,
  '_id' | 'title' | 'artist' | 'songLink' | 'linkKind' | 'audioUrl' | 'cover'
>;

export interface MediaPlayerProps {
  song: PlayableSong;
  /** Start playing at once (the visitor pressed play to open the player). */
  autoPlay?: boolean;
}

/** 0..1 in steps of 0.1 (the public spec). */
const VOLUME_STEP = 0.1;

/**
 * Plays a song from wherever it lives: the platform's official embed (YouTube via youtube-nocookie, Vimeo,
 * Spotify, SoundCloud, Audiomack, Apple Music), a native audio player for .mp3 files, or a card linking out
 * for any other site. Mount it only when the visitor asks to play: the embed starts loading on mount.
 */
export function MediaPlayer({ song, autoPlay = false }: MediaPlayerProps) {
  const { t } = useTranslation();
  const platform = PLATFORM_NAMES[song.linkKind];
  const source = embedSourceFor(song.linkKind, song.songLink, { autoPlay });

  if (song.linkKind === 'mp3' || (song.audioUrl && !source)) {
    return <AudioFilePlayer song={song} autoPlay={autoPlay} />;
  }
  if (!source) return <LinkOutCard song={song} />;

  return (
    <div className="flex flex-col gap-3" data-player={song.linkKind}>
      <div
        className={`overflow-hidden rounded-2xl bg-ink-950 ring-1 ring-white/10 ${source.shape === 'video' ? 'aspect-video' : ''}`}
        style={source.shape === 'audio' ? { height: source.height } : undefined}
      >
        <iframe
          src={source.src}
          title={t('player.frameTitle', { title: song.title })}
          allow={source.allow}
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
        />
      </div>
      <a
        href={song.songLink}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 self-start rounded-full text-sm font-medium text-gold-300 underline-offset-4 hover:underline"
      >
        {platform ? t('player.openOn', { platform }) : t('player.openOriginal')}
        <ExternalLinkIcon className="size-4" />
      </a>
    </div>
  );
}

/** An .mp3 in the browser's own player, with a volume slider the spec asks for (0 to 1, step 0.1). */
function AudioFilePlayer({ song, autoPlay }: { song: PlayableSong; autoPlay: boolean }) {
  const { t } = useTranslation();
  const audioRef = useRef<HTMLAudioElement>(null);
  const volumeId = useId();
  const [volume, setVolume] = useState(1);
  const [failed, setFailed] = useState(false);
  const src = song.audioUrl ?? song.songLink;

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);

  return (
    <div
      className="flex flex-col gap-4 rounded-2xl bg-ink-950/70 p-4 ring-1 ring-white/10 sm:flex-row sm:items-center"
      data-player="mp3"
    >
      <SongCover
        cover={song.cover}
        seed={song._id}
        title={song.title}
        sizes="96px"
        className="size-24 shrink-0 rounded-xl"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {/* biome-ignore lint/a11y/useMediaCaption: music without words to caption; the title is shown beside it. */}
        <audio
          ref={audioRef}
          src={src}
          controls
          autoPlay={autoPlay}
          preload="none"
          onError={() => setFailed(true)}
          className="w-full"
        />
        <div className="flex items-center gap-3">
          <VolumeIcon className="size-5 shrink-0 text-ink-300" />
          <label htmlFor={volumeId} className="sr-only">
            {t('player.volume')}
          </label>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={1}
            step={VOLUME_STEP}
            value={volume}
            onChange={(event) => setVolume(Number(event.target.value))}
            className="h-2 w-full cursor-pointer accent-gold-400"
          />
          <output htmlFor={volumeId} className="w-10 text-end text-sm tabular-nums text-ink-300">
            {Math.round(volume * 100)}%
          </output>
        </div>
        {failed && (
          <p role="alert" className="text-sm text-coral-300">
            {t('player.audioFailed')}{' '}
            <a href={song.songLink} target="_blank" rel="noopener noreferrer" className="underline">
              {t('player.openOriginal')}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}

/** A site we cannot embed: the cover and a clear way out to the original page. */
function LinkOutCard({ song }: { song: PlayableSong }) {
  const { t } = useTranslation();
  let host = '';
  try {
    host = new URL(song.songLink).hostname.replace(/^www\./, '');
  } catch {
    // A malformed link: the button still opens it as given.
  }
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-2xl bg-ink-950/70 p-6 text-center ring-1 ring-white/10"
      data-player="other"
    >
      <SongCover
        cover={song.cover}
        seed={song._id}
        title={song.title}
        sizes="160px"
        className="size-40 rounded-2xl"
      />
      <div>
        <p className="font-semibold text-ink-50">{t('player.linkOutTitle')}</p>
        <p className="mt-1 text-sm text-ink-300">
          {t('player.linkOutText', { site: host || song.songLink })}
        </p>
      </div>
      <a
        href={song.songLink}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('primary', 'md')}
      >
        {t('player.openOriginal')}
        <ExternalLinkIcon className="size-4" />
      </a>
    </div>
  );
}
