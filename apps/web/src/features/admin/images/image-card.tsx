import type { AdminImage } from '@ovation/shared/schemas/admin-media';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { StrokeIcon } from '../../../components/ui/icons';
import { isolate } from '../../../lib/bidi';
import { formatFileSize } from '../../../lib/format-number';
import { LibraryImage } from '../lib/library-image';
import { shortFilename } from '../lib/short-filename';

interface ImageCardProps {
  image: AdminImage;
  onPreview: (image: AdminImage) => void;
  onCopy: (image: AdminImage) => void;
  onDelete: (image: AdminImage) => void;
}

/** Two overlapping pages: copy. */
export const CopyIcon = ({ className = 'size-4' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </StrokeIcon>
);

export const TrashIcon = ({ className = 'size-4' }: { className?: string }) => (
  <StrokeIcon className={className}>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
  </StrokeIcon>
);

/**
 * One library image in the grid: the thumbnail (opens the preview), its name, size, upload date, where it
 * is used, Copy URL and Delete.
 */
export function ImageCard({ image, onPreview, onCopy, onDelete }: ImageCardProps) {
  const { t, i18n } = useTranslation('admin-images');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const name = shortFilename(image.filename);
  const used = image.usage.length;

  return (
    <article
      aria-labelledby={`image-${image.filename}`}
      data-filename={image.filename}
      className="flex h-full min-w-0 overflow-hidden rounded-2xl border border-white/[0.08] bg-ink-900 sm:flex-col"
    >
      <button
        type="button"
        onClick={() => onPreview(image)}
        className="group relative block w-28 shrink-0 overflow-hidden bg-ink-950 sm:aspect-[4/3] sm:w-auto"
      >
        <LibraryImage
          image={image}
          sizes="(min-width: 640px) 18rem, 7rem"
          lazy
          className="size-full object-contain transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <span className="sr-only">{t('card.preview', { name })}</span>
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3
          id={`image-${image.filename}`}
          title={image.filename}
          dir="ltr"
          className="truncate text-start font-mono text-sm font-semibold text-ink-50"
        >
          {name}
        </h3>
        <p className="flex flex-wrap gap-x-1.5 text-xs text-ink-400">
          <bdi className="tabular-nums">{formatFileSize(image.size, i18n.language)}</bdi>
          <span aria-hidden="true">·</span>
          <bdi>
            <time dateTime={image.createdAt}>{date.format(new Date(image.createdAt))}</time>
          </bdi>
        </p>
        <p
          className={`mt-1 w-fit rounded-full px-2 py-0.5 text-xs font-semibold ${
            used > 0 ? 'bg-gold-400/15 text-gold-200' : 'bg-white/[0.06] text-ink-300'
          }`}
        >
          {used > 0 ? t('card.usedBy', { count: used }) : t('card.unused')}
        </p>
        {image.source !== 'library' && (
          <p className="w-fit rounded-full bg-sky-400/15 px-2 py-0.5 text-xs font-semibold text-sky-200">
            {t(image.source === 'banner' ? 'source.bannerBadge' : 'source.adBadge')}
          </p>
        )}
        {image.originalName && (
          <p className="truncate text-xs text-ink-400" title={image.originalName}>
            {t('source.originalName', { name: isolate(image.originalName) })}
          </p>
        )}
        <div className="mt-auto flex gap-2 pt-3">
          <button
            type="button"
            onClick={() => onCopy(image)}
            aria-label={t('card.copyUrlLabel', { name })}
            className={buttonClass('secondary', 'sm', 'min-w-0 flex-1 px-3')}
          >
            <CopyIcon />
            {t('card.copyUrl')}
          </button>
          {image.source === 'library' && (
            <button
              type="button"
              onClick={() => onDelete(image)}
              aria-label={t('card.deleteLabel', { name })}
              title={t('card.delete')}
              className={buttonClass('ghost', 'sm', 'shrink-0 px-0 text-coral-300 hover:bg-coral-500/10')}
            >
              <TrashIcon />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
