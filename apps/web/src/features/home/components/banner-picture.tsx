import type { Banner } from '@ovation/shared';

/** What a hero slide needs to draw its banner. */
export type BannerImage = Pick<Banner, 'fullUrl' | 'srcSet' | 'width' | 'height' | 'portrait'>;

/** Below this width the hero is taller than wide, so phones get the banner's upright crop. */
const PORTRAIT_MEDIA = '(max-width: 639px)';
/**
 * How wide the wide banner is drawn: it covers the hero (at least min(88svh, 44rem) tall) at 5:2, so
 * it is as wide as the screen or 2.5 times the hero's height, whichever is more.
 */
const WIDE_SIZES = 'max(100vw, min(220svh, 110rem))';

interface BannerPictureProps {
  image: BannerImage;
  alt: string;
  /** The first slide: fetched at once and first (it is the page's largest paint); the others lazily. */
  priority: boolean;
  className?: string;
}

/**
 * A hero banner as a responsive picture: the upright crop on phones and the smallest wide width that
 * covers the hero elsewhere, with its size stated so nothing moves while it loads.
 */
export function BannerPicture({ image, alt, priority, className = '' }: BannerPictureProps) {
  return (
    <picture>
      {image.portrait && (
        <source
          media={PORTRAIT_MEDIA}
          srcSet={image.portrait.srcSet}
          sizes="100vw"
          width={image.portrait.width}
          height={image.portrait.height}
        />
      )}
      <img
        src={image.fullUrl}
        srcSet={image.srcSet || undefined}
        sizes={WIDE_SIZES}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'low'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
