import { useEffect, useRef, useState } from 'react';
import { embedSourceFor, isPreviewable } from './embed-url';
import type { PlayableSong } from './media-player';

/** 0.3: the spec's hover preview volume. */
export const HOVER_PREVIEW_VOLUME = 0.3;
/** A short pause so a pointer passing over a grid does not start a dozen players. */
const HOVER_DELAY_MS = 600;
const CAN_HOVER = '(hover: hover) and (pointer: fine)';

/**
 * Desktop hover preview over a card's cover: after a short pause a muted video (YouTube, Vimeo) or the
 * audio file at 30 % volume plays on top of the cover, and stops when the pointer leaves. Phones, touch
 * screens and visitors who asked for reduced motion get nothing (their tap opens the full player).
 * Returns the pointer handlers for the cover and the overlay to render inside it.
 */
export function useHoverPreview(song: PlayableSong) {
  const [active, setActive] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const enabled = isPreviewable(song.linkKind);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = () => {
    if (!enabled) return;
    if (
      !window.matchMedia(CAN_HOVER).matches ||
      window.matchMedia('(prefers-reduced-motion: reduce)').matches
    )
      return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setActive(true), HOVER_DELAY_MS);
  };
  const stop = () => {
    window.clearTimeout(timer.current);
    setActive(false);
  };

  return {
    handlers: { onPointerEnter: start, onPointerLeave: stop },
    overlay: active ? <HoverPreviewMedia song={song} /> : null,
  };
}

function HoverPreviewMedia({ song }: { song: PlayableSong }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = HOVER_PREVIEW_VOLUME;
    // Browsers refuse sound before the visitor has interacted with the page; the preview then stays silent.
    audio.play().catch(() => {});
  }, []);

  if (song.linkKind === 'mp3') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a silent-by-default musical preview with no words to caption.
      <audio
        ref={audioRef}
        src={song.audioUrl ?? song.songLink}
        preload="auto"
        data-preview="mp3"
        className="hidden"
      />
    );
  }
  const source = embedSourceFor(song.linkKind, song.songLink, { autoPlay: true, muted: true });
  if (!source) return null;
  return (
    <iframe
      src={source.src}
      title={`${song.title} (preview)`}
      aria-hidden="true"
      tabIndex={-1}
      allow={source.allow}
      data-preview={song.linkKind}
      className="pointer-events-none absolute inset-0 size-full scale-[1.35] border-0 animate-fade-in"
    />
  );
}
