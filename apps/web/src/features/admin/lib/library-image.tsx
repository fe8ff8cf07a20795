import type { AdminImage } from '@ovation/shared/schemas/admin-media';

interface LibraryImageProps {
  image: Pick<AdminImage, 'fullUrl' | 'srcSet' | 'width' | 'height'>;
  /** How wide the image shows, for the browser to pick a rendition from `srcSet`. */
  sizes: string;
  alt?: string;
  /** Thumbnails load as they scroll into view; a preview loads at once. */
  lazy?: boolean;
  className?: string;
}

/** An image of the library at the rendition its width wants: the grid, the banner picker, the preview. */
export function LibraryImage({ image, sizes, alt = '', lazy = false, className }: LibraryImageProps) {
  return (
    <img
      src={image.fullUrl}
      srcSet={image.srcSet || undefined}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
      decoding={lazy ? 'async' : undefined}
      className={className}
    />
  );
}
