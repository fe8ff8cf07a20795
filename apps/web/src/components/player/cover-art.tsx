import type { ImageRef } from '@ovation/shared';
import { MusicIcon } from '../ui/icons';

/** Gradients for songs without a cover: picked from the song's id so a song keeps its colours. */
const PLACEHOLDER_GRADIENTS = [
  'from-gold-400 via-coral-500 to-ink-900',
  'from-jade-400 via-jade-900 to-ink-950',
  'from-coral-400 via-gold-700 to-ink-950',
  'from-gold-300 via-jade-500 to-ink-900',
  'from-jade-300 via-gold-600 to-ink-950',
  'from-coral-300 via-coral-500 to-ink-900',
] as const;

function pickGradient(seed: string) {
  let hash = 0;
  for (const character of seed) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return PLACEHOLDER_GRADIENTS[hash % PLACEHOLDER_GRADIENTS.length];
}

/** A cover drawn without any download: gradient, rings and the title's initial. Decorative. */
export function PlaceholderCover({
  seed,
  title,
  className = '',
}: {
  seed: string;
  title: string;
  className?: string;
}) {
  return (
    <div
      aria-hidden="true"
      className={`relative grid place-items-center overflow-hidden bg-gradient-to-br ${pickGradient(seed)} ${className}`}
    >
      <div className="absolute -end-1/4 -bottom-1/4 aspect-square w-3/4 rounded-full border-[10px] border-white/10" />
      <div className="absolute -start-1/4 -top-1/4 aspect-square w-1/2 rounded-full border-[6px] border-black/15" />
      <span className="relative font-display text-5xl font-black text-white/85 drop-shadow-lg">
        {title.trim().charAt(0).toUpperCase() || <MusicIcon className="size-10" />}
      </span>
    </div>
  );
}

interface SongCoverProps {
  cover: ImageRef | null;
  seed: string;
  title: string;
  /** The `sizes` of the layout the cover sits in, so the browser picks the smallest good file. */
  sizes: string;
  className?: string;
  /** Above the fold: load now instead of lazily. */
  priority?: boolean;
}

/**
 * A song's cover from the server's responsive renditions, or a drawn placeholder. The alt text is empty
 * because the title is always printed next to the cover; reading it twice helps no one.
 */
export function SongCover({ cover, seed, title, sizes, className = '', priority = false }: SongCoverProps) {
  if (!cover) return <PlaceholderCover seed={seed} title={title} className={className} />;
  return (
    <img
      src={cover.url}
      srcSet={cover.srcSet}
      sizes={sizes}
      width={cover.width}
      height={cover.height}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={`bg-ink-800 object-cover ${className}`}
    />
  );
}
