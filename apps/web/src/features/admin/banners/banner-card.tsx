import { CATEGORY_TRANSLATION_LANGUAGES, localizeBanner } from '@ovation/shared/category-words';
import type { AdminBanner } from '@ovation/shared/schemas/admin-media';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { ChevronDownIcon, EditIcon, ImageIcon, StrokeIcon } from '../../../components/ui/icons';

export type MoveDirection = 'up' | 'down';

interface BannerCardProps {
  banner: AdminBanner;
  /** 0-based place in the list, and how many there are: the first cannot move up, the last down. */
  position: number;
  total: number;
  /** A move is being saved: the move buttons wait (and say so). */
  moving: boolean;
  onMove: (banner: AdminBanner, direction: MoveDirection) => void;
  onEdit: (banner: AdminBanner) => void;
  onDelete: (banner: AdminBanner) => void;
}

const TrashIcon = () => (
  <StrokeIcon className="size-4">
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
  </StrokeIcon>
);

/** The id of a card's move button, so focus can follow the card after it moved. */
export function moveButtonId(bannerId: string, direction: MoveDirection) {
  return `banner-${bannerId}-move-${direction}`;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-400">{term}</dt>
      <dd className="text-sm font-semibold break-words text-ink-100">{children}</dd>
    </div>
  );
}

/**
 * One banner (the admin spec's "Banner management"): its picture, Active/Inactive, Order, title and description (in
 * the admin's language, the English under it when they differ), uploader, size in MB, created date, the
 * languages it is translated into; Move up / Move down, Edit and Delete.
 */
export function BannerCard({ banner, position, total, moving, onMove, onEdit, onDelete }: BannerCardProps) {
  const { t, i18n } = useTranslation('admin-banners');
  const number = new Intl.NumberFormat(i18n.language);
  const megabytes = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const words = localizeBanner(banner, i18n.language);
  const headingId = `banner-${banner._id}`;
  const moveButton = (direction: MoveDirection) => {
    const blocked = direction === 'up' ? position === 0 : position === total - 1;
    return (
      <button
        type="button"
        id={moveButtonId(banner._id, direction)}
        onClick={() => onMove(banner, direction)}
        disabled={blocked}
        // Still focusable while the previous move is saved (a disabled button would drop the focus).
        aria-disabled={moving || undefined}
        aria-label={t(direction === 'up' ? 'card.moveUpLabel' : 'card.moveDownLabel', { name: words.title })}
        title={t(direction === 'up' ? 'card.moveUp' : 'card.moveDown')}
        className={buttonClass('secondary', 'sm', 'px-0')}
      >
        <ChevronDownIcon className={`size-5 ${direction === 'up' ? 'rotate-180' : ''}`} />
      </button>
    );
  };

  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-white/[0.08] bg-ink-900"
    >
      <div className="relative aspect-[5/2] bg-ink-950">
        {banner.fullUrl ? (
          <img
            src={banner.fullUrl}
            srcSet={banner.srcSet || undefined}
            sizes="(min-width: 1280px) 26rem, (min-width: 768px) 45vw, 100vw"
            width={banner.width ?? undefined}
            height={banner.height ?? undefined}
            alt=""
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-coral-200">
            <ImageIcon className="size-7 text-coral-300" />
            {t('card.noPicture')}
          </div>
        )}
        <div className="absolute inset-x-2 top-2 flex items-start justify-between gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-bold shadow-sm ${
              banner.isActive ? 'bg-jade-400 text-ink-950' : 'bg-ink-800 text-ink-200 ring-1 ring-white/15'
            }`}
          >
            {banner.isActive ? t('card.active') : t('card.inactive')}
          </span>
          <span className="rounded-full bg-ink-950/80 px-2.5 py-0.5 text-xs font-semibold text-ink-100 tabular-nums ring-1 ring-white/15">
            {t('card.order', { value: number.format(banner.order) })}
          </span>
        </div>
      </div>

      <div className="flex flex-1 flex-col p-4">
        <h3 id={headingId} className="text-lg leading-snug font-bold text-ink-50">
          <bdi>{words.title}</bdi>
        </h3>
        {words.title !== banner.title && (
          <p className="text-xs text-ink-400">
            <bdi lang="en">{banner.title}</bdi>
          </p>
        )}
        {words.description && (
          <p dir="auto" title={words.description} className="mt-2 line-clamp-2 text-sm text-ink-300">
            {words.description}
          </p>
        )}

        <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
          <Fact term={t('card.uploadedBy')}>
            <bdi>{banner.uploadedBy?.name ?? t('card.unknownUploader')}</bdi>
          </Fact>
          <Fact term={t('card.size')}>
            <bdi className="tabular-nums">
              {t('card.sizeValue', { size: megabytes.format(banner.size / (1024 * 1024)) })}
            </bdi>
          </Fact>
          <Fact term={t('card.created')}>
            <bdi>
              <time dateTime={banner.createdAt}>{date.format(new Date(banner.createdAt))}</time>
            </bdi>
          </Fact>
        </dl>

        <ul aria-label={t('form.translations')} className="mt-4 flex flex-wrap gap-1.5">
          {CATEGORY_TRANSLATION_LANGUAGES.map((code) => {
            const done = Boolean(banner.translations[code]?.title || banner.translations[code]?.description);
            return (
              <li
                key={code}
                className={`rounded-md px-1.5 py-0.5 text-xs font-semibold uppercase ${
                  done ? 'bg-jade-400/15 text-jade-300' : 'bg-white/[0.04] text-ink-400 line-through'
                }`}
              >
                {code}
                <span className="sr-only">{done ? t('card.translated') : t('card.notTranslated')}</span>
              </li>
            );
          })}
          {banner.imageSource === 'library' && (
            <li className="ms-auto rounded-md bg-white/[0.06] px-1.5 py-0.5 text-xs text-ink-300">
              {t('card.fromLibrary')}
            </li>
          )}
        </ul>

        <div className="mt-auto flex gap-2 pt-4">
          {moveButton('up')}
          {moveButton('down')}
          <button
            type="button"
            onClick={() => onEdit(banner)}
            aria-label={t('card.editLabel', { name: words.title })}
            className={buttonClass('secondary', 'sm', 'flex-1 px-3')}
          >
            <EditIcon className="size-4" />
            {t('card.edit')}
          </button>
          <button
            type="button"
            onClick={() => onDelete(banner)}
            aria-label={t('card.deleteLabel', { name: words.title })}
            className={buttonClass('ghost', 'sm', 'flex-1 px-3 text-coral-300 hover:bg-coral-500/10')}
          >
            <TrashIcon />
            {t('card.delete')}
          </button>
        </div>
      </div>
    </article>
  );
}
