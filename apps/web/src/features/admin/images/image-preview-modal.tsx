import type { AdminImage } from '@ovation/shared/schemas/admin-media';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { formatFileSize } from '../../../lib/format-number';
import { LibraryImage } from '../lib/library-image';
import { CopyIcon, TrashIcon } from './image-card';
import { ImageUsageList } from './image-usage';

interface ImagePreviewModalProps {
  /** The image shown; null when closed. */
  image: AdminImage | null;
  onClose: () => void;
  onCopy: (image: AdminImage) => void;
  onDelete: (image: AdminImage) => void;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-400 uppercase rtl:tracking-normal">
        {term}
      </dt>
      <dd className="mt-0.5 text-sm text-ink-100">{children}</dd>
    </div>
  );
}

/**
 * The preview of one library image (the admin spec): the picture, its file name, size, dimensions, upload and
 * modification times, its address, and what uses it; Copy URL and Delete from here too.
 */
export function ImagePreviewModal({ image, onClose, onCopy, onDelete }: ImagePreviewModalProps) {
  const { t, i18n } = useTranslation('admin-images');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Modal open={image !== null} onClose={onClose} title={t('preview.title')} size="lg">
      {image && (
        <div className="mt-5 flex flex-col gap-5">
          <div className="overflow-hidden rounded-2xl bg-ink-950 ring-1 ring-white/10">
            <LibraryImage
              image={image}
              sizes="(min-width: 672px) 40rem, 100vw"
              alt={t('preview.alt')}
              className="mx-auto max-h-[45vh] w-auto object-contain"
            />
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Fact term={t('preview.filename')}>
                <span dir="ltr" className="block font-mono break-all">
                  {image.filename}
                </span>
              </Fact>
            </div>
            <Fact term={t('preview.size')}>
              <bdi className="tabular-nums">{formatFileSize(image.size, i18n.language)}</bdi>
            </Fact>
            <Fact term={t('preview.dimensions')}>
              <bdi className="tabular-nums">
                {t('preview.dimensionsValue', {
                  width: number.format(image.width),
                  height: number.format(image.height),
                })}
              </bdi>
            </Fact>
            <Fact term={t('preview.uploaded')}>
              <time dateTime={image.createdAt}>{time.format(new Date(image.createdAt))}</time>
            </Fact>
            <Fact term={t('preview.modified')}>
              <time dateTime={image.modifiedAt}>{time.format(new Date(image.modifiedAt))}</time>
            </Fact>
            <div className="sm:col-span-2">
              <Fact term={t('preview.url')}>
                <a
                  href={image.fullUrl}
                  target="_blank"
                  rel="noreferrer"
                  dir="ltr"
                  className="block font-mono break-all text-gold-200 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-300"
                >
                  {image.fullUrl}
                </a>
              </Fact>
            </div>
            <div className="sm:col-span-2">
              <Fact term={t('preview.usage')}>
                {image.usage.length > 0 ? (
                  <ImageUsageList usage={image.usage} className="mt-1" />
                ) : (
                  <span className="text-ink-300">{t('preview.unused')}</span>
                )}
              </Fact>
            </div>
          </dl>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              onClick={() => onCopy(image)}
              className={buttonClass('primary', 'md', 'flex-1')}
            >
              <CopyIcon />
              {t('card.copyUrl')}
            </button>
            {image.source === 'library' ? (
              <button
                type="button"
                onClick={() => onDelete(image)}
                className={buttonClass('secondary', 'md', 'flex-1 text-coral-200 hover:border-coral-400/60')}
              >
                <TrashIcon />
                {t('card.delete')}
              </button>
            ) : (
              <p className="flex-1 text-sm text-ink-300">{t('source.ownedNote')}</p>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
